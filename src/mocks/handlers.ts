import { http, HttpResponse, type RequestHandler } from 'msw'
import * as v from 'valibot'
import { type Endpoint, endpoints } from '@/contract/endpoints'
import { SAVE_SECTION_MESSAGES } from '@/contract/messages'
import {
  type RecordDetails,
  SAVE_SECTION_FIELDS,
  type SavePayload,
  type SavedPortfolio,
  type SubmitPayload,
} from '@/contract/portfolio'
import { CERTIFIED_OK } from '@/contract/records'
import * as said from '@/contract/server-messages'
import { addressFixture } from '@/mocks/fixtures/address'
import { catalogueFixture } from '@/mocks/fixtures/catalogue'
import { FIXTURE_NOW, type MockVendor, world } from '@/mocks/fixtures/world'

/*
 * MSW handlers for every call of the endpoint table, answering from the fixture world. Request
 * bodies are validated with the contract's schemas: a bad request gets a 400 with a message and
 * changes nothing, as the real server does. Main-service calls match their /api/ path on any
 * origin; certification calls match their path on any host (the service runs on port 7600).
 */

/** The session token the fixture bootstrap hands out. */
export const FIXTURE_TOKEN = 'fixture-session-token'

export function endpointUrl(endpoint: Pick<Endpoint, 'service' | 'path'>) {
  return `*${endpoint.path}`
}

const badRequest = (message = said.INVALID_REQUEST_MESSAGE) => HttpResponse.json({ message }, { status: 400 })
const forbidden = () => HttpResponse.json({ message: said.FORBIDDEN_MESSAGE }, { status: 403 })

async function readBody<S extends v.GenericSchema>(
  request: Request,
  schema: S,
): Promise<{ ok: true; value: v.InferOutput<S> } | { ok: false; response: Response }> {
  let json: unknown
  try {
    json = await request.json()
  } catch {
    return { ok: false, response: badRequest() }
  }
  const parsed = v.safeParse(schema, json)
  if (!parsed.success)
    return { ok: false, response: badRequest(said.refusedRequestMessage(parsed.issues[0]?.message)) }
  return { ok: true, value: parsed.output }
}

function vendorById(vendorUserId: string): MockVendor | undefined {
  return world.vendors.find((vendor) => vendor.authData.vendorUserId === vendorUserId)
}

function nextId(prefix: string) {
  world.nextId += 1
  return `${prefix}-${world.nextId}`
}

function draftFields(payload: SavePayload | SubmitPayload, section: 0 | 1 | 2 | 3) {
  const names =
    section === 0
      ? [...SAVE_SECTION_FIELDS[1], ...SAVE_SECTION_FIELDS[2], ...SAVE_SECTION_FIELDS[3]]
      : SAVE_SECTION_FIELDS[section]
  return Object.fromEntries(names.map((name) => [name, payload[name]])) as Partial<SavedPortfolio>
}

/** A vendor's own record (another vendor's is missing, as on the server), or undefined. */
function ownRecord(vendor: MockVendor, portfolioManagerId: string) {
  return world.records.find(
    (record) => record.portfolioManagerId === portfolioManagerId && record.createdBy === vendor.authData.name,
  )
}

const e = endpoints

