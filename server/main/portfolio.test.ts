import { mkdtempSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { serve, type ServerType } from '@hono/node-server'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authDataSchema } from '@/contract/auth'
import { addCommentAnswerSchema, commentListAnswerSchema } from '@/contract/certification'
import {
  DEVICE_SECTION_SAVED_MESSAGE,
  NO_UPDATES_MESSAGE,
  ORGANIZATION_SECTION_SAVED_MESSAGE,
  PLEASE_SUBMIT_FORM_MESSAGE,
} from '@/contract/messages'
import { savedPortfolioSchema, type SavePayload, type SubmitPayload } from '@/contract/portfolio'
import { recordListAnswerSchema } from '@/contract/records'
import {
  COMMENT_ADDED_MESSAGE,
  FORBIDDEN_MESSAGE,
  NOT_SIGNED_IN_MESSAGE,
  ONLY_SUBMITTED_DELETABLE_MESSAGE,
  PORTFOLIO_SUBMITTED_MESSAGE,
  RECORD_DELETED_MESSAGE,
  RECORD_NOT_FOUND_MESSAGE,
} from '@/contract/server-messages'
import { hashPassword } from '../db/passwords.ts'
import { openTestDatabase, type TestDatabase } from '../db/test-database.ts'
import { createMainApp } from './app.ts'
import { createMailer } from './mailer.ts'
import { writeToOutbox } from './routes/dev-mailbox.ts'
import { SESSION_COOKIE } from './security/session-token.ts'

/*
 * The portfolio calls over real HTTP: one server on a free port and one in-memory database for
 * the file (catalogue seeded, no addresses, no demo account); two vendors made directly in the
 * database, each with its own browser.
 */

const PASSWORD = 'Test#Vendor2025'

let database: TestDatabase
let server: ServerType
let base = ''

beforeAll(async () => {
  database = await openTestDatabase({ seeds: { addresses: false, demoAccount: false } })
  const mailer = createMailer({ outbox: writeToOutbox(database.db), log: () => {} })
  const app = createMainApp({
    distDir: mkdtempSync(path.join(tmpdir(), 'portal-dist-')),
    storybookDir: path.join(tmpdir(), 'no-storybook-here'),
    db: database.db,
    mailer,
    secret: 'portfolio-test-secret',
  })
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve())
  })
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}, 60_000)

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()))
  await database?.close()
})

/** One browser: keeps the session cookie and the stored TOKEN, as the client does. */
class Browser {
  cookie = ''
  token = ''
  vendorUserId = ''

  async call(path: string, body: unknown = {}) {
    const headers = new Headers({ 'Content-Type': 'application/json' })
    if (this.cookie) headers.set('Cookie', this.cookie)
    if (this.token) headers.set('Token', this.token)
    const response = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
    this.keepCookie(response)
    return response
  }

  private keepCookie(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const [name, value = ''] = pair.split('=')
      if (name === SESSION_COOKIE) this.cookie = value === '' ? '' : pair
    }
  }

  async bootstrap() {
    const response = await fetch(`${base}/api/token`, { headers: this.cookie ? { Cookie: this.cookie } : {} })
    this.keepCookie(response)
    this.token = response.headers.get('Token') ?? ''
  }

  async login(emailId: string) {
    const response = await this.call('/api/login', { emailId, password: PASSWORD })
    expect(response.status).toBe(200)
    const auth = v.parse(authDataSchema, await response.json())
    this.vendorUserId = auth.vendorUserId
    return auth
  }
}

type Vendor = { email: string; browser: Browser }

async function createVendor(email: string, firstName: string): Promise<Vendor> {
  await database.db
    .insertInto('vendor_accounts')
    .values({
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
      password_hash: await hashPassword(PASSWORD),
    })
    .execute()
  const browser = new Browser()
  await browser.bootstrap()
  await browser.login(email)
  return { email, browser }
}

