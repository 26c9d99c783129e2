import { escapeHtml } from '@/contract/escape-html'
import { mailHtml, mailLink, mailNote, mailParagraph } from '@/contract/mails/mail-html'

/*
 * Issue 21 (docs/decisions/0027): the mail an organization's Owners get when the portal disables
 * a webhook endpoint whose deliveries failed for 24 hours. Text and HTML parts say the same; the
 * mail names the URL and the last error, never the secret or a delivery's body.
 */

export type WebhookDisabledMailInput = {
  to: string
  organizationName: string
  url: string
  /** ISO 8601: the first failure of the run of failures. */
  failingSince: string
  /** The last attempt's outcome as the delivery log words it ('HTTP 500', 'No answer within 10 s.'). */
  lastError: string
  /** The webhooks page. */
  link: string
}

export type WebhookDisabledMail = { to: string; subject: string; text: string; html: string }

export const webhookDisabledMailSubject = (organizationName: string) =>
  `A webhook endpoint of ${organizationName} was disabled`

export function webhookDisabledMail({
  to,
  organizationName,
  url,
  failingSince,
  lastError,
  link,
}: WebhookDisabledMailInput): WebhookDisabledMail {
  const since = `${failingSince.slice(0, 16).replace('T', ' ')} UTC`
  const subject = webhookDisabledMailSubject(organizationName)
  const what = `Every delivery to the webhook endpoint ${url} has failed since ${since}, so the portal disabled it. It receives nothing until an Owner enables it again.`
  const last = `The last attempt: ${lastError}`
  const fix =
    'Fix the receiver, then enable the endpoint on the Webhooks page: the deliveries that were waiting are sent again, and each one has its own log.'
  const why = 'You receive this mail because you are an Owner of the organization.'
  const text = ['Hello,', '', what, last, '', fix, '', `    ${link}`, '', why].join('\n')
  const e = escapeHtml
  const html = mailHtml(subject, [
    mailParagraph('Hello,'),
    mailParagraph(
      `Every delivery to the webhook endpoint <strong>${e(url)}</strong> has failed since ${e(since)}, so the portal disabled it. It receives nothing until an Owner enables it again.`,
    ),
    mailParagraph(e(last)),
    mailParagraph(e(fix)),
    mailLink(link),
    mailNote(why),
  ])
  return { to, subject, text, html }
}
