import { describe, expect, it } from 'vitest'
import { type EndpointName, endpoints } from '@/contract/endpoints'
import { blankSavePayload, EXAMPLE_DEVICE, submittedDevicePayload } from '@/contract/fixtures/payloads'
import { EMAIL_FORMAT_MESSAGE, SAVE_SECTION_MESSAGES } from '@/contract/messages'
import {
  type ActivityAnswer,
  invitationSentMessage,
  LAST_OWNER_MESSAGE,
  type TeamAnswer,
} from '@/contract/team'
import type { CertificationRun } from '@/contract/certification'
import {
  ALREADY_SUBMITTED_MESSAGE,
  FORBIDDEN_MESSAGE,
  NO_ACTIVE_RUN_MESSAGE,
  NO_FAILED_CASES_MESSAGE,
  RECORD_NOT_FOUND_MESSAGE,
  RERUN_STARTED_MESSAGE,
  RUN_CANCELLED_MESSAGE,
  UNKNOWN_DRAFT_MESSAGE,
} from '@/contract/server-messages'
import { CERTIFIED_OK, VALIDATION_FAILURE } from '@/contract/records'
import { type EventDraft, followWorldEvents } from '@/mocks/fixtures/events'
import { FIXTURE_PASSWORD, world } from '@/mocks/fixtures/world'
import { endpointUrl, handlers } from '@/mocks/handlers'
import { scenarios } from '@/mocks/scenarios'
import { startFixtureServer } from '@/test/fixture-server'
import { CANCELLED_STATUS, RECORD_STATUSES } from '@/contract/run-status'

const server = startFixtureServer()
const MAIN = 'http://localhost'
const CERT = 'http://localhost:7600'

async function post(url: string, body: unknown) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: response.status, text, json: json as Record<string, unknown> }
}

const login = (emailId: string, password: string) => post(`${MAIN}/api/login`, { emailId, password })

describe('the fixture world', () => {
  it('holds 60+ records in every status and every certification result', () => {
    expect(world.records.length).toBeGreaterThanOrEqual(60)
    const statuses = new Set(world.records.map((record) => record.status))
    for (const status of RECORD_STATUSES) expect(statuses).toContain(status)
    const results = new Set(world.records.map((record) => record.isCertified))
    expect([...results].sort()).toEqual(['', CERTIFIED_OK, VALIDATION_FAILURE].sort())
    expect(world.runs.some((run) => run.finishedAt === null)).toBe(true)
    expect(world.comments.length).toBeGreaterThan(0)
  })
})

