import { randomUUID } from 'node:crypto'
import { type Context, Hono } from 'hono'
import { type Insertable, sql, type Kysely } from 'kysely'
import * as v from 'valibot'
import { type AuthData } from '@/contract/auth'
import { STATUS_SUCCESS } from '@/contract/common'
import { LOGIN_SUCCESS_MESSAGE, PASSWORDS_DO_NOT_MATCH_MESSAGE } from '@/contract/messages'
import { FIELD_HEADER, type Refusal as InputRefusal, registrationRuleRefusal } from '@/contract/refusals'
import {
  codeSentMessage,
  INVALID_CODE_MESSAGE,
  INVALID_LOGIN_MESSAGE,
  PASSWORD_RESET_MESSAGE,
  PASSWORD_SAVED_MESSAGE,
  registrationSuccessMessage,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from '@/contract/server-messages'
import { INVITATION_ACCOUNT_EXISTS_MESSAGE, invitationForOtherEmailMessage } from '@/contract/team'
import { emailKey, firstMessage } from '@/contract/validation/fields'
import { newPasswordSchema } from '@/contract/validation/password'
import { loginEmailSchema } from '@/contract/validation/login'
import { registrationFormSchema } from '@/contract/validation/registration'
import {
  createAccountWithOrganization,
  type MembershipRow,
  membershipsOf,
} from '../organizations/memberships.ts'
import type { Database, OneTimeCodePurpose, VendorAccountsTable } from '../platform/db/schema.ts'
import { hashPassword, verifyPassword } from './passwords.ts'
import { remoteAddress, type MainEnv, type MainServices } from '../http/context.ts'
import { rotateSession, rotateToLabSession } from '../http/session.ts'
import { issueSetPasswordToken, mailSetPasswordLink, touchStaff } from '../lab/staff.ts'
import { queueMail } from '../platform/mail-jobs.ts'
import { checkCode, CODE_MAX_ATTEMPTS, CODE_TTL_MS, generateCode, hashCode } from './one-time-code.ts'
import {
  blockedNow,
  countAttempt,
  forgetOldCounts,
  isKnownPair,
  limitKey,
  LOGIN_ACCOUNT_POLICY,
  LOGIN_ADDRESS_POLICY,
  LOGIN_PAIR_POLICY,
  mailClientPolicy,
  MAIL_RECIPIENT_POLICY,
  recordLoginSuccess,
  type Refusal,
} from '../http/rate-limit.ts'
import { loginWithoutOrganization } from '../organizations/pending-invitations.ts'
import { route } from '../http/route.ts'
import { joinByInvitation, usableInvitation } from '../organizations/routes.ts'

/*
 * Accounts (spec §3, §4, §7; ARCHITECTURE.md decisions 2 and 3): login, registration, the Create
 * Password dialog, and forgot/reset password. Paths from the endpoint table (route.ts).
 *
 * Answers follow spec §7 and the contract: a rule that fails answers 400 with the rule's message.
 * No answer tells whether an address has an account (docs/decisions/0016): registration of a taken
 * address and forgot-password for an unknown one answer exactly as for any other address, and
 * the mail tells the address's owner what happened. The one exception is a registration through a
 * valid invitation link for that very address, whose holder is told to log in (decision 0023 point 8). Logins and the calls that send mail are
 * limited in the database (server/http/rate-limit.ts): 429 with Retry-After.
 */

export const accountRoutes = new Hono<MainEnv>()

const FAILURE = 'FAILURE'

/* ------------------------------------------------------------------------------------ login */

/** 429 with the wait in Retry-After (seconds), in the body shape of the call. */
function tooMany(c: Context, verdict: Refusal, body: object) {
  c.header('Retry-After', String(verdict.retryAfterSeconds))
  return c.json({ ...body, message: TOO_MANY_ATTEMPTS_MESSAGE }, 429)
}

route(accountRoutes, 'login', async (c) => {
  const { db } = c.var.services
  const { emailId, password } = c.var.body
  const session = c.var.session
  // The CSRF guard lets no POST through without a session; this only satisfies the types.
  if (!session) return c.json({ message: INVALID_LOGIN_MESSAGE }, 401)

  // Limits (docs/decisions/0016): per account-and-address pair, so that nobody can lock the real
  // vendor out from elsewhere; per address across accounts (spraying); per account from all
  // addresses (a distributed attack), which spares an address the account logged in from lately.
  const address = remoteAddress(c)
  const key = emailKey(emailId)
  const keys = {
    pair: limitKey.loginPair(key, address),
    address: limitKey.loginAddress(address),
    account: limitKey.loginAccount(key),
  }
  // A pair that logged in lately knew the password: spraying from its address or a distributed
  // attack on its account does not hold it back (its own pair limit still does).
  const known = await isKnownPair(db, keys.pair)
  const blocked = known ? undefined : await blockedNow(db, [keys.address, keys.account])
  if (blocked) return tooMany(c, blocked, {})
  // The pair's try is counted before the password is checked, in one statement that refuses it
  // while the pair waits: parallel guesses queue on the row instead of passing together.
  const pair = await countAttempt(db, keys.pair, LOGIN_PAIR_POLICY)
  if (!pair.allowed) return tooMany(c, pair, {})

  const account = await db
    .selectFrom('vendor_accounts')
    .select(['id', 'email', 'first_name', 'last_name', 'phone_number', 'password_hash'])
    .where('email_key', '=', emailKey(emailId))
    .executeTakeFirst()
  // Issue 19: an address that is no vendor's may be a lab staff member's (a removed member's is
  // not); the same failures, word for word, whichever it is (docs/decisions/0024).
  const staff = account
    ? undefined
    : await db
        .selectFrom('lab_staff')
        .select(['id', 'email', 'name', 'role', 'password_hash'])
        .where('email_key', '=', emailKey(emailId))
        .where('disabled_at', 'is', null)
        .executeTakeFirst()
  // Always one verification, also for an unknown account or one without a password yet, so the
  // answer time does not tell which accounts exist.
  const passwordMatches = await verifyPassword(password, account?.password_hash ?? staff?.password_hash)
  if (staff && passwordMatches) {
    await recordLoginSuccess(db, keys.pair)
    await rotateToLabSession(c, db, session, { labStaffId: staff.id, labRole: staff.role })
    await touchStaff(db, staff.id)
    const answer: AuthData = {
      name: staff.name,
      emailId: staff.email,
      phoneNumber: '',
      vendorUserId: '',
      message: LOGIN_SUCCESS_MESSAGE,
      isPortfolioManagerPreviousReqSaved: 'NO',
      isPortfolioManagerSavedOrSubmittedDataExists: 'NO',
      isPortfolioManagerSubmittedDataExists: 'NO',
      organizations: [],
      labStaff: { staffId: staff.id, name: staff.name, email: staff.email, role: staff.role },
    }
    return c.json(answer)
  }
  if (!account || !passwordMatches) {
    await countAttempt(db, keys.address, LOGIN_ADDRESS_POLICY, { gate: false })
    await countAttempt(db, keys.account, LOGIN_ACCOUNT_POLICY, { gate: false })
    await forgetOldCounts(db)
    return c.json({ message: INVALID_LOGIN_MESSAGE }, 401)
  }

  // The session acts for the organization the account used last (decision 0023).
  const memberships = await membershipsOf(db, account.id)
  const acting = memberships[0]
  await recordLoginSuccess(db, keys.pair)
  // An account without an organization may see and accept its invitations.
  if (!acting) return c.json(await loginWithoutOrganization(c, db, session, account))
  await rotateSession(c, db, session, {
    accountId: account.id,
    organizationId: acting.organizationId,
    role: acting.role,
  })
  return c.json(await authData(db, account, memberships, acting))
})

/**
 * The login answer (spec §3's AuthData) for an account acting for `acting`, with the added
 * organization fields (decision 0023).
 */
export async function authData(
  db: Kysely<Database>,
  account: { id: string; email: string; first_name: string; last_name: string; phone_number: string },
  memberships: MembershipRow[],
  acting: MembershipRow,
): Promise<AuthData> {
  return {
    name: `${account.first_name} ${account.last_name}`,
    emailId: account.email,
    phoneNumber: account.phone_number,
    vendorUserId: account.id,
    message: LOGIN_SUCCESS_MESSAGE,
    ...(await portfolioFlags(db, account.id, acting.organizationId)),
    organizationId: acting.organizationId,
    organizationName: acting.organizationName,
    role: acting.role,
    organizations: memberships,
  }
}

/**
 * The YES/NO flags of the login answer (spec §3, §4), derived from the data: a draft not yet
 * submitted is a saved previous request; a submitted draft or any device record of the organization
 * is submitted data.
 */
export async function portfolioFlags(db: Kysely<Database>, accountId: string, organizationId: string) {
  const draft = await db
    .selectFrom('portfolio_drafts')
    .select('is_submitted')
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  const record = await db
    .selectFrom('device_records')
    .select('portfolio_manager_id')
    .where('organization_id', '=', organizationId)
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

  // Calls that send mail are limited per client address (the answer 429 tells nothing about the
  // e-mail address: every address counts alike).
  const mailing = await countAttempt(db, limitKey.mailClient(remoteAddress(c)), mailClientPolicy())
  if (!mailing.allowed) return tooMany(c, mailing, { status: FAILURE })
  // The same answer whether or not the address has an account, with the address as typed, and
  // not before ANSWER_FLOOR_MS: a new account is a few more writes than a notice.
  const started = performance.now()
  const registered = async (id: string) => {
    await answerFloor(started)
    return c.json({
      status: STATUS_SUCCESS,
      message: registrationSuccessMessage(form.email),
      id,
      emailId: form.email,
    })
  }

  // Issue 18: a registration from an invitation's link joins that organization with the invited
  // role (the form's organization is not used); a link that does not work creates nothing.
  const invitationToken = body.invitationToken?.trim() || undefined
  if (invitationToken !== undefined) {
    const problem = await invitationProblem(db, invitationToken, form.email)
    if (problem) return c.json({ status: FAILURE, message: problem, field: 'invitationToken' }, 400)
  }

  const existing = await accountByEmail(db, form.email)
  // The link's holder reads the invited address's mail; they are told to log in instead.
  if (existing && invitationToken !== undefined) {
    return c.json(
      { status: FAILURE, message: INVITATION_ACCOUNT_EXISTS_MESSAGE, field: 'invitationToken' },
      409,
    )
  }
  if (existing) return registered(await registeredAgain(c.var.services, existing))
  // Issue 19: a lab staff member's address is taken as well; the answer is the same as for any
  // address, and nothing is made (docs/decisions/0024).
  if (await isStaffEmail(db, form.email)) return registered(randomUUID())

  // The account, and the organization it registers with the account as its Owner (decision 0023).
  const created = await db.transaction().execute(async (trx) => {
    const values = {
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
    }
    const made = invitationToken
      ? await createInvitedAccount(trx, invitationToken, values)
      : await createAccountWithOrganization(trx, values)
    if (!made) return null
    if ('refused' in made) return made
    const { code } = await issueCode(trx, secret, made.accountId, 'create-password')
    return { ...made, code }
  })
  if (created && 'refused' in created) {
    return c.json({ status: FAILURE, message: created.refused, field: 'invitationToken' }, 400)
  }
  if (!created) {
    // Two registrations of one e-mail at once: the second finds the address taken, and is then a
    // registration of a taken address like any other.
    const winner = await accountByEmail(db, form.email)
    if (winner) return registered(await registeredAgain(c.var.services, winner))
    throw new Error('The account was neither created nor found.')
  }

  // A transport failure leaves the account: its code's mail is tried again (mail-jobs.ts).
  if (await mayMail(db, form.email)) {
    await queueMail({ db, mailer }, codeMail(form.email, form.firstName, created.code, 'create-password'))
  }
  return registered(created.accountId)
})

