import { sql, type Kysely, type Transaction } from 'kysely'
import { emailKey } from '@/contract/validation/fields'
import type { Database, OneTimeCodePurpose } from '../platform/db/schema.ts'
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS, generateCode, hashCode } from './one-time-code.ts'

/*
 * The vendor accounts, their sessions' Token digests and their one-time codes, as the account calls
 * read and write them.
 */

type Db = Kysely<Database> | Transaction<Database>

/** The session's new Token: only its digest is stored (the Token bootstrap of a live session). */
export async function renewCsrfToken(db: Db, sessionId: string, csrfTokenHash: string) {
  await db
    .updateTable('sessions')
    .set({ csrf_token_hash: csrfTokenHash })
    .where('id', '=', sessionId)
    .execute()
}

/** The account of `email` with its password hash, for a login. */
export function accountForLogin(db: Db, email: string) {
  return db
    .selectFrom('vendor_accounts')
    .select(['id', 'email', 'first_name', 'last_name', 'phone_number', 'password_hash'])
    .where('email_key', '=', emailKey(email))
    .executeTakeFirst()
}

/** The lab staff member (not removed) of `email` with their password hash, for a login (docs/decisions/0024). */
export function staffForLogin(db: Db, email: string) {
  return db
    .selectFrom('lab_staff')
    .select(['id', 'email', 'name', 'role', 'password_hash'])
    .where('email_key', '=', emailKey(email))
    .where('disabled_at', 'is', null)
    .executeTakeFirst()
}

/** The logged-in account, as a login answer and an invitation's acceptance read it. */
export function accountById(db: Db, accountId: string) {
  return db
    .selectFrom('vendor_accounts')
    .select(['id', 'email', 'email_key', 'first_name', 'last_name', 'phone_number'])
    .where('id', '=', accountId)
    .executeTakeFirst()
}

export type ExistingAccount = { id: string; email: string; first_name: string; password_hash: string | null }

export function accountByEmail(db: Db, email: string): Promise<ExistingAccount | undefined> {
  return db
    .selectFrom('vendor_accounts')
    .select(['id', 'email', 'first_name', 'password_hash'])
    .where('email_key', '=', emailKey(email))
    .executeTakeFirst()
}

/** Whether `email` is a lab staff member's address, removed or not (docs/decisions/0024). */
export async function isStaffEmail(db: Db, email: string) {
  const row = await db
    .selectFrom('lab_staff')
    .select('id')
    .where('email_key', '=', emailKey(email))
    .executeTakeFirst()
  return row !== undefined
}

/** The lab staff member (not removed) whose address `email` is, for Forgot Password. */
export function staffForReset(db: Db, email: string) {
  return db
    .selectFrom('lab_staff')
    .select('id')
    .where('email_key', '=', emailKey(email))
    .where('disabled_at', 'is', null)
    .executeTakeFirst()
}

export type CodeRow = {
  id: string
  account_id: string
  code_hash: string
  expires_at: Date
  attempts: number
  used_at: Date | null
}

/** The newest create-password code of the address's account. */
export function createPasswordCode(db: Db, email: string): Promise<CodeRow | undefined> {
  return db
    .selectFrom('one_time_codes')
    .innerJoin('vendor_accounts', 'vendor_accounts.id', 'one_time_codes.account_id')
    .select([
      'one_time_codes.id',
      'one_time_codes.account_id',
      'one_time_codes.code_hash',
      'one_time_codes.expires_at',
      'one_time_codes.attempts',
      'one_time_codes.used_at',
    ])
    .where('vendor_accounts.email_key', '=', emailKey(email))
    .where('one_time_codes.purpose', '=', 'create-password')
    .orderBy('one_time_codes.created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/** The reset-password code named by the reset page's id. */
export function resetPasswordCode(db: Db, id: string): Promise<CodeRow | undefined> {
  return db
    .selectFrom('one_time_codes')
    .select(['id', 'account_id', 'code_hash', 'expires_at', 'attempts', 'used_at'])
    .where('id', '=', id)
    .where('purpose', '=', 'reset-password')
    .executeTakeFirst()
}

/**
 * A new code for the account. Older unused codes of the same purpose stop working: only the
 * latest mail counts.
 */
export async function issueCode(trx: Db, secret: string, accountId: string, purpose: OneTimeCodePurpose) {
  const now = new Date()
  await trx
    .updateTable('one_time_codes')
    .set({ used_at: now })
    .where('account_id', '=', accountId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute()
  const code = generateCode()
  const row = await trx
    .insertInto('one_time_codes')
    .values({
      account_id: accountId,
      purpose,
      code_hash: hashCode(code, secret),
      expires_at: new Date(now.getTime() + CODE_TTL_MS),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: row.id, code }
}

/** A wrong code counts as a try, up to CODE_MAX_ATTEMPTS. */
export async function countWrongCode(db: Db, codeId: string) {
  await db
    .updateTable('one_time_codes')
    .set({ attempts: sql<number>`attempts + 1` })
    .where('id', '=', codeId)
    .where('attempts', '<', CODE_MAX_ATTEMPTS)
    .execute()
}

/**
 * Spends the code and sets the new password — guarded in SQL so that two requests at once cannot
 * both use it or both get past the fifth try; false when it was spent meanwhile. Every session of
 * the account ends: a changed password signs out whoever knew the old one. Run it in a transaction.
 */
export async function spendCodeForPassword(trx: Db, code: CodeRow, passwordHash: string) {
  const now = new Date()
  const spent = await trx
    .updateTable('one_time_codes')
    .set({ used_at: now })
    .where('id', '=', code.id)
    .where('used_at', 'is', null)
    .where('attempts', '<', CODE_MAX_ATTEMPTS)
    .returning('id')
    .executeTakeFirst()
  if (!spent) return false
  await trx
    .updateTable('vendor_accounts')
    .set({ password_hash: passwordHash, password_changed_at: now })
    .where('id', '=', code.account_id)
    .execute()
  await trx.deleteFrom('sessions').where('account_id', '=', code.account_id).execute()
  return true
}
