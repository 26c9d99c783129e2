import * as v from 'valibot'
import { endpoints } from '@/contract/endpoints'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogueAnswerSchema } from '@/contract/catalogue'
import { addCommentAnswerSchema, commentListAnswerSchema } from '@/contract/certification'
import { blankSavePayload, specLiteralSavePayload } from '@/contract/fixtures/payloads'
import {
  DEVICE_SECTION_SAVED_MESSAGE,
  NO_UPDATES_MESSAGE,
  ORGANIZATION_SECTION_SAVED_MESSAGE,
  PLEASE_SUBMIT_FORM_MESSAGE,
} from '@/contract/messages'
import {
  recordDetailsSchema,
  savedPortfolioSchema,
  type SavePayload,
  type SubmitPayload,
} from '@/contract/portfolio'
import { recordListAnswerSchema } from '@/contract/records'
import {
  ALREADY_SUBMITTED_MESSAGE,
  COMMENT_ADDED_MESSAGE,
  COMMENT_EMPTY_MESSAGE,
  FORBIDDEN_MESSAGE,
  MISSING_TOKEN_MESSAGE,
  NOT_SIGNED_IN_MESSAGE,
  ONLY_SUBMITTED_DELETABLE_MESSAGE,
  ONLY_SUBMITTED_EDITABLE_MESSAGE,
  PORTFOLIO_SUBMITTED_MESSAGE,
  RECORD_DELETED_MESSAGE,
  RECORD_NOT_FOUND_MESSAGE,
  RECORD_UPDATED_MESSAGE,
  UNKNOWN_DRAFT_MESSAGE,
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

const savePayload = (vendor: Vendor, saveSection: SavePayload['saveSection'], values: Partial<SavePayload>) =>
  blankSavePayload(vendor.browser.vendorUserId, saveSection, values)

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

type Browser = Vendor['browser']

async function catalogueOf(browser: Browser) {
  const response = await browser.call(
    '/api/portfoliomanager/get-vendor-devicename-devicetype-productclass-list',
    { method: 'GET' },
  )
  expect(response.status).toBe(200)
  return v.parse(catalogueAnswerSchema, await response.json())
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
      body: { message: 'Serial number 2: Only letters and numbers are allowed', field: 'deviceNumberList' },
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
    expect(response).toEqual({
      status: 400,
      body: { message: 'Base firmware version: This field is required', field: 'baseFirmwareVersion' },
    })
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

    // The new names are Asha's own: her catalogue lists them, a visitor's and Ravi's do not.
    const catalogue = await catalogueOf(asha.browser)
    expect(catalogue.deviceNameList).toContainEqual({ vendor: 'Nokia', deviceName: 'Asha Mesh X1' })
    expect(catalogue.deviceTypeList).toContainEqual({ deviceName: 'Asha Mesh X1', deviceType: 'Mesh Node' })
    expect(catalogue.productClassList).toContainEqual({
      deviceType: 'Mesh Node',
      productClass: 'Wi-Fi 7 Mesh',
    })
    for (const other of [await newBrowser(test.portal), ravi.browser]) {
      const theirs = await catalogueOf(other)
      expect(JSON.stringify(theirs)).not.toContain('Asha Mesh X1')
      expect(theirs.deviceTypeList).not.toContainEqual({
        deviceName: 'Asha Mesh X1',
        deviceType: 'Mesh Node',
      })
      expect(theirs.productClassList).not.toContainEqual({
        deviceType: 'Mesh Node',
        productClass: 'Wi-Fi 7 Mesh',
      })
    }

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

  it('takes a new device name with a type of the catalogue: no 15-character rule for the type, the name offered with it after', async () => {
    const maker = await createVendor('mesh.maker@example.com', 'Mesh')
    const response = await answer(
      await maker.browser.post(
        '/api/portfoliomanager/create',
        submitPayload(maker, {
          deviceName: 'Beacon Mesh 9',
          deviceType: 'Wi-Fi Mesh Device',
          productClass: 'Wi-Fi 6E Mesh',
          deviceNumberList: ['SNMESH901', 'SNMESH902'],
        }),
      ),
    )
    expect(response.status).toBe(200)
    const catalogue = (await (
      await maker.browser.call(endpoints.catalogue.path, { method: 'GET' })
    ).json()) as {
      deviceTypeList: Array<{ deviceName: string; deviceType: string }>
    }
    expect(catalogue.deviceTypeList.filter((item) => item.deviceName === 'Beacon Mesh 9')).toEqual([
      { deviceName: 'Beacon Mesh 9', deviceType: 'Wi-Fi Mesh Device' },
    ])
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
    expect(await answer(empty)).toEqual({
      status: 400,
      body: { message: COMMENT_EMPTY_MESSAGE, field: 'text' },
    })
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

  it('answers 400 for a malformed body, naming the field and the rule', async () => {
    const response = await ravi.browser.post('/api/portfoliomanager/save', {
      ...savePayload(ravi, 1, organization),
      saveSection: 7,
    })
    expect(await answer(response)).toEqual({
      status: 400,
      body: { message: 'Save section must be 0, 1, 2 or 3.', field: 'saveSection' },
    })
  })
})

describe('repeated reads (server/http/answer-cache.ts)', () => {
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

describe('editing a submitted record (docs/decisions/0012)', () => {
  let owner: Vendor
  let stranger: Vendor
  let recordId: string

  const recordOf = (vendor: Vendor, portfolioManagerId: string) =>
    vendor.browser.post('/api/portfoliomanager/record/get', {
      vendorUserId: vendor.browser.vendorUserId,
      portfolioManagerId,
    })

  const updateOf = (vendor: Vendor, portfolioManagerId: string, values: Record<string, unknown> = {}) =>
    vendor.browser.post('/api/portfoliomanager/record/update', {
      ...device,
      portfolioManagerId,
      vendorUserId: vendor.browser.vendorUserId,
      ...values,
    })

  async function details(vendor: Vendor, portfolioManagerId: string) {
    const response = await recordOf(vendor, portfolioManagerId)
    expect(response.status).toBe(200)
    return v.parse(recordDetailsSchema, await response.json())
  }

  beforeAll(async () => {
    owner = await createVendor('editor@example.com', 'Editor')
    stranger = await createVendor('stranger@example.com', 'Stranger')
    const submitted = await owner.browser.post('/api/portfoliomanager/create', submitPayload(owner))
    expect(submitted.status).toBe(200)
    const [record] = await listRecords(owner)
    recordId = record?.portfolioManagerId ?? ''
    expect(recordId).toBeTruthy()
  }, 30_000)

  it('reads its own record with the device details the form needs', async () => {
    const response = await recordOf(owner, recordId)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const record = v.parse(recordDetailsSchema, await response.json())
    expect(record).toEqual({
      portfolioManagerId: recordId,
      organizationName: organization.organizationName,
      businessDomain: 'Wireline,Wireless',
      ...device,
      creationTime: (await listRecords(owner))[0]?.creationTime,
      createdBy: 'Editor Tester',
      status: 'Submitted',
      isCertified: '',
      // docs/decisions/0033: the original, and no run yet to give a reason.
      revision: 1,
      lastReason: null,
    })
  })

  it('updates the device details in place: one record, same id, the list shows the new values', async () => {
    const [before] = await listRecords(owner)
    // A new device name: its type and class are new under it too, as the form's cascade makes them.
    const changes = {
      deviceName: 'Editor Mesh E1',
      deviceType: 'Mesh Node',
      productClass: 'Wi-Fi 7 Mesh',
      baseFirmwareVersion: '2.0.1',
      devicesToBeCertified: '1',
      deviceNumberList: ['SN900'],
      yearOfManufacturing: '2024',
      isEngBuildAvailable: 'No',
    }
    const response = await answer(await updateOf(owner, recordId, changes))
    expect(response).toEqual({ status: 200, body: { message: RECORD_UPDATED_MESSAGE } })

    const list = await listRecords(owner)
    expect(list).toHaveLength(1)
    expect(list[0]).toEqual({
      ...before,
      deviceName: 'Editor Mesh E1',
      deviceType: 'Mesh Node',
      productClass: 'Wi-Fi 7 Mesh',
      baseFirmwareVersion: '2.0.1',
    })
    expect(await details(owner, recordId)).toMatchObject({ ...device, ...changes, status: 'Submitted' })

    // A new name joins the owner's catalogue as on submit, so the form's cascade offers it afterwards.
    const catalogue = await catalogueOf(owner.browser)
    expect(catalogue.deviceNameList).toContainEqual({ vendor: 'Nokia', deviceName: 'Editor Mesh E1' })
    expect(catalogue.deviceTypeList).toContainEqual({ deviceName: 'Editor Mesh E1', deviceType: 'Mesh Node' })

    // The same update again changes nothing and says the same.
    expect(await answer(await updateOf(owner, recordId, changes))).toEqual({
      status: 200,
      body: { message: RECORD_UPDATED_MESSAGE },
    })
    expect(await listRecords(owner)).toHaveLength(1)
  })

  it("refuses another vendor's vendorUserId (403) and treats another vendor's record as missing (404)", async () => {
    const before = await details(owner, recordId)
    const asOwner = { vendorUserId: owner.browser.vendorUserId }
    expect(
      await answer(
        await stranger.browser.post('/api/portfoliomanager/record/get', {
          ...asOwner,
          portfolioManagerId: recordId,
        }),
      ),
    ).toEqual({ status: 403, body: { message: FORBIDDEN_MESSAGE } })
    expect(
      await answer(
        await stranger.browser.post('/api/portfoliomanager/record/update', {
          ...device,
          ...asOwner,
          portfolioManagerId: recordId,
        }),
      ),
    ).toEqual({ status: 403, body: { message: FORBIDDEN_MESSAGE } })

    const notFound = { status: 404, body: { message: RECORD_NOT_FOUND_MESSAGE } }
    expect(await answer(await recordOf(stranger, recordId))).toEqual(notFound)
    expect(await answer(await updateOf(stranger, recordId, { baseFirmwareVersion: '9.9.9' }))).toEqual(
      notFound,
    )
    expect(await details(owner, recordId)).toEqual(before)
  })

  it('answers 404 for an unknown record', async () => {
    const notFound = { status: 404, body: { message: RECORD_NOT_FOUND_MESSAGE } }
    expect(await answer(await recordOf(owner, 'no-such-record'))).toEqual(notFound)
    expect(await answer(await updateOf(owner, 'no-such-record'))).toEqual(notFound)
  })

  it('refuses a body that breaks the device rules with 400 and the message, and changes nothing', async () => {
    const before = await details(owner, recordId)
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { baseFirmwareVersion: '1.2a' },
        'Base firmware version: Please enter only numbers and periods (e.g., 1.0.0)',
        'baseFirmwareVersion',
      ],
      [{ deviceName: '' }, 'Device name: This field is required', 'deviceName'],
      [
        { isEngBuildAvailable: '' },
        'Engineering build available: This field is required',
        'isEngBuildAvailable',
      ],
      [
        { devicesToBeCertified: '2', deviceNumberList: ['SN1'] },
        'Device serial numbers: The count of device serial number must match the number of devices added',
        'deviceNumberList',
      ],
      [
        { deviceNumberList: ['SN1', 'SN 2'], devicesToBeCertified: '2' },
        'Serial number 2: Only letters and numbers are allowed',
        'deviceNumberList',
      ],
      [
        { deviceName: 'A'.repeat(16) },
        'New device name: Device Name must be at most 15 characters long.',
        'deviceName',
      ],
      [
        { yearOfManufacturing: '1989' },
        'Year of manufacturing: Year must be between 1990 and ' + new Date().getFullYear(),
        'yearOfManufacturing',
      ],
      [
        { vendor: 'Acme Unlisted' },
        'Device manufacturer: Please choose a manufacturer from the list.',
        'vendor',
      ],
      // Outside the contract's shape: the field's label and the contract's rule.
      [
        { deviceNumberList: ['A', 'B', 'C', 'D'] },
        'Device serial numbers must have at most 3 entries.',
        'deviceNumberList',
      ],
      [{ portfolioManagerId: 7 }, 'Portfolio manager id must be text.', 'portfolioManagerId'],
    ]
    for (const [values, message, field] of cases) {
      expect(await answer(await updateOf(owner, recordId, values)), JSON.stringify(values)).toEqual({
        status: 400,
        body: { message, field },
      })
    }
    const missing = await owner.browser.post('/api/portfoliomanager/record/update', {
      portfolioManagerId: recordId,
      vendorUserId: owner.browser.vendorUserId,
    })
    expect(await answer(missing)).toEqual({
      status: 400,
      body: { message: 'Device manufacturer is required.', field: 'vendor' },
    })
    expect(await details(owner, recordId)).toEqual(before)
  })

  it.each(['InProgress', 'Maintenance', 'Completed'] as const)(
    'reads a record in status %s but refuses to update it (409), leaving it as it was',
    async (status) => {
      const submitted = await owner.browser.post('/api/portfoliomanager/create', submitPayload(owner))
      expect(submitted.status).toBe(200)
      const [newest] = await listRecords(owner)
      const id = newest?.portfolioManagerId ?? ''
      await test.database.db
        .updateTable('device_records')
        .set({ status, is_certified: status === 'Completed' ? 'CERTIFIED-OK' : '' })
        .where('portfolio_manager_id', '=', id)
        .execute()
      const before = await details(owner, id)
      expect(before.status).toBe(status)

      expect(await answer(await updateOf(owner, id, { baseFirmwareVersion: '9.9.9' }))).toEqual({
        status: 409,
        body: { message: ONLY_SUBMITTED_EDITABLE_MESSAGE },
      })
      expect(await details(owner, id)).toEqual(before)
      expect(
        (await listRecords(owner)).find((row) => row.portfolioManagerId === id)?.baseFirmwareVersion,
      ).toBe(device.baseFirmwareVersion)
    },
  )

  it('needs a session (401) and, for the update, the Token header (403)', async () => {
    const visitor = await newBrowser(test.portal)
    const anonymous = await visitor.post('/api/portfoliomanager/record/get', {
      vendorUserId: owner.browser.vendorUserId,
      portfolioManagerId: recordId,
    })
    expect(await answer(anonymous)).toEqual({ status: 401, body: { message: NOT_SIGNED_IN_MESSAGE } })

    const withoutToken = await owner.browser.call('/api/portfoliomanager/record/update', {
      body: { ...device, portfolioManagerId: recordId, vendorUserId: owner.browser.vendorUserId },
      token: false,
    })
    expect(await answer(withoutToken)).toEqual({ status: 403, body: { message: MISSING_TOKEN_MESSAGE } })
  })
})

describe('input rules (docs/decisions/0015)', () => {
  let vendor: Vendor
  const CONTROL = 'must not contain control characters or invisible formatting characters.'

  beforeAll(async () => {
    vendor = await createVendor('rules@example.com', 'Rules')
  }, 30_000)

  it('refuses control and invisible characters with 400 naming the field, and writes nothing', async () => {
    const cases: Array<[Partial<SubmitPayload>, string, string]> = [
      [{ organizationName: 'Asha\u0000Networks' }, `Organization name ${CONTROL}`, 'organizationName'],
      [{ city: 'Benga\u202eluru' }, `City ${CONTROL}`, 'city'],
      [{ vendor: 'No\ufeffkia' }, `Device manufacturer ${CONTROL}`, 'vendor'],
      [{ deviceNumberList: ['SN001', 'SN\u0000002'] }, `Serial number 2 ${CONTROL}`, 'deviceNumberList'],
      [{ address: '12 MG Road\u0000' }, `Address ${CONTROL}`, 'address'],
      [{ deviceName: 'Beacon\u200b6' }, `Device name ${CONTROL}`, 'deviceName'],
    ]
    for (const [values, message, field] of cases) {
      const response = await vendor.browser.post(
        '/api/portfoliomanager/create',
        submitPayload(vendor, values),
      )
      expect(await answer(response), JSON.stringify(values)).toEqual({
        status: 400,
        body: { message, field },
      })
    }
    expect(await listRecords(vendor)).toEqual([])
  })

  it('takes line breaks where the form has a textarea, and stores names normalised', async () => {
    const values = {
      ...organization,
      organizationName: '  Cafe\u0301 Networks ',
      description: 'Fibre\nand Wi-Fi\r\nequipment',
      address: '12 MG Road\nBengaluru',
    }
    expect(
      (await vendor.browser.post('/api/portfoliomanager/save', savePayload(vendor, 1, values))).status,
    ).toBe(200)
    expect(await getPortfolio(vendor)).toMatchObject({
      organizationName: 'Caf\u00e9 Networks',
      description: 'Fibre\nand Wi-Fi\r\nequipment',
      address: '12 MG Road\nBengaluru',
    })
  })

  it("refuses a vendor the catalogue does not list (no 'Add New' vendor), even behind a byte-order mark", async () => {
    const refusal = {
      status: 400,
      body: { message: 'Device manufacturer: Please choose a manufacturer from the list.', field: 'vendor' },
    }
    const submit = await vendor.browser.post(
      '/api/portfoliomanager/create',
      submitPayload(vendor, { vendor: '\ufeffAcme Unlisted' }),
    )
    expect(await answer(submit)).toEqual(refusal)
    const save = await vendor.browser.post(
      '/api/portfoliomanager/save',
      savePayload(vendor, 3, { ...device, vendor: 'Acme Unlisted' }),
    )
    expect(await answer(save)).toEqual(refusal)
    expect(await listRecords(vendor)).toEqual([])
    const rows = await test.database.db
      .selectFrom('catalogue_vendors')
      .select('vendor')
      .where('vendor', 'like', '%Acme%')
      .execute()
    expect(rows).toEqual([])
  })

  it("accepts spec §3's save payload as written: no saveSection saves every section", async () => {
    const payload = specLiteralSavePayload(vendor.browser.vendorUserId)
    expect('saveSection' in payload).toBe(false)
    const response = await vendor.browser.post('/api/portfoliomanager/save', payload)
    expect(await answer(response)).toEqual({ status: 200, body: { message: PLEASE_SUBMIT_FORM_MESSAGE } })
    const { vendorUserId: _ignored, ...fields } = payload
    expect(await getPortfolio(vendor)).toMatchObject(fields)
  })

  it('accepts every phone number spec §5 allows, however it is formatted', async () => {
    const phoneNumber = '(1) 2-3-4-5-6-7-8-9-0-1-2-3'
    const response = await vendor.browser.post(
      '/api/portfoliomanager/save',
      savePayload(vendor, 1, { ...organization, phoneNumber }),
    )
    expect(response.status).toBe(200)
    expect((await getPortfolio(vendor)).phoneNumber).toBe(phoneNumber)
  })

  it('refuses a savedPortfolioManagerId that names no draft of the caller', async () => {
    const expected = {
      status: 400,
      body: { message: UNKNOWN_DRAFT_MESSAGE, field: 'savedPortfolioManagerId' },
    }
    const madeUp = await vendor.browser.post(
      '/api/portfoliomanager/create',
      submitPayload(vendor, { savedPortfolioManagerId: 'made-up-draft-id' }),
    )
    expect(await answer(madeUp)).toEqual(expected)
    // Another vendor's open draft is not the caller's either.
    const theirs = (await getPortfolio(vendor)).portfolioManagerSavedDetails?.savedPortfolioManagerId ?? ''
    expect(theirs).toBeTruthy()
    const stranger = await createVendor('stranger-rules@example.com', 'Stranger')
    const foreign = await stranger.browser.post(
      '/api/portfoliomanager/create',
      submitPayload(stranger, { savedPortfolioManagerId: theirs }),
    )
    expect(await answer(foreign)).toEqual(expected)
    expect(await listRecords(vendor)).toEqual([])
    expect(await listRecords(stranger)).toEqual([])
  })

  it('answers 50 concurrent submits with one Idempotency-Key once: one record, the same answer', async () => {
    const presser = await createVendor('presser@example.com', 'Presser')
    const key = '9b2f4c1e-7d3a-4e5b-8c6d-1a2b3c4d5e6f'
    const payload = submitPayload(presser)
    const submit = () =>
      presser.browser.call('/api/portfoliomanager/create', {
        body: payload,
        headers: { 'Idempotency-Key': key },
      })
    const answers = await Promise.all(Array.from({ length: 50 }, submit))
    for (const response of answers) {
      expect(await answer(response)).toEqual({ status: 200, body: { message: PORTFOLIO_SUBMITTED_MESSAGE } })
    }
    expect(await listRecords(presser)).toHaveLength(1)
    // Later, the same press again: the same answer, nothing new.
    expect(await answer(await submit())).toEqual({
      status: 200,
      body: { message: PORTFOLIO_SUBMITTED_MESSAGE },
    })
    expect(await listRecords(presser)).toHaveLength(1)
    // A new press is a new request.
    const next = await presser.browser.call('/api/portfoliomanager/create', {
      body: payload,
      headers: { 'Idempotency-Key': 'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d' },
    })
    expect(next.status).toBe(200)
    expect(await listRecords(presser)).toHaveLength(2)
    // The key is the caller's: another vendor's press with the same key is its own.
    const other = await createVendor('other-presser@example.com', 'Other')
    const theirs = await other.browser.call('/api/portfoliomanager/create', {
      body: submitPayload(other),
      headers: { 'Idempotency-Key': key },
    })
    expect(theirs.status).toBe(200)
    expect(await listRecords(other)).toHaveLength(1)
    const stored = await test.database.db.selectFrom('submit_answers').selectAll().execute()
    expect(stored.filter((row) => row.idempotency_key === key)).toHaveLength(2)
  })

  it('refuses an Idempotency-Key that is not a key', async () => {
    const response = await vendor.browser.call('/api/portfoliomanager/create', {
      body: submitPayload(vendor),
      headers: { 'Idempotency-Key': 'no' },
    })
    expect(await answer(response)).toEqual({
      status: 400,
      body: {
        message: 'Idempotency-Key must be 8 to 128 letters, digits, hyphens or underscores (a UUID).',
        field: 'Idempotency-Key',
      },
    })
  })
})
