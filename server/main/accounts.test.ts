import { sql } from 'kysely'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authDataSchema } from '@/contract/auth'
import { PASSWORD_RULES_MESSAGE } from '@/contract/messages'
import {
  ACCOUNT_EXISTS_MESSAGE,
  INVALID_CODE_MESSAGE,
  INVALID_LOGIN_MESSAGE,
  LOGGED_OUT_MESSAGE,
  NOT_SIGNED_IN_MESSAGE,
  PASSWORD_RESET_MESSAGE,
  PASSWORD_SAVED_MESSAGE,
  registrationSuccessMessage,
  SESSION_RENEWED_MESSAGE,
  TOO_MANY_ATTEMPTS_MESSAGE,
  UNKNOWN_ACCOUNT_MESSAGE,
} from '@/contract/server-messages'
import type { TestDatabase } from '../db/test-database.ts'
import {
  newBrowser as newTestBrowser,
  startTestPortal,
  type Browser,
  type TestPortal,
} from '../test/portal.ts'
import { RESET_CODES_PER_WINDOW } from './routes/accounts.ts'
import { readOutbox } from './routes/dev-mailbox.ts'
import { SESSION_COOKIE, SESSION_IDLE_MS, tokenDigest } from './security/session-token.ts'

/*
 * Accounts and sessions over real HTTP: the portal on free ports (server/test/portal.ts), one
 * test database for the file (no address data: the reference-data tests seed it), the outbox as the mailbox.
 */

const DEMO = { email: 'demo.tester@example.com', password: 'Test#Demo2025' }
const NEW_PASSWORD = 'Fresh#Pass2026'

let test: TestPortal
let database: TestDatabase
let base = ''
let logged: string[] = []

beforeAll(async () => {
  test = await startTestPortal({ seeds: { addresses: false, demoAccount: DEMO } })
  database = test.database
  base = test.portal.mainUrl
  logged = test.logged
}, 60_000)

afterAll(async () => {
  await test?.close()
})

const newBrowser = () => newTestBrowser(test.portal)

/** The code in the newest mail to `to`. */
async function codeMailedTo(to: string) {
  const mail = (await readOutbox(database.db)).find((item) => item.to === to)
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`No code mailed to ${to}`)
  return code
}

const registration = (emailId: string, overrides: Record<string, string> = {}) => ({
  firstName: 'Asha',
  lastName: 'Rao',
  emailId,
  reEnteredEmailId: emailId,
  organization: 'Rao Networks',
  lob: 'Wireline,Wireless',
  phoneNumber: '98450 12345',
  countryCode: '+91',
  country: 'India',
  state: 'Karnataka',
  city: 'Bengaluru',
  ...overrides,
})

async function register(browser: Browser, emailId: string) {
  const response = await browser.call('/api/registration/create', { body: registration(emailId) })
  expect(response.status).toBe(200)
  return (await response.json()) as { status: string; message: string; id: string; emailId: string }
}

const rowCount = async (table: 'vendor_accounts' | 'one_time_codes' | 'sessions') =>
  (
    await database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('rows'))
      .executeTakeFirstOrThrow()
  ).rows

describe('the Token bootstrap and the CSRF guard', () => {
  it('answers SUCCESS with a Token header and an HttpOnly, SameSite=Lax session cookie', async () => {
    const response = await fetch(`${base}/api/token`)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('SUCCESS')
    expect(response.headers.get('Token')).toMatch(/^[\w-]{43,}$/)
    const cookie = response.headers.getSetCookie().join('\n')
    expect(cookie).toContain(`${SESSION_COOKIE}=`)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).toMatch(/Path=\//)
    expect(cookie).not.toMatch(/Secure/i)
  })

  it('stores only digests of the session token and the Token', async () => {
    const browser = await newBrowser()
    const token = browser.cookie.split('=')[1] ?? ''
    const row = await database.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', tokenDigest(token))
      .executeTakeFirstOrThrow()
    expect(row.account_id).toBeNull()
    expect(row.csrf_token_hash).toBe(tokenDigest(browser.token))
  })

  it('refuses a POST without the Token, or with another one, with 403', async () => {
    const browser = await newBrowser()
    const without = await browser.call('/api/login', { body: DEMO, token: false })
    expect(without.status).toBe(403)
    expect(await without.json()).toHaveProperty('message')
    browser.token = 'not-the-token'
    expect((await browser.attemptLogin(DEMO.email, DEMO.password)).status).toBe(403)
  })
})

