import { escapeHtml } from '@/contract/escape-html'
import { mailHtml, mailLink, mailNote, mailParagraph } from '@/contract/mails/mail-html'
import { type AnyNotificationKind, NOTIFICATION_KIND_LABELS } from '@/contract/notifications'

/*
 * docs/decisions/0028: the notification mails, built in one pure place like the
 * invitation mail, so that the server sends them and Storybook shows them (Settings/Notifications
 * mail previews) from the same words. Each has a text part and the same words as escaped HTML,
 * a footer saying why it came and how to stop it (a signed unsubscribe link that works without a
 * login, and the settings page), and the RFC 8058 headers. No mail holds a session, a token that
 * opens anything but this one unsubscribe, or a code.
 */

export type MailFooter = {
  kind: AnyNotificationKind
  /** Why this address got the mail, as a sentence's end: 'you are a member of Olga Networks'. */
  reason: string
  /** The public page /unsubscribe?token=… (a GET that changes nothing). */
  unsubscribeUrl: string
  /** RFC 8058's one-click POST address (the List-Unsubscribe header). */
  oneClickUrl: string
  /** /settings/notifications on the portal, /lab/notifications for lab staff (needs a login). */
  manageUrl: string
}

export type NotificationMail = {
  to: string
  subject: string
  text: string
  html: string
  headers: Record<string, string>
}

const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`
const day = (iso: string) => iso.slice(0, 10)
const e = escapeHtml

export function footerLines(footer: MailFooter) {
  const label = NOTIFICATION_KIND_LABELS[footer.kind]
  return {
    why: `You get this mail because ${footer.reason}.`,
    stop: `To stop “${label}” mails, open: ${footer.unsubscribeUrl}`,
    stopLead: `To stop “${label}” mails, open:`,
    manage: `Choose which mails you get: ${footer.manageUrl}`,
    manageLead: 'Choose which mails you get:',
  }
}

/** The text part's footer. */
export function footerText(footer: MailFooter) {
  const lines = footerLines(footer)
  return ['', '--', lines.why, lines.stop, lines.manage].join('\n')
}

/** The HTML part's footer paragraphs. */
export function footerHtml(footer: MailFooter) {
  const lines = footerLines(footer)
  const link = (url: string) =>
    `<a href="${e(url)}" style="color:#52525b;text-decoration:underline;word-break:break-all;">${e(url)}</a>`
  const small = 'margin:0 0 8px;color:#52525b;font-size:14px;'
  return [
    '<hr style="border:none;border-top:1px solid #d4d4d8;margin:24px 0 16px;">',
    mailParagraph(e(lines.why), small),
    mailParagraph(`${e(lines.stopLead)} ${link(footer.unsubscribeUrl)}`, small),
    mailParagraph(`${e(lines.manageLead)} ${link(footer.manageUrl)}`, small),
  ]
}

/** RFC 2369 / RFC 8058: the one-click address, and the POST mail providers make to it. */
export const unsubscribeHeaders = (footer: MailFooter): Record<string, string> => ({
  'List-Unsubscribe': `<${footer.oneClickUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
})

function build(
  to: string,
  subject: string,
  text: string[],
  html: string[],
  footer: MailFooter,
): NotificationMail {
  return {
    to,
    subject,
    text: `${text.join('\n')}\n${footerText(footer)}`,
    html: mailHtml(subject, [...html, ...footerHtml(footer)]),
    headers: unsubscribeHeaders(footer),
  }
}

/* ------------------------------------------------------------------------------ run finished */

export type RunFinishedMailInput = {
  to: string
  organizationName: string
  deviceName: string
  portfolioManagerId: string
  attempt: number
  outcome: 'Certified' | 'Validation Failure'
  /** The cases that failed in this attempt, by name, in plan order. */
  failedCases: readonly string[]
  /** Why a run ended without a verdict (the server stopped, a lab's rejection), or null. */
  reason: string | null
  /** The record in the portal. */
  recordUrl: string
  footer: MailFooter
}

/** The reason a run-finished mail gives for a result the lab rejected in review. */
export const labRejectedReason = (reason: string | null) =>
  reason ? `The lab rejected the result in review: ${reason}` : 'The lab rejected the result in review.'

