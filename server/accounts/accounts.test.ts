import { sql } from 'kysely'
import { Agent, fetch as fetchVia } from 'undici'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { TOKEN_HEADER } from '@/contract/auth'
import { authDataSchema } from '@/contract/auth'
import { PASSWORD_RULES_MESSAGE } from '@/contract/messages'
import {
  codeSentMessage,
  INVALID_CODE_MESSAGE,
  INVALID_LOGIN_MESSAGE,
  LOGGED_OUT_MESSAGE,
  NOT_SIGNED_IN_MESSAGE,
  PASSWORD_RESET_MESSAGE,
  PASSWORD_SAVED_MESSAGE,
  registrationSuccessMessage,
  SESSION_RENEWED_MESSAGE,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from '@/contract/server-messages'
import {
  openSecondProcessDatabase,
  testsUsePostgres,
  type TestDatabase,
} from '../platform/db/test-database.ts'
import {
  newBrowser as newTestBrowser,
  registrationPayload,
  startTestPortal,
  type Browser,
  type TestPortal,
} from '../test/portal.ts'
import { ANSWER_FLOOR_MS } from './answers.ts'
import { seedDemoAccount } from './demo-account.ts'
import { readDevMailbox } from '../apps/dev-mailbox.ts'
import {
  countAttempt,
  limitKey,
  LOGIN_ACCOUNT_POLICY,
  LOGIN_ADDRESS_POLICY,
  LOGIN_PAIR_POLICY,
  MAIL_CLIENT_POLICY,
  MAIL_RECIPIENT_POLICY,
} from '../http/rate-limit.ts'
import { SESSION_COOKIE, SESSION_IDLE_MS, tokenDigest } from '../http/session-token.ts'

/*
 * Accounts and sessions over real HTTP: the portal on free ports (server/test/portal.ts), one
 * test database for the file (no address data: the reference-data tests seed it), the development mailbox as its mail server.
 */

const DEMO = { email: 'demo.tester@example.com', password: 'Test#Demo2025' }
const NEW_PASSWORD = 'Fresh#Pass2026'

let test: TestPortal
let database: TestDatabase
let base = ''
let logged: string[] = []

beforeAll(async () => {
  test = await startTestPortal({ seeds: { addresses: false, demoAccount: DEMO, seedDemoAccount } })
  database = test.database
  base = test.portal.mainUrl
  logged = test.logged
}, 60_000)

afterAll(async () => {
  await test?.close()
  await Promise.all(agents.map((agent) => agent.close()))
})

// Every test starts with no login or mail counted: the whole file calls from 127.0.0.1.
beforeEach(async () => {
  await database.db.deleteFrom('rate_limits').execute()
})

const newBrowser = () => newTestBrowser(test.portal)

const agents: Agent[] = []

/**
 * A browser whose calls come from another loopback address (127.0.0.2 and up reach the portal on
 * 127.0.0.1 from that source address), as a vendor or an attacker elsewhere would call.
 */
async function browserAt(localAddress: string) {
  const agent = new Agent({ localAddress })
  agents.push(agent)
  const browser = await newBrowser()
  const post = async (path: string, body: unknown) => {
    const response = await fetchVia(`${base}${path}`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'Content-Type': 'application/json', Cookie: browser.cookie, [TOKEN_HEADER]: browser.token },
      body: JSON.stringify(body),
    })
    // A login replaces the session's token, as Browser keeps it.
    const renewed = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0] ?? '')
      .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`) && pair !== `${SESSION_COOKIE}=`)
    if (renewed) browser.cookie = renewed
    return response
  }
  return {
    post,
    attemptLogin: (emailId: string, password: string) => post('/api/login', { emailId, password }),
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

/** Mails in the development mailbox to `to`, oldest first. */
const mailsTo = async (to: string) =>
  (await readDevMailbox(database.db, 10_000)).filter((mail) => mail.to === to).reverse()

/** A registered vendor with NEW_PASSWORD, through registration and the Create Password dialog. */
async function vendorWithPassword(email: string) {
  const browser = await newBrowser()
  await register(browser, email)
  const saved = await browser.call('/api/registration/change-password', {
    body: {
      otp: await codeMailedTo(email),
      emailId: email,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      id: await accountId(email),
    },
  })
  expect(saved.status).toBe(200)
  return email
}

/** Whether a 429 answer says the limit's message and a wait in whole seconds within [min, max]. */
async function expectWait(
  response: Response | Awaited<ReturnType<typeof fetchVia>>,
  min: number,
  max: number,
) {
  expect(response.status).toBe(429)
  expect(((await response.json()) as { message: string }).message).toBe(TOO_MANY_ATTEMPTS_MESSAGE)
  const wait = Number(response.headers.get('Retry-After'))
  expect(wait).toBeGreaterThanOrEqual(min)
  expect(wait).toBeLessThanOrEqual(max)
}

/** As if the current waits were over: every block of the login and mail limits ends now. */
const endWaits = () =>
  database.db
    .updateTable('rate_limits')
    .set({ blocked_until: new Date(Date.now() - 1000) })
    .execute()

/** The code in the newest mail to `to`. */
async function codeMailedTo(to: string) {
  const mail = (await readDevMailbox(database.db)).find((item) => item.to === to)
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`No code mailed to ${to}`)
  return code
}

const registration = registrationPayload

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

describe('login', { timeout: 30_000 }, () => {
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
    // The organization registered with the account has an id of its own.
    const { organization_id: organizationId } = await database.db
      .selectFrom('memberships')
      .select('organization_id')
      .where('account_id', '=', account.id)
      .executeTakeFirstOrThrow()
    expect(organizationId).not.toBe(account.id)
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
      // Decision 0023: the organization registered with the account, its Owner.
      organizationId,
      organizationName: account.organization,
      role: 'Owner',
      organizations: [{ organizationId, organizationName: account.organization, role: 'Owner' }],
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

  it('makes one address wait after 5 wrong passwords for one account, longer with each further failure', async () => {
    const email = await vendorWithPassword('limited@example.com')
    const browser = await newBrowser()
    for (let attempt = 0; attempt < LOGIN_PAIR_POLICY.free; attempt += 1) {
      expect((await browser.attemptLogin(email, 'Wrong#Pass1')).status).toBe(401)
    }
    // From this address, even the right password waits: 1 minute, then 2, 4, 8, 15 at most.
    await expectWait(await browser.attemptLogin(email, NEW_PASSWORD), 55, 60)
    await endWaits()
    expect((await browser.attemptLogin(email, 'Wrong#Pass1')).status).toBe(401)
    await expectWait(await browser.attemptLogin(email, 'Wrong#Pass1'), 115, 120)
    await endWaits()
    expect((await browser.attemptLogin(email, 'Wrong#Pass1')).status).toBe(401)
    await expectWait(await browser.attemptLogin(email, NEW_PASSWORD), 235, 240)
    await endWaits()
    expect((await browser.attemptLogin(email, NEW_PASSWORD)).status).toBe(200)
  })

  it('lets the owner log in from their address after an attacker’s 50 failures from others', async () => {
    const email = await vendorWithPassword('targeted@example.com')
    // 50 tries from one address (5 failures, then waits) and one failure from each of 50 more.
    const attacker = await browserAt('127.0.0.2')
    const answers: number[] = []
    for (let attempt = 0; attempt < 50; attempt += 1) {
      answers.push((await attacker.attemptLogin(email, `Guess#${attempt}aa`)).status)
    }
    expect(answers.filter((status) => status === 401)).toHaveLength(LOGIN_PAIR_POLICY.free)
    expect(answers.filter((status) => status === 429)).toHaveLength(50 - LOGIN_PAIR_POLICY.free)
    for (let host = 10; host < 60; host += 1) {
      const elsewhere = await browserAt(`127.0.0.${host}`)
      expect((await elsewhere.attemptLogin(email, 'Guess#Spread1')).status).toBe(401)
    }

    const owner = await newBrowser()
    expect((await owner.attemptLogin(email, NEW_PASSWORD)).status).toBe(200)
  }, 60_000)

  it('starts a pair again from nothing after a successful login', async () => {
    const email = await vendorWithPassword('typo@example.com')
    const browser = await newBrowser()
    for (let attempt = 0; attempt < LOGIN_PAIR_POLICY.free - 1; attempt += 1) {
      expect((await browser.attemptLogin(email, 'Wrong#Pass1')).status).toBe(401)
    }
    expect((await browser.attemptLogin(email, NEW_PASSWORD)).status).toBe(200)
    for (let attempt = 0; attempt < LOGIN_PAIR_POLICY.free - 1; attempt += 1) {
      expect((await browser.attemptLogin(email, 'Wrong#Pass1')).status).toBe(401)
    }
    expect((await browser.attemptLogin(email, NEW_PASSWORD)).status).toBe(200)
  })

  it(`slows one address trying many accounts after ${LOGIN_ADDRESS_POLICY.free} failures; other addresses go on`, async () => {
    const email = await vendorWithPassword('sprayed@example.com')
    const sprayer = await browserAt('127.0.0.3')
    for (let index = 0; index < LOGIN_ADDRESS_POLICY.free; index += 1) {
      expect((await sprayer.attemptLogin(`user${index}@example.com`, 'Summer#2026')).status).toBe(401)
    }
    await expectWait(await sprayer.attemptLogin(email, 'Summer#2026'), 55, 60)
    await expectWait(await sprayer.attemptLogin('someone.else@example.com', 'Summer#2026'), 55, 60)
    expect((await (await browserAt('127.0.0.4')).attemptLogin(email, 'Summer#2026')).status).toBe(401)
    expect((await (await newBrowser()).attemptLogin(email, NEW_PASSWORD)).status).toBe(200)
  })

  it(`holds an account back everywhere after ${LOGIN_ACCOUNT_POLICY.free} failures from all addresses, except where it logged in lately`, async () => {
    const email = await vendorWithPassword('distributed@example.com')
    const home = await browserAt('127.0.0.5')
    expect((await home.attemptLogin(email, NEW_PASSWORD)).status).toBe(200)
    // 99 failures from many addresses, counted directly; the 100th over HTTP.
    const accountKey = limitKey.loginAccount(email)
    for (let index = 1; index < LOGIN_ACCOUNT_POLICY.free; index += 1) {
      await countAttempt(database.db, accountKey, LOGIN_ACCOUNT_POLICY, { gate: false })
    }
    expect((await (await browserAt('127.0.0.6')).attemptLogin(email, 'Guess#Last1')).status).toBe(401)

    await expectWait(await (await browserAt('127.0.0.7')).attemptLogin(email, NEW_PASSWORD), 55, 60)
    expect((await home.attemptLogin(email, NEW_PASSWORD)).status).toBe(200)
  })

  it('reads the client address from X-Forwarded-For only with TRUST_PROXY=1, and then its last entry', async () => {
    const email = await vendorWithPassword('proxied@example.com')
    const browser = await newBrowser()
    const from = (forwarded: string) => ({ 'X-Forwarded-For': forwarded })
    const tryFrom = (forwarded: string, password = 'Wrong#Pass1') =>
      browser.call('/api/login', { body: { emailId: email, password }, headers: from(forwarded) })
    // Without the setting a forged header changes nothing: all of these come from 127.0.0.1.
    for (let attempt = 0; attempt < LOGIN_PAIR_POLICY.free; attempt += 1) {
      expect((await tryFrom(`203.0.113.${attempt}`)).status).toBe(401)
    }
    await expectWait(await tryFrom('203.0.113.99', NEW_PASSWORD), 55, 60)

    process.env.TRUST_PROXY = '1'
    try {
      // Behind the proxy: the entry it appended names the client; what the client sent before it does not.
      for (let attempt = 0; attempt < LOGIN_PAIR_POLICY.free; attempt += 1) {
        expect((await tryFrom(`198.51.100.${attempt}, 192.0.2.7`)).status).toBe(401)
      }
      await expectWait(await tryFrom('198.51.100.99, 192.0.2.7', NEW_PASSWORD), 55, 60)
      expect((await tryFrom('192.0.2.7, 192.0.2.8', NEW_PASSWORD)).status).toBe(200)
    } finally {
      delete process.env.TRUST_PROXY
    }
  })

  it('shares its counts between two portal processes over one database', async () => {
    const email = await vendorWithPassword('two.portals@example.com')
    // Under npm run test:pg the second portal has a connection pool of its own; PGlite in memory
    // has one connection, so there the second portal shares it (and no memory of the first).
    const own = testsUsePostgres()
      ? await openSecondProcessDatabase(database, { addresses: false, demoAccount: false })
      : undefined
    const second = await startTestPortal({ database: own ?? database })
    try {
      const onFirst = await newBrowser()
      const onSecond = await newTestBrowser(second.portal)
      for (let attempt = 0; attempt < LOGIN_PAIR_POLICY.free; attempt += 1) {
        const browser = attempt % 2 === 0 ? onFirst : onSecond
        expect((await browser.attemptLogin(email, 'Wrong#Pass1')).status).toBe(401)
      }
      await expectWait(await onFirst.attemptLogin(email, NEW_PASSWORD), 55, 60)
      await expectWait(await onSecond.attemptLogin(email, NEW_PASSWORD), 55, 60)
    } finally {
      await second.stop()
      await own?.close()
    }
  })
})