/** Why the invitation's link cannot register `email`, or undefined when it can. */
async function invitationProblem(db: Kysely<Database>, token: string, email: string) {
  return db.transaction().execute(async (trx) => {
    const usable = await usableInvitation(trx, token)
    if ('message' in usable) return usable.message
    if (usable.invitation.email_key !== emailKey(email))
      return invitationForOtherEmailMessage(usable.invitation.email)
    return undefined
  })
}

/**
 * A new account that joins the invitation's organization with the invited role (its own
 * `organization` column holds that organization's name). Run it in a transaction: the invitation
 * is locked and checked again, so a link used twice at once makes one account.
 */
async function createInvitedAccount(
  trx: Kysely<Database>,
  token: string,
  values: Insertable<VendorAccountsTable>,
): Promise<
  { accountId: string; organizationId: string; invitationId: string } | { refused: string } | undefined
> {
  const usable = await usableInvitation(trx, token)
  if ('message' in usable) return { refused: usable.message }
  const { invitation } = usable
  if (invitation.email_key !== emailKey(values.email)) {
    return { refused: invitationForOtherEmailMessage(invitation.email) }
  }
  const account = await trx
    .insertInto('vendor_accounts')
    .values({ ...values, organization: invitation.organization_name })
    .onConflict((oc) => oc.doNothing())
    .returning(['id', 'first_name', 'last_name'])
    .executeTakeFirst()
  if (!account) return undefined
  await joinByInvitation(trx, invitation, account)
  return { accountId: account.id, organizationId: invitation.organization_id, invitationId: invitation.id }
}

