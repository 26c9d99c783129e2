import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import * as v from 'valibot'
import { STATUS_SUCCESS } from '@/contract/common'
import { registrationRuleRefusal } from '@/contract/refusals'
import { registrationSuccessMessage } from '@/contract/server-messages'
import { registrationFormSchema } from '@/contract/validation/registration'
import { remoteAddress, type MainEnv, type MainServices } from '../http/context.ts'
import { queueMail } from '../platform/mail-jobs.ts'
import { countAttempt, limitKey, mailClientPolicy } from '../http/rate-limit.ts'
import { route } from '../http/route.ts'
import { answerFloor, FAILURE, mayMail, tooMany } from './answers.ts'
import { codeMail, registeredAgainMail } from './mails.ts'
import { generateCode, hashCode } from './one-time-code.ts'
import {
  createRegistration,
  type Registered,
  type RegistrationForm,
  registrationForm,
} from './registration.ts'
import { accountByEmail, type ExistingAccount, isStaffEmail, issueCode } from './store.ts'

/*
 * Registration (spec §3, §7; ARCHITECTURE.md decision 3). A rule that fails answers 400 with the
 * rule's message. No answer tells whether an address has an account (docs/decisions/0016): a
 * taken address answers exactly as any other, and the mail tells the address's owner what
 * happened. Calls that send mail are limited per client address: 429 with Retry-After. Joining an
 * organization by its invitation is not a registration (acting-routes.ts, docs/decisions/0046).
 */

export const registrationRoutes = new Hono<MainEnv>()

route(registrationRoutes, 'register', async (c) => {
  const { db } = c.var.services
  const body = c.var.body
  // The registration form's own rules, applied to the payload's names (spec §3, §5).
  const form = registrationForm(body)
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

  const existing = await accountByEmail(db, form.email)
  if (existing) return registered(await registeredAgain(c.var.services, existing))
  // A lab staff member's address is taken as well; the answer is the same as for any
  // address, and nothing is made (docs/decisions/0024).
  if (await isStaffEmail(db, form.email)) return registered(randomUUID())

  // The account, and the organization it registers with the account as its Owner (decision 0023).
  const created = await createRegistration(db, c.var.services.secret, form)
  if (!created) {
    // Two registrations of one e-mail at once: the second finds the address taken, and is then a
    // registration of a taken address like any other.
    const winner = await accountByEmail(db, form.email)
    if (winner) return registered(await registeredAgain(c.var.services, winner))
    throw new Error('The account was neither created nor found.')
  }
  await mailCreatePasswordCode(c.var.services, form, created)
  return registered(created.accountId)
})

/**
 * Mails the new account's create-password code. A transport failure leaves the account: the mail
 * is tried again (mail-jobs.ts), and registering again sends a new code.
 */
async function mailCreatePasswordCode(
  { db, mailer }: MainServices,
  form: RegistrationForm,
  created: Registered,
) {
  if (!(await mayMail(db, form.email))) return
  await queueMail({ db, mailer }, codeMail(form.email, form.firstName, created.code, 'create-password'))
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
