import { escapeHtml } from '@/contract/escape-html'
import { mailHtml, mailLink, mailNote, mailParagraph } from '@/contract/mails/mail-html'
import { WEBHOOK_DISABLED_REASON_MESSAGES } from '@/contract/webhooks'

/*
 * docs/decisions/0027: the mail an organization's Owners get when the portal disables
 * a webhook endpoint — whose deliveries failed for 24 hours ('failing'), or whose URL
 * no longer passes the destination check, so nothing was sent ('destination'). Text and HTML parts
 * say the same; the mail names the URL and the last error, never the secret or a delivery's body.
 */

type MailCommon = {
  to: string
  organizationName: string
  url: string
  /** The webhooks page. */
  link: string
}

export type WebhookDisabledMailInput =
  | (MailCommon & {
      reason: 'failing'
      /** ISO 8601: the first failure of the run of failures. */
      failingSince: string
      /** The last attempt's outcome as the delivery log words it ('HTTP 500', 'No answer within 10 s.'). */
      lastError: string
    })
  | (MailCommon & { reason: 'destination' })

export type WebhookDisabledMail = { to: string; subject: string; text: string; html: string }

export const webhookDisabledMailSubject = (organizationName: string) =>
  `A webhook endpoint of ${organizationName} was disabled`

/** What happened, before the URL; after it; then the details and what to do. */
function wording(input: WebhookDisabledMailInput) {
  if (input.reason === 'destination') {
    return {
      before: 'The portal disabled the webhook endpoint',
      after: 'before sending anything to it.',
      detail: WEBHOOK_DISABLED_REASON_MESSAGES.destination,
      fix: 'The endpoint is on the Webhooks page:',
    }
  }
  const since = `${input.failingSince.slice(0, 16).replace('T', ' ')} UTC`
  return {
    before: 'Every delivery to the webhook endpoint',
    after: `has failed since ${since}, so the portal disabled it. It receives nothing until an Owner enables it again.`,
    detail: `The last attempt: ${input.lastError}`,
    fix: 'Fix the receiver, then enable the endpoint on the Webhooks page: the deliveries that were waiting are sent again, and each one has its own log.',
  }
}

export function webhookDisabledMail(input: WebhookDisabledMailInput): WebhookDisabledMail {
  const { to, organizationName, url, link } = input
  const subject = webhookDisabledMailSubject(organizationName)
  const { before, after, detail, fix } = wording(input)
  const why = 'You receive this mail because you are an Owner of the organization.'
  const text = ['Hello,', '', `${before} ${url} ${after}`, detail, '', fix, '', `    ${link}`, '', why].join(
    '\n',
  )
  const e = escapeHtml
  const html = mailHtml(subject, [
    mailParagraph('Hello,'),
    mailParagraph(`${e(before)} <strong>${e(url)}</strong> ${e(after)}`),
    mailParagraph(e(detail)),
    mailParagraph(e(fix)),
    mailLink(link),
    mailNote(why),
  ])
  return { to, subject, text, html }
}
