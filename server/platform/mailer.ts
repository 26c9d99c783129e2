import nodemailer from 'nodemailer'
import { isEmailAddress } from '@/contract/validation/fields'
import { log as serverLog } from './log.ts'

/*
 * Mail (ARCHITECTURE.md "Mail"): nodemailer over SMTP_URL when it is set, sent from MAIL_FROM;
 * otherwise every mail goes to the development mailbox, a table in the database readable at its
 * page, so a new vendor can register without a mail server. The console says that a mail was
 * written and where to read it — never its body, which holds codes. That line goes to the
 * server's log (server/platform/log.ts): one JSON line with the recipient and the subject as fields.
 */

export type MailAttachment = { filename: string; contentType: string; content: Buffer }

export type Mail = {
  /** One bare address (isEmailAddress): never a list or a display name. */
  to: string
  subject: string
  text: string
  html?: string
  attachments?: MailAttachment[]
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>
}

export type Mailer = {
  /** 'smtp' when mail leaves the machine, 'mailbox' when it stays in the development mailbox. */
  readonly mode: 'smtp' | 'mailbox'
  send(mail: Mail): Promise<void>
}

/** Why the mailer refused a recipient: a caller let through what the contract's e-mail rule refuses. */
export const NOT_ONE_RECIPIENT_MESSAGE = 'A mail goes to one bare e-mail address; this recipient is not one.'

/**
 * Every call that takes an address checks it first (a refusal naming the field); this is
 * the last guard, so that no text from a request reaches a mail header as a list or a display name.
 */
function assertOneRecipient(to: string) {
  if (!isEmailAddress(to)) throw new Error(NOT_ONE_RECIPIENT_MESSAGE)
}

export const DEFAULT_MAIL_FROM = 'Device Certification Portal <no-reply@localhost>'

export function createMailer({
  smtpUrl,
  from = DEFAULT_MAIL_FROM,
  mailbox,
  log = (message, fields) => serverLog.info(fields, message),
  mailboxUrl,
}: {
  smtpUrl?: string | undefined
  from?: string | undefined
  /** Stores a mail in the development mailbox. */
  mailbox: (mail: Mail) => Promise<void>
  /** Where the "mail written" line goes (default: the server's log); never given the mail's body. */
  log?: (message: string, fields: { to: string; subject: string; mailbox?: string }) => void
  /** Where the development mailbox can be read, for the log line; absent when it is not served. */
  mailboxUrl?: string
}): Mailer {
  if (!smtpUrl) {
    return {
      mode: 'mailbox',
      async send(mail) {
        assertOneRecipient(mail.to)
        await mailbox(mail)
        log(
          mailboxUrl
            ? `Mail to ${mail.to}: “${mail.subject}” is in the development mailbox (${mailboxUrl}).`
            : `Mail to ${mail.to}: “${mail.subject}” is kept in the development mailbox (table mail_outbox); the development mailbox is off (DEV_MAILBOX=1 serves it).`,
          { to: mail.to, subject: mail.subject, ...(mailboxUrl ? { mailbox: mailboxUrl } : {}) },
        )
      },
    }
  }
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    mode: 'smtp',
    async send(mail) {
      assertOneRecipient(mail.to)
      await transport.sendMail({
        from,
        // An address object: nodemailer takes it as it is, where a string is parsed as a list
        // with display names ("a@x, b@x" was four envelopes).
        to: { name: '', address: mail.to },
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.attachments ? { attachments: mail.attachments } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
      })
      log(`Mail to ${mail.to}: “${mail.subject}” sent over SMTP.`, { to: mail.to, subject: mail.subject })
    },
  }
}
