import { Hono } from 'hono'
import { html } from 'hono/html'
import type { Kysely } from 'kysely'
import type { Database } from '../platform/db/schema.ts'
import { isPlainId } from '../http/plain-id.ts'
import { attachmentDisposition } from '../http/file-names.ts'
import type { Mail } from '../platform/mailer.ts'
import { remoteAddress, type MainEnv } from '../http/context.ts'

/*
 * The development mailbox (ARCHITECTURE.md "Mail"): without SMTP_URL every mail is kept in
 * mail_outbox, and /dev/mailbox shows it, newest first, so that a vendor can register without a
 * mail server. It holds codes that open accounts, so it is mounted only in mailbox mode, only when
 * the server listens on loopback or DEV_MAILBOX=1 (server/platform/development.ts, docs/decisions/0017), and
 * answers only callers on this machine (loopback). A mail id or attachment number that cannot name
 * a stored one (a NUL, a control character, past 64 characters) is a 404 without a query.
 */

export const MAILBOX_PATH = '/dev/mailbox'
export const NO_ATTACHMENT_MESSAGE = 'No such attachment.'
/** The answer at /dev/mailbox when it is not served. */
export const MAILBOX_OFF_MESSAGE =
  'The development mailbox is off: mail is sent over SMTP_URL, or the server listens beyond this machine (DEV_MAILBOX=1 turns it on).'
const MAILBOX_SIZE = 100

/** The mailer's mailbox: stores a mail in mail_outbox. */
export function writeToDevMailbox(db: Kysely<Database>) {
  return async (mail: Mail) => {
    await db
      .insertInto('mail_outbox')
      .values({
        to_address: mail.to,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html ?? null,
        attachments: mail.attachments
          ? JSON.stringify(
              mail.attachments.map((attachment) => ({
                filename: attachment.filename,
                contentType: attachment.contentType,
                content: attachment.content.toString('base64'),
              })),
            )
          : null,
        headers: mail.headers ? JSON.stringify(mail.headers) : null,
      })
      .execute()
  }
}

export type DevMailboxMail = {
  id: string
  to: string
  subject: string
  text: string
  /** Each with the mailbox address that downloads it. */
  attachments: Array<{ filename: string; contentType: string; url: string }>
  /** Extra headers the mail carries (List-Unsubscribe); absent when none. */
  headers?: Record<string, string>
  createdAt: string
}

/** The newest mails first. */
export async function readDevMailbox(db: Kysely<Database>, limit = MAILBOX_SIZE): Promise<DevMailboxMail[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['id', 'to_address', 'subject', 'text_body', 'attachments', 'headers', 'created_at'])
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute()
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    attachments: (row.attachments ?? []).map(({ filename, contentType }, index) => ({
      filename,
      contentType,
      url: attachmentPath(row.id, index),
    })),
    ...(row.headers ? { headers: JSON.parse(row.headers) as Record<string, string> } : {}),
    createdAt: row.created_at.toISOString(),
  }))
}

const attachmentPath = (mailId: string, index: number) =>
  `${MAILBOX_PATH}/${encodeURIComponent(mailId)}/attachments/${index}`

const isLoopback = (address: string) =>
  address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1' || address === 'unknown'

export const devMailboxRoutes = new Hono<MainEnv>()

devMailboxRoutes.use('/dev/*', async (c, next) => {
  if (!isLoopback(remoteAddress(c))) return c.text('Not found', 404)
  c.header('Cache-Control', 'no-store')
  await next()
})

devMailboxRoutes.get(`${MAILBOX_PATH}.json`, async (c) => c.json(await readDevMailbox(c.var.services.db)))

devMailboxRoutes.get(`${MAILBOX_PATH}/:mailId/attachments/:index`, async (c) => {
  const mailId = c.req.param('mailId')
  const index = c.req.param('index')
  if (!isPlainId(mailId) || !/^\d{1,4}$/.test(index)) return c.json({ message: NO_ATTACHMENT_MESSAGE }, 404)
  const row = await c.var.services.db
    .selectFrom('mail_outbox')
    .select('attachments')
    .where('id', '=', mailId)
    .executeTakeFirst()
  const attachment = row?.attachments?.[Number(index)]
  if (!attachment) return c.json({ message: NO_ATTACHMENT_MESSAGE }, 404)
  return c.body(Buffer.from(attachment.content, 'base64'), 200, {
    'Content-Type': attachment.contentType,
    'Content-Disposition': attachmentDisposition(attachment.filename),
  })
})

devMailboxRoutes.get(MAILBOX_PATH, async (c) => {
  const mails = await readDevMailbox(c.var.services.db)
  // hono/html escapes every interpolated value (fragments made by html`` are kept as they are).
  const items = mails.map(
    (mail) =>
      html`<article>
        <h2>${mail.subject}</h2>
        <p class="meta">
          To ${mail.to} ·
          ${mail.createdAt}${
            mail.attachments.length
              ? html` · attachments:
                ${mail.attachments.map(
                  (attachment) => html`<a href="${attachment.url}" download>${attachment.filename}</a> `,
                )}`
              : ''
          }
        </p>
        <pre>${mail.text}</pre>
      </article>`,
  )
  return c.html(
    html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>Development mailbox</title>
          <style>
            body {
              font-family: system-ui, sans-serif;
              margin: 2rem auto;
              max-width: 48rem;
              padding: 0 1rem;
            }
            article {
              border: 1px solid #ccc;
              border-radius: 6px;
              margin: 1rem 0;
              padding: 0.5rem 1rem;
            }
            h2 {
              font-size: 1.1rem;
              margin: 0.5rem 0;
            }
            .meta {
              color: #555;
              font-size: 0.9rem;
              margin: 0;
            }
            pre {
              white-space: pre-wrap;
              font-size: 0.95rem;
            }
          </style>
        </head>
        <body>
          <h1>Development mailbox</h1>
          <p>Mail the portal would have sent, newest first. Set SMTP_URL to send real mail instead.</p>
          ${mails.length === 0 ? html`<p>No mail yet.</p>` : items}
        </body>
      </html>`,
  )
})