export function runFinishedMail(input: RunFinishedMailInput): NotificationMail {
  const certified = input.outcome === 'Certified'
  const subject = `${input.outcome}: ${input.deviceName} (attempt ${input.attempt})`
  const lead = certified
    ? `Attempt ${input.attempt} of the certification of ${input.deviceName} (${input.organizationName}) has ended: Certified.`
    : `Attempt ${input.attempt} of the certification of ${input.deviceName} (${input.organizationName}) has ended: Validation Failure.`
  const failedLead =
    input.failedCases.length === 1 ? '1 case failed:' : `${input.failedCases.length} cases failed:`
  const reasonLine = input.reason ? `Reason: ${input.reason}` : null
  const next = certified
    ? 'Every case of the test plan has passed. The certificate follows in a separate mail.'
    : 'You can re-run the failed cases from the record.'
  const text = [
    'Hello,',
    '',
    lead,
    ...(input.failedCases.length > 0
      ? ['', failedLead, ...input.failedCases.map((name) => `  - ${name}`)]
      : []),
    ...(reasonLine ? ['', reasonLine] : []),
    '',
    next,
    `Record ${input.portfolioManagerId}: ${input.recordUrl}`,
  ]
  const html = [
    mailParagraph('Hello,'),
    mailParagraph(e(lead)),
    ...(input.failedCases.length > 0
      ? [
          mailParagraph(e(failedLead), 'margin:0 0 4px;'),
          `<ul style="margin:0 0 16px;padding-left:24px;">${input.failedCases.map((name) => `<li>${e(name)}</li>`).join('')}</ul>`,
        ]
      : []),
    ...(reasonLine ? [mailParagraph(e(reasonLine))] : []),
    mailParagraph(e(next)),
    mailParagraph(`Record ${e(input.portfolioManagerId)}:`, 'margin:0 0 4px;'),
    mailLink(input.recordUrl),
  ]
  return build(input.to, subject, text, html, input.footer)
}

/* ------------------------------------------------------------------------------ certificate issued */

export type CertificateIssuedMailInput = {
  to: string
  organizationName: string
  deviceName: string
  number: string
  /** ISO 8601. */
  issuedAt: string
  expiresAt: string
  /** PORTAL_URL/verify/<number>. */
  verifyUrl: string
  footer: MailFooter
}

export function certificateIssuedMail(input: CertificateIssuedMailInput): NotificationMail {
  const subject = `Certificate ${input.number} issued for ${input.deviceName}`
  const lead = `${input.organizationName} has a new certificate for ${input.deviceName}.`
  const numberLine = `Number: ${input.number}`
  const validity = `Valid from ${day(input.issuedAt)} until ${day(input.expiresAt)}.`
  const verify = 'Anyone can check it at:'
  const listing =
    'It is not listed among the certified devices until an Owner or Engineer lists it from the run details.'
  const text = ['Hello,', '', lead, numberLine, validity, '', verify, `    ${input.verifyUrl}`, '', listing]
  const html = [
    mailParagraph('Hello,'),
    mailParagraph(e(lead)),
    mailParagraph(`Number: <strong>${e(input.number)}</strong><br>${e(validity)}`),
    mailParagraph(e(verify), 'margin:0 0 4px;'),
    mailLink(input.verifyUrl),
    mailNote(listing),
  ]
  return build(input.to, subject, text, html, input.footer)
}

/* ------------------------------------------------------------------------------ comment received */

export type CommentReceivedMailInput = {
  to: string
  organizationName: string
  deviceName: string
  portfolioManagerId: string
  author: string
  /** 'Lab engineer', 'Lab manager' (a member's role in vendorCommentMail). */
  authorRole: string
  comment: string
  recordUrl: string
  footer: MailFooter
}

export function commentReceivedMail(input: CommentReceivedMailInput): NotificationMail {
  return commentMail(
    input,
    `The lab commented on ${input.deviceName}`,
    `${input.author} (${input.authorRole}) wrote on ${input.deviceName} (${input.organizationName}):`,
    `Answer in the comments of record ${input.portfolioManagerId}:`,
  )
}

/** As the lab's comment, but authorRole is the member's ('Owner', 'Engineer') and recordUrl the console's (/lab/records/…). */
export type VendorCommentMailInput = CommentReceivedMailInput

/** To lab staff: a vendor's team commented on one of its records (docs/decisions/0028 point 9). */
export function vendorCommentMail(input: VendorCommentMailInput): NotificationMail {
  return commentMail(
    input,
    `${input.organizationName} commented on ${input.deviceName}`,
    `${input.author} (${input.authorRole}, ${input.organizationName}) wrote on ${input.deviceName}:`,
    `Answer in the lab console, record ${input.portfolioManagerId}:`,
  )
}

/** A comment's mail, to either side: the lead, the comment quoted, where to answer. */
function commentMail(
  input: Pick<CommentReceivedMailInput, 'to' | 'comment' | 'recordUrl' | 'footer'>,
  subject: string,
  lead: string,
  answer: string,
): NotificationMail {
  const text = [
    'Hello,',
    '',
    lead,
    '',
    ...input.comment.split('\n').map((line) => `> ${line}`),
    '',
    answer,
    `    ${input.recordUrl}`,
  ]
  const html = [
    mailParagraph('Hello,'),
    mailParagraph(e(lead)),
    `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #d4d4d8;white-space:pre-wrap;">${e(input.comment)}</blockquote>`,
    mailParagraph(e(answer), 'margin:0 0 4px;'),
    mailLink(input.recordUrl),
  ]
  return build(input.to, subject, text, html, input.footer)
}

