import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addCommentAnswerSchema, commentListAnswerSchema } from '@/contract/certification'
import { blankSavePayload } from '@/contract/fixtures/payloads'
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
  INVALID_REQUEST_MESSAGE,
  MISSING_TOKEN_MESSAGE,
  NOT_SIGNED_IN_MESSAGE,
  ONLY_SUBMITTED_DELETABLE_MESSAGE,
  ONLY_SUBMITTED_EDITABLE_MESSAGE,
  PORTFOLIO_SUBMITTED_MESSAGE,
  RECORD_DELETED_MESSAGE,
  RECORD_NOT_FOUND_MESSAGE,
  RECORD_UPDATED_MESSAGE,
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
      body: { message: 'Serial number 2: Only letters and numbers are allowed' },
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

    // A new name joins the catalogue as on submit, so the form's cascade offers it afterwards.
    const catalogue = (await (
      await fetch(
        `${test.portal.mainUrl}/api/portfoliomanager/get-vendor-devicename-devicetype-productclass-list`,
      )
    ).json()) as { deviceNameList: unknown[]; deviceTypeList: unknown[] }
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
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { baseFirmwareVersion: '1.2a' },
        'Base firmware version: Please enter only numbers and periods (e.g., 1.0.0)',
      ],
      [{ deviceName: '' }, 'Device name: This field is required'],
      [{ isEngBuildAvailable: '' }, 'Engineering build available: This field is required'],
      [
        { devicesToBeCertified: '2', deviceNumberList: ['SN1'] },
        'Device serial numbers: The count of device serial number must match the number of devices added',
      ],
      [
        { deviceNumberList: ['SN1', 'SN 2'], devicesToBeCertified: '2' },
        'Serial number 2: Only letters and numbers are allowed',
      ],
      [{ deviceName: 'A'.repeat(16) }, 'New device name: Device Name must be at most 15 characters long.'],
      [
        { yearOfManufacturing: '1989' },
        'Year of manufacturing: Year must be between 1990 and ' + new Date().getFullYear(),
      ],
      // Outside the contract's shape: the general message.
      [{ deviceNumberList: ['A', 'B', 'C', 'D'] }, INVALID_REQUEST_MESSAGE],
      [{ portfolioManagerId: 7 }, INVALID_REQUEST_MESSAGE],
    ]
    for (const [values, message] of cases) {
      expect(await answer(await updateOf(owner, recordId, values)), JSON.stringify(values)).toEqual({
        status: 400,
        body: { message },
      })
    }
    const missing = await owner.browser.post('/api/portfoliomanager/record/update', {
      portfolioManagerId: recordId,
      vendorUserId: owner.browser.vendorUserId,
    })
    expect(await answer(missing)).toEqual({ status: 400, body: { message: INVALID_REQUEST_MESSAGE } })
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
