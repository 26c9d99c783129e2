import { Hono } from 'hono'
import { afterEach, describe, expect, it } from 'vitest'
import { createMailer, type Mailer } from './mailer.ts'
import { handleError, UNEXPECTED_ERROR_MESSAGE } from '../http/errors.ts'
import { readDevMailbox, writeToDevMailbox } from '../apps/dev-mailbox.ts'
import { captureLog, logLevelFromEnv } from './log.ts'
import { newBrowser, startTestPortal } from '../test/portal.ts'

/*
 * The server's log (server/platform/log.ts, docs/decisions/0017): JSON lines, one per event, whatever the
 * request carried; and nothing secret in them.
 */

let capture: ReturnType<typeof captureLog> | undefined
afterEach(() => {
  capture?.restore()
  capture = undefined
})

describe('LOG_LEVEL', () => {
  it('names the level, or falls back to info (warn under the test runner)', () => {
    expect(logLevelFromEnv({ LOG_LEVEL: 'debug' })).toBe('debug')
    expect(logLevelFromEnv({ LOG_LEVEL: ' ERROR ' })).toBe('error')
    expect(logLevelFromEnv({ LOG_LEVEL: 'loud' })).toBe('info')
    expect(logLevelFromEnv({})).toBe('info')
    expect(logLevelFromEnv({ VITEST: 'true' })).toBe('warn')
  })
})

describe('the error handler', () => {
  const failing = new Hono().onError(handleError).all('*', () => {
    throw new Error('the database went away')
  })

  it('writes one JSON line per failure, with a path holding a newline escaped inside it', async () => {
    capture = captureLog()
    const response = await failing.request('http://portal.test/api/x%0aFORGED%0d%0a{"level":30}')
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({ message: UNEXPECTED_ERROR_MESSAGE })
    expect(capture.lines).toHaveLength(1)
    const line = capture.lines[0] ?? ''
    expect(line).not.toMatch(/[\r\n]/)
    expect(line).toContain('\\n')
    const [entry] = capture.entries()
    expect(entry).toMatchObject({
      level: 50,
      msg: 'request failed',
      method: 'GET',
      path: '/api/x\nFORGED\r\n{"level":30}',
      err: { message: 'the database went away' },
    })
    expect(String((entry?.err as { stack?: string }).stack)).toContain('the database went away')
  })
})

describe('what a registration, a login and a failure leave in the log', () => {
  it('holds none of the password, the code, the cookie or the Token', async () => {
    capture = captureLog('trace')
    const database = (await import('./db/test-database.ts')).openTestDatabase
    const db = await database({ seeds: { catalogue: false, addresses: false, demoAccount: false } })
    const mailbox = createMailer({
      mailbox: writeToDevMailbox(db.db),
      mailboxUrl: 'http://127.0.0.1/dev/mailbox',
    })
    // Mail to one address fails (a mail server down): the registration stands, its mail's job logs the failure.
    const mailer: Mailer = {
      mode: 'mailbox',
      async send(mail) {
        if (mail.to.startsWith('down@')) throw new Error(`Mail server refused ${mail.to}`)
        await mailbox.send(mail)
      },
    }
    const test = await startTestPortal({ database: db, mailer })
    try {
      const password = 'Secret#Pass2026'
      const email = 'log.tester@example.com'
      const browser = await newBrowser(test.portal)
      const registration = (emailId: string) => ({
        firstName: 'Log',
        lastName: 'Tester',
        emailId,
        reEnteredEmailId: emailId,
        organization: 'Log Networks',
        lob: 'Wireline',
        phoneNumber: '98450 12345',
        countryCode: '+91',
        country: 'India',
        state: 'Karnataka',
        city: 'Bengaluru',
      })
      const created = await browser.call('/api/registration/create', { body: registration(email) })
      expect(created.status).toBe(200)
      const { id } = (await created.json()) as { id: string }
      const code = (await readDevMailbox(db.db))[0]?.text.match(/\b(\d{6})\b/)?.[1] ?? ''
      expect(code).toMatch(/^\d{6}$/)
      const saved = await browser.call('/api/registration/change-password', {
        body: { otp: code, emailId: email, password, confirmPassword: password, id },
      })
      expect(saved.status).toBe(200)
      await browser.login(email, password)
      expect(browser.cookie).not.toBe('')
      const failed = await browser.call('/api/registration/create', {
        body: registration('down@example.com'),
      })
      expect(failed.status).toBe(200)

      const text = capture.text()
      expect(
        capture
          .entries()
          .some(
            (entry) =>
              entry.msg === 'A job failed; it is tried again.' &&
              entry.error === 'Mail server refused down@example.com',
          ),
      ).toBe(true)
      expect(capture.entries().some((entry) => entry.to === email)).toBe(true)
      for (const secret of [
        password,
        code,
        browser.cookie,
        browser.cookie.split('=')[1] ?? '',
        browser.token,
      ]) {
        expect(secret.length).toBeGreaterThan(0)
        expect(text).not.toContain(secret)
      }
    } finally {
      await test.close()
    }
  }, 60_000)
})
