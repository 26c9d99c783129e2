import type { LabRole } from '@/contract/lab'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as v from 'valibot'
import { expect } from 'vitest'
import { authDataSchema, TOKEN_HEADER } from '@/contract/auth'
import { endpoints } from '@/contract/endpoints'
import { PORTFOLIO_SUBMITTED_MESSAGE } from '@/contract/server-messages'
import {
  EXAMPLE_DEVICE,
  EXAMPLE_ORGANIZATION,
  registrationPayloadFor,
  submittedDevicePayload,
} from '@/contract/fixtures/payloads'
import { simulatedLab, type CertificationHarness } from '../certification/harness.ts'
import type { OpenDatabaseOptions } from '../platform/db/database.ts'
import { createAccountWithOrganization } from '../organizations/memberships.ts'
import { hashPasswordAtCost } from '../platform/passwords.ts'
import { openTestDatabase, type TestDatabase } from '../platform/db/test-database.ts'
import { createMailer, type Mailer } from '../platform/mailer.ts'
import { writeToDevMailbox } from '../apps/dev-mailbox.ts'
import { SESSION_COOKIE } from '../http/session-token.ts'
import { startPortal, type Portal, type PortalOptions } from '../apps/portal.ts'

/*
 * What the server suites share: the whole portal (both listeners) on free loopback ports over one
 * test database (PGlite in memory, or a PostgreSQL schema under npm run test:pg), vendors made
 * directly in the database, and a Browser that keeps the session cookie and the Token as the
 * client does.
 */

export const TEST_PASSWORD = 'Test#Vendor2025'

/** scrypt's cost for the accounts the tests make in the database: a sixteenth of the portal's. */
const TEST_HASH_COST = 1024
let testPasswordHash: Promise<string> | undefined

/**
 * TEST_PASSWORD's hash for the vendors and staff the tests make in the database, made once per
 * test process at TEST_HASH_COST. A login reads the cost from the stored hash and runs the same
 * check, in 3 ms instead of 40 (the suites log in some 330 times on each engine). The portal's
 * cost is tested in server/platform/passwords.test.ts; every password set through the portal
 * (create password, reset, a staff member's invitation) is hashed at it.
 */
function hashedTestPassword() {
  testPasswordHash ??= hashPasswordAtCost(TEST_PASSWORD, TEST_HASH_COST)
  return testPasswordHash
}

export type TestPortal = {
  database: TestDatabase
  portal: Portal
  mailer: Mailer
  /** Lines the development mailbox mailer printed. */
  logged: string[]
  /** Stops the portal; the database stays open unless `database` is also asked to close. */
  stop(): Promise<void>
  /** Stops the portal and closes (and, on PostgreSQL, drops) the database. */
  close(): Promise<void>
}

export type TestPortalOptions = {
  seeds?: OpenDatabaseOptions['seeds']
  /** The database of an earlier portal, to start again over the same data (a restart). */
  database?: TestDatabase
  harness?: CertificationHarness
  mailer?: Mailer
} & Partial<
  Pick<
    PortalOptions,
    | 'maintenance'
    | 'maintenancePollMs'
    | 'onRestart'
    | 'portalOrigins'
    | 'events'
    | 'certificates'
    | 'webhooks'
    | 'publicUrl'
    | 'metricsToken'
    | 'shutdown'
    | 'operator'
  >
>

export async function startTestPortal(options: TestPortalOptions = {}): Promise<TestPortal> {
  const database =
    options.database ??
    (await openTestDatabase({ seeds: options.seeds ?? { addresses: false, demoAccount: false } }))
  const logged: string[] = []
  const mailer =
    options.mailer ??
    createMailer({ mailbox: writeToDevMailbox(database.db), log: (line) => logged.push(line) })
  const portal = await startPortal({
    db: database.db,
    writes: database.writes,
    ...(database.databaseUrl ? { databaseUrl: database.databaseUrl } : {}),
    mailer,
    secret: 'server-test-secret-of-at-least-32-characters',
    harness: options.harness ?? simulatedLab({ caseMs: 0 }),
    ...(options.maintenance ? { maintenance: options.maintenance } : {}),
    ...(options.maintenancePollMs !== undefined ? { maintenancePollMs: options.maintenancePollMs } : {}),
    ...(options.onRestart ? { onRestart: options.onRestart } : {}),
    ...(options.portalOrigins ? { portalOrigins: options.portalOrigins } : {}),
    ...(options.events ? { events: options.events } : {}),
    ...(options.certificates ? { certificates: options.certificates } : {}),
    ...(options.webhooks ? { webhooks: options.webhooks } : {}),
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    ...(options.metricsToken ? { metricsToken: options.metricsToken } : {}),
    ...(options.shutdown ? { shutdown: options.shutdown } : {}),
    ...(options.operator ? { operator: options.operator } : {}),
    // The suites read codes and attachments there; the test portal listens on loopback only.
    devMailbox: true,
    distDir: mkdtempSync(path.join(tmpdir(), 'portal-dist-')),
    storybookDir: path.join(tmpdir(), 'no-storybook-here'),
    mainPort: 0,
    certPort: 0,
  })
  return {
    database,
    portal,
    mailer,
    logged,
    stop: () => portal.close(),
    async close() {
      await portal.close()
      await database.close()
    },
  }
}

type CallOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS'
  body?: unknown
  /** Sent as it is instead of JSON.stringify(body). */
  raw?: string
  /** Whether the stored Token goes along (main service); default true. */
  token?: boolean
  headers?: Record<string, string>
}

/** One browser: keeps the session cookie and the stored TOKEN, as the client does. */
export class Browser {
  cookie = ''
  token = ''
  vendorUserId = ''

  constructor(private readonly portal: Portal) {}

  /** A call to the main service. */
  call(path: string, options: CallOptions = {}) {
    return this.request(`${this.portal.mainUrl}${path}`, options)
  }

  /** A JSON POST to the main service. */
  post(path: string, body: unknown = {}) {
    return this.call(path, { body })
  }

  /** A call to the certification service: the cookie goes along, the Token never does. */
  cert(path: string, options: Omit<CallOptions, 'token'> = {}) {
    return this.request(`${this.portal.certUrl}${path}`, { ...options, token: false })
  }

  private async request(
    url: string,
    { method = 'POST', body, raw, token = true, headers: extra }: CallOptions,
  ) {
    const headers = new Headers({ 'Content-Type': 'application/json', ...extra })
    if (this.cookie) headers.set('Cookie', this.cookie)
    if (token && this.token) headers.set(TOKEN_HEADER, this.token)
    const sendsBody = method !== 'GET' && method !== 'OPTIONS'
    const response = await fetch(url, {
      method,
      headers,
      ...(sendsBody ? { body: raw ?? JSON.stringify(body ?? {}) } : {}),
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const [name, value = ''] = pair.split('=')
      if (name !== SESSION_COOKIE) continue
      this.cookie = value === '' || /max-age=0/i.test(line) ? '' : pair
    }
    return response
  }

  async bootstrap() {
    const response = await this.call('/api/token', { method: 'GET' })
    this.token = response.headers.get(TOKEN_HEADER) ?? ''
    return response
  }

  /** POST /api/login, whatever the answer. */
  attemptLogin(emailId: string, password: string) {
    return this.post('/api/login', { emailId, password })
  }

  /** Logs in and expects success; the vendorUserId is kept for later calls. */
  async login(emailId: string, password = TEST_PASSWORD) {
    const response = await this.attemptLogin(emailId, password)
    expect(response.status).toBe(200)
    const auth = v.parse(authDataSchema, await response.json())
    this.vendorUserId = auth.vendorUserId
    return auth
  }
}

export async function newBrowser(portal: Portal) {
  const browser = new Browser(portal)
  await browser.bootstrap()
  return browser
}

/** A vendor: its account id, the organization it owns (decision 0023), its e-mail, its browser. */
export type TestVendor = { id: string; organizationId: string; email: string; browser: Browser }

/** A vendor account with TEST_PASSWORD, made in the database, logged in in its own browser. */
export async function createVendor(
  { database, portal }: Pick<TestPortal, 'database' | 'portal'>,
  email: string,
  firstName: string,
): Promise<TestVendor> {
  const made = await database.db.transaction().execute(async (trx) =>
    createAccountWithOrganization(trx, {
      email,
      first_name: firstName,
      last_name: 'Tester',
      organization: `${firstName} Networks`,
      lob: 'Wireline',
      phone_number: '98450 12345',
      country_code: '+91',
      country: 'India',
      state: 'Karnataka',
      city: 'Bengaluru',
      password_hash: await hashedTestPassword(),
    }),
  )
  if (!made) throw new Error(`${email} exists already.`)
  const { accountId: id, organizationId } = made
  const browser = await newBrowser(portal)
  await browser.login(email)
  return { id, organizationId, email, browser }
}

/**
 * Calls the endpoint `name` of the main service as `browser` (a GET with `body` as its query) and
 * expects `status`; answers the JSON body.
 */
export async function callEndpoint<T>(
  browser: Browser,
  name: keyof typeof endpoints,
  body: object,
  status = 200,
): Promise<T> {
  const endpoint = endpoints[name]
  const response =
    endpoint.method === 'GET'
      ? await browser.call(`${endpoint.path}?${new URLSearchParams(body as Record<string, string>)}`, {
          method: 'GET',
        })
      : await browser.post(endpoint.path, body)
  const answer = (await response.json()) as T
  expect([name, response.status, answer]).toEqual([name, status, answer])
  return answer
}

/** A registration payload (spec §3) that passes every rule of spec §5, for `emailId`. */
export const registrationPayload = registrationPayloadFor

/* Portfolio values that pass every rule of spec §5: the shared payload fixture (src/contract/fixtures). */

export const TEST_ORGANIZATION = EXAMPLE_ORGANIZATION
export const TEST_DEVICE = EXAMPLE_DEVICE

/** The submit payload of a complete portfolio for `vendorUserId`, with `values` on top. */
export const submitPayloadFor = submittedDevicePayload

/**
 * Submits EXAMPLE_DEVICE with `serials` (and `values` on top) for `owner`, expecting spec §7's
 * answer; the new record's id.
 */
export async function submitRecord(
  { database }: Pick<TestPortal, 'database'>,
  owner: TestVendor,
  serials: string[],
  values: Record<string, unknown> = {},
) {
  const ids = async () =>
    (await database.db.selectFrom('device_records').select('portfolio_manager_id').execute()).map(
      (row) => row.portfolio_manager_id,
    )
  const known = new Set(await ids())
  const response = await owner.browser.post(
    endpoints.submitPortfolio.path,
    submitPayloadFor(owner.id, { deviceNumberList: serials, ...values }),
  )
  expect(response.status).toBe(200)
  expect(await response.json()).toEqual({ message: PORTFOLIO_SUBMITTED_MESSAGE })
  const id = (await ids()).find((candidate) => !known.has(candidate))
  if (!id) throw new Error('No record was made.')
  return id
}

/**
 * A lab harness whose cases wait until the test lets them finish (or the service stops), so a
 * test can look at a run in the middle. Its name stays the same across restarts, as a real lab's.
 */
export function gatedHarness(name = 'gated-lab') {
  const waiting: Array<() => void> = []
  let started = 0
  let open = false
  const harness: CertificationHarness = {
    name,
    runCase({ testCase, signal }) {
      started += 1
      if (open) return Promise.resolve({ passed: true, log: [`${testCase.name}: passed`] })
      return new Promise((resolve) => {
        const finish = () => resolve({ passed: true, log: [`${testCase.name}: passed`] })
        waiting.push(finish)
        signal.addEventListener('abort', () => resolve({ passed: false, log: ['Stopped.'] }), { once: true })
      })
    },
  }
  return {
    harness,
    /** How many cases have been handed to the harness. */
    started: () => started,
    /** Lets the case waiting now finish. */
    next() {
      waiting.shift()?.()
    },
    /** Lets every case, now and later, finish at once. */
    openAll() {
      open = true
      for (const finish of waiting.splice(0)) finish()
    },
  }
}

/** Polls `check` until it holds (a run in the background moves on its own). */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > until) throw new Error('The condition did not hold in time.')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** Waits for the certificate a record's run issues in the background; answers its number. */
export async function certificateIssued(db: TestDatabase['db'], portfolioManagerId: string) {
  let number = ''
  await eventually(async () => {
    const row = await db
      .selectFrom('certificates')
      .select('number')
      .where('portfolio_manager_id', '=', portfolioManagerId)
      .executeTakeFirst()
    number = row?.number ?? ''
    return number !== ''
  })
  return number
}

/** A lab staff member with TEST_PASSWORD, made in the database, logged in in its own browser. */
export type TestStaff = { staffId: string; email: string; name: string; role: LabRole; browser: Browser }

export async function createStaffMember(
  { database, portal }: Pick<TestPortal, 'database' | 'portal'>,
  email: string,
  name: string,
  role: LabRole = 'Lab engineer',
): Promise<TestStaff> {
  const row = await database.db
    .insertInto('lab_staff')
    .values({
      email,
      name,
      role,
      password_hash: await hashedTestPassword(),
      password_changed_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const browser = await newBrowser(portal)
  const auth = await browser.login(email)
  expect(auth.labStaff?.staffId).toBe(row.id)
  return { staffId: row.id, email, name, role, browser }
}

/** A response's JSON body, once its status is `status` (on a mismatch the failure shows the body). */
export async function json<T>(response: Response, status: number): Promise<T> {
  const text = await response.text()
  expect([response.status, text]).toEqual([status, expect.any(String)])
  return JSON.parse(text) as T
}