/* ------------------------------------------------------------------------------ record revised */

export type RecordRevisedMailInput = {
  to: string
  organizationName: string
  deviceName: string
  portfolioManagerId: string
  /** Who made the revision (a member's name). */
  author: string
  revision: number
  firmware: string
  previousFirmware: string
  /** The record in the lab console (/lab/records/…). */
  recordUrl: string
  footer: MailFooter
}

/** A lab mail about one record: a greeting, what happened, and the record's link in the console. */
function recordMail(
  input: { to: string; recordUrl: string; footer: MailFooter },
  subject: string,
  lead: string,
  next: string,
): NotificationMail {
  const text = ['Hello,', '', lead, '', next, `    ${input.recordUrl}`]
  const html = [
    mailParagraph('Hello,'),
    mailParagraph(e(lead)),
    mailParagraph(e(next), 'margin:0 0 4px;'),
    mailLink(input.recordUrl),
  ]
  return build(input.to, subject, text, html, input.footer)
}

/** To lab staff: a vendor made a new revision of a device, e.g. after a rejection (docs/decisions/0033). */
export function recordRevisedMail(input: RecordRevisedMailInput): NotificationMail {
  const subject = `${input.organizationName} made revision ${input.revision} of ${input.deviceName}`
  const lead = `${input.author} (${input.organizationName}) made revision ${input.revision} of ${input.deviceName}: firmware ${input.previousFirmware} → ${input.firmware}.`
  const next = 'It waits for its run. See the record in the lab console:'
  return recordMail(input, subject, lead, next)
}

export type RunAwaitingReviewMailInput = {
  to: string
  organizationName: string
  deviceName: string
  attempt: number
  failed: number
  total: number
  /** The record in the lab console (/lab/records/…). */
  recordUrl: string
  footer: MailFooter
}

/** To lab staff: a run ended and waits for the lab's review (docs/decisions/0045). */
export function runAwaitingReviewMail(input: RunAwaitingReviewMailInput): NotificationMail {
  const subject = `${input.deviceName} of ${input.organizationName} awaits review`
  const outcome =
    input.failed === 0
      ? `every case of ${input.total} passed`
      : `${input.failed} of ${input.total} ${input.total === 1 ? 'case' : 'cases'} failed`
  const lead = `Attempt ${input.attempt} of ${input.deviceName} (${input.organizationName}) ended: ${outcome}. It waits for a lab engineer’s review.`
  const next = 'Review it in the lab console:'
  return recordMail(input, subject, lead, next)
}

export type RecordAssignedMailInput = {
  to: string
  organizationName: string
  deviceName: string
  /** Who assigned it. */
  assignedBy: string
  recordUrl: string
  footer: MailFooter
}

/** To a lab staff member another assigned a record to (docs/decisions/0045). */
export function recordAssignedMail(input: RecordAssignedMailInput): NotificationMail {
  const subject = `${input.assignedBy} assigned ${input.deviceName} to you`
  const lead = `${input.assignedBy} assigned ${input.deviceName} (${input.organizationName}) to you in the lab console.`
  const next = 'Open the record:'
  return recordMail(input, subject, lead, next)
}

/* ------------------------------------------------------------------------------ maintenance */

export type MaintenanceMailInput = {
  to: string
  organizationName: string
  phase: 'started' | 'ended'
  reason: string
  /** ISO 8601, or '' when the lab named no end (maintenance set by the environment). */
  expectedEnd: string
  dashboardUrl: string
  footer: MailFooter
}

export function maintenanceMail(input: MaintenanceMailInput): NotificationMail {
  const started = input.phase === 'started'
  const subject = started
    ? 'The lab is in maintenance: your runs are held'
    : 'Lab maintenance is over: your runs go on'
  const lead = started
    ? `The certification lab went into maintenance while runs of ${input.organizationName} were going or waiting. They are held and go on by themselves when it ends.`
    : `The certification lab’s maintenance is over. The held runs of ${input.organizationName} go on in the order they started.`
  const reasonLine = `Reason: ${input.reason}`
  const endLine = input.expectedEnd
    ? `Expected end: ${utc(input.expectedEnd)}.`
    : 'Expected end: not known yet.'
  const follow = 'Follow your runs on the dashboard:'
  const text = [
    'Hello,',
    '',
    lead,
    '',
    reasonLine,
    ...(started ? [endLine] : []),
    '',
    follow,
    `    ${input.dashboardUrl}`,
  ]
  const html = [
    mailParagraph('Hello,'),
    mailParagraph(e(lead)),
    mailParagraph(started ? `${e(reasonLine)}<br>${e(endLine)}` : e(reasonLine)),
    mailParagraph(e(follow), 'margin:0 0 4px;'),
    mailLink(input.dashboardUrl),
  ]
  return build(input.to, subject, text, html, input.footer)
}
