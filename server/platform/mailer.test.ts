import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { captureLog } from './log.ts'
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp.ts'
import { createMailer, type Mail } from './mailer.ts'

let smtp: TestSmtpServer

beforeAll(async () => {
  smtp = await startTestSmtpServer()
})

afterAll(async () => {
  await smtp?.close()
})

describe('mailer', () => {
  it('delivers over SMTP from MAIL_FROM, with attachments', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'Certification Lab <lab@portal.test>',
      mailbox: async () => {
        throw new Error('no development mailbox with SMTP')
      },
    })
    expect(mailer.mode).toBe('smtp')
    await mailer.send({
      to: 'priya.sharma@nokia.com',
      subject: 'Your certificate',
      text: 'Beacon 6 is certified.',
      attachments: [
        { filename: 'certificate.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.7') },
      ],
    })
    const mail = smtp.received.at(-1)
    expect(mail?.from).toBe('lab@portal.test')
    expect(mail?.to).toEqual(['priya.sharma@nokia.com'])
    expect(mail?.data).toContain('Subject: Your certificate')
    expect(mail?.data).toContain('certificate.pdf')
  })

  it('without SMTP_URL keeps the mail in the development mailbox and logs no body', async () => {
    const mailbox: Mail[] = []
    const lines: string[] = []
    const mailer = createMailer({
      mailbox: async (mail) => {
        mailbox.push(mail)
      },
      log: (line) => lines.push(line),
      mailboxUrl: 'http://localhost:7700/dev/mailbox',
    })
    expect(mailer.mode).toBe('mailbox')
    await mailer.send({ to: 'anna@zyxel.com', subject: 'Your 6-digit code', text: 'Your code is 482913.' })
    expect(mailbox).toHaveLength(1)
    expect(lines.join('\n')).not.toContain('482913')
    expect(lines.join('\n')).toContain('http://localhost:7700/dev/mailbox')
  })

  it("writes its line to the server's log as JSON: recipient and subject as fields, no body", async () => {
    const capture = captureLog()
    try {
      const mailer = createMailer({
        mailbox: async () => {},
        mailboxUrl: 'http://localhost:7700/dev/mailbox',
      })
      await mailer.send({ to: 'anna@zyxel.com', subject: 'Your 6-digit code', text: 'Your code is 482913.' })
      const quiet = createMailer({ mailbox: async () => {} })
      await quiet.send({ to: 'anna@zyxel.com', subject: 'Your 6-digit code', text: 'Your code is 482913.' })
      expect(capture.text()).not.toContain('482913')
      expect(capture.entries()).toMatchObject([
        {
          level: 30,
          to: 'anna@zyxel.com',
          subject: 'Your 6-digit code',
          mailbox: 'http://localhost:7700/dev/mailbox',
        },
        { level: 30, to: 'anna@zyxel.com', msg: expect.stringContaining('mail_outbox') },
      ])
    } finally {
      capture.restore()
    }
  })

  // A recipient is one bare address; a list or a display name never reaches SMTP.
  it.each([
    'a@x.example, b@x.example, c@x.example, d@x.example',
    '"Your account is locked, call +1 555 0100" <e@x.example>',
    '',
    'not-an-address',
    'é@x.example',
  ])('refuses the recipient %j in both modes, and nothing is sent', async (to) => {
    const before = smtp.received.length
    const smtpMailer = createMailer({ smtpUrl: smtp.url, mailbox: async () => {} })
    await expect(smtpMailer.send({ to, subject: 'Code', text: 'x' })).rejects.toThrow(
      'A mail goes to one bare e-mail address; this recipient is not one.',
    )
    const kept: Mail[] = []
    const mailboxMailer = createMailer({ mailbox: async (mail) => void kept.push(mail), log: () => {} })
    await expect(mailboxMailer.send({ to, subject: 'Code', text: 'x' })).rejects.toThrow(
      'A mail goes to one bare e-mail address; this recipient is not one.',
    )
    expect([smtp.received.length - before, kept.length]).toEqual([0, 0])
  })

  it('sends to the address alone: no display name in To', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, mailbox: async () => {} })
    await mailer.send({ to: 'o.brien+certs@acme.example', subject: 'Code', text: 'x' })
    const mail = smtp.received.at(-1)
    expect(mail?.to).toEqual(['o.brien+certs@acme.example'])
    expect(mail?.data).toMatch(/^To: o\.brien\+certs@acme\.example\r?$/m)
  })
})