type ExistingAccount = { id: string; email: string; first_name: string; password_hash: string | null }

function accountByEmail(db: Kysely<Database>, email: string): Promise<ExistingAccount | undefined> {
  return db
    .selectFrom('vendor_accounts')
    .select(['id', 'email', 'first_name', 'password_hash'])
    .where('email_key', '=', emailKey(email))
    .executeTakeFirst()
}

/**
 * A registration of an address that has an account answers like a new one (docs/decisions/0016);
 * what differs is the mail, which only the address's owner reads. An account still without a
 * password gets a new create-password code (its details stay as first registered), so a vendor
 * who lost the first mail can simply register again; an account with a password gets a notice
 * instead of a code. Either way the answer's id is a fresh random UUID, like a new account's id:
 * were it the account's, registering an address twice would tell by the same id coming back
 * whether the address had an account with a password. The Create Password dialog finds the code
 * by the address, so the new code works with that id; after a notice, any code is wrong.
 */
async function registeredAgain({ db, mailer, secret }: MainServices, account: ExistingAccount) {
  const pending = account.password_hash === null
  if (pending && (await mayMail(db, account.email))) {
    const issued = await db
      .transaction()
      .execute((trx) => issueCode(trx, secret, account.id, 'create-password'))
    await queueMail(
      { db, mailer },
      codeMail(account.email, account.first_name, issued.code, 'create-password'),
    )
  } else if (!pending && (await mayMail(db, account.email))) {
    // The same keyed-hash work as a new registration's code.
    hashCode(generateCode(), secret)
    await queueMail({ db, mailer }, registeredAgainMail(account.email, account.first_name))
  }
  return randomUUID()
}

