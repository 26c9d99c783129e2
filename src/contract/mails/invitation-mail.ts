import { escapeHtml } from '@/contract/escape-html'
import { mailHtml, mailLink, mailNote, mailParagraph } from '@/contract/mails/mail-html'
import {
  footerHtml,
  footerText,
  type MailFooter,
  unsubscribeHeaders,
} from '@/contract/mails/notification-mails'
import { ROLE_DESCRIPTIONS, type Role } from '@/contract/roles'

/*
 * The invitation mail, built in one pure place so that the server sends it and
 * Storybook shows it (stories/team/invitation-mail.stories.tsx) from the same words. The text
 * part is what the server always sent (server/organizations/team.test.ts reads it); the HTML part says
 * the same thing, inline-styled, with no images and nothing fetched from elsewhere.
 */

export type InvitationMailInput = {
  to: string
  organizationName: string
  /** Who invites, as a person reads it ('Olga Tester'; 'An Owner' when unknown). */
  inviter: string
  role: Role
  /** The single-use link (INVITATION_PATH with its token). */
  link: string
  expiresAt: Date
  /**
   * docs/decisions/0028: why the address got it and the signed link that stops
   * invitations to it, with the RFC 8058 headers. The server always gives it; without it the mail
   * is the original invitation mail, word for word.
   */
  footer?: MailFooter
}

export type InvitationMail = {
  to: string
  subject: string
  text: string
  html: string
  headers?: Record<string, string>
}

const article = (role: Role) => (role === 'Viewer' ? 'a' : 'an')

export function invitationMail({
  to,
  organizationName,
  inviter,
  role,
  link,
  expiresAt,
  footer,
}: InvitationMailInput): InvitationMail {
  const until = `${expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`
  const subject = `Invitation to join ${organizationName}`
  const invites = `${inviter} invites you to join ${organizationName} on the Device Certification Portal as ${article(role)} ${role}.`
  const roleLine = `${role}: ${ROLE_DESCRIPTIONS[role]}`
  const register =
    'If you have no account yet, you register there with this address; if you have one, you sign in and accept.'
  const once = `The link works once, until ${until}.`
  const ignore = 'If you did not expect this invitation, you can ignore this mail.'

  const text =
    [
      'Hello,',
      '',
      invites,
      roleLine,
      '',
      'To accept, open this link:',
      '',
      `    ${link}`,
      '',
      register,
      once,
      ignore,
    ].join('\n') + (footer ? `\n${footerText(footer)}` : '')

  const e = escapeHtml
  const html = mailHtml(subject, [
    mailParagraph('Hello,'),
    mailParagraph(
      `${e(inviter)} invites you to join <strong>${e(organizationName)}</strong> on the Device Certification Portal as ${article(role)} ${e(role)}.`,
    ),
    mailParagraph(`<strong>${e(role)}:</strong> ${e(ROLE_DESCRIPTIONS[role])}`),
    mailParagraph('To accept, open this link:'),
    mailLink(link),
    mailParagraph(e(register)),
    mailParagraph(e(once)),
    mailNote(ignore),
    ...(footer ? footerHtml(footer) : []),
  ])

  return { to, subject, text, html, ...(footer ? { headers: unsubscribeHeaders(footer) } : {}) }
}
