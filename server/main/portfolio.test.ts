import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
  ALREADY_SUBMITTED_MESSAGE,
  COMMENT_ADDED_MESSAGE,
  COMMENT_EMPTY_MESSAGE,
  FORBIDDEN_MESSAGE,
  NOT_SIGNED_IN_MESSAGE,
  ONLY_SUBMITTED_DELETABLE_MESSAGE,
  PORTFOLIO_SUBMITTED_MESSAGE,
  RECORD_DELETED_MESSAGE,
  RECORD_NOT_FOUND_MESSAGE,
} from '@/contract/server-messages'
import {
  createVendor as createTestVendor,
  newBrowser,
  startTestPortal,
  submitPayloadFor,
  TEST_DEVICE,
  TEST_ORGANIZATION,
  type TestPortal,
  type TestVendor,
} from '../test/portal.ts'

/*
 * The portfolio calls over real HTTP: the portal on free ports and one test database for the file
 * (catalogue seeded, no addresses, no demo account); vendors made directly in the database, each
 * with its own browser (server/test/portal.ts).
 */

let test: TestPortal

beforeAll(async () => {
  test = await startTestPortal()
}, 60_000)

afterAll(async () => {
  await test?.close()
})

type Vendor = TestVendor
const createVendor = (email: string, firstName: string) => createTestVendor(test, email, firstName)

const organization = TEST_ORGANIZATION
const device = TEST_DEVICE

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

const submitPayload = (vendor: Vendor, values: Partial<SubmitPayload> = {}) =>
  submitPayloadFor(vendor.browser.vendorUserId, values)

async function getPortfolio(vendor: Vendor) {
  const response = await vendor.browser.post('/api/portfoliomanager/get', {
    vendorUserId: vendor.browser.vendorUserId,
  })
  expect(response.status).toBe(200)
  return v.parse(savedPortfolioSchema, await response.json())
}

