import { Hono } from 'hono'
import { sql, type Kysely } from 'kysely'
import * as v from 'valibot'
import { type AuthData } from '@/contract/auth'
import { STATUS_SUCCESS } from '@/contract/common'
import { LOGIN_SUCCESS_MESSAGE, PASSWORDS_DO_NOT_MATCH_MESSAGE } from '@/contract/messages'
import { registrationRuleRefusal } from '@/contract/refusals'
import {
  ACCOUNT_EXISTS_MESSAGE,
  codeSentMessage,
  INVALID_CODE_MESSAGE,
  INVALID_LOGIN_MESSAGE,
  PASSWORD_RESET_MESSAGE,
  PASSWORD_SAVED_MESSAGE,
  registrationSuccessMessage,
  TOO_MANY_ATTEMPTS_MESSAGE,
  UNKNOWN_ACCOUNT_MESSAGE,
} from '@/contract/server-messages'
import { firstMessage } from '@/contract/validation/fields'
import { newPasswordSchema } from '@/contract/validation/password'
import { registrationFormSchema } from '@/contract/validation/registration'
import { isUniqueViolation } from '../../db/database.ts'
import type { Database, OneTimeCodePurpose } from '../../db/schema.ts'
import { hashPassword, verifyPassword } from '../../db/passwords.ts'
import { remoteAddress, type MainEnv, type MainServices } from '../middleware/context.ts'
import { rotateSession } from '../middleware/session.ts'
import {
  checkCode,
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  generateCode,
  hashCode,
} from '../security/one-time-code.ts'
import { route } from './route.ts'

/*
 * Accounts (spec §3, §4, §7; ARCHITECTURE.md decisions 2 and 3): login, registration, the Create
 * Password dialog, and forgot/reset password. Paths from the endpoint table (route.ts).
 *
 * Answers follow spec §7 and the contract: a rule that fails answers 400 with the rule's message;
 * "this account exists" and "no such account" are answers of the flow (200, status FAILURE).
 */

export const accountRoutes = new Hono<MainEnv>()

const FAILURE = 'FAILURE'

/* ------------------------------------------------------------------------------------ login */

/** Login failures allowed per window: per account (guessing one password) and per address (many). */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000
export const LOGIN_FAILURES_PER_ACCOUNT = 5
export const LOGIN_FAILURES_PER_ADDRESS = 20
/** Forgot-password codes mailed to one account within a code's lifetime (10 minutes). */
export const RESET_CODES_PER_WINDOW = 5

const emailKey = (emailId: string) => emailId.trim().toLowerCase()

route(accountRoutes, 'login', async (c) => {
  const { db } = c.var.services
  const { emailId, password } = c.var.body
  const session = c.var.session
  // The CSRF guard lets no POST through without a session; this only satisfies the types.
  if (!session) return c.json({ message: INVALID_LOGIN_MESSAGE }, 401)

  const keys = { account: `account:${emailKey(emailId)}`, address: `address:${remoteAddress(c)}` }
  const since = new Date(Date.now() - LOGIN_WINDOW_MS)
  const failures = await db
    .selectFrom('login_attempts')
    .select(['key', (eb) => eb.fn.countAll<number>().as('count')])
    .where('key', 'in', [keys.account, keys.address])
    .where('attempted_at', '>', since)
    .groupBy('key')
    .execute()
  const failuresOf = (key: string) => Number(failures.find((row) => row.key === key)?.count ?? 0)
  if (
    failuresOf(keys.account) >= LOGIN_FAILURES_PER_ACCOUNT ||
    failuresOf(keys.address) >= LOGIN_FAILURES_PER_ADDRESS
  ) {
    return c.json({ message: TOO_MANY_ATTEMPTS_MESSAGE }, 429)
  }

  const account = await db
    .selectFrom('vendor_accounts')
    .select(['id', 'email', 'first_name', 'last_name', 'phone_number', 'password_hash'])
    .where('email_key', '=', emailKey(emailId))
    .executeTakeFirst()
  // Always one verification, also for an unknown account or one without a password yet, so the
  // answer time does not tell which accounts exist.
  const passwordMatches = await verifyPassword(password, account?.password_hash)
  if (!account || !passwordMatches) {
    await db.deleteFrom('login_attempts').where('attempted_at', '<=', since).execute()
    await db
      .insertInto('login_attempts')
      .values([{ key: keys.account }, { key: keys.address }])
      .execute()
    return c.json({ message: INVALID_LOGIN_MESSAGE }, 401)
  }

  await db.deleteFrom('login_attempts').where('key', '=', keys.account).execute()
  await rotateSession(c, db, session, account.id)
  const answer: AuthData = {
    name: `${account.first_name} ${account.last_name}`,
    emailId: account.email,
    phoneNumber: account.phone_number,
    vendorUserId: account.id,
    message: LOGIN_SUCCESS_MESSAGE,
    ...(await portfolioFlags(db, account.id)),
  }
  return c.json(answer)
})

