import { escapeHtml } from '@/contract/escape-html'
import { mailHtml, mailLink, mailNote, mailParagraph } from '@/contract/mails/mail-html'
import { LAB_ROLE_DESCRIPTIONS, type LabRole } from '@/contract/lab'

/*
 * The mail that lets a new lab staff member (or one who forgot their password) choose a
 * password, built in one pure place like the invitation mail: a text part and the same words as
 * escaped HTML. The link is the only way in; it works once, until `expiresAt`.
 */

export type LabSetPasswordMailInput = {
  to: string
  name: string
  role: LabRole
  link: string
  expiresAt: Date
  /** 'welcome' for a new member, 'reset' for Forgot Password. */
  purpose: 'welcome' | 'reset'
}

export type LabSetPasswordMail = { to: string; subject: string; text: string; html: string }

// 'a Lab engineer', 'a Lab manager'.
const article = (_role: LabRole) => 'a'

export function labSetPasswordMail({
  to,
  name,
  role,
  link,
  expiresAt,
  purpose,
}: LabSetPasswordMailInput): LabSetPasswordMail {
  const until = `${expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`
  const welcome = purpose === 'welcome'
  const subject = welcome
    ? 'Your account for the certification lab console'
    : 'Set a new password for the lab console'
  const opening = welcome
    ? `You now have an account on the Device Certification Portal's lab console as ${article(role)} ${role}.`
    : 'Someone asked to set a new password for your account on the lab console.'
  const roleLine = `${role}: ${LAB_ROLE_DESCRIPTIONS[role]}`
  const action = welcome
    ? 'To choose your password, open this link:'
    : 'To choose a new password, open this link:'
  const once = `The link works once, until ${until}.`
  const ignore = welcome
    ? 'If you did not expect this account, tell the lab manager who runs the console.'
    : 'If you did not ask for this, you can ignore this mail; your password stays as it is.'
  const text = [
    `Hello ${name},`,
    '',
    opening,
    roleLine,
    '',
    action,
    '',
    `    ${link}`,
    '',
    once,
    ignore,
  ].join('\n')

  const e = escapeHtml
  const html = mailHtml(subject, [
    mailParagraph(`Hello ${e(name)},`),
    mailParagraph(e(opening)),
    mailParagraph(`<strong>${e(role)}:</strong> ${e(LAB_ROLE_DESCRIPTIONS[role])}`),
    mailParagraph(e(action)),
    mailLink(link),
    mailParagraph(e(once)),
    mailNote(ignore),
  ])
  return { to, subject, text, html }
}