/**
 * The Create Password dialog: answers text (spec §7). The code is the newest create-password code
 * of the address's account. The payload's id (spec §3) is not needed to find it: a repeated
 * registration answers a fresh id each time (registeredAgain), and the id, known to whoever
 * registered, would add nothing to the code that only the address's owner reads.
 */
route(accountRoutes, 'changePassword', async (c) => {
  const { db } = c.var.services
  const { otp, emailId, password, confirmPassword } = c.var.body
  const problem = passwordProblem(password, confirmPassword)
  if (problem) return c.text(problem.message, 400, { [FIELD_HEADER]: problem.field })

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
    .where('vendor_accounts.email_key', '=', emailKey(emailId))
    .where('one_time_codes.purpose', '=', 'create-password')
    .orderBy('one_time_codes.created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!code || !(await redeemCode(c.var.services, code, otp, password))) {
    return c.text(INVALID_CODE_MESSAGE, 400, { [FIELD_HEADER]: 'otp' })
  }
  return c.text(PASSWORD_SAVED_MESSAGE)
})

/* -------------------------------------------------------------------------- forgot password */

route(accountRoutes, 'forgotPassword', async (c) => {
  const { db, mailer, secret } = c.var.services
  // One bare address by the contract's rule (spec §5 "email shape required"), refused
  // before anything is counted or mailed: no lists, display names or text a mail header would read.
  const problem = firstMessage(loginEmailSchema, c.var.body.emailId.trim())
  if (problem !== undefined) return c.json({ status: FAILURE, message: problem, field: 'emailId' }, 400)
  const mailing = await countAttempt(db, limitKey.mailClient(remoteAddress(c)), mailClientPolicy())
  if (!mailing.allowed) return tooMany(c, mailing, { status: FAILURE })

  // One answer for every address (docs/decisions/0016): the address as typed, and an id that is a
  // stored code's for an account and a random UUID otherwise (the reset page then finds no code
  // and says the code is wrong). The id names the code: the reset page sends it back.
  const typed = c.var.body.emailId.trim()
  const started = performance.now()
  const sent = async (id: string) => {
    await answerFloor(started)
    return c.json({ status: STATUS_SUCCESS, message: codeSentMessage(typed), id })
  }
  const account = await accountByEmail(db, typed)
  // Nobody may flood a mailbox: past a few mails per recipient, nothing more is sent for a while.
  if (!(await mayMail(db, typed))) {
    hashCode(generateCode(), secret)
    return sent(randomUUID())
  }
  const staff = account ? undefined : await staffForReset(db, typed)
  if (staff) {
    // Issue 19: a lab staff member chooses a new password through a fresh set-password link.
    const link = await issueSetPasswordToken(db, staff.id)
    await mailSetPasswordLink(db, mailer, {
      staffId: staff.id,
      ...link,
      origin: c.var.services.publicUrl(),
      purpose: 'reset',
    })
    return sent(randomUUID())
  }
  if (!account) {
    // Same keyed-hash work as issuing a code, and a mail that tells the owner of the address.
    hashCode(generateCode(), secret)
    await queueMail({ db, mailer }, noAccountMail(typed))
    return sent(randomUUID())
  }

  const issued = await db.transaction().execute((trx) => issueCode(trx, secret, account.id, 'reset-password'))
  await queueMail({ db, mailer }, codeMail(account.email, account.first_name, issued.code, 'reset-password'))
  return sent(issued.id)
})