const organization = {
  organizationName: 'Asha Networks',
  description: 'Fibre and Wi-Fi equipment',
  businessContactName: 'Asha Rao',
  emailId: 'asha@example.com',
  countryCode: '+91',
  phoneNumber: '98450 12345',
  bestTimeToReach: '09:30 AM',
  days: 'Monday,Thursday',
  address: '12 MG Road',
  country: 'India',
  state: 'Karnataka',
  city: 'Bengaluru',
}

const device = {
  vendor: 'Nokia',
  deviceName: 'Beacon 6',
  deviceType: 'Wi-Fi Mesh Device',
  productClass: 'Wi-Fi 6 Mesh',
  devicesToBeCertified: '2',
  deviceNumberList: ['SN001', 'SN002'],
  baseFirmwareVersion: '1.2.3',
  yearOfManufacturing: '2023',
  isEngBuildAvailable: 'Yes' as const,
}

const blank: Omit<SavePayload, 'vendorUserId' | 'saveSection'> = {
  organizationName: '',
  description: '',
  businessContactName: '',
  emailId: '',
  countryCode: '',
  phoneNumber: '',
  bestTimeToReach: '',
  days: '',
  address: '',
  country: '',
  state: '',
  city: '',
  businessDomain: '',
  vendor: '',
  deviceName: '',
  deviceType: '',
  productClass: '',
  devicesToBeCertified: '',
  deviceNumberList: [],
  baseFirmwareVersion: '',
  yearOfManufacturing: '',
  isEngBuildAvailable: '',
}

const savePayload = (
  vendor: Vendor,
  saveSection: SavePayload['saveSection'],
  values: Partial<SavePayload>,
) => ({
  ...blank,
  ...values,
  vendorUserId: vendor.browser.vendorUserId,
  saveSection,
})

const submitPayload = (vendor: Vendor, values: Partial<SubmitPayload> = {}): SubmitPayload => ({
  ...organization,
  businessDomain: 'Wireline,Wireless',
  ...device,
  savedPortfolioManagerId: null,
  ...values,
  vendorUserId: vendor.browser.vendorUserId,
})

async function getPortfolio(vendor: Vendor) {
  const response = await vendor.browser.call('/api/portfoliomanager/get', {
    vendorUserId: vendor.browser.vendorUserId,
  })
  expect(response.status).toBe(200)
  return v.parse(savedPortfolioSchema, await response.json())
}

async function listRecords(vendor: Vendor) {
  const response = await vendor.browser.call('/api/portfoliomanager/list', {
    vendorUserId: vendor.browser.vendorUserId,
  })
  expect(response.status).toBe(200)
  return v.parse(recordListAnswerSchema, await response.json()).portfolioManagerSubmittedDetailsList
}

async function answer(response: Response) {
  return { status: response.status, body: (await response.json()) as { message: string } }
}

let asha: Vendor
let ravi: Vendor

beforeAll(async () => {
  asha = await createVendor('asha@example.com', 'Asha')
  ravi = await createVendor('ravi@example.com', 'Ravi')
}, 30_000)

