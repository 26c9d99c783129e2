import { escapeHtml } from '@/contract/escape-html'
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
  const paragraph = (content: string, style = '') => `<p style="margin:0 0 16px;${style}">${content}</p>`
  const html = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(subject)}</title>`,
    '</head>',
    '<body style="margin:0;padding:24px 16px;background:#f4f4f5;color:#18181b;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;">',
    '<main style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border:1px solid #d4d4d8;border-radius:8px;">',
    paragraph('Hello,'),
    paragraph(
      `${e(inviter)} invites you to join <strong>${e(organizationName)}</strong> on the Device Certification Portal as ${article(role)} ${e(role)}.`,
    ),
    paragraph(`<strong>${e(role)}:</strong> ${e(ROLE_DESCRIPTIONS[role])}`),
    paragraph('To accept, open this link:'),
    paragraph(
      `<a href="${e(link)}" style="color:#1d4ed8;text-decoration:underline;word-break:break-all;">${e(link)}</a>`,
    ),
    paragraph(e(register)),
    paragraph(e(once)),
    paragraph(e(ignore), 'margin:0;color:#52525b;font-size:14px;'),
    '</main>',
    '</body>',
    '</html>',
  ].join('\n')

  return { to, subject, text, html }
}