async function accountIdOrUndefined(email: string) {
  const row = await database.db
    .selectFrom('vendor_accounts')
    .select('id')
    .where('email_key', '=', email.toLowerCase())
    .executeTakeFirst()
  return row?.id
}

async function accountId(email: string) {
  const row = await database.db
    .selectFrom('vendor_accounts')
    .select('id')
    .where('email_key', '=', email.toLowerCase())
    .executeTakeFirstOrThrow()
  return row.id
}

describe('registration and the Create Password dialog', { timeout: 30_000 }, () => {
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

  it('answers a taken address exactly like a new one, and mails its owner a notice, not a code', async () => {
    const browser = await newBrowser()
    const typed = 'DEMO.tester@example.com'
    const taken = await register(browser, typed)
    const fresh = await register(browser, 'brand.new@example.com')
    expect(Object.keys(taken).sort()).toEqual(Object.keys(fresh).sort())
    expect(taken).toEqual({
      status: 'SUCCESS',
      message: registrationSuccessMessage(typed),
      id: expect.stringMatching(UUID),
      emailId: typed,
    })
    expect(fresh.id).toMatch(UUID)
    expect(taken.id).not.toBe(await accountId(DEMO.email))

    const [notice, ...more] = await mailsTo(DEMO.email)
    expect(more).toEqual([])
    expect(notice?.subject).toBe('Someone tried to register with your address')
    expect(notice?.text).toContain('which already has an account')
    expect(notice?.text).toContain('Forgot Password')
    expect(notice?.text).not.toMatch(/\b\d{6}\b/)

    // The Create Password dialog then fails as for a wrong code, and the account is unchanged.
    const dialog = await browser.call('/api/registration/change-password', {
      body: {
        otp: '123456',
        emailId: typed,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
        id: taken.id,
      },
    })
    expect(dialog.status).toBe(400)
    expect(await dialog.text()).toBe(INVALID_CODE_MESSAGE)
    expect((await browser.attemptLogin(DEMO.email, DEMO.password)).status).toBe(200)
  })

  it('mails a new code to an address registered again before it has a password', async () => {
    const browser = await newBrowser()
    const first = await register(browser, 'lost.mail@example.com')
    const firstCode = await codeMailedTo('lost.mail@example.com')
    const again = await register(browser, 'lost.mail@example.com')
    // A fresh id, as for an address with a password: the same id coming back would tell them apart.
    expect(again.id).toMatch(UUID)
    expect(again.id).not.toBe(first.id)
    const secondCode = await codeMailedTo('lost.mail@example.com')
    expect(await mailsTo('lost.mail@example.com')).toHaveLength(2)
    const create = (otp: string) =>
      browser.call('/api/registration/change-password', {
        body: {
          otp,
          emailId: again.emailId,
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
          id: again.id,
        },
      })
    if (firstCode !== secondCode) expect((await create(firstCode)).status).toBe(400)
    expect((await create(secondCode)).status).toBe(200)
    expect((await browser.attemptLogin('lost.mail@example.com', NEW_PASSWORD)).status).toBe(200)
  })

  it('answers a fresh id for every registration of an address, whether or not it has an account', async () => {
    const browser = await newBrowser()
    const ids = async (email: string) => [
      (await register(browser, email)).id,
      (await register(browser, email)).id,
    ]
    const [newFirst, newSecond] = await ids('twice.new@example.com')
    const [takenFirst, takenSecond] = await ids(DEMO.email)
    expect(new Set([newFirst, newSecond, takenFirst, takenSecond]).size).toBe(4)
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
    expect(response.headers.get('X-Field')).toBe('otp')
    expect(await response.text()).toBe(INVALID_CODE_MESSAGE)

    const weak = await browser.call('/api/registration/change-password', {
      body: { otp: code, emailId: answer.emailId, password: 'weak', confirmPassword: 'weak', id: answer.id },
    })
    expect(weak.status).toBe(400)
    expect(weak.headers.get('X-Field')).toBe('password')
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

describe('forgot and reset password', { timeout: 30_000 }, () => {
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
    expect(await mismatch.json()).toEqual({
      status: 'FAILURE',
      message: 'Passwords do not match.',
      field: 'confirmPassword',
    })

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

  it('answers an unknown address exactly like a known one, and mails it what happened', async () => {
    const browser = await newBrowser()
    const forgot = (emailId: string) =>
      browser.call('/api/registration/forget-password', { body: { emailId } })
    const knownTyped = 'Demo.Tester@EXAMPLE.com'
    const timed = async (emailId: string) => {
      const started = performance.now()
      const response = await forgot(emailId)
      return { response, ms: performance.now() - started }
    }
    const { response: known, ms: knownMs } = await timed(knownTyped)
    const { response: unknown, ms: unknownMs } = await timed('nobody@example.com')
    // Neither answers before the floor that hides the few writes of issuing a code.
    expect(knownMs).toBeGreaterThanOrEqual(ANSWER_FLOOR_MS - 5)
    expect(unknownMs).toBeGreaterThanOrEqual(ANSWER_FLOOR_MS - 5)
    expect(unknown.status).toBe(known.status)
    expect(known.status).toBe(200)
    const knownBody = (await known.json()) as Record<string, string>
    const unknownBody = (await unknown.json()) as Record<string, string>
    expect(Object.keys(unknownBody).sort()).toEqual(Object.keys(knownBody).sort())
    expect(knownBody).toEqual({
      status: 'SUCCESS',
      message: codeSentMessage(knownTyped),
      id: expect.stringMatching(UUID),
    })
    expect(unknownBody).toEqual({
      status: 'SUCCESS',
      message: codeSentMessage('nobody@example.com'),
      id: expect.stringMatching(UUID),
    })

    const [mail, ...more] = await mailsTo('nobody@example.com')
    expect(more).toEqual([])
    expect(mail?.text).toContain('no account uses this address')
    expect(mail?.text).toContain('If you meant to register')
    expect(mail?.text).not.toMatch(/\b\d{6}\b/)
    await codeMailedTo(DEMO.email)

    // The reset page then says the code is wrong.
    const reset = await browser.call('/api/registration/reset-password', {
      body: { otp: '123456', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, id: unknownBody.id },
    })
    expect(await reset.json()).toEqual({ status: 'FAILURE', message: INVALID_CODE_MESSAGE })
  })

  it(`mails one recipient at most ${MAIL_RECIPIENT_POLICY.limit} times in ten minutes, answering as usual`, async () => {
    const browser = await newBrowser()
    const email = 'flooded@example.com'
    await register(browser, email)
    const forgot = () => browser.call('/api/registration/forget-password', { body: { emailId: email } })
    for (let index = 1; index < MAIL_RECIPIENT_POLICY.limit; index += 1)
      expect((await forgot()).status).toBe(200)
    const mails = (await mailsTo(email)).length
    expect(mails).toBe(MAIL_RECIPIENT_POLICY.limit)
    const quiet = await forgot()
    expect(quiet.status).toBe(200)
    expect(await quiet.json()).toEqual({
      status: 'SUCCESS',
      message: codeSentMessage(email),
      id: expect.stringMatching(UUID),
    })
    expect(await mailsTo(email)).toHaveLength(mails)
    // And for an address without an account alike.
    for (let index = 0; index < MAIL_RECIPIENT_POLICY.limit + 1; index += 1) {
      await (
        await browserAt('127.0.0.8')
      ).post('/api/registration/forget-password', { emailId: 'nobody.flooded@example.com' })
    }
    expect(await mailsTo('nobody.flooded@example.com')).toHaveLength(MAIL_RECIPIENT_POLICY.limit)
  })
})

describe('calls that send mail', { timeout: 30_000 }, () => {
  it(`allow one client address ${MAIL_CLIENT_POLICY.limit} in 15 minutes, then 429 with Retry-After and no mail`, async () => {
    const client = await browserAt('127.0.0.9')
    for (let index = 0; index < MAIL_CLIENT_POLICY.limit; index += 1) {
      const response =
        index % 2 === 0
          ? await client.post('/api/registration/create', registration(`flood${index}@example.com`))
          : await client.post('/api/registration/forget-password', { emailId: `flood${index}@example.com` })
      expect(response.status).toBe(200)
    }
    const mailbox = (await readDevMailbox(database.db, 10_000)).length
    const refused = await client.post('/api/registration/create', registration('flood.more@example.com'))
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(15 * 60 - 10)
    expect(Number(refused.headers.get('Retry-After'))).toBeLessThanOrEqual(15 * 60)
    expect(await refused.json()).toEqual({ status: 'FAILURE', message: TOO_MANY_ATTEMPTS_MESSAGE })
    const forgot = await client.post('/api/registration/forget-password', { emailId: DEMO.email })
    expect(forgot.status).toBe(429)
    expect(await forgot.json()).toEqual({ status: 'FAILURE', message: TOO_MANY_ATTEMPTS_MESSAGE })
    expect((await readDevMailbox(database.db, 10_000)).length).toBe(mailbox)
    expect(await accountIdOrUndefined('flood.more@example.com')).toBeUndefined()

    // Another address goes on.
    expect(
      (
        await (
          await newBrowser()
        ).call('/api/registration/create', { body: registration('flood.other@example.com') })
      ).status,
    ).toBe(200)
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
