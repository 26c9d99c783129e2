import { escapeHtml } from '@/contract/escape-html'
import { LAB_ROLE_DESCRIPTIONS, type LabRole } from '@/contract/lab'

/*
 * Issue 19: the mail that lets a new lab staff member (or one who forgot their password) choose a
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
    paragraph(`Hello ${e(name)},`),
    paragraph(e(opening)),
    paragraph(`<strong>${e(role)}:</strong> ${e(LAB_ROLE_DESCRIPTIONS[role])}`),
    paragraph(e(action)),
    paragraph(
      `<a href="${e(link)}" style="color:#1d4ed8;text-decoration:underline;word-break:break-all;">${e(link)}</a>`,
    ),
    paragraph(e(once)),
    paragraph(e(ignore), 'margin:0;color:#52525b;font-size:14px;'),
    '</main>',
    '</body>',
    '</html>',
  ].join('\n')
  return { to, subject, text, html }
}