describe('login', () => {
  it('answers the auth data of the account, and the session becomes the vendor’s', async () => {
    const browser = await newBrowser()
    const before = browser.cookie
    const response = await browser.attemptLogin('Demo.Tester@Example.com', DEMO.password)
    expect(response.status).toBe(200)
    const auth = v.parse(authDataSchema, await response.json())
    const account = await database.db
      .selectFrom('vendor_accounts')
      .selectAll()
      .where('email_key', '=', DEMO.email)
      .executeTakeFirstOrThrow()
    expect(auth).toEqual({
      name: `${account.first_name} ${account.last_name}`,
      emailId: account.email,
      phoneNumber: account.phone_number,
      vendorUserId: account.id,
      message: 'Login is successful',
      // The seeded demo vendor has submitted records and no pending draft.
      isPortfolioManagerPreviousReqSaved: 'NO',
      isPortfolioManagerSavedOrSubmittedDataExists: 'YES',
      isPortfolioManagerSubmittedDataExists: 'YES',
    })
    // A new session token, the same Token.
    expect(browser.cookie).not.toBe(before)
    const keepAlive = await browser.call('/api/session/keep-alive')
    expect(keepAlive.status).toBe(200)
    expect(await keepAlive.json()).toEqual({ message: SESSION_RENEWED_MESSAGE })
  })

  it('answers 401 with the same message for a wrong password and an unknown e-mail', async () => {
    const browser = await newBrowser()
    const wrong = await browser.attemptLogin(DEMO.email, 'Wrong#Pass1')
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toEqual({ message: INVALID_LOGIN_MESSAGE })
    const unknown = await browser.attemptLogin('nobody@example.com', 'Wrong#Pass1')
    expect(unknown.status).toBe(401)
    expect(await unknown.json()).toEqual({ message: INVALID_LOGIN_MESSAGE })
  })

  it('answers 429 after 5 failures for one account, even with the right password', async () => {
    const browser = await newBrowser()
    const { emailId } = await register(browser, 'limited@example.com')
    const code = await codeMailedTo(emailId)
    const id = await accountId(emailId)
    await browser.call('/api/registration/change-password', {
      body: { otp: code, emailId, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, id },
    })
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await browser.attemptLogin(emailId, 'Wrong#Pass1')).status).toBe(401)
    }
    const limited = await browser.attemptLogin(emailId, NEW_PASSWORD)
    expect(limited.status).toBe(429)
    expect(await limited.json()).toEqual({ message: TOO_MANY_ATTEMPTS_MESSAGE })
  })
})

async function accountId(email: string) {
  const row = await database.db
    .selectFrom('vendor_accounts')
    .select('id')
    .where('email_key', '=', email.toLowerCase())
    .executeTakeFirstOrThrow()
  return row.id
}