export const handlers: RequestHandler[] = [
  http.get(endpointUrl(e.token), () => HttpResponse.text('SUCCESS', { headers: { Token: FIXTURE_TOKEN } })),
  // The fixture certification service answers on any host and port: the page keeps its default.
  http.get(endpointUrl(e.portalConfig), () => HttpResponse.json({ certificationServicePort: null })),

  http.get(endpointUrl(e.addressData), ({ request }) => {
    const country = new URL(request.url).searchParams.get('country') ?? undefined
    return HttpResponse.json(addressFixture(country))
  }),

  http.post(endpointUrl(e.login), async ({ request }) => {
    const body = await readBody(request, e.login.request)
    if (!body.ok) return body.response
    const vendor = world.vendors.find(
      (candidate) =>
        candidate.authData.emailId.toLowerCase() === body.value.emailId.toLowerCase() &&
        candidate.password === body.value.password,
    )
    if (!vendor) return HttpResponse.json({ message: said.INVALID_LOGIN_MESSAGE }, { status: 401 })
    return HttpResponse.json(vendor.authData)
  }),

  http.post(endpointUrl(e.logout), () => HttpResponse.json({ message: said.LOGGED_OUT_MESSAGE })),
  http.post(endpointUrl(e.keepSessionAlive), () =>
    HttpResponse.json({ message: said.SESSION_RENEWED_MESSAGE }),
  ),

  http.post(endpointUrl(e.register), async ({ request }) => {
    const body = await readBody(request, e.register.request)
    if (!body.ok) return body.response
    const emailId = body.value.emailId
    if (world.vendors.some((vendor) => vendor.authData.emailId.toLowerCase() === emailId.toLowerCase())) {
      return HttpResponse.json({ status: 'FAILURE', message: said.ACCOUNT_EXISTS_MESSAGE })
    }
    const id = nextId('acct')
    world.pendingAccounts.set(id, emailId)
    const { firstName, lastName, organization, countryCode, phoneNumber, country, state, city } = body.value
    const name = `${firstName} ${lastName}`
    world.vendors.push({
      authData: {
        name,
        emailId,
        phoneNumber: `${countryCode} ${phoneNumber}`,
        vendorUserId: `v-${id}`,
        message: 'Login is successful',
        isPortfolioManagerPreviousReqSaved: 'NO',
        isPortfolioManagerSavedOrSubmittedDataExists: 'NO',
        isPortfolioManagerSubmittedDataExists: 'NO',
      },
      // No password until the Create Password dialog sets one: the account cannot sign in yet.
      password: '',
      registration: { organization, name, emailId, countryCode, phoneNumber, country, state, city },
      portfolio: null,
    })
    return HttpResponse.json({
      status: 'SUCCESS',
      message: said.registrationSuccessMessage(emailId),
      id,
      emailId,
    })
  }),

  http.post(endpointUrl(e.changePassword), async ({ request }) => {
    const body = await readBody(request, e.changePassword.request)
    if (!body.ok) return body.response
    const emailId = world.pendingAccounts.get(body.value.id)
    const vendor = world.vendors.find((candidate) => candidate.authData.emailId === emailId)
    if (!vendor || emailId !== body.value.emailId || body.value.otp !== world.code) {
      return HttpResponse.text(said.INVALID_CODE_MESSAGE, { status: 400 })
    }
    vendor.password = body.value.password
    world.pendingAccounts.delete(body.value.id)
    return HttpResponse.text(said.PASSWORD_SAVED_MESSAGE)
  }),

  http.post(endpointUrl(e.forgotPassword), async ({ request }) => {
    const body = await readBody(request, e.forgotPassword.request)
    if (!body.ok) return body.response
    const vendor = world.vendors.find(
      (candidate) => candidate.authData.emailId.toLowerCase() === body.value.emailId.toLowerCase(),
    )
    if (!vendor) return HttpResponse.json({ status: 'FAILURE', message: said.UNKNOWN_ACCOUNT_MESSAGE })
    const id = nextId('reset')
    world.passwordResets.set(id, vendor.authData.emailId)
    return HttpResponse.json({
      status: 'SUCCESS',
      message: said.codeSentMessage(vendor.authData.emailId),
      id,
    })
  }),

  http.post(endpointUrl(e.resetPassword), async ({ request }) => {
    const body = await readBody(request, e.resetPassword.request)
    if (!body.ok) return body.response
    const emailId = world.passwordResets.get(body.value.id)
    const vendor = world.vendors.find((candidate) => candidate.authData.emailId === emailId)
    if (!vendor || body.value.otp !== world.code) {
      return HttpResponse.json({ status: 'FAILURE', message: said.INVALID_CODE_MESSAGE })
    }
    vendor.password = body.value.password
    world.passwordResets.delete(body.value.id)
    return HttpResponse.json({ status: 'SUCCESS', message: said.PASSWORD_RESET_MESSAGE })
  }),

  http.get(endpointUrl(e.catalogue), () => HttpResponse.json(catalogueFixture())),

  http.post(endpointUrl(e.getPortfolio), async ({ request }) => {
    const body = await readBody(request, e.getPortfolio.request)
    if (!body.ok) return body.response
    const vendor = vendorById(body.value.vendorUserId)
    if (!vendor) return forbidden()
    if (vendor.portfolio)
      return HttpResponse.json({ ...vendor.portfolio, registrationDetails: vendor.registration })
    return HttpResponse.json({
      isPortfolioManagerSavedOrSubmittedDataExists: 'NO',
      isPortfolioManagerReqSubmitted: 'NO',
      portfolioManagerSavedDetails: null,
      registrationDetails: vendor.registration,
    } satisfies SavedPortfolio)
  }),

  http.post(endpointUrl(e.savePortfolio), async ({ request }) => {
    const body = await readBody(request, e.savePortfolio.request)
    if (!body.ok) return body.response
    const vendor = vendorById(body.value.vendorUserId)
    if (!vendor) return forbidden()
    const savedPortfolioManagerId =
      vendor.portfolio?.portfolioManagerSavedDetails?.savedPortfolioManagerId ?? nextId('pm-draft')
    vendor.portfolio = {
      ...(vendor.portfolio?.isPortfolioManagerReqSubmitted === 'NO' ? vendor.portfolio : {}),
      ...draftFields(body.value, body.value.saveSection),
      isPortfolioManagerSavedOrSubmittedDataExists: 'YES',
      isPortfolioManagerReqSubmitted: 'NO',
      portfolioManagerSavedDetails: { savedPortfolioManagerId },
    }
    vendor.authData = {
      ...vendor.authData,
      isPortfolioManagerPreviousReqSaved: 'YES',
      isPortfolioManagerSavedOrSubmittedDataExists: 'YES',
    }
    return HttpResponse.json({ message: SAVE_SECTION_MESSAGES[body.value.saveSection] })
  }),

  http.post(endpointUrl(e.submitPortfolio), async ({ request }) => {
    const body = await readBody(request, e.submitPortfolio.request)
    if (!body.ok) return body.response
    const vendor = vendorById(body.value.vendorUserId)
    if (!vendor) return forbidden()
    const payload = body.value
    const draftId = payload.savedPortfolioManagerId
    if (draftId !== null && world.submittedDrafts.has(draftId)) {
      return HttpResponse.json({ message: said.ALREADY_SUBMITTED_MESSAGE }, { status: 409 })
    }
    if (draftId !== null) world.submittedDrafts.add(draftId)
    const portfolioManagerId = nextId('pm')
    world.recordExtras.set(portfolioManagerId, {
      organizationName: payload.organizationName,
      devicesToBeCertified: payload.devicesToBeCertified,
      deviceNumberList: payload.deviceNumberList.filter((serial) => serial !== ''),
      yearOfManufacturing: payload.yearOfManufacturing,
      isEngBuildAvailable: payload.isEngBuildAvailable,
    })
    world.records.unshift({
      portfolioManagerId,
      vendor: payload.vendor,
      deviceName: payload.deviceName,
      deviceType: payload.deviceType,
      productClass: payload.productClass,
      baseFirmwareVersion: payload.baseFirmwareVersion,
      businessDomain: payload.businessDomain,
      creationTime: FIXTURE_NOW.toISOString(),
      createdBy: vendor.authData.name,
      status: 'Submitted',
      isCertified: '',
    })
    vendor.portfolio = {
      ...draftFields(payload, 0),
      isPortfolioManagerSavedOrSubmittedDataExists: 'YES',
      isPortfolioManagerReqSubmitted: 'YES',
      portfolioManagerSavedDetails: null,
    }
    vendor.authData = {
      ...vendor.authData,
      isPortfolioManagerPreviousReqSaved: 'NO',
      isPortfolioManagerSavedOrSubmittedDataExists: 'YES',
      isPortfolioManagerSubmittedDataExists: 'YES',
    }
    return HttpResponse.json({ message: said.PORTFOLIO_SUBMITTED_MESSAGE })
  }),

  http.post(endpointUrl(e.listRecords), async ({ request }) => {
    const body = await readBody(request, e.listRecords.request)
    if (!body.ok) return body.response
    const vendor = vendorById(body.value.vendorUserId)
    if (!vendor) return forbidden()
    const list = world.records.filter((record) => record.createdBy === vendor.authData.name)
    return HttpResponse.json({ portfolioManagerSubmittedDetailsList: list })
  }),

  http.post(endpointUrl(e.deleteRecord), async ({ request }) => {
    const body = await readBody(request, e.deleteRecord.request)
    if (!body.ok) return body.response
    const index = world.records.findIndex(
      (record) => record.portfolioManagerId === body.value.portfolioManagerId,
    )
    const record = world.records[index]
    if (!record) return HttpResponse.json({ message: said.RECORD_NOT_FOUND_MESSAGE }, { status: 404 })
    if (record.status !== 'Submitted') {
      return HttpResponse.json({ message: said.ONLY_SUBMITTED_DELETABLE_MESSAGE }, { status: 409 })
    }
    world.records.splice(index, 1)
    return HttpResponse.json({ message: said.RECORD_DELETED_MESSAGE })
  }),

  http.post(endpointUrl(e.getRecord), async ({ request }) => {
    const body = await readBody(request, e.getRecord.request)
    if (!body.ok) return body.response
    const vendor = vendorById(body.value.vendorUserId)
    if (!vendor) return forbidden()
    const record = ownRecord(vendor, body.value.portfolioManagerId)
    if (!record) return HttpResponse.json({ message: said.RECORD_NOT_FOUND_MESSAGE }, { status: 404 })
    const extras = world.recordExtras.get(record.portfolioManagerId)
    return HttpResponse.json({
      ...record,
      organizationName: extras?.organizationName ?? '',
      devicesToBeCertified: extras?.devicesToBeCertified ?? '',
      deviceNumberList: extras?.deviceNumberList ?? [],
      yearOfManufacturing: extras?.yearOfManufacturing ?? '',
      isEngBuildAvailable: extras?.isEngBuildAvailable ?? '',
    } satisfies RecordDetails)
  }),

  http.post(endpointUrl(e.updateRecord), async ({ request }) => {
    const body = await readBody(request, e.updateRecord.request)
    if (!body.ok) return body.response
    const vendor = vendorById(body.value.vendorUserId)
    if (!vendor) return forbidden()
    const record = ownRecord(vendor, body.value.portfolioManagerId)
    if (!record) return HttpResponse.json({ message: said.RECORD_NOT_FOUND_MESSAGE }, { status: 404 })
    if (record.status !== 'Submitted') {
      return HttpResponse.json({ message: said.ONLY_SUBMITTED_EDITABLE_MESSAGE }, { status: 409 })
    }
    const { vendor: maker, deviceName, deviceType, productClass, baseFirmwareVersion } = body.value
    Object.assign(record, { vendor: maker, deviceName, deviceType, productClass, baseFirmwareVersion })
    const extras = world.recordExtras.get(record.portfolioManagerId)
    world.recordExtras.set(record.portfolioManagerId, {
      organizationName: extras?.organizationName ?? '',
      devicesToBeCertified: body.value.devicesToBeCertified,
      deviceNumberList: body.value.deviceNumberList.filter((serial) => serial !== ''),
      yearOfManufacturing: body.value.yearOfManufacturing,
      isEngBuildAvailable: body.value.isEngBuildAvailable,
    })
    return HttpResponse.json({ message: said.RECORD_UPDATED_MESSAGE })
  }),

  http.post(endpointUrl(e.listComments), async ({ request }) => {
    const body = await readBody(request, e.listComments.request)
    if (!body.ok) return body.response
    const comments = world.comments
      .filter((comment) => comment.portfolioManagerId === body.value.portfolioManagerId)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    return HttpResponse.json({ comments })
  }),

  http.post(endpointUrl(e.addComment), async ({ request }) => {
    const body = await readBody(request, e.addComment.request)
    if (!body.ok) return body.response
    const comment = {
      commentId: nextId('c'),
      portfolioManagerId: body.value.portfolioManagerId,
      author: 'Priya Sharma (Nokia)',
      text: body.value.text,
      createdAt: FIXTURE_NOW.toISOString(),
    }
    world.comments.push(comment)
    return HttpResponse.json({ message: said.COMMENT_ADDED_MESSAGE, comment })
  }),

  http.post(endpointUrl(e.runTests), async ({ request }) => {
    const body = await readBody(request, e.runTests.request)
    if (!body.ok) return body.response
    const record = world.records.find(
      (candidate) => candidate.portfolioManagerId === body.value.portfolio_manager_id,
    )
    if (!record) return HttpResponse.json({ message: said.RECORD_NOT_FOUND_MESSAGE }, { status: 404 })
    if (record.status === 'InProgress' || record.status === 'Maintenance') {
      return HttpResponse.json({ message: said.RUN_ALREADY_ACTIVE_MESSAGE }, { status: 409 })
    }
    record.status = 'InProgress'
    record.isCertified = ''
    world.runs.unshift({
      runId: nextId('run'),
      portfolioManagerId: record.portfolioManagerId,
      status: 'InProgress',
      isCertified: '',
      startedAt: FIXTURE_NOW.toISOString(),
      finishedAt: null,
      testCases: [
        { name: 'Boot and provisioning', state: 'running', log: ['Boot and provisioning: started'] },
      ],
    })
    return HttpResponse.json({ message: said.RUN_STARTED_MESSAGE })
  }),

  http.get(endpointUrl(e.listRuns), ({ request }) => {
    const id = new URL(request.url).searchParams.get('portfolio_manager_id')
    if (!id) return badRequest()
    return HttpResponse.json({ runs: world.runs.filter((run) => run.portfolioManagerId === id) })
  }),

  http.get(endpointUrl(e.runResults), ({ params }) => {
    const run = world.runs.find((candidate) => candidate.runId === params.runId)
    const record = world.records.find((candidate) => candidate.portfolioManagerId === run?.portfolioManagerId)
    if (!run || !record || !run.finishedAt) {
      return HttpResponse.json({ message: said.RECORD_NOT_FOUND_MESSAGE }, { status: 404 })
    }
    return HttpResponse.json({
      runId: run.runId,
      portfolioManagerId: run.portfolioManagerId,
      vendor: record.vendor,
      deviceName: record.deviceName,
      deviceType: record.deviceType,
      productClass: record.productClass,
      baseFirmwareVersion: record.baseFirmwareVersion,
      isCertified: run.isCertified,
      startedAt: run.startedAt,
      finishedAt: run.finishedAt,
      testCases: run.testCases,
    })
  }),

  http.post(endpointUrl(e.emailCertificate), async ({ request }) => {
    const body = await readBody(request, e.emailCertificate.request)
    if (!body.ok) return body.response
    const vendor = vendorById(body.value.vendor_user_id)
    if (!vendor) return forbidden()
    const record = world.records.find(
      (candidate) => candidate.portfolioManagerId === body.value.portfolio_manager_id,
    )
    if (!record) return HttpResponse.json({ message: said.RECORD_NOT_FOUND_MESSAGE }, { status: 404 })
    if (record.isCertified !== CERTIFIED_OK) {
      return HttpResponse.json({ message: said.NOT_CERTIFIED_MESSAGE }, { status: 409 })
    }
    return HttpResponse.json({ message: said.certificateSentMessage(vendor.authData.emailId) })
  }),
]
