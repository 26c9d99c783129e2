import fc from 'fast-check'
import { endpoints } from '@/contract/endpoints'
import { registrationPayloadFor } from '@/contract/fixtures/payloads'
import { emailish } from '../../server/test/emailish.ts'
import { startTestSmtpServer } from '../../server/test/smtp.ts'
import { Browser } from './client.ts'
import { startPglite } from './deployment.ts'
import { BODY_ERROR_STATUSES, countAnswer, namesField, printTable, type Figures } from './figures.ts'

/*
 * Section 7: mail over SMTP. The other sections run with the development
 * mailbox; nodemailer over SMTP_URL is where a list ("a@x, b@x") became several envelopes and an
 * empty or non-ASCII address a 500. One portal process sends its mail to a real SMTP server on
 * loopback; the anonymous calls that take an address (forgot password, registration) get `count`
 * e-mail-ish texts each. Figures: 5xx (with every section's), body errors naming their field, and
 * mails to more than one recipient (target 0).
 */

const CALLERS = [
  { name: 'forgotPassword', body: (emailId: string) => ({ emailId }) },
  { name: 'register', body: (emailId: string) => registrationPayloadFor(emailId) },
] as const

export async function mailOverSmtp(figures: Figures, count: number) {
  const smtp = await startTestSmtpServer()
  const deployment = await startPglite({ env: { SMTP_URL: smtp.url } })
  const rows: Array<Array<string | number>> = []
  try {
    const visitor = new Browser(deployment.nodes)
    await visitor.bootstrap()
    for (const caller of CALLERS) {
      const path = endpoints[caller.name].path
      let errors = 0
      let refused = 0
      for (const address of fc.sample(emailish, count)) {
        const answer = await visitor.post(path, caller.body(address))
        countAnswer(figures, answer)
        if (answer.status >= 500 || answer.failed) {
          errors += 1
          figures.notes.push(
            `mail over SMTP: ${caller.name} with ${JSON.stringify(address)} → ${answer.status}`,
          )
        }
        if (BODY_ERROR_STATUSES.has(answer.status)) {
          refused += 1
          figures.bodyErrors += 1
          if (namesField(answer)) figures.bodyErrorsNamingField += 1
        }
      }
      rows.push([caller.name, count, refused, errors])
    }
    // The portal answers before its mail is through: give the last ones a moment.
    await new Promise((resolve) => setTimeout(resolve, 500))
    const several = smtp.received.filter((mail) => mail.to.length !== 1)
    figures.mailsToSeveralRecipients += several.length
    for (const mail of several.slice(0, 5)) figures.notes.push(`mail over SMTP to ${mail.to.join(', ')}`)
    console.log('\n### 7. Mail over SMTP (one bare address per mail)')
    printTable(['call', 'addresses sent', 'refused (400)', '5xx'], rows)
    console.log(
      `Summary: ${smtp.received.length} mails received, ${several.length} to more than one recipient`,
    )
  } finally {
    await deployment.close()
    await smtp.close()
  }
}
