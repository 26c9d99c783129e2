import { escapeHtml } from '@/contract/escape-html'

/*
 * The HTML part every mail of the portal shares: a plain, inline-styled page with no images and
 * nothing fetched from elsewhere. The mails (invitation, lab set-password) give their subject and
 * their paragraphs, already escaped where they hold text from outside.
 */

/** One paragraph; `style` adds to the default spacing. */
export const mailParagraph = (content: string, style = '') =>
  `<p style="margin:0 0 16px;${style}">${content}</p>`

/** A link as its own paragraph, its address shown and wrapping anywhere. */
export const mailLink = (link: string) =>
  mailParagraph(
    `<a href="${escapeHtml(link)}" style="color:#1d4ed8;text-decoration:underline;word-break:break-all;">${escapeHtml(link)}</a>`,
  )

/** A closing note in a smaller, greyer type. */
export const mailNote = (text: string) =>
  mailParagraph(escapeHtml(text), 'margin:0;color:#52525b;font-size:14px;')

export function mailHtml(subject: string, paragraphs: readonly string[]) {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title>`,
    '</head>',
    '<body style="margin:0;padding:24px 16px;background:#f4f4f5;color:#18181b;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;">',
    '<main style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border:1px solid #d4d4d8;border-radius:8px;">',
    ...paragraphs,
    '</main>',
    '</body>',
    '</html>',
  ].join('\n')
}