describe('registration and the Create Password dialog', () => {
  it('registers, mails a code (never logged), sets the password with it, and logs in', async () => {
    const browser = await newBrowser()
    const answer = await register(browser, 'asha.rao@example.com')
    expect(answer).toEqual({
      status: 'SUCCESS',
      message: registrationSuccessMessage('asha.rao@example.com'),
      id: await accountId('asha.rao@example.com'),
      emailId: 'asha.rao@example.com',
    })
    const code = await codeMailedTo('asha.rao@example.com')
    expect(logged.join('\n')).not.toContain(code)
    expect((await browser.attemptLogin('asha.rao@example.com', NEW_PASSWORD)).status).toBe(401)

    const saved = await browser.call('/api/registration/change-password', {
      body: {
        otp: code,
        emailId: answer.emailId,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
        id: answer.id,
      },
    })
    expect(saved.status).toBe(200)
    expect(await saved.text()).toBe(PASSWORD_SAVED_MESSAGE)
    const login = await browser.attemptLogin('asha.rao@example.com', NEW_PASSWORD)
    expect(login.status).toBe(200)
    expect(v.parse(authDataSchema, await login.json())).toMatchObject({
      name: 'Asha Rao',
      phoneNumber: '98450 12345',
      isPortfolioManagerPreviousReqSaved: 'NO',
      isPortfolioManagerSavedOrSubmittedDataExists: 'NO',
      isPortfolioManagerSubmittedDataExists: 'NO',
    })

    // The code works once.
    const again = await browser.call('/api/registration/change-password', {
      body: {
        otp: code,
        emailId: answer.emailId,
        password: 'Other#Pass2026',
        confirmPassword: 'Other#Pass2026',
        id: answer.id,
      },
    })
    expect(again.status).toBe(400)
    expect(await again.text()).toBe(INVALID_CODE_MESSAGE)
  })

  it('answers FAILURE for an e-mail that has an account, whatever its case', async () => {
    const browser = await newBrowser()
    const response = await browser.call('/api/registration/create', {
      body: registration('DEMO.tester@example.com'),
    })
    expect(await response.json()).toEqual({ status: 'FAILURE', message: ACCOUNT_EXISTS_MESSAGE })
  })

  it('applies the registration rules with their messages', async () => {
    const browser = await newBrowser()
    const response = await browser.call('/api/registration/create', {
      body: registration('rules@example.com', { reEnteredEmailId: 'other@example.com' }),
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      status: 'FAILURE',
      message: 'Re-enter email: Must exactly match the Email field.',
      field: 'reEnteredEmailId',
    })
  })

  it('refuses a wrong code with 400 text, and a weak password with the rule', async () => {
    const browser = await newBrowser()
    const answer = await register(browser, 'wrong.code@example.com')
    const code = await codeMailedTo(answer.emailId)
    const wrong = code === '000000' ? '111111' : '000000'
    const response = await browser.call('/api/registration/change-password', {
      body: {
        otp: wrong,
        emailId: answer.emailId,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
        id: answer.id,
      },
    })
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toContain('text/plain')
    expect(await response.text()).toBe(INVALID_CODE_MESSAGE)

    const weak = await browser.call('/api/registration/change-password', {
      body: { otp: code, emailId: answer.emailId, password: 'weak', confirmPassword: 'weak', id: answer.id },
    })
    expect(weak.status).toBe(400)
    expect(await weak.text()).toBe(PASSWORD_RULES_MESSAGE)
  })

  it('refuses an expired code', async () => {
    const browser = await newBrowser()
    const answer = await register(browser, 'expired@example.com')
    const code = await codeMailedTo(answer.emailId)
    await database.db
      .updateTable('one_time_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('account_id', '=', answer.id)
      .execute()
    const response = await browser.call('/api/registration/change-password', {
      body: {
        otp: code,
        emailId: answer.emailId,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
        id: answer.id,
      },
    })
    expect(response.status).toBe(400)
    expect(await response.text()).toBe(INVALID_CODE_MESSAGE)
  })

  it('refuses the right code after 5 wrong tries', async () => {
    const browser = await newBrowser()
    const answer = await register(browser, 'five.tries@example.com')
    const code = await codeMailedTo(answer.emailId)
    const wrong = code === '000000' ? '111111' : '000000'
    const attempt = (otp: string) =>
      browser.call('/api/registration/change-password', {
        body: {
          otp,
          emailId: answer.emailId,
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
          id: answer.id,
        },
      })
    for (let i = 0; i < 5; i += 1) expect((await attempt(wrong)).status).toBe(400)
    const right = await attempt(code)
    expect(right.status).toBe(400)
    expect(await right.text()).toBe(INVALID_CODE_MESSAGE)
  })
})

describe('forgot and reset password', () => {
  it('mails a code, resets the password with it, and the new password logs in', async () => {
    const browser = await newBrowser()
    const forgot = await browser.call('/api/registration/forget-password', { body: { emailId: DEMO.email } })
    expect(forgot.status).toBe(200)
    const answer = (await forgot.json()) as { status: string; message: string; id: string }
    expect(answer).toMatchObject({
      status: 'SUCCESS',
      message: `We have sent a 6-digit code to ${DEMO.email}.`,
    })
    const code = await codeMailedTo(DEMO.email)

    const mismatch = await browser.call('/api/registration/reset-password', {
      body: { otp: code, password: NEW_PASSWORD, confirmPassword: 'Other#Pass2026', id: answer.id },
    })
    expect(await mismatch.json()).toEqual({ status: 'FAILURE', message: 'Passwords do not match.' })

    const reset = await browser.call('/api/registration/reset-password', {
      body: { otp: code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, id: answer.id },
    })
    expect(await reset.json()).toEqual({ status: 'SUCCESS', message: PASSWORD_RESET_MESSAGE })
    expect((await browser.attemptLogin(DEMO.email, DEMO.password)).status).toBe(401)
    expect((await browser.attemptLogin(DEMO.email, NEW_PASSWORD)).status).toBe(200)

    const reused = await browser.call('/api/registration/reset-password', {
      body: { otp: code, password: DEMO.password, confirmPassword: DEMO.password, id: answer.id },
    })
    expect(await reused.json()).toEqual({ status: 'FAILURE', message: INVALID_CODE_MESSAGE })
  })

  it('answers FAILURE for an e-mail without an account', async () => {
    const browser = await newBrowser()
    const response = await browser.call('/api/registration/forget-password', {
      body: { emailId: 'nobody@example.com' },
    })
    expect(await response.json()).toEqual({ status: 'FAILURE', message: UNKNOWN_ACCOUNT_MESSAGE })
  })

  it(`mails at most ${RESET_CODES_PER_WINDOW} codes to one account within ten minutes`, async () => {
    const browser = await newBrowser()
    const email = 'flooded@example.com'
    await register(browser, email)
    const forgot = () => browser.call('/api/registration/forget-password', { body: { emailId: email } })
    for (let index = 0; index < RESET_CODES_PER_WINDOW; index += 1) expect((await forgot()).status).toBe(200)
    const mails = (await readOutbox(database.db)).filter((mail) => mail.to === email).length
    const refused = await forgot()
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({ status: 'FAILURE', message: TOO_MANY_ATTEMPTS_MESSAGE })
    expect((await readOutbox(database.db)).filter((mail) => mail.to === email)).toHaveLength(mails)
  })
})

describe('sessions', () => {
  async function loggedIn(email: string) {
    const browser = await newBrowser()
    await register(browser, email)
    const id = await accountId(email)
    await browser.call('/api/registration/change-password', {
      body: {
        otp: await codeMailedTo(email),
        emailId: email,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
        id,
      },
    })
    expect((await browser.attemptLogin(email, NEW_PASSWORD)).status).toBe(200)
    return browser
  }

  it('ends on logout: keep-alive then answers 401', async () => {
    const browser = await loggedIn('logout@example.com')
    const logout = await browser.call('/api/logout')
    expect(await logout.json()).toEqual({ message: LOGGED_OUT_MESSAGE })
    const keepAlive = await browser.call('/api/session/keep-alive')
    expect(keepAlive.status).toBe(401)
    expect(await keepAlive.json()).toEqual({ message: NOT_SIGNED_IN_MESSAGE })
    const sessions = await database.db
      .selectFrom('sessions')
      .select('id')
      .where('account_id', '=', await accountId('logout@example.com'))
      .execute()
    expect(sessions).toEqual([])
  })

  it('is over after 300 s without activity', async () => {
    const browser = await loggedIn('idle@example.com')
    const id = await accountId('idle@example.com')
    await database.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - SESSION_IDLE_MS - 1000) })
      .where('account_id', '=', id)
      .execute()
    const keepAlive = await browser.call('/api/session/keep-alive')
    expect(keepAlive.status).toBe(401)
    expect(await keepAlive.json()).toEqual({ message: NOT_SIGNED_IN_MESSAGE })
    expect(
      await database.db.selectFrom('sessions').select('id').where('account_id', '=', id).execute(),
    ).toEqual([])
  })

  it('records activity at most every 15 s', async () => {
    const browser = await loggedIn('activity@example.com')
    const id = await accountId('activity@example.com')
    const lastSeen = async () =>
      (
        await database.db
          .selectFrom('sessions')
          .select('last_seen_at')
          .where('account_id', '=', id)
          .executeTakeFirstOrThrow()
      ).last_seen_at.getTime()
    const first = await lastSeen()
    await browser.call('/api/nothing-here', { method: 'GET' })
    expect(await lastSeen()).toBe(first)
    await database.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(first - 20_000) })
      .where('account_id', '=', id)
      .execute()
    await browser.call('/api/nothing-here', { method: 'GET' })
    expect(await lastSeen()).toBeGreaterThan(first - 20_000)
  })
})