describe('the portfolio of one vendor, from nothing to a submitted record', () => {
  it('answers the registration details and NO flags when nothing is saved', async () => {
    const saved = await getPortfolio(asha)
    expect(saved.isPortfolioManagerSavedOrSubmittedDataExists).toBe('NO')
    expect(saved.isPortfolioManagerReqSubmitted).toBe('NO')
    expect(saved.portfolioManagerSavedDetails).toBeNull()
    expect(saved.registrationDetails).toEqual({
      organization: 'Asha Networks',
      name: 'Asha Tester',
      emailId: 'asha@example.com',
      countryCode: '+91',
      phoneNumber: '98450 12345',
      country: 'India',
      state: 'Karnataka',
      city: 'Bengaluru',
    })
  })

  it('saves section 1 only, and a save without change is refused with the warning', async () => {
    const payload = savePayload(asha, 1, { ...organization, vendor: 'Ignored because section 3' })
    const first = await answer(await asha.browser.call('/api/portfoliomanager/save', payload))
    expect(first).toEqual({ status: 200, body: { message: ORGANIZATION_SECTION_SAVED_MESSAGE } })

    const saved = await getPortfolio(asha)
    expect(saved).toMatchObject({
      ...organization,
      vendor: '',
      isPortfolioManagerSavedOrSubmittedDataExists: 'YES',
    })
    expect(saved.isPortfolioManagerReqSubmitted).toBe('NO')
    expect(saved.portfolioManagerSavedDetails?.savedPortfolioManagerId).toBeTruthy()

    const again = await answer(await asha.browser.call('/api/portfoliomanager/save', payload))
    expect(again).toEqual({ status: 409, body: { message: NO_UPDATES_MESSAGE } })

    const auth = await asha.browser.login(asha.email)
    expect(auth.isPortfolioManagerPreviousReqSaved).toBe('YES')
    expect(auth.isPortfolioManagerSavedOrSubmittedDataExists).toBe('YES')
    expect(auth.isPortfolioManagerSubmittedDataExists).toBe('NO')
  })

  it('refuses bad device values with 400 and writes nothing', async () => {
    for (const values of [
      { ...device, deviceNumberList: ['SN-001', 'SN002'] },
      { ...device, deviceNumberList: ['SN001', 'sn001'] },
      { ...device, deviceNumberList: ['A'.repeat(27), 'SN002'] },
      { ...device, devicesToBeCertified: '4', deviceNumberList: ['A', 'B', 'C'] },
      { ...device, baseFirmwareVersion: '1.2a' },
      { ...device, yearOfManufacturing: '1989' },
      { ...device, yearOfManufacturing: String(new Date().getFullYear() + 1) },
    ]) {
      const response = await answer(
        await asha.browser.call('/api/portfoliomanager/save', savePayload(asha, 3, values)),
      )
      expect(response.status).toBe(400)
      expect(response.body.message).toBeTruthy()
    }
    const serial = await asha.browser.call(
      '/api/portfoliomanager/save',
      savePayload(asha, 3, { ...device, deviceNumberList: ['SN001', 'SN 2'] }),
    )
    expect(await answer(serial)).toEqual({
      status: 400,
      body: { message: 'Device serial number 2: Only letters and numbers are allowed' },
    })
    expect((await getPortfolio(asha)).vendor).toBe('')
  })

  it('saves section 3 and all sections with their messages', async () => {
    const third = await answer(
      await asha.browser.call('/api/portfoliomanager/save', savePayload(asha, 3, device)),
    )
    expect(third).toEqual({ status: 200, body: { message: DEVICE_SECTION_SAVED_MESSAGE } })
    const all = savePayload(asha, 0, { ...organization, businessDomain: 'Wireline', ...device })
    const whole = await answer(await asha.browser.call('/api/portfoliomanager/save', all))
    expect(whole).toEqual({ status: 200, body: { message: PLEASE_SUBMIT_FORM_MESSAGE } })
    expect(await getPortfolio(asha)).toMatchObject({ ...device, businessDomain: 'Wireline' })
  })

  it('refuses a submit with a missing field, naming it', async () => {
    const response = await answer(
      await asha.browser.call(
        '/api/portfoliomanager/create',
        submitPayload(asha, { baseFirmwareVersion: '' }),
      ),
    )
    expect(response.status).toBe(400)
    expect(response.body.message).toMatch(/firmware/i)
    expect(await listRecords(asha)).toEqual([])
  })

  it('submits: one Submitted record, the draft submitted, the flags moved, new names in the catalogue', async () => {
    const { portfolioManagerSavedDetails } = await getPortfolio(asha)
    const payload = submitPayload(asha, {
      deviceName: 'Asha Mesh X1',
      deviceType: 'Mesh Node',
      productClass: 'Wi-Fi 7 Mesh',
      savedPortfolioManagerId: portfolioManagerSavedDetails?.savedPortfolioManagerId ?? null,
    })
    const response = await answer(await asha.browser.call('/api/portfoliomanager/create', payload))
    expect(response).toEqual({ status: 200, body: { message: PORTFOLIO_SUBMITTED_MESSAGE } })

    const [record, ...others] = await listRecords(asha)
    expect(others).toEqual([])
    expect(record).toMatchObject({
      vendor: 'Nokia',
      deviceName: 'Asha Mesh X1',
      deviceType: 'Mesh Node',
      productClass: 'Wi-Fi 7 Mesh',
      baseFirmwareVersion: '1.2.3',
      businessDomain: 'Wireline,Wireless',
      createdBy: 'Asha Tester',
      status: 'Submitted',
      isCertified: '',
    })
    expect(new Date(record?.creationTime ?? '').toISOString()).toBe(record?.creationTime)

    const saved = await getPortfolio(asha)
    expect(saved.isPortfolioManagerReqSubmitted).toBe('YES')
    expect(saved.portfolioManagerSavedDetails).toBeNull()
    expect(saved.deviceName).toBe('Asha Mesh X1')

    const auth = await asha.browser.login(asha.email)
    expect(auth.isPortfolioManagerPreviousReqSaved).toBe('NO')
    expect(auth.isPortfolioManagerSubmittedDataExists).toBe('YES')
    expect(auth.isPortfolioManagerSavedOrSubmittedDataExists).toBe('YES')

    const catalogue = (await (
      await fetch(`${base}/api/portfoliomanager/get-vendor-devicename-devicetype-productclass-list`)
    ).json()) as { deviceNameList: unknown[]; deviceTypeList: unknown[]; productClassList: unknown[] }
    expect(catalogue.deviceNameList).toContainEqual({ vendor: 'Nokia', deviceName: 'Asha Mesh X1' })
    expect(catalogue.deviceTypeList).toContainEqual({ deviceName: 'Asha Mesh X1', deviceType: 'Mesh Node' })
    expect(catalogue.productClassList).toContainEqual({
      deviceType: 'Mesh Node',
      productClass: 'Wi-Fi 7 Mesh',
    })

    // A second submit of the same new names leaves the catalogue as it is.
    const second = await asha.browser.call('/api/portfoliomanager/create', payload)
    expect(second.status).toBe(200)
    expect(await listRecords(asha)).toHaveLength(2)
  })

  it('refuses a new name longer than 15 characters', async () => {
    const response = await answer(
      await asha.browser.call(
        '/api/portfoliomanager/create',
        submitPayload(asha, { deviceName: 'A'.repeat(16) }),
      ),
    )
    expect(response.status).toBe(400)
  })

  it('starts a new draft with a new saved id when saving after a submit', async () => {
    const response = await asha.browser.call(
      '/api/portfoliomanager/save',
      savePayload(asha, 2, { businessDomain: 'Wireless' }),
    )
    expect(response.status).toBe(200)
    const saved = await getPortfolio(asha)
    expect(saved).toMatchObject({
      businessDomain: 'Wireless',
      organizationName: '',
      isPortfolioManagerReqSubmitted: 'NO',
    })
    expect(saved.portfolioManagerSavedDetails?.savedPortfolioManagerId).toBeTruthy()
  })
})