describe('accounts', () => {
  it('bootstraps the session: SUCCESS and a Token header', async () => {
    const response = await fetch(`${MAIN}/api/token`)
    expect(await response.text()).toBe('SUCCESS')
    expect(response.headers.get('Token')).toBeTruthy()
  })

  it('signs a vendor in with the auth data, and refuses a wrong password with a message', async () => {
    const ok = await login('priya.sharma@nokia.com', FIXTURE_PASSWORD)
    expect(ok.status).toBe(200)
    expect(ok.json).toMatchObject({ vendorUserId: 'v-nokia', message: 'Login is successful' })
    const wrong = await login('priya.sharma@nokia.com', 'Wrong#2026')
    expect(wrong.status).toBe(401)
    expect(wrong.json).toEqual({ message: 'Invalid email id or password.' })
  })

  it('answers a malformed body with 400 naming the field and the rule, as the server does', async () => {
    const response = await post(`${MAIN}/api/login`, { emailId: 42 })
    expect(response).toMatchObject({
      status: 400,
      json: { message: 'Email must be text.', field: 'emailId' },
    })
    const nul = await post(`${MAIN}/api/login`, { emailId: 'a\u0000b@example.com', password: 'x' })
    expect(nul.json).toEqual({
      message: 'Email must not contain control characters or invisible formatting characters.',
      field: 'emailId',
    })
    const text = await fetch(`${MAIN}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: '{}',
    })
    expect(text.status).toBe(415)
    expect(await text.json()).toEqual({
      message: 'The request body must be sent as JSON (Content-Type: application/json).',
      field: 'body',
    })
  })

  it('registers, creates the password with the code, then signs in', async () => {
    const registration = await post(`${MAIN}/api/registration/create`, {
      firstName: 'Lena',
      lastName: 'Berg',
      emailId: 'lena.berg@avm.de',
      reEnteredEmailId: 'lena.berg@avm.de',
      organization: 'AVM',
      lob: 'Wireline',
      phoneNumber: '30 399 760',
      countryCode: '+49',
      country: 'Germany',
      state: 'Berlin',
      city: 'Berlin',
    })
    expect(registration.json).toMatchObject({ status: 'SUCCESS', emailId: 'lena.berg@avm.de' })
    const id = String(registration.json.id)
    expect((await login('lena.berg@avm.de', 'Lena#2026x')).status).toBe(401)

    const wrongCode = await post(`${MAIN}/api/registration/change-password`, {
      otp: '000000',
      emailId: 'lena.berg@avm.de',
      password: 'Lena#2026x',
      confirmPassword: 'Lena#2026x',
      id,
    })
    expect(wrongCode.status).toBe(400)
    expect(wrongCode.text).toBe(
      'The code is wrong or has expired. Please check the 6-digit code we sent you.',
    )

    const created = await post(`${MAIN}/api/registration/change-password`, {
      otp: world.code,
      emailId: 'lena.berg@avm.de',
      password: 'Lena#2026x',
      confirmPassword: 'Lena#2026x',
      id,
    })
    expect(created.status).toBe(200)
    expect((await login('lena.berg@avm.de', 'Lena#2026x')).status).toBe(200)
  })

  it('answers an e-mail that already has an account like a new one; its code is then wrong', async () => {
    const response = await post(`${MAIN}/api/registration/create`, {
      firstName: 'Priya',
      lastName: 'Sharma',
      emailId: 'priya.sharma@nokia.com',
      reEnteredEmailId: 'priya.sharma@nokia.com',
      organization: 'Nokia',
      lob: 'Wireless',
      phoneNumber: '98450 12345',
      countryCode: '+91',
      country: 'India',
      state: 'Karnataka',
      city: 'Bengaluru',
    })
    expect(response.json).toEqual({
      status: 'SUCCESS',
      message: 'Registration successful. We have sent a 6-digit code to priya.sharma@nokia.com.',
      id: expect.any(String),
      emailId: 'priya.sharma@nokia.com',
    })
    const dialog = await post(`${MAIN}/api/registration/change-password`, {
      otp: world.code,
      emailId: 'priya.sharma@nokia.com',
      password: 'Priya#2026x',
      confirmPassword: 'Priya#2026x',
      id: String(response.json.id),
    })
    expect(dialog.status).toBe(400)
    expect(dialog.text).toBe('The code is wrong or has expired. Please check the 6-digit code we sent you.')
  })

  it('answers an e-mail without an account like a known one; its code is then wrong', async () => {
    const forgot = await post(`${MAIN}/api/registration/forget-password`, { emailId: 'nobody@example.com' })
    expect(forgot.json).toEqual({
      status: 'SUCCESS',
      message: 'We have sent a 6-digit code to nobody@example.com.',
      id: expect.any(String),
    })
    const reset = await post(`${MAIN}/api/registration/reset-password`, {
      otp: world.code,
      password: 'Nobody#2027y',
      confirmPassword: 'Nobody#2027y',
      id: String(forgot.json.id),
    })
    expect(reset.json).toEqual({
      status: 'FAILURE',
      message: 'The code is wrong or has expired. Please check the 6-digit code we sent you.',
    })
  })

  it('resets a forgotten password with the code', async () => {
    const forgot = await post(`${MAIN}/api/registration/forget-password`, {
      emailId: 'anna.virtanen@zyxel.com',
    })
    expect(forgot.json).toMatchObject({ status: 'SUCCESS' })
    const reset = await post(`${MAIN}/api/registration/reset-password`, {
      otp: world.code,
      password: 'Anna#2027y',
      confirmPassword: 'Anna#2027y',
      id: String(forgot.json.id),
    })
    expect(reset.json).toMatchObject({ status: 'SUCCESS' })
    expect((await login('anna.virtanen@zyxel.com', 'Anna#2027y')).status).toBe(200)
  })
})

describe('portfolio', () => {
  it('prefills from registration details when nothing is saved', async () => {
    const answer = await post(`${MAIN}/api/portfoliomanager/get`, { vendorUserId: 'v-zyxel' })
    expect(answer.json).toMatchObject({
      isPortfolioManagerSavedOrSubmittedDataExists: 'NO',
      registrationDetails: { organization: 'Zyxel Communications', city: 'Espoo' },
    })
  })

  it('saves one section with its message and returns it on the next read', async () => {
    const saved = await post(
      `${MAIN}/api/portfoliomanager/save`,
      blankSavePayload('v-zyxel', 1, {
        organizationName: 'Zyxel Communications',
        description: 'Broadband CPE',
        businessContactName: 'Anna Virtanen',
        emailId: 'anna.virtanen@zyxel.com',
        countryCode: '+358',
        phoneNumber: '40 123 4567',
        bestTimeToReach: '02:15 PM',
        days: 'Tuesday',
        address: 'Espoo',
        country: 'Finland',
        state: 'Uusimaa',
        city: 'Espoo',
      }),
    )
    expect(saved.json).toEqual({ message: SAVE_SECTION_MESSAGES[1] })
    expect(SAVE_SECTION_MESSAGES[1]).toBe('Organization portfolio manager details saved successfully')
    const answer = await post(`${MAIN}/api/portfoliomanager/get`, { vendorUserId: 'v-zyxel' })
    expect(answer.json).toMatchObject({
      organizationName: 'Zyxel Communications',
      bestTimeToReach: '02:15 PM',
      isPortfolioManagerReqSubmitted: 'NO',
      portfolioManagerSavedDetails: { savedPortfolioManagerId: expect.any(String) },
    })
  })

  it('makes one record per saved draft, as the server does', async () => {
    const submit = submittedDevicePayload('v-sagemcom', {
      organizationName: 'Sagemcom',
      description: 'Gateways',
      businessContactName: 'Marc Dubois',
      emailId: 'marc.dubois@sagemcom.com',
      countryCode: '+33',
      phoneNumber: '612345678',
      bestTimeToReach: '09:00 AM',
      days: 'Monday',
      address: '250 route de l’Empereur',
      country: 'France',
      state: 'Ile-de-France',
      city: 'Rueil-Malmaison',
      businessDomain: 'Wireline',
      vendor: 'Sagemcom',
      deviceName: 'F@st 5670',
      deviceType: 'ONT',
      productClass: 'XGS-PON',
      devicesToBeCertified: '1',
      deviceNumberList: ['SN1'],
      baseFirmwareVersion: '1.0.0',
      yearOfManufacturing: '2024',
      isEngBuildAvailable: 'Yes',
      savedPortfolioManagerId: 'pm-draft-sagemcom',
    })
    const records = world.records.length
    expect((await post(`${MAIN}/api/portfoliomanager/create`, submit)).status).toBe(200)
    const again = await post(`${MAIN}/api/portfoliomanager/create`, submit)
    expect(again).toMatchObject({ status: 409, json: { message: ALREADY_SUBMITTED_MESSAGE } })
    expect(world.records).toHaveLength(records + 1)
  })

  it('refuses to read an unknown vendor', async () => {
    expect((await post(`${MAIN}/api/portfoliomanager/get`, { vendorUserId: 'v-nobody' })).status).toBe(403)
  })

  it('refuses a payload that breaks the portfolio rules with the server’s exact message, and keeps nothing', async () => {
    const before = structuredClone(world.vendors.find((vendor) => vendor.authData.vendorUserId === 'v-zyxel'))
    const serial = await post(
      `${MAIN}/api/portfoliomanager/save`,
      blankSavePayload('v-zyxel', 3, { ...EXAMPLE_DEVICE, deviceNumberList: ['SN001', 'SN 2'] }),
    )
    expect(serial).toMatchObject({
      status: 400,
      json: { message: 'Serial number 2: Only letters and numbers are allowed', field: 'deviceNumberList' },
    })
    const records = world.records.length
    const missing = await post(
      `${MAIN}/api/portfoliomanager/create`,
      submittedDevicePayload('v-zyxel', { baseFirmwareVersion: '' }),
    )
    expect(missing).toMatchObject({
      status: 400,
      json: { message: 'Base firmware version: This field is required', field: 'baseFirmwareVersion' },
    })
    const tooLong = await post(
      `${MAIN}/api/portfoliomanager/create`,
      submittedDevicePayload('v-zyxel', { deviceName: 'A'.repeat(16) }),
    )
    expect(tooLong).toMatchObject({
      status: 400,
      json: {
        message: 'New device name: Device Name must be at most 15 characters long.',
        field: 'deviceName',
      },
    })
    expect(world.records).toHaveLength(records)
    expect(world.vendors.find((vendor) => vendor.authData.vendorUserId === 'v-zyxel')).toEqual(before)
  })

  it('answers a repeated Idempotency-Key with the first answer, and refuses an unknown draft id', async () => {
    const records = world.records.length
    const press = (key: string) =>
      fetch(`${MAIN}/api/portfoliomanager/create`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify(submittedDevicePayload('v-zyxel')),
      })
    const key = '0f7c1f3e-2b8a-4c1d-9e6f-5a4b3c2d1e0f'
    for (const response of await Promise.all([press(key), press(key), press(key)])) {
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ message: 'Portfolio submitted successfully' })
    }
    expect(world.records).toHaveLength(records + 1)
    const unknown = await post(
      `${MAIN}/api/portfoliomanager/create`,
      submittedDevicePayload('v-zyxel', { savedPortfolioManagerId: 'pm-made-up' }),
    )
    expect(unknown).toMatchObject({
      status: 400,
      json: { message: UNKNOWN_DRAFT_MESSAGE, field: 'savedPortfolioManagerId' },
    })
    expect(world.records).toHaveLength(records + 1)
  })

  it('submits a complete portfolio that passes the rules', async () => {
    const submitted = await post(`${MAIN}/api/portfoliomanager/create`, submittedDevicePayload('v-zyxel'))
    expect(submitted).toMatchObject({ status: 200, json: { message: 'Portfolio submitted successfully' } })
  })
})

describe('records and certification', () => {
  it('deletes a Submitted record and refuses any other', async () => {
    const submitted = world.records.find((record) => record.status === 'Submitted')
    const completed = world.records.find((record) => record.status === 'Completed')
    const refused = await post(`${MAIN}/api/portfoliomanager/delete`, {
      portfolioManagerId: completed?.portfolioManagerId,
    })
    expect(refused.status).toBe(409)
    const deleted = await post(`${MAIN}/api/portfoliomanager/delete`, {
      portfolioManagerId: submitted?.portfolioManagerId,
    })
    expect(deleted.json).toEqual({ message: 'Device record deleted successfully' })
    const list = await post(`${MAIN}/api/portfoliomanager/list`, { vendorUserId: 'v-nokia' })
    const ids = (list.json.portfolioManagerSubmittedDetailsList as Array<{ portfolioManagerId: string }>).map(
      (record) => record.portfolioManagerId,
    )
    expect(ids).not.toContain(submitted?.portfolioManagerId)
  })

  it('reads one record with its device details and updates it while Submitted (decision 0012)', async () => {
    const submitted = world.records.find((record) => record.status === 'Submitted')
    const id = submitted?.portfolioManagerId
    const read = await post(`${MAIN}/api/portfoliomanager/record/get`, {
      vendorUserId: 'v-nokia',
      portfolioManagerId: id,
    })
    expect(read.status).toBe(200)
    expect(read.json).toMatchObject({
      ...submitted,
      organizationName: 'Nokia Solutions and Networks',
      devicesToBeCertified: '1',
      deviceNumberList: ['SN0001A'],
    })
    const update = {
      vendorUserId: 'v-nokia',
      portfolioManagerId: id,
      vendor: 'Nokia',
      deviceName: 'Beacon 6',
      deviceType: 'Wi-Fi Mesh Device',
      productClass: 'Wi-Fi 6 Mesh',
      devicesToBeCertified: '2',
      deviceNumberList: ['SN1', 'SN2'],
      baseFirmwareVersion: '9.1.0',
      yearOfManufacturing: '2025',
      isEngBuildAvailable: 'Yes',
    }
    const updated = await post(`${MAIN}/api/portfoliomanager/record/update`, update)
    expect(updated.json).toEqual({ message: 'Device details updated successfully' })
    const again = await post(`${MAIN}/api/portfoliomanager/record/get`, {
      vendorUserId: 'v-nokia',
      portfolioManagerId: id,
    })
    expect(again.json).toMatchObject({ baseFirmwareVersion: '9.1.0', deviceNumberList: ['SN1', 'SN2'] })

    const completed = world.records.find((record) => record.status === 'Completed')
    const refused = await post(`${MAIN}/api/portfoliomanager/record/update`, {
      ...update,
      portfolioManagerId: completed?.portfolioManagerId,
    })
    expect(refused).toMatchObject({
      status: 409,
      json: { message: 'Only a record in status Submitted can be edited.' },
    })
    const engBuild = await post(`${MAIN}/api/portfoliomanager/record/update`, {
      ...update,
      isEngBuildAvailable: '',
    })
    expect(engBuild).toMatchObject({
      status: 400,
      json: { message: 'Engineering build available: This field is required', field: 'isEngBuildAvailable' },
    })
    const missing = await post(`${MAIN}/api/portfoliomanager/record/get`, {
      vendorUserId: 'v-nokia',
      portfolioManagerId: 'pm-none',
    })
    expect(missing.status).toBe(404)
    // Another vendor's record is missing too.
    const foreign = await post(`${MAIN}/api/portfoliomanager/record/get`, {
      vendorUserId: 'v-zyxel',
      portfolioManagerId: id,
    })
    expect(foreign.status).toBe(404)
  })

  it('starts a run for a Submitted record, once', async () => {
    const submitted = world.records.find((record) => record.status === 'Submitted')
    const payload = { vendor_user_id: 'v-nokia', portfolio_manager_id: submitted?.portfolioManagerId }
    expect((await post(`${CERT}/run-tests`, payload)).status).toBe(200)
    expect(submitted?.status).toBe('InProgress')
    expect((await post(`${CERT}/run-tests`, payload)).status).toBe(409)
  })

  it('re-runs the failed cases of a Validation failure as a new attempt, with the exact message', async () => {
    const failed = world.records.find((record) => record.isCertified === VALIDATION_FAILURE)
    const id = failed?.portfolioManagerId ?? ''
    const payload = { vendor_user_id: 'v-nokia', portfolio_manager_id: id }
    const events: EventDraft[] = []
    const stop = followWorldEvents((event) => events.push(event))
    try {
      const started = await post(`${CERT}/run-tests/rerun-failed`, payload)
      expect(started).toMatchObject({
        status: 200,
        json: { message: RERUN_STARTED_MESSAGE, status: 'InProgress', attempt: 2 },
      })
      expect(failed?.status).toBe('InProgress')
      const runs = await fetch(`${CERT}/runs?vendor_user_id=v-nokia&portfolio_manager_id=${id}`)
      const [rerun, first] = ((await runs.json()) as { runs: CertificationRun[] }).runs
      expect(rerun).toMatchObject({ attempt: 2, kind: 'rerun', startedBy: 'Priya Sharma' })
      // Only the case the first attempt failed runs again.
      expect(rerun?.testCases.map((test) => [test.name, test.state])).toEqual([
        ['Wi-Fi throughput 5 GHz', 'running'],
      ])
      expect(first).toMatchObject({ attempt: 1, kind: 'full' })
      expect(events.map((event) => [event.type, event.portfolioManagerId])).toEqual([['run.started', id]])
      // A record that is no longer a Validation failure has no failed case to run again.
      expect(await post(`${CERT}/run-tests/rerun-failed`, payload)).toMatchObject({
        status: 409,
        json: { message: NO_FAILED_CASES_MESSAGE },
      })
    } finally {
      stop()
    }
  })

  it('refuses a re-run without a failed case, of an unknown record or of another vendor’s', async () => {
    const certified = world.records.find((record) => record.isCertified === CERTIFIED_OK)
    const failed = world.records.find((record) => record.isCertified === VALIDATION_FAILURE)
    expect(
      await post(`${CERT}/run-tests/rerun-failed`, {
        vendor_user_id: 'v-nokia',
        portfolio_manager_id: certified?.portfolioManagerId,
      }),
    ).toMatchObject({ status: 409, json: { message: NO_FAILED_CASES_MESSAGE } })
    expect(
      await post(`${CERT}/run-tests/rerun-failed`, {
        vendor_user_id: 'v-nokia',
        portfolio_manager_id: 'pm-none',
      }),
    ).toMatchObject({ status: 404, json: { message: RECORD_NOT_FOUND_MESSAGE } })
    expect(
      await post(`${CERT}/run-tests/rerun-failed`, {
        vendor_user_id: 'v-zyxel',
        portfolio_manager_id: failed?.portfolioManagerId,
      }),
    ).toMatchObject({ status: 404 })
    expect(failed?.status).toBe('Completed')
  })

  it('cancels a run in progress: Cancelled, its finished cases kept, the others skipped; once', async () => {
    const running = world.records.find((record) => record.status === 'InProgress')
    const id = running?.portfolioManagerId ?? ''
    const payload = { vendor_user_id: 'v-nokia', portfolio_manager_id: id }
    const before = world.runs.find((run) => run.portfolioManagerId === id)
    const passedBefore = before?.testCases.filter((test) => test.state === 'passed').length
    const events: EventDraft[] = []
    const stop = followWorldEvents((event) => events.push(event))
    try {
      expect(await post(`${CERT}/run-tests/cancel`, payload)).toMatchObject({
        status: 200,
        json: { message: RUN_CANCELLED_MESSAGE },
      })
      expect(running).toMatchObject({ status: CANCELLED_STATUS, isCertified: '' })
      const run = world.runs.find((candidate) => candidate.portfolioManagerId === id)
      expect(run).toMatchObject({ status: CANCELLED_STATUS, failureReason: 'Cancelled by Priya Sharma.' })
      expect(run?.testCases.filter((test) => test.state === 'passed')).toHaveLength(passedBefore ?? -1)
      expect(run?.testCases.some((test) => test.state === 'running' || test.state === 'pending')).toBe(false)
      expect(events.map((event) => event.type)).toEqual(['run.cancelled'])
      // Cancelled, the record has no run to cancel; Start Certify runs it again.
      expect(await post(`${CERT}/run-tests/cancel`, payload)).toMatchObject({
        status: 409,
        json: { message: NO_ACTIVE_RUN_MESSAGE },
      })
      expect((await post(`${CERT}/run-tests`, payload)).status).toBe(200)
      expect(running?.status).toBe('InProgress')
    } finally {
      stop()
    }
  })

  it('refuses to cancel a finished run or an unknown record', async () => {
    const certified = world.records.find((record) => record.isCertified === CERTIFIED_OK)
    expect(
      await post(`${CERT}/run-tests/cancel`, {
        vendor_user_id: 'v-nokia',
        portfolio_manager_id: certified?.portfolioManagerId,
      }),
    ).toMatchObject({ status: 409, json: { message: NO_ACTIVE_RUN_MESSAGE } })
    expect(
      await post(`${CERT}/run-tests/cancel`, { vendor_user_id: 'v-nokia', portfolio_manager_id: 'pm-none' }),
    ).toMatchObject({ status: 404, json: { message: RECORD_NOT_FOUND_MESSAGE } })
    expect(certified?.status).toBe('Completed')
  })

  it('gives every attempt of the record with the results', async () => {
    const failed = world.records.find((record) => record.isCertified === VALIDATION_FAILURE)
    const id = failed?.portfolioManagerId ?? ''
    const response = await fetch(`${CERT}/runs/run-${id}/results.json`)
    const results = (await response.json()) as { attempts: CertificationRun[] }
    expect(results.attempts.map((run) => [run.runId, run.attempt, run.kind])).toEqual([
      [`run-${id}`, 1, 'full'],
    ])
  })

  it('refuses a vendor the world does not hold with the server’s 403, on both services', async () => {
    const submitted = world.records.find((record) => record.status === 'Submitted')
    const run = await post(`${CERT}/run-tests`, {
      vendor_user_id: 'v-nobody',
      portfolio_manager_id: submitted?.portfolioManagerId,
    })
    expect(run).toMatchObject({ status: 403, json: { message: FORBIDDEN_MESSAGE } })
    expect(submitted?.status).toBe('Submitted')
    const runs = await fetch(`${CERT}/runs?vendor_user_id=v-nobody&portfolio_manager_id=pm-0009`)
    expect(runs.status).toBe(403)
    expect(await runs.json()).toEqual({ message: FORBIDDEN_MESSAGE })
    const list = await post(`${MAIN}/api/portfoliomanager/list`, { vendorUserId: 'v-nobody' })
    expect(list).toMatchObject({ status: 403, json: { message: FORBIDDEN_MESSAGE } })
  })

  it('mails a certificate only for CERTIFIED-OK', async () => {
    const certified = world.records.find((record) => record.isCertified === CERTIFIED_OK)
    const failed = world.records.find((record) => record.isCertified === VALIDATION_FAILURE)
    const ok = await post(`${CERT}/certificates/email`, {
      vendor_user_id: 'v-nokia',
      portfolio_manager_id: certified?.portfolioManagerId,
    })
    expect(ok.json).toEqual({ message: 'The certificate has been sent to priya.sharma@nokia.com.' })
    const refused = await post(`${CERT}/certificates/email`, {
      vendor_user_id: 'v-nokia',
      portfolio_manager_id: failed?.portfolioManagerId,
    })
    expect(refused.status).toBe(409)
  })

  it('adds a comment and lists it first', async () => {
    await post(`${MAIN}/api/portfoliomanager/comments/add`, {
      portfolioManagerId: 'pm-0009',
      text: 'Rerun please',
    })
    const list = await post(`${MAIN}/api/portfoliomanager/comments/list`, { portfolioManagerId: 'pm-0009' })
    expect((list.json.comments as Array<{ text: string }>)[0]?.text).toBe('Rerun please')
  })
})

describe('the handlers', () => {
  it('answer every call of the endpoint table, at its method and path', () => {
    const answered = new Set(
      handlers.map((handler) => `${String(handler.info.method)} ${String(handler.info.path)}`),
    )
    for (const name of Object.keys(endpoints) as EndpointName[]) {
      const endpoint = endpoints[name]
      expect(answered, name).toContain(`${endpoint.method} ${endpointUrl(endpoint)}`)
    }
    expect(handlers).toHaveLength(Object.keys(endpoints).length)
  })
})

describe('scenarios', () => {
  it('answers an empty list', async () => {
    server.use(scenarios.empty('listRecords'))
    const list = await post(`${MAIN}/api/portfoliomanager/list`, { vendorUserId: 'v-nokia' })
    expect(list.json).toEqual({ portfolioManagerSubmittedDetailsList: [] })
  })

  it('answers a server error with its message, as text for text answers', async () => {
    server.use(scenarios.serverError('login', 'Invalid email id or password.', 401))
    expect((await login('priya.sharma@nokia.com', FIXTURE_PASSWORD)).json).toEqual({
      message: 'Invalid email id or password.',
    })
    server.use(scenarios.serverError('changePassword', 'Code expired', 400))
    expect((await post(`${MAIN}/api/registration/change-password`, {})).text).toBe('Code expired')
  })

  it('fails the request as a network failure', async () => {
    server.use(scenarios.networkFailure('catalogue'))
    await expect(
      fetch(`${MAIN}/api/portfoliomanager/get-vendor-devicename-devicetype-productclass-list`),
    ).rejects.toThrow()
  })

  it('lets the usual answer through after a delay', async () => {
    server.use(scenarios.slow('catalogue', 10))
    const response = await fetch(
      `${MAIN}/api/portfoliomanager/get-vendor-devicename-devicetype-productclass-list`,
    )
    expect(((await response.json()) as { vendorList: string[] }).vendorList).toContain('Nokia')
  })
})

describe('the team', () => {
  it('lists the fixture team with its invitations, and invites by a well-formed address only', async () => {
    const team = await fetch(`${MAIN}${endpoints.team.path}`)
    const read = (await team.json()) as TeamAnswer
    expect(read.members.map((member) => member.role)).toEqual(
      expect.arrayContaining(['Owner', 'Engineer', 'Viewer']),
    )
    expect(read.invitations.map((invitation) => invitation.state)).toEqual(['pending', 'expired'])

    const bad = await post(`${MAIN}${endpoints.inviteMember.path}`, {
      vendorUserId: 'v-nokia',
      emailId: 'not-an-address',
      role: 'Viewer',
    })
    expect(bad.status).toBe(400)
    expect(bad.json).toEqual({ message: EMAIL_FORMAT_MESSAGE, field: 'emailId' })

    const sent = await post(`${MAIN}${endpoints.inviteMember.path}`, {
      vendorUserId: 'v-nokia',
      emailId: 'new.person@nokia.com',
      role: 'Viewer',
    })
    expect(sent.json.message).toBe(invitationSentMessage('new.person@nokia.com'))
    const log = await fetch(`${MAIN}${endpoints.activityLog.path}?vendorUserId=v-nokia&action=member.invited`)
    const entries = ((await log.json()) as ActivityAnswer).entries
    expect(entries[0]).toMatchObject({ action: 'member.invited', subject: 'new.person@nokia.com (Viewer)' })
  })

  it('keeps the last Owner', async () => {
    await post(`${MAIN}${endpoints.removeMember.path}`, {
      vendorUserId: 'v-nokia',
      accountId: 'v-nokia-owner2',
    })
    const demoted = await post(`${MAIN}${endpoints.changeRole.path}`, {
      vendorUserId: 'v-nokia',
      accountId: 'v-nokia',
      role: 'Viewer',
    })
    expect(demoted.status).toBe(409)
    expect(demoted.json).toEqual({ message: LAST_OWNER_MESSAGE, field: 'accountId' })
  })
})