/**
 * The YES/NO flags of the login answer (spec §3, §4), derived from the data: a draft not yet
 * submitted is a saved previous request; a submitted draft or any device record is submitted data.
 */
export async function portfolioFlags(db: Kysely<Database>, accountId: string) {
  const draft = await db
    .selectFrom('portfolio_drafts')
    .select('is_submitted')
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  const record = await db
    .selectFrom('device_records')
    .select('portfolio_manager_id')
    .where('account_id', '=', accountId)
    .limit(1)
    .executeTakeFirst()
  const saved = draft !== undefined && !draft.is_submitted
  const submitted = draft?.is_submitted === true || record !== undefined
  const yesNo = (value: boolean): 'YES' | 'NO' => (value ? 'YES' : 'NO')
  return {
    isPortfolioManagerPreviousReqSaved: yesNo(saved),
    isPortfolioManagerSavedOrSubmittedDataExists: yesNo(saved || submitted),
    isPortfolioManagerSubmittedDataExists: yesNo(submitted),
  }
}

/* ----------------------------------------------------------------------------- registration */

route(accountRoutes, 'register', async (c) => {
  const { db, mailer, secret } = c.var.services
  const body = c.var.body
  // The registration form's own rules, applied to the payload's names (spec §3, §5).
  const form = {
    firstName: body.firstName.trim(),
    lastName: body.lastName.trim(),
    email: body.emailId.trim(),
    reEnterEmail: body.reEnteredEmailId.trim(),
    organization: body.organization.trim(),
    lob: body.lob
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== ''),
    phoneNumber: body.phoneNumber.trim(),
    countryCode: body.countryCode.trim(),
    country: body.country.trim(),
    state: body.state.trim(),
    city: body.city.trim(),
  }
  const checked = v.safeParse(registrationFormSchema, form)
  if (!checked.success) return c.json({ status: FAILURE, ...registrationRuleRefusal(checked.issues) }, 400)

  const exists = await db
    .selectFrom('vendor_accounts')
    .select('id')
    .where('email_key', '=', emailKey(form.email))
    .executeTakeFirst()
  if (exists) return c.json({ status: FAILURE, message: ACCOUNT_EXISTS_MESSAGE })

  let created: { accountId: string; code: string }
  try {
    created = await db.transaction().execute(async (trx) => {
      const account = await trx
        .insertInto('vendor_accounts')
        .values({
          email: form.email,
          first_name: form.firstName,
          last_name: form.lastName,
          organization: form.organization,
          lob: form.lob.join(','),
          phone_number: form.phoneNumber,
          country_code: form.countryCode,
          country: form.country,
          state: form.state,
          city: form.city,
          password_hash: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const { code } = await issueCode(trx, secret, account.id, 'create-password')
      return { accountId: account.id, code }
    })
  } catch (error) {
    // Two registrations of one e-mail at once: the second loses on the unique index.
    if (isUniqueViolation(error, 'vendor_accounts_email_key_unique')) {
      return c.json({ status: FAILURE, message: ACCOUNT_EXISTS_MESSAGE })
    }
    throw error
  }

  try {
    await mailer.send(codeMail(form.email, form.firstName, created.code, 'create-password'))
  } catch (error) {
    // Without its code the account could never get a password: take it back, so that the
    // vendor can simply register again once mail works.
    await db.deleteFrom('vendor_accounts').where('id', '=', created.accountId).execute()
    throw error
  }
  return c.json({
    status: STATUS_SUCCESS,
    message: registrationSuccessMessage(form.email),
    id: created.accountId,
    emailId: form.email,
  })
})

/** The Create Password dialog: answers text (spec §7). */
route(accountRoutes, 'changePassword', async (c) => {
  const { db } = c.var.services
  const { otp, emailId, password, confirmPassword, id } = c.var.body
  const problem = passwordProblem(password, confirmPassword)
  if (problem) return c.text(problem, 400)

  const code = await db
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
    .where('vendor_accounts.id', '=', id)
    .where('vendor_accounts.email_key', '=', emailKey(emailId))
    .where('one_time_codes.purpose', '=', 'create-password')
    .orderBy('one_time_codes.created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!code || !(await redeemCode(c.var.services, code, otp, password))) {
    return c.text(INVALID_CODE_MESSAGE, 400)
  }
  return c.text(PASSWORD_SAVED_MESSAGE)
})

/* -------------------------------------------------------------------------- forgot password */

route(accountRoutes, 'forgotPassword', async (c) => {
  const { db, mailer, secret } = c.var.services
  const account = await db
    .selectFrom('vendor_accounts')
    .select(['id', 'email', 'first_name'])
    .where('email_key', '=', emailKey(c.var.body.emailId))
    .executeTakeFirst()
  if (!account) return c.json({ status: FAILURE, message: UNKNOWN_ACCOUNT_MESSAGE })

  // Nobody may flood a vendor's mailbox: a few codes per account per code lifetime.
  const { sent } = await db
    .selectFrom('one_time_codes')
    .select((eb) => eb.fn.countAll<number>().as('sent'))
    .where('account_id', '=', account.id)
    .where('purpose', '=', 'reset-password')
    .where('created_at', '>', new Date(Date.now() - CODE_TTL_MS))
    .executeTakeFirstOrThrow()
  if (Number(sent) >= RESET_CODES_PER_WINDOW) {
    return c.json({ status: FAILURE, message: TOO_MANY_ATTEMPTS_MESSAGE }, 429)
  }

  const issued = await db.transaction().execute((trx) => issueCode(trx, secret, account.id, 'reset-password'))
  try {
    await mailer.send(codeMail(account.email, account.first_name, issued.code, 'reset-password'))
  } catch (error) {
    await db.deleteFrom('one_time_codes').where('id', '=', issued.id).execute()
    throw error
  }
  // The id names this code: the reset page sends it back with the code and the new password.
  return c.json({ status: STATUS_SUCCESS, message: codeSentMessage(account.email), id: issued.id })
})

route(accountRoutes, 'resetPassword', async (c) => {
  const { db } = c.var.services
  const { otp, password, confirmPassword, id } = c.var.body
  // The reset page only asks for three filled fields (spec §5); the server still holds the new
  // password to the password rules.
  const problem = passwordProblem(password, confirmPassword)
  if (problem) return c.json({ status: FAILURE, message: problem }, 400)

  const code = await db
    .selectFrom('one_time_codes')
    .select(['id', 'account_id', 'code_hash', 'expires_at', 'attempts', 'used_at'])
    .where('id', '=', id)
    .where('purpose', '=', 'reset-password')
    .executeTakeFirst()
  if (!code || !(await redeemCode(c.var.services, code, otp, password))) {
    return c.json({ status: FAILURE, message: INVALID_CODE_MESSAGE })
  }
  return c.json({ status: STATUS_SUCCESS, message: PASSWORD_RESET_MESSAGE })
})

/* --------------------------------------------------------------------------- codes and mail */

function passwordProblem(password: string, confirmPassword: string) {
  return (
    firstMessage(newPasswordSchema, password) ??
    (confirmPassword === password ? undefined : PASSWORDS_DO_NOT_MATCH_MESSAGE)
  )
}

/**
 * A new code for the account. Older unused codes of the same purpose stop working: only the
 * latest mail counts.
 */
async function issueCode(
  trx: Kysely<Database>,
  secret: string,
  accountId: string,
  purpose: OneTimeCodePurpose,
) {
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

type CodeRow = {
  id: string
  account_id: string
  code_hash: string
  expires_at: Date
  attempts: number
  used_at: Date | null
}

/**
 * Checks a typed code and, when right, sets the new password and spends the code — in one
 * transaction, and guarded in SQL so that two requests at once cannot both use it or both get
 * past the fifth try. A wrong code counts as a try. Every session of the account ends: a changed
 * password signs out whoever knew the old one.
 */
async function redeemCode(
  { db, secret }: MainServices,
  code: CodeRow,
  typed: string,
  newPassword: string,
): Promise<boolean> {
  const verdict = checkCode(
    { codeHash: code.code_hash, expiresAt: code.expires_at, attempts: code.attempts, usedAt: code.used_at },
    typed,
    secret,
  )
  if (verdict === 'wrong') {
    await db
      .updateTable('one_time_codes')
      .set({ attempts: sql<number>`attempts + 1` })
      .where('id', '=', code.id)
      .where('attempts', '<', CODE_MAX_ATTEMPTS)
      .execute()
    return false
  }
  if (verdict !== 'ok') return false
  const passwordHash = await hashPassword(newPassword)
  return db.transaction().execute(async (trx) => {
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
  })
}

/** The mail with a code. The code is in the body only; the console names the mail, never its body. */
function codeMail(to: string, firstName: string, code: string, purpose: OneTimeCodePurpose) {
  const minutes = CODE_TTL_MS / 60_000
  const creating = purpose === 'create-password'
  const subject = creating ? 'Your code to create your password' : 'Your code to reset your password'
  const text = [
    `Hello ${firstName},`,
    '',
    creating
      ? 'Welcome to the Device Certification Portal. To create your password, enter this 6-digit code:'
      : 'To reset your password for the Device Certification Portal, enter this 6-digit code:',
    '',
    `    ${code}`,
    '',
    `The code is valid for ${minutes} minutes and works once.`,
    creating
      ? 'If you did not register, you can ignore this mail.'
      : 'If you did not ask for a new password, you can ignore this mail; your password stays as it is.',
  ].join('\n')
  return { to, subject, text }
}