describe('bad input', () => {
  const CONTROL = 'must not contain control characters or invisible formatting characters.'

  it.each([
    [
      'malformed JSON',
      '{"firstName": "Asha",',
      400,
      { status: 'FAILURE', message: 'The request body must be valid JSON.', field: 'body' },
    ],
    [
      'not an object',
      '["Asha"]',
      400,
      { status: 'FAILURE', message: 'The request body must be a JSON object.', field: 'body' },
    ],
    [
      'wrong types',
      JSON.stringify({ ...registration('types@example.com'), firstName: 42 }),
      400,
      { status: 'FAILURE', message: 'First name must be text.', field: 'firstName' },
    ],
    [
      'a missing field',
      JSON.stringify({ ...registration('missing@example.com'), city: undefined }),
      400,
      { status: 'FAILURE', message: 'City is required.', field: 'city' },
    ],
    [
      'a field over its length',
      JSON.stringify({ ...registration('long@example.com'), organization: 'x'.repeat(51) }),
      400,
      { status: 'FAILURE', message: 'Organization must be at most 50 characters.', field: 'organization' },
    ],
    [
      'a NUL character',
      JSON.stringify({ ...registration('nul@example.com'), lastName: 'Te\u0000ster' }),
      400,
      { status: 'FAILURE', message: `Last name ${CONTROL}`, field: 'lastName' },
    ],
    [
      'a body over 100 KB',
      JSON.stringify({ ...registration('huge@example.com'), city: 'x'.repeat(120_000) }),
      413,
      { message: 'The request body must be at most 100 KB.', field: 'body' },
    ],
  ])('%s: refused with the field and the rule, nothing written', async (_case, raw, status, body) => {
    const browser = await newBrowser()
    const before = { accounts: await rowCount('vendor_accounts'), codes: await rowCount('one_time_codes') }
    const response = await browser.call('/api/registration/create', { raw })
    expect(response.status).toBe(status)
    expect(await response.json()).toEqual(body)
    expect({ accounts: await rowCount('vendor_accounts'), codes: await rowCount('one_time_codes') }).toEqual(
      before,
    )
  })

  it('refuses NUL and other control characters in the login with 400 naming the field', async () => {
    const browser = await newBrowser()
    for (const [body, expected] of [
      [
        { emailId: 'a\u0000b@example.com', password: 'x' },
        { message: `Email ${CONTROL}`, field: 'emailId' },
      ],
      [
        { emailId: 'demo.tester@example.com', password: 'pass\u0000word' },
        { message: 'Password must not contain the NUL character.', field: 'password' },
      ],
      [
        { emailId: 7, password: 'x' },
        { message: 'Email must be text.', field: 'emailId' },
      ],
      [{ password: 'x' }, { message: 'Email is required.', field: 'emailId' }],
    ] as const) {
      const response = await browser.call('/api/login', { body })
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(await response.json()).toEqual(expected)
    }
  })

  it('answers a refused change-password as text with the field in X-Field (spec §7)', async () => {
    const browser = await newBrowser()
    const response = await browser.call('/api/registration/change-password', {
      body: { otp: '123456', emailId: 'x@example.com', password: 'a', confirmPassword: 'a' },
    })
    expect(response.status).toBe(400)
    expect(response.headers.get('X-Field')).toBe('id')
    expect(await response.text()).toBe('Request id is required.')
  })

  it('refuses a body not sent as JSON with 415, and reads application/json; charset=utf-8', async () => {
    const browser = await newBrowser()
    const body = JSON.stringify({ emailId: 'nobody@example.com', password: 'Wrong#Pass1' })
    for (const contentType of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/json; charset=latin1',
    ]) {
      const response = await browser.call('/api/login', {
        raw: body,
        headers: { 'Content-Type': contentType },
      })
      expect(response.status, contentType).toBe(415)
      expect(await response.json()).toEqual({
        message: 'The request body must be sent as JSON (Content-Type: application/json).',
        field: 'body',
      })
    }
    const utf8 = await browser.call('/api/login', {
      raw: body,
      headers: { 'Content-Type': 'application/json; charset=UTF-8' },
    })
    expect(utf8.status).toBe(401)
  })

  it('stores SQL-looking and script-like text verbatim', async () => {
    const browser = await newBrowser()
    const state = "Karnataka'); DROP TABLE vendor_accounts; --"
    const city = '<script>alert("x")</script>'
    const response = await browser.call('/api/registration/create', {
      body: registration('verbatim@example.com', { state, city }),
    })
    expect(response.status).toBe(200)
    const row = await database.db
      .selectFrom('vendor_accounts')
      .select(['state', 'city'])
      .where('email_key', '=', 'verbatim@example.com')
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ state, city })
    expect(await sql`select 1 from vendor_accounts limit 1`.execute(database.db)).toBeTruthy()
  })
})
