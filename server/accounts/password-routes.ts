import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { STATUS_SUCCESS } from '@/contract/common'
import { FIELD_HEADER } from '@/contract/refusals'
import {
  codeSentMessage,
  INVALID_CODE_MESSAGE,
  PASSWORD_RESET_MESSAGE,
  PASSWORD_SAVED_MESSAGE,
} from '@/contract/server-messages'
import { firstMessage } from '@/contract/validation/fields'
import { loginEmailSchema } from '@/contract/validation/login'
import { hashPassword, passwordProblem } from '../platform/passwords.ts'
import { remoteAddress, type MainEnv, type MainServices } from '../http/context.ts'
import { queueMail } from '../platform/mail-jobs.ts'
import { countAttempt, limitKey, mailClientPolicy } from '../http/rate-limit.ts'
import { route } from '../http/route.ts'
import { issueSetPasswordToken, mailSetPasswordLink } from '../lab/index.ts'
import { answerFloor, FAILURE, mayMail, tooMany } from './answers.ts'
import { codeMail, noAccountMail } from './mails.ts'
import { checkCode, generateCode, hashCode } from './one-time-code.ts'
import {
  accountByEmail,
  type CodeRow,
  countWrongCode,
  createPasswordCode,
  issueCode,
  resetPasswordCode,
  spendCodeForPassword,
  staffForReset,
} from './store.ts'

/*
 * The Create Password dialog and forgot/reset password (spec §3, §4, §7). No answer tells whether
 * an address has an account (docs/decisions/0016): forgot-password for an unknown address answers
 * exactly as for any other, and the mail tells the address's owner what happened.
 */

export const passwordRoutes = new Hono<MainEnv>()

/**
 * The Create Password dialog: answers text (spec §7). The code is the newest create-password code
 * of the address's account. The payload's id (spec §3) is not needed to find it: a repeated
 * registration answers a fresh id each time (registeredAgain), and the id, known to whoever
 * registered, would add nothing to the code that only the address's owner reads.
 */
route(passwordRoutes, 'changePassword', async (c) => {
  const { otp, emailId, password, confirmPassword } = c.var.body
  const problem = passwordProblem(password, confirmPassword)
  if (problem) return c.text(problem.message, 400, { [FIELD_HEADER]: problem.field })
  const code = await createPasswordCode(c.var.services.db, emailId)
  if (!code || !(await redeemCode(c.var.services, code, otp, password))) {
    return c.text(INVALID_CODE_MESSAGE, 400, { [FIELD_HEADER]: 'otp' })
  }
  return c.text(PASSWORD_SAVED_MESSAGE)
})

route(passwordRoutes, 'forgotPassword', async (c) => {
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
    // A lab staff member chooses a new password through a fresh set-password link.
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
  // A transport failure keeps the code: the mail is tried again (mail-jobs.ts).
  await queueMail({ db, mailer }, codeMail(account.email, account.first_name, issued.code, 'reset-password'))
  return sent(issued.id)
})

route(passwordRoutes, 'resetPassword', async (c) => {
  const { otp, password, confirmPassword, id } = c.var.body
  // The reset page only asks for three filled fields (spec §5); the server still holds the new
  // password to the password rules.
  const problem = passwordProblem(password, confirmPassword)
  if (problem) return c.json({ status: FAILURE, ...problem }, 400)
  const code = await resetPasswordCode(c.var.services.db, id)
  if (!code || !(await redeemCode(c.var.services, code, otp, password))) {
    return c.json({ status: FAILURE, message: INVALID_CODE_MESSAGE })
  }
  return c.json({ status: STATUS_SUCCESS, message: PASSWORD_RESET_MESSAGE })
})

/**
 * Checks a typed code and, when right, sets the new password and spends the code in one
 * transaction (spendCodeForPassword). A wrong code counts as a try.
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
    await countWrongCode(db, code.id)
    return false
  }
  if (verdict !== 'ok') return false
  const passwordHash = await hashPassword(newPassword)
  return db.transaction().execute((trx) => spendCodeForPassword(trx, code, passwordHash))
}