async function listRecords(vendor: Vendor) {
  const response = await vendor.browser.post('/api/portfoliomanager/list', {
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
    const first = await answer(await asha.browser.post('/api/portfoliomanager/save', payload))
    expect(first).toEqual({ status: 200, body: { message: ORGANIZATION_SECTION_SAVED_MESSAGE } })

    const saved = await getPortfolio(asha)
    expect(saved).toMatchObject({
      ...organization,
      vendor: '',
      isPortfolioManagerSavedOrSubmittedDataExists: 'YES',
    })
    expect(saved.isPortfolioManagerReqSubmitted).toBe('NO')
    expect(saved.portfolioManagerSavedDetails?.savedPortfolioManagerId).toBeTruthy()

    const again = await answer(await asha.browser.post('/api/portfoliomanager/save', payload))
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
        await asha.browser.post('/api/portfoliomanager/save', savePayload(asha, 3, values)),
      )
      expect(response.status).toBe(400)
      expect(response.body.message).toBeTruthy()
    }
    const serial = await asha.browser.post(
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
      await asha.browser.post('/api/portfoliomanager/save', savePayload(asha, 3, device)),
    )
    expect(third).toEqual({ status: 200, body: { message: DEVICE_SECTION_SAVED_MESSAGE } })
    const all = savePayload(asha, 0, { ...organization, businessDomain: 'Wireline', ...device })
    const whole = await answer(await asha.browser.post('/api/portfoliomanager/save', all))
    expect(whole).toEqual({ status: 200, body: { message: PLEASE_SUBMIT_FORM_MESSAGE } })
    expect(await getPortfolio(asha)).toMatchObject({ ...device, businessDomain: 'Wireline' })
  })

  it('refuses a submit with a missing field, naming it', async () => {
    const response = await answer(
      await asha.browser.post(
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
    const response = await answer(await asha.browser.post('/api/portfoliomanager/create', payload))
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
      await fetch(
        `${test.portal.mainUrl}/api/portfoliomanager/get-vendor-devicename-devicetype-productclass-list`,
      )
    ).json()) as { deviceNameList: unknown[]; deviceTypeList: unknown[]; productClassList: unknown[] }
    expect(catalogue.deviceNameList).toContainEqual({ vendor: 'Nokia', deviceName: 'Asha Mesh X1' })
    expect(catalogue.deviceTypeList).toContainEqual({ deviceName: 'Asha Mesh X1', deviceType: 'Mesh Node' })
    expect(catalogue.productClassList).toContainEqual({
      deviceType: 'Mesh Node',
      productClass: 'Wi-Fi 7 Mesh',
    })

    // Another request (no saved draft this time) with the same new names leaves the catalogue as it is.
    const second = await asha.browser.post('/api/portfoliomanager/create', {
      ...payload,
      savedPortfolioManagerId: null,
    })
    expect(second.status).toBe(200)
    expect(await listRecords(asha)).toHaveLength(2)
  })

  it('refuses a new name longer than 15 characters', async () => {
    const response = await answer(
      await asha.browser.post(
        '/api/portfoliomanager/create',
        submitPayload(asha, { deviceName: 'A'.repeat(16) }),
      ),
    )
    expect(response.status).toBe(400)
  })

  it('starts a new draft with a new saved id when saving after a submit', async () => {
    const response = await asha.browser.post(
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

  it('makes one record per draft: a second submit of the same draft is refused', async () => {
    const vendor = await createVendor('twice@example.com', 'Twice')
    expect(
      (await vendor.browser.post('/api/portfoliomanager/save', savePayload(vendor, 1, organization))).status,
    ).toBe(200)
    const draftId = (await getPortfolio(vendor)).portfolioManagerSavedDetails?.savedPortfolioManagerId ?? null
    expect(draftId).toBeTruthy()
    const submit = () =>
      vendor.browser.post(
        '/api/portfoliomanager/create',
        submitPayload(vendor, { savedPortfolioManagerId: draftId }),
      )
    // A double click: both at once.
    const answers = await Promise.all([submit(), submit()])
    expect(answers.map((response) => response.status).sort()).toEqual([200, 409])
    const refused = answers.find((response) => response.status === 409)
    expect(await refused?.json()).toEqual({ message: ALREADY_SUBMITTED_MESSAGE })
    expect(await listRecords(vendor)).toHaveLength(1)
    expect(await answer(await submit())).toEqual({
      status: 409,
      body: { message: ALREADY_SUBMITTED_MESSAGE },
    })
    // A submit without a saved draft is a new request each time.
    expect((await vendor.browser.post('/api/portfoliomanager/create', submitPayload(vendor))).status).toBe(
      200,
    )
    expect(await listRecords(vendor)).toHaveLength(2)
  })
})

describe('records, comments and other vendors', () => {
  it('deletes a Submitted record only, and only its own', async () => {
    await ravi.browser.post('/api/portfoliomanager/create', submitPayload(ravi))
    const [raviRecord] = await listRecords(ravi)
    const ashaRecords = await listRecords(asha)
    expect(raviRecord?.createdBy).toBe('Ravi Tester')
    expect(ashaRecords.every((record) => record.createdBy === 'Asha Tester')).toBe(true)

    const foreign = await answer(
      await asha.browser.post('/api/portfoliomanager/delete', {
        portfolioManagerId: raviRecord?.portfolioManagerId,
      }),
    )
    expect(foreign).toEqual({ status: 404, body: { message: RECORD_NOT_FOUND_MESSAGE } })
    const missing = await answer(
      await asha.browser.post('/api/portfoliomanager/delete', { portfolioManagerId: 'nope' }),
    )
    expect(missing.status).toBe(404)

    const [first, second] = ashaRecords
    await test.database.db
      .updateTable('device_records')
      .set({ status: 'InProgress' })
      .where('portfolio_manager_id', '=', first?.portfolioManagerId ?? '')
      .execute()
    const running = await answer(
      await asha.browser.post('/api/portfoliomanager/delete', {
        portfolioManagerId: first?.portfolioManagerId,
      }),
    )
    expect(running).toEqual({ status: 409, body: { message: ONLY_SUBMITTED_DELETABLE_MESSAGE } })

    const deleted = await answer(
      await asha.browser.post('/api/portfoliomanager/delete', {
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
      const response = await asha.browser.post('/api/portfoliomanager/comments/add', {
        portfolioManagerId: id,
        text,
      })
      expect(response.status).toBe(200)
      const added = v.parse(addCommentAnswerSchema, await response.json())
      expect(added.message).toBe(COMMENT_ADDED_MESSAGE)
      expect(added.comment).toMatchObject({ portfolioManagerId: id, author: 'Asha Tester', text })
    }
    const response = await asha.browser.post('/api/portfoliomanager/comments/list', {
      portfolioManagerId: id,
    })
    const { comments } = v.parse(commentListAnswerSchema, await response.json())
    expect(comments.map((comment) => comment.text)).toEqual([...texts].reverse())

    const ravis = await ravi.browser.post('/api/portfoliomanager/comments/list', { portfolioManagerId: id })
    expect(ravis.status).toBe(404)
    const raviAdd = await ravi.browser.post('/api/portfoliomanager/comments/add', {
      portfolioManagerId: id,
      text: 'hi',
    })
    expect(raviAdd.status).toBe(404)
    const empty = await asha.browser.post('/api/portfoliomanager/comments/add', {
      portfolioManagerId: id,
      text: '  ',
    })
    expect(await answer(empty)).toEqual({ status: 400, body: { message: COMMENT_EMPTY_MESSAGE } })
  })

  it('stores SQL-looking and script-like draft text verbatim', async () => {
    const values = {
      ...organization,
      description: "x'; DROP TABLE portfolio_drafts; --",
      address: '<img src=x onerror=alert(1)> "quoted" \\ back',
    }
    const response = await ravi.browser.post('/api/portfoliomanager/save', savePayload(ravi, 1, values))
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
      expect(await answer(await ravi.browser.post(path, body))).toEqual({
        status: 403,
        body: { message: FORBIDDEN_MESSAGE },
      })
    }
    expect(await listRecords(asha)).toHaveLength(1)

    const visitor = await newBrowser(test.portal)
    const anonymous = await answer(await visitor.post('/api/portfoliomanager/list', { vendorUserId: other }))
    expect(anonymous).toEqual({ status: 401, body: { message: NOT_SIGNED_IN_MESSAGE } })
  })

  it('answers 400 for a malformed body', async () => {
    const response = await ravi.browser.post('/api/portfoliomanager/save', {
      ...savePayload(ravi, 1, organization),
      saveSection: 7,
    })
    expect(response.status).toBe(400)
  })
})

describe('repeated reads (server/main/answer-cache.ts)', () => {
  it('answers get and list the same gzipped or not, and never from the browser cache', async () => {
    const vendor = await createVendor('cache@example.com', 'Cache')
    for (let index = 0; index < 3; index += 1) {
      const response = await vendor.browser.post('/api/portfoliomanager/create', submitPayload(vendor))
      expect(response.status).toBe(200)
    }
    for (const path of ['/api/portfoliomanager/get', '/api/portfoliomanager/list']) {
      const body = { vendorUserId: vendor.browser.vendorUserId }
      const plain = await vendor.browser.call(path, { body, headers: { 'Accept-Encoding': 'identity' } })
      const zipped = await vendor.browser.call(path, { body, headers: { 'Accept-Encoding': 'gzip' } })
      expect(plain.headers.get('Content-Encoding'), path).toBeNull()
      expect(plain.headers.get('Cache-Control'), path).toBe('no-store')
      expect(zipped.headers.get('Cache-Control'), path).toBe('no-store')
      // fetch unzips on its own: both carry the same answer.
      expect(await zipped.json(), path).toEqual(await plain.json())
    }
    const list = await vendor.browser.call('/api/portfoliomanager/list', {
      body: { vendorUserId: vendor.browser.vendorUserId },
      headers: { 'Accept-Encoding': 'gzip' },
    })
    expect(list.headers.get('Content-Encoding')).toBe('gzip')
  })

  it('shows a change made outside this process at the next read', async () => {
    const vendor = await createVendor('outside@example.com', 'Outside')
    expect((await vendor.browser.post('/api/portfoliomanager/create', submitPayload(vendor))).status).toBe(
      200,
    )
    const [record] = await listRecords(vendor)
    expect(record?.status).toBe('Submitted')
    expect((await getPortfolio(vendor)).isPortfolioManagerReqSubmitted).toBe('YES')

    // As another portal process on the same PostgreSQL, or an operator, would.
    await test.database.db
      .updateTable('device_records')
      .set({ status: 'Completed', is_certified: 'CERTIFIED-OK' })
      .where('portfolio_manager_id', '=', record?.portfolioManagerId ?? '')
      .execute()
    await test.database.db
      .updateTable('vendor_accounts')
      .set({ organization: 'Outside Optics' })
      .where('email', '=', vendor.email)
      .execute()

    expect((await listRecords(vendor))[0]).toMatchObject({ status: 'Completed', isCertified: 'CERTIFIED-OK' })
    expect((await getPortfolio(vendor)).registrationDetails).toMatchObject({ organization: 'Outside Optics' })
  })
})
