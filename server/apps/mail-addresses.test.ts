import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '@/contract/endpoints'
import { isEmailAddress } from '@/contract/validation/fields'
import { createMailer } from '../platform/mailer.ts'
import { writeToDevMailbox } from './dev-mailbox.ts'
import { openTestDatabase } from '../platform/db/test-database.ts'
import { emailish } from '../test/emailish.ts'
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp.ts'
import {
  createStaffMember,
  createVendor,
  newBrowser,
  registrationPayload,
  startTestPortal,
  type Browser,
  type TestPortal,
  type TestStaff,
  type TestVendor,
} from '../test/portal.ts'

/*
 * Every call that takes an e-mail address takes one bare address by the
 * contract's rule (a refusal naming the field otherwise, never a 500), and no mail goes to more
 * than one recipient. Over a real SMTP server, where nodemailer used to read "a@x, b@x" as a list
 * and answer "No recipients defined" (500) for "" or "é".
 */

let smtp: TestSmtpServer
let test: TestPortal
let vendor: TestVendor
let manager: TestStaff
let visitor: Browser
const mailCalls = process.env.MAIL_CALLS_PER_IP

beforeAll(async () => {
  process.env.MAIL_CALLS_PER_IP = '100000'
  smtp = await startTestSmtpServer()
  const database = await openTestDatabase({ seeds: { addresses: false, demoAccount: false } })
  test = await startTestPortal({
    database,
    mailer: createMailer({ smtpUrl: smtp.url, mailbox: writeToDevMailbox(database.db), log: () => {} }),
  })
  vendor = await createVendor(test, 'olga.owner@example.com', 'Olga')
  manager = await createStaffMember(test, 'mira.manager@lab.example', 'Mira Manager', 'Lab manager')
  visitor = await newBrowser(test.portal)
}, 60_000)

afterAll(async () => {
  if (mailCalls === undefined) delete process.env.MAIL_CALLS_PER_IP
  else process.env.MAIL_CALLS_PER_IP = mailCalls
  await test?.close()
  await smtp?.close()
})

const EMAIL_FORMAT = 'Must be a valid email format.'
const EMAIL_REQUIRED = 'Email is required.'

type Caller = {
  name: string
  browser: () => Browser
  path: string
  body: (address: string) => object
  field: string
}

const callers: Caller[] = [
  {
    name: 'forgot password',
    browser: () => visitor,
    path: endpoints.forgotPassword.path,
    body: (emailId) => ({ emailId }),
    field: 'emailId',
  },
  {
    name: 'registration',
    browser: () => visitor,
    path: endpoints.register.path,
    body: (emailId) => registrationPayload(emailId),
    field: 'emailId',
  },
  {
    name: 'invitation',
    browser: () => vendor.browser,
    path: endpoints.inviteMember.path,
    body: (emailId) => ({ vendorUserId: vendor.id, emailId, role: 'Viewer' }),
    field: 'emailId',
  },
  {
    name: 'lab staff',
    browser: () => manager.browser,
    path: endpoints.labAddStaff.path,
    body: (email) => ({ email, name: 'New Member', role: 'Lab engineer' }),
    field: 'email',
  },
]

describe('one bare address per mail', () => {
  it.each(callers)(
    '$name: no 5xx and no mail to more than one recipient',
    async (caller) => {
      await fc.assert(
        fc.asyncProperty(emailish, async (address) => {
          const before = smtp.received.length
          const answer = await caller.browser().post(caller.path, caller.body(address))
          const body = (await answer.json()) as { field?: string }
          expect(answer.status, address).toBeLessThan(500)
          const mailed = smtp.received.slice(before)
          expect(mailed.filter((mail) => mail.to.length !== 1 || !isEmailAddress(mail.to[0]!))).toEqual([])
          // An address the contract refuses is refused, naming its field, and nothing is mailed.
          if (!isEmailAddress(address.trim())) {
            expect([answer.status, body.field, mailed.length], address).toEqual([400, caller.field, 0])
          }
        }),
        { numRuns: 25 },
      )
    },
    120_000,
  )

  it.each([
    ['a@x.example, b@x.example, c@x.example, d@x.example', EMAIL_FORMAT],
    ['"Your account is locked, call +1 555 0100" <e@x.example>', EMAIL_FORMAT],
    ['', EMAIL_REQUIRED],
    ['not-an-address', EMAIL_FORMAT],
    ['@', EMAIL_FORMAT],
    ['a@', EMAIL_FORMAT],
    ['é', EMAIL_FORMAT],
    ['<script>alert(1)</script>', EMAIL_FORMAT],
  ])('forgot password refuses %j with "%s", naming emailId', async (emailId, message) => {
    const before = smtp.received.length
    const answer = await visitor.post(endpoints.forgotPassword.path, { emailId })
    expect([answer.status, await answer.json(), smtp.received.length - before]).toEqual([
      400,
      { status: 'FAILURE', message, field: 'emailId' },
      0,
    ])
  })

  it('limits mail per normalised address: case and spaces make no second recipient', async () => {
    const before = smtp.received.length
    for (const emailId of ['Rex.Repeat@Example.com', ' rex.repeat@example.com', 'REX.REPEAT@EXAMPLE.COM ']) {
      for (let call = 0; call < 3; call += 1) {
        expect((await visitor.post(endpoints.forgotPassword.path, { emailId })).status).toBe(200)
      }
    }
    // Five mails per recipient in the window (MAIL_RECIPIENT_POLICY): nine calls, five mails.
    expect(smtp.received.slice(before).map((mail) => mail.to)).toHaveLength(5)
  }, 60_000)
})