describe('records, comments and other vendors', () => {
  it('deletes a Submitted record only, and only its own', async () => {
    await ravi.browser.call('/api/portfoliomanager/create', submitPayload(ravi))
    const [raviRecord] = await listRecords(ravi)
    const ashaRecords = await listRecords(asha)
    expect(raviRecord?.createdBy).toBe('Ravi Tester')
    expect(ashaRecords.every((record) => record.createdBy === 'Asha Tester')).toBe(true)

    const foreign = await answer(
      await asha.browser.call('/api/portfoliomanager/delete', {
        portfolioManagerId: raviRecord?.portfolioManagerId,
      }),
    )
    expect(foreign).toEqual({ status: 404, body: { message: RECORD_NOT_FOUND_MESSAGE } })
    const missing = await answer(
      await asha.browser.call('/api/portfoliomanager/delete', { portfolioManagerId: 'nope' }),
    )
    expect(missing.status).toBe(404)

    const [first, second] = ashaRecords
    await database.db
      .updateTable('device_records')
      .set({ status: 'InProgress' })
      .where('portfolio_manager_id', '=', first?.portfolioManagerId ?? '')
      .execute()
    const running = await answer(
      await asha.browser.call('/api/portfoliomanager/delete', {
        portfolioManagerId: first?.portfolioManagerId,
      }),
    )
    expect(running).toEqual({ status: 409, body: { message: ONLY_SUBMITTED_DELETABLE_MESSAGE } })

    const deleted = await answer(
      await asha.browser.call('/api/portfoliomanager/delete', {
        portfolioManagerId: second?.portfolioManagerId,
      }),
    )
    expect(deleted).toEqual({ status: 200, body: { message: RECORD_DELETED_MESSAGE } })
    expect((await listRecords(asha)).map((record) => record.portfolioManagerId)).toEqual([
      first?.portfolioManagerId,
    ])
    expect(await listRecords(ravi)).toHaveLength(1)
  })

  it('adds and lists comments on its own records only, newest first, stored verbatim', async () => {
    const [record] = await listRecords(asha)
    const id = record?.portfolioManagerId
    const texts = ["Robert'); DROP TABLE comments; --", '<script>alert(1)</script>']
    for (const text of texts) {
      const response = await asha.browser.call('/api/portfoliomanager/comments/add', {
        portfolioManagerId: id,
        text,
      })
      expect(response.status).toBe(200)
      const added = v.parse(addCommentAnswerSchema, await response.json())
      expect(added.message).toBe(COMMENT_ADDED_MESSAGE)
      expect(added.comment).toMatchObject({ portfolioManagerId: id, author: 'Asha Tester', text })
    }
    const response = await asha.browser.call('/api/portfoliomanager/comments/list', {
      portfolioManagerId: id,
    })
    const { comments } = v.parse(commentListAnswerSchema, await response.json())
    expect(comments.map((comment) => comment.text)).toEqual([...texts].reverse())

    const ravis = await ravi.browser.call('/api/portfoliomanager/comments/list', { portfolioManagerId: id })
    expect(ravis.status).toBe(404)
    const raviAdd = await ravi.browser.call('/api/portfoliomanager/comments/add', {
      portfolioManagerId: id,
      text: 'hi',
    })
    expect(raviAdd.status).toBe(404)
    const empty = await asha.browser.call('/api/portfoliomanager/comments/add', {
      portfolioManagerId: id,
      text: '  ',
    })
    expect(empty.status).toBe(400)
  })

  it('stores SQL-looking and script-like draft text verbatim', async () => {
    const values = {
      ...organization,
      description: "x'; DROP TABLE portfolio_drafts; --",
      address: '<img src=x onerror=alert(1)> "quoted" \\ back',
    }
    const response = await ravi.browser.call('/api/portfoliomanager/save', savePayload(ravi, 1, values))
    expect(response.status).toBe(200)
    expect(await getPortfolio(ravi)).toMatchObject(values)
  })

  it("refuses another vendor's vendorUserId with 403 and an anonymous caller with 401", async () => {
    const other = asha.browser.vendorUserId
    for (const [path, body] of [
      ['/api/portfoliomanager/get', { vendorUserId: other }],
      ['/api/portfoliomanager/list', { vendorUserId: other }],
      [
        '/api/portfoliomanager/save',
        { ...savePayload(ravi, 2, { businessDomain: 'Wireline' }), vendorUserId: other },
      ],
      ['/api/portfoliomanager/create', { ...submitPayload(ravi), vendorUserId: other }],
    ] as const) {
      expect(await answer(await ravi.browser.call(path, body))).toEqual({
        status: 403,
        body: { message: FORBIDDEN_MESSAGE },
      })
    }
    expect(await listRecords(asha)).toHaveLength(1)

    const visitor = new Browser()
    await visitor.bootstrap()
    const anonymous = await answer(await visitor.call('/api/portfoliomanager/list', { vendorUserId: other }))
    expect(anonymous).toEqual({ status: 401, body: { message: NOT_SIGNED_IN_MESSAGE } })
  })

  it('answers 400 for a malformed body', async () => {
    const response = await ravi.browser.call('/api/portfoliomanager/save', {
      ...savePayload(ravi, 1, organization),
      saveSection: 7,
    })
    expect(response.status).toBe(400)
  })
})