route(accountRoutes, 'resetPassword', async (c) => {
  const { db } = c.var.services
  const { otp, password, confirmPassword, id } = c.var.body
  // The reset page only asks for three filled fields (spec §5); the server still holds the new
  // password to the password rules.
  const problem = passwordProblem(password, confirmPassword)
  if (problem) return c.json({ status: FAILURE, ...problem }, 400)

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

/** The password rule the new password breaks (spec §5), with the field it concerns, or undefined. */
export function passwordProblem(password: string, confirmPassword: string): InputRefusal | undefined {
  const rule = firstMessage(newPasswordSchema, password)
  if (rule !== undefined) return { message: rule, field: 'password' }
  return confirmPassword === password
    ? undefined
    : { message: PASSWORDS_DO_NOT_MATCH_MESSAGE, field: 'confirmPassword' }
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

/**
 * Registration and forgot-password answer no sooner than this after the limits let them through:
 * the paths for an address with and without an account differ by a few writes (a new account and
 * its code, or a code), tens of milliseconds at most, which the floor hides. The mail, sent on
 * every path, takes the same time on each.
 */
export const ANSWER_FLOOR_MS = 200

async function answerFloor(started: number) {
  const left = started + ANSWER_FLOOR_MS - performance.now()
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left))
}

/** Whether one more mail may go to this recipient now (MAIL_RECIPIENT_POLICY); counts it if so. */
async function mayMail(db: Kysely<Database>, email: string) {
  return (await countAttempt(db, limitKey.mailRecipient(emailKey(email)), MAIL_RECIPIENT_POLICY)).allowed
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

/** To an account's owner when someone registers with the account's address again. */
function registeredAgainMail(to: string, firstName: string) {
  const text = [
    `Hello ${firstName},`,
    '',
    'Someone tried to register for the Device Certification Portal with this e-mail address, which already has an account.',
    'No new account was made, and your password stays as it is.',
    '',
    'If it was you, sign in with your password, or use Forgot Password on the sign-in page to set a new one.',
    'If it was not you, you can ignore this mail.',
  ].join('\n')
  return { to, subject: 'Someone tried to register with your address', text }
}

/** To an address without an account when someone asks for a password reset for it. */
function noAccountMail(to: string) {
  const text = [
    'Hello,',
    '',
    'Someone asked to reset the password of a Device Certification Portal account for this e-mail address, but no account uses this address.',
    '',
    'If you meant to register, use Sign Up on the portal. If you have an account under another address, ask for the code with that address.',
    'If you did not ask for this, you can ignore this mail.',
  ].join('\n')
  return { to, subject: 'Password reset requested for an address without an account', text }
}

/** Whether `email` is a lab staff member's address, removed or not (issue 19). */
async function isStaffEmail(db: Kysely<Database>, email: string) {
  const row = await db
    .selectFrom('lab_staff')
    .select('id')
    .where('email_key', '=', emailKey(email))
    .executeTakeFirst()
  return row !== undefined
}

/** The lab staff member (not removed) whose address `email` is, for Forgot Password. */
function staffForReset(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('lab_staff')
    .select('id')
    .where('email_key', '=', emailKey(email))
    .where('disabled_at', 'is', null)
    .executeTakeFirst()
}
