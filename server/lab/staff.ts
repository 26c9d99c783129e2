import { createHash, randomBytes } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import {
  LAB_SET_PASSWORD_PATH,
  LAB_SET_PASSWORD_VALID_HOURS,
  LAB_STAFF_EMAIL_TAKEN_MESSAGE,
  type LabRole,
  type LabStaffMember,
} from '@/contract/lab'
import { labSetPasswordMail } from '@/contract/mails/lab-set-password-mail'
import { emailKey, firstMessage } from '@/contract/validation/fields'
import { loginEmailSchema } from '@/contract/validation/login'
import type { Database } from '../platform/db/schema.ts'
import type { Mailer } from '../platform/mailer.ts'
import { queueMail } from '../platform/mail-jobs.ts'

/*
 * docs/decisions/0024: the lab's staff. A member is created by the command
 * (scripts/lab-add-staff.ts) or by a Lab manager (routes/lab-staff.ts), with no password: a
 * set-password link — a random token, stored only as its SHA-256, valid
 * LAB_SET_PASSWORD_VALID_HOURS, used once — is mailed. An e-mail address belongs to one kind of
 * account: a vendor's address or a member's is refused.
 */

type Db = Kysely<Database> | Transaction<Database>

const digest = (token: string) => createHash('sha256').update(token).digest('hex')

export const setPasswordLink = (origin: string, token: string) =>
  `${origin.replace(/\/+$/, '')}${LAB_SET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`

export type StaffRefusal = { message: string; field: string; status: 400 | 409 }

/** Why `email` cannot be a new member's address, or undefined. */
export async function staffEmailProblem(db: Db, email: string): Promise<StaffRefusal | undefined> {
  const rule = firstMessage(loginEmailSchema, email.trim())
  if (rule !== undefined) return { message: rule, field: 'email', status: 400 }
  const key = emailKey(email)
  const vendor = await db
    .selectFrom('vendor_accounts')
    .select('id')
    .where('email_key', '=', key)
    .executeTakeFirst()
  const staff = await db.selectFrom('lab_staff').select('id').where('email_key', '=', key).executeTakeFirst()
  if (vendor || staff) return { message: LAB_STAFF_EMAIL_TAKEN_MESSAGE, field: 'email', status: 409 }
  return undefined
}

/** A new set-password token for the member (an older one stops working). */
export async function issueSetPasswordToken(db: Db, staffId: string, now = new Date()) {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + LAB_SET_PASSWORD_VALID_HOURS * 3_600_000)
  await db
    .updateTable('lab_staff')
    .set({ set_password_token_hash: digest(token), set_password_expires_at: expiresAt })
    .where('id', '=', staffId)
    .execute()
  return { token, expiresAt }
}

export type NewStaff = { email: string; name: string; role: LabRole }

/** Creates the member and their link, in one transaction; a refusal changes nothing. */
export async function createStaff(
  db: Kysely<Database>,
  input: NewStaff,
): Promise<{ refused: StaffRefusal } | { staffId: string; token: string; expiresAt: Date }> {
  const email = input.email.trim()
  const name = input.name.trim()
  if (name === '') return { refused: { message: 'name must not be empty', field: 'name', status: 400 } }
  return db.transaction().execute(async (trx) => {
    const problem = await staffEmailProblem(trx, email)
    if (problem) return { refused: problem }
    const inserted = await trx
      .insertInto('lab_staff')
      .values({ email, name, role: input.role })
      .onConflict((conflict) => conflict.column('email_key').doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!inserted) return { refused: { message: LAB_STAFF_EMAIL_TAKEN_MESSAGE, field: 'email', status: 409 } }
    const link = await issueSetPasswordToken(trx, inserted.id)
    return { staffId: inserted.id, ...link }
  })
}

export type AddedStaff = { ok: true; staffId: string; link: string } | { ok: false; refused: StaffRefusal }

/**
 * Adds the member and mails their set-password link pointing at `origin`: what `npm run
 * lab:add-staff` does, with the database or through a running portal's operator call
 * (docs/decisions/0048). A refusal names the field and adds nothing.
 */
export async function addStaffMember(
  db: Kysely<Database>,
  mailer: Mailer,
  { origin, ...member }: NewStaff & { origin: string },
): Promise<AddedStaff> {
  const created = await createStaff(db, member)
  if ('refused' in created) return { ok: false, refused: created.refused }
  const link = await mailSetPasswordLink(db, mailer, { ...created, origin, purpose: 'welcome' })
  return { ok: true, staffId: created.staffId, link }
}

/** Mails the member their link ('welcome' when created, 'reset' for Forgot Password). */
export async function mailSetPasswordLink(
  db: Db,
  mailer: Mailer,
  {
    staffId,
    token,
    expiresAt,
    origin,
    purpose,
  }: {
    staffId: string
    token: string
    expiresAt: Date
    origin: string
    purpose: 'welcome' | 'reset'
  },
) {
  const member = await db
    .selectFrom('lab_staff')
    .select(['email', 'name', 'role'])
    .where('id', '=', staffId)
    .executeTakeFirstOrThrow()
  const link = setPasswordLink(origin, token)
  await queueMail(
    { db, mailer },
    labSetPasswordMail({ to: member.email, name: member.name, role: member.role, link, expiresAt, purpose }),
  )
  return link
}

/** The member a set-password token names while it works (not used, not expired, member not removed). */
export async function staffByToken(db: Db, token: string, now = new Date()) {
  if (token === '') return undefined
  return db
    .selectFrom('lab_staff')
    .select(['id', 'name', 'email', 'role'])
    .where('set_password_token_hash', '=', digest(token))
    .where('set_password_expires_at', '>', now)
    .where('disabled_at', 'is', null)
    .executeTakeFirst()
}

/** Every member, in the order they were added. */
export async function staffList(db: Db): Promise<LabStaffMember[]> {
  const rows = await db
    .selectFrom('lab_staff')
    .select(['id', 'name', 'email', 'role', 'password_hash', 'disabled_at', 'created_at', 'last_active_at'])
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return rows.map((row) => ({
    staffId: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    state: row.disabled_at ? 'disabled' : row.password_hash ? 'active' : 'invited',
    createdAt: row.created_at.toISOString(),
    lastActiveAt: row.last_active_at?.toISOString() ?? null,
  }))
}

/**
 * Whether the lab would keep a Lab manager if `staffId` stopped being one. Called inside the
 * change's transaction after locking every manager's row (for update), so two managers demoting
 * or removing each other at once cannot both pass.
 */
export async function keepsAManager(trx: Transaction<Database>, staffId: string) {
  const managers = await trx
    .selectFrom('lab_staff')
    .select('id')
    .where('role', '=', 'Lab manager')
    .where('disabled_at', 'is', null)
    .forUpdate()
    .execute()
  return managers.some((row) => row.id !== staffId)
}

/** Ends every session of the member (removed: their open console's next call answers 401). */
export async function endStaffSessions(db: Db, staffId: string) {
  const ended = await db.deleteFrom('sessions').where('lab_staff_id', '=', staffId).returning('id').execute()
  return ended.map((row) => row.id)
}

/** Records the member's activity at most once a minute. */
export async function touchStaff(db: Db, staffId: string, now = new Date()) {
  await db
    .updateTable('lab_staff')
    .set({ last_active_at: now })
    .where('id', '=', staffId)
    .where((eb) =>
      eb.or([eb('last_active_at', 'is', null), eb('last_active_at', '<', new Date(now.getTime() - 60_000))]),
    )
    .execute()
}
