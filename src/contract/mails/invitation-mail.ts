import { escapeHtml } from '@/contract/escape-html'
import { mailHtml, mailLink, mailNote, mailParagraph } from '@/contract/mails/mail-html'
import { ROLE_DESCRIPTIONS, type Role } from '@/contract/roles'

/*
 * Issue 18: the invitation mail, built in one pure place so that the server sends it and
 * Storybook shows it (stories/team/invitation-mail.stories.tsx) from the same words. The text
 * part is what the server always sent (server/main/team.test.ts reads it); the HTML part says
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
}

export type InvitationMail = { to: string; subject: string; text: string; html: string }

const article = (role: Role) => (role === 'Viewer' ? 'a' : 'an')

export function invitationMail({
  to,
  organizationName,
  inviter,
  role,
  link,
  expiresAt,
}: InvitationMailInput): InvitationMail {
  const until = `${expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`
  const subject = `Invitation to join ${organizationName}`
  const invites = `${inviter} invites you to join ${organizationName} on the Device Certification Portal as ${article(role)} ${role}.`
  const roleLine = `${role}: ${ROLE_DESCRIPTIONS[role]}`
  const register =
    'If you have no account yet, you register there with this address; if you have one, you sign in and accept.'
  const once = `The link works once, until ${until}.`
  const ignore = 'If you did not expect this invitation, you can ignore this mail.'

  const text = [
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
  ].join('\n')

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
  ])

  return { to, subject, text, html }
}
