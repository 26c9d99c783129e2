import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpointPath, endpoints } from '@/contract/endpoints'
import { runListAnswerSchema, runResultsSchema } from '@/contract/certification'
import { CERTIFIED_OK, recordListAnswerSchema, VALIDATION_FAILURE } from '@/contract/records'
import {
  certificateSentMessage,
  FORBIDDEN_MESSAGE,
  NOT_CERTIFIED_MESSAGE,
  NOT_SIGNED_IN_MESSAGE,
  RECORD_NOT_FOUND_MESSAGE,
  RUN_ALREADY_ACTIVE_MESSAGE,
  RUN_STARTED_MESSAGE,
  CANCELLED_CASE_NOTE,
  NO_ACTIVE_RUN_MESSAGE,
  NO_FAILED_CASES_MESSAGE,
  RERUN_STARTED_MESSAGE,
  RUN_CANCELLED_MESSAGE,
  runCancelledReason,
} from '@/contract/server-messages'
import { NO_ATTACHMENT_MESSAGE, readDevMailbox } from './dev-mailbox.ts'
import { openTestDatabase } from '../platform/db/test-database.ts'
import { SESSION_IDLE_MS } from '../http/session-token.ts'
import {
  createVendor,
  eventually,
  gatedHarness,
  newBrowser,
  startTestPortal,
  submitPayloadFor,
  type TestPortal,
  type TestVendor,
} from '../test/portal.ts'
import { JSON_REQUIRED_MESSAGE, WRONG_ORIGIN_MESSAGE } from './certification.ts'
import { RUN_NOT_FOUND_MESSAGE } from '../certification/routes.ts'
import { PDFDocument } from 'pdf-lib'
import { escapeHtml } from '../certification/results.ts'
import { RESTARTED_CASE_NOTE } from '../certification/lifecycle.ts'

/*
 * The certification service over real HTTP, beside the main service of the same portal: runs,
 * results, the certificate mail, and who may call what (docs/decisions/0006).
 */

let test: TestPortal

/** The mails the certification service sends (certificates), not the notifications, which come on their own time. */
const certificateMails = async () =>
  (await readDevMailbox(test.database.db)).filter((mail) => !mail.headers?.['List-Unsubscribe']).length
let asha: TestVendor
let ravi: TestVendor

beforeAll(async () => {
  test = await startTestPortal()
  asha = await createVendor(test, 'asha@cert-test.example', 'Asha')
  ravi = await createVendor(test, 'ravi@cert-test.example', 'Ravi')
}, 60_000)

afterAll(async () => {
  await test?.close()
})

const answer = async (response: Response) => ({
  status: response.status,
  body: (await response.json()) as unknown,
})

/** Submits a portfolio through the main service; the new record's id. */
async function submitDevice(vendor: TestVendor, values: Parameters<typeof submitPayloadFor>[1] = {}) {
  const before = await records(vendor)
  const response = await vendor.browser.post(
    '/api/portfoliomanager/create',
    submitPayloadFor(vendor.browser.vendorUserId, values),
  )
  expect(response.status, await response.clone().text()).toBe(200)
  const after = await records(vendor)
  const added = after.find(
    (record) => !before.some((old) => old.portfolioManagerId === record.portfolioManagerId),
  )
  if (!added) throw new Error('The submit made no record.')
  return added.portfolioManagerId
}

async function records(vendor: TestVendor) {
  const response = await vendor.browser.post('/api/portfoliomanager/list', {
    vendorUserId: vendor.browser.vendorUserId,
  })
  return v.parse(recordListAnswerSchema, await response.json()).portfolioManagerSubmittedDetailsList
}

async function recordOf(vendor: TestVendor, portfolioManagerId: string) {
  const record = (await records(vendor)).find((item) => item.portfolioManagerId === portfolioManagerId)
  if (!record) throw new Error(`No record ${portfolioManagerId}`)
  return record
}

const startRun = (
  vendor: TestVendor,
  portfolioManagerId: string,
  vendorUserId = vendor.browser.vendorUserId,
) =>
  vendor.browser.cert('/run-tests', {
    body: { vendor_user_id: vendorUserId, portfolio_manager_id: portfolioManagerId },
  })

async function startedRun(vendor: TestVendor, portfolioManagerId: string) {
  const response = await startRun(vendor, portfolioManagerId)
  expect(response.status).toBe(200)
  const body = (await response.json()) as { message: string; runId: string; status: string }
  expect(body.message).toBe(RUN_STARTED_MESSAGE)
  return body.runId
}

async function runs(vendor: TestVendor, portfolioManagerId: string) {
  const query = new URLSearchParams({
    vendor_user_id: vendor.browser.vendorUserId,
    portfolio_manager_id: portfolioManagerId,
  })
  const response = await vendor.browser.cert(`/runs?${query}`, { method: 'GET' })
  expect(response.status).toBe(200)
  return v.parse(runListAnswerSchema, await response.json()).runs
}

const emailCertificate = (vendor: TestVendor, portfolioManagerId: string) =>
  vendor.browser.cert('/certificates/email', {
    body: { vendor_user_id: vendor.browser.vendorUserId, portfolio_manager_id: portfolioManagerId },
  })

describe('a certification run through the service', () => {
  it('starts, moves the record InProgress, completes CERTIFIED-OK and lists its cases', async () => {
    const id = await submitDevice(asha)
    expect(await recordOf(asha, id)).toMatchObject({ status: 'Submitted', isCertified: '' })

    const runId = await startedRun(asha, id)
    await test.portal.executor.settled(runId)

    expect(await recordOf(asha, id)).toMatchObject({ status: 'Completed', isCertified: CERTIFIED_OK })
    const [run, ...older] = await runs(asha, id)
    expect(older).toEqual([])
    expect(run).toMatchObject({
      runId,
      portfolioManagerId: id,
      status: 'Completed',
      isCertified: CERTIFIED_OK,
    })
    expect(run?.testCases.length).toBeGreaterThanOrEqual(5)
    for (const testCase of run?.testCases ?? []) {
      expect(testCase.state).toBe('passed')
      expect(testCase.log.length).toBeGreaterThan(0)
    }
  })

  it('ends as Validation failure when the submission fails a case (pre-release firmware)', async () => {
    const id = await submitDevice(asha, { baseFirmwareVersion: '0.9.4' })
    await test.portal.executor.settled(await startedRun(asha, id))
    expect(await recordOf(asha, id)).toMatchObject({ status: 'Completed', isCertified: VALIDATION_FAILURE })
    const [run] = await runs(asha, id)
    expect(
      run?.testCases.filter((testCase) => testCase.state === 'failed').map((testCase) => testCase.name),
    ).toEqual(['Firmware upgrade and rollback'])
    // A failed run may be started again in full.
    await test.portal.executor.settled(await startedRun(asha, id))
    expect(await runs(asha, id)).toHaveLength(2)
  })

  it('refuses a second run while one is active; after it ended certified, refuses a full run too', async () => {
    const gate = gatedHarness()
    const slow = await startTestPortal({ database: test.database, harness: gate.harness })
    try {
      const vendor = { ...asha, browser: await newBrowser(slow.portal) }
      await vendor.browser.login(asha.email)
      const id = await submitDevice(vendor)
      const runId = await startedRun(vendor, id)
      await eventually(() => gate.started() === 1)
      expect(await recordOf(vendor, id)).toMatchObject({ status: 'InProgress', isCertified: '' })

      expect(await answer(await startRun(vendor, id))).toEqual({
        status: 409,
        body: { message: RUN_ALREADY_ACTIVE_MESSAGE },
      })
      expect(await runs(vendor, id)).toHaveLength(1)

      gate.openAll()
      await slow.portal.executor.settled(runId)
      expect(await recordOf(vendor, id)).toMatchObject({ status: 'Completed', isCertified: CERTIFIED_OK })
      // Certifying changed firmware is a new revision: the certificate that stands is kept.
      expect(await answer(await startRun(vendor, id))).toEqual({
        status: 409,
        body: {
          message: 'This device is already certified. To certify changed firmware, submit a new revision.',
        },
      })
      expect(await runs(vendor, id)).toHaveLength(1)
      expect(await recordOf(vendor, id)).toMatchObject({ status: 'Completed', isCertified: CERTIFIED_OK })
    } finally {
      await slow.stop()
    }
  })
})

describe('re-run of the failed cases and cancel, through the service', () => {
  const rerun = (
    vendor: TestVendor,
    portfolioManagerId: string,
    vendorUserId = vendor.browser.vendorUserId,
  ) =>
    vendor.browser.cert('/run-tests/rerun-failed', {
      body: { vendor_user_id: vendorUserId, portfolio_manager_id: portfolioManagerId },
    })
  const cancel = (
    vendor: TestVendor,
    portfolioManagerId: string,
    vendorUserId = vendor.browser.vendorUserId,
  ) =>
    vendor.browser.cert('/run-tests/cancel', {
      body: { vendor_user_id: vendorUserId, portfolio_manager_id: portfolioManagerId },
    })

  /** Everything a refused call must leave alone: the record as listed, its runs and its events. */
  async function state(vendor: TestVendor, portfolioManagerId: string) {
    const events = await test.database.db
      .selectFrom('events')
      .select(['seq', 'type'])
      .where('portfolio_manager_id', '=', portfolioManagerId)
      .orderBy('seq')
      .execute()
    return {
      record: await recordOf(vendor, portfolioManagerId),
      runs: await runs(vendor, portfolioManagerId),
      events,
    }
  }

  it('a RETEST device fails its first run and reaches Certified by a re-run; the attempts are listed and downloaded', async () => {
    const id = await submitDevice(asha, { deviceNumberList: ['RETEST0001', 'SN002'] })
    const first = await startedRun(asha, id)
    await test.portal.executor.settled(first)
    expect(await recordOf(asha, id)).toMatchObject({ status: 'Completed', isCertified: VALIDATION_FAILURE })

    const started = await rerun(asha, id)
    const body = (await started.json()) as { message: string; runId: string; status: string; attempt: number }
    expect({ status: started.status, body }).toEqual({
      status: 200,
      body: {
        message: RERUN_STARTED_MESSAGE,
        runId: expect.any(String) as unknown,
        status: 'InProgress',
        attempt: 2,
      },
    })
    await test.portal.executor.settled(body.runId)
    expect(await recordOf(asha, id)).toMatchObject({ status: 'Completed', isCertified: CERTIFIED_OK })

    const [second, firstListed, ...none] = await runs(asha, id)
    expect(none).toEqual([])
    expect(second).toMatchObject({
      runId: body.runId,
      attempt: 2,
      kind: 'rerun',
      startedBy: 'Asha Tester',
      status: 'Completed',
      isCertified: CERTIFIED_OK,
      failureReason: null,
      testCases: [{ name: 'Security baseline (open ports, default credentials, TLS)', state: 'passed' }],
    })
    expect(firstListed).toMatchObject({ runId: first, attempt: 1, kind: 'full', startedBy: 'Asha Tester' })

    // Download Results of the latest finished run covers every attempt.
    const json = await asha.browser.cert(`/runs/${body.runId}/results.json`, { method: 'GET' })
    const results = v.parse(runResultsSchema, await json.json())
    expect(results).toMatchObject({ runId: body.runId, isCertified: CERTIFIED_OK, attempt: 2, kind: 'rerun' })
    expect(results.attempts?.map((attempt) => [attempt.attempt, attempt.kind, attempt.isCertified])).toEqual([
      [1, 'full', VALIDATION_FAILURE],
      [2, 'rerun', CERTIFIED_OK],
    ])
    expect(results.attempts?.[0]?.testCases.length).toBe(firstListed?.testCases.length)
    const html = await (await asha.browser.cert(`/runs/${body.runId}/results.html`, { method: 'GET' })).text()
    expect(html).toContain('Attempt 1: Full run of the plan')
    expect(html).toContain('Attempt 2: Re-run of the failed test cases (this report)')
    expect(html).toContain('Started by Asha Tester')
    // The first run's report shows the attempts up to it only.
    const firstHtml = await (await asha.browser.cert(`/runs/${first}/results.html`, { method: 'GET' })).text()
    expect(firstHtml).toContain('Attempt 1: Full run of the plan (this report)')
    expect(firstHtml).not.toContain('Attempt 2')

    // Certified by the re-run: the certificate can be mailed.
    expect((await emailCertificate(asha, id)).status).toBe(200)
  })

  it('a permanent failure stays Validation failure after a re-run', async () => {
    const id = await submitDevice(asha, { baseFirmwareVersion: '0.9.4' })
    await test.portal.executor.settled(await startedRun(asha, id))
    const response = await rerun(asha, id)
    expect(response.status).toBe(200)
    const { runId } = (await response.json()) as { runId: string }
    await test.portal.executor.settled(runId)
    expect(await recordOf(asha, id)).toMatchObject({ status: 'Completed', isCertified: VALIDATION_FAILURE })
    expect((await runs(asha, id))[0]?.testCases.map((testCase) => [testCase.name, testCase.state])).toEqual([
      ['Firmware upgrade and rollback', 'failed'],
    ])
  })

  it('refuses a re-run without failed cases, while a run goes, of another vendor or an unknown record, changing nothing', async () => {
    const gate = gatedHarness()
    const slow = await startTestPortal({ database: test.database, harness: gate.harness })
    try {
      const vendor = { ...asha, browser: await newBrowser(slow.portal) }
      await vendor.browser.login(asha.email)
      const submitted = await submitDevice(vendor)
      const running = await submitDevice(vendor)
      const runId = await startedRun(vendor, running)
      await eventually(() => gate.started() === 1)
      const cases = [
        [submitted, vendor.browser.vendorUserId, vendor, 409, NO_FAILED_CASES_MESSAGE],
        [running, vendor.browser.vendorUserId, vendor, 409, RUN_ALREADY_ACTIVE_MESSAGE],
        [submitted, ravi.browser.vendorUserId, vendor, 403, FORBIDDEN_MESSAGE],
        [submitted, ravi.browser.vendorUserId, ravi, 404, RECORD_NOT_FOUND_MESSAGE],
        ['no-such-record', vendor.browser.vendorUserId, vendor, 404, RECORD_NOT_FOUND_MESSAGE],
      ] as const
      for (const [id, vendorUserId, caller, status, message] of cases) {
        const before = id === 'no-such-record' ? undefined : await state(vendor, id)
        expect(await answer(await rerun(caller, id, vendorUserId)), `${id} ${message}`).toEqual({
          status,
          body: { message },
        })
        if (before) expect(await state(vendor, id)).toEqual(before)
      }
      gate.openAll()
      await slow.portal.executor.settled(runId)
      // Certified: still nothing to re-run.
      const before = await state(vendor, running)
      expect(await answer(await rerun(vendor, running))).toEqual({
        status: 409,
        body: { message: NO_FAILED_CASES_MESSAGE },
      })
      expect(await state(vendor, running)).toEqual(before)
    } finally {
      await slow.stop()
    }
  })

  it('cancels a run in progress: Cancelled, cases so far kept; cancel again is refused; Start Certify runs again', async () => {
    const gate = gatedHarness()
    const slow = await startTestPortal({ database: test.database, harness: gate.harness })
    try {
      const vendor = { ...asha, browser: await newBrowser(slow.portal) }
      await vendor.browser.login(asha.email)
      const id = await submitDevice(vendor)
      const runId = await startedRun(vendor, id)
      await eventually(() => gate.started() === 1)
      gate.next()
      await eventually(() => gate.started() === 2)

      // Another vendor, or this vendor naming another's id, cannot cancel it.
      const before = await state(vendor, id)
      expect(await answer(await cancel(ravi, id))).toEqual({
        status: 404,
        body: { message: RECORD_NOT_FOUND_MESSAGE },
      })
      expect(await answer(await cancel(vendor, id, ravi.browser.vendorUserId))).toEqual({
        status: 403,
        body: { message: FORBIDDEN_MESSAGE },
      })
      expect(await state(vendor, id)).toEqual(before)

      expect(await answer(await cancel(vendor, id))).toEqual({
        status: 200,
        body: { message: RUN_CANCELLED_MESSAGE },
      })
      await slow.portal.executor.settled(runId)
      expect(await recordOf(vendor, id)).toMatchObject({ status: 'Cancelled', isCertified: '' })
      const [run] = await runs(vendor, id)
      expect(run).toMatchObject({
        runId,
        status: 'Cancelled',
        isCertified: '',
        failureReason: runCancelledReason('Asha Tester'),
        attempt: 1,
      })
      expect(run?.finishedAt).toEqual(expect.any(String))
      expect(run?.testCases[0]).toMatchObject({ state: 'passed' })
      expect(run?.testCases.slice(1).every((testCase) => testCase.state === 'skipped')).toBe(true)
      expect(run?.testCases[1]?.log).toEqual([CANCELLED_CASE_NOTE])
      expect(gate.started()).toBe(2)

      // Nothing left to cancel; nothing to re-run (a cancelled record starts again with Start Certify).
      const after = await state(vendor, id)
      expect(await answer(await cancel(vendor, id))).toEqual({
        status: 409,
        body: { message: NO_ACTIVE_RUN_MESSAGE },
      })
      expect(await answer(await rerun(vendor, id))).toEqual({
        status: 409,
        body: { message: NO_FAILED_CASES_MESSAGE },
      })
      expect(await state(vendor, id)).toEqual(after)

      gate.openAll()
      const again = await startRun(vendor, id)
      const startedAgain = (await again.json()) as { runId: string; attempt: number }
      expect(startedAgain.attempt).toBe(2)
      await slow.portal.executor.settled(startedAgain.runId)
      expect(await recordOf(vendor, id)).toMatchObject({ status: 'Completed', isCertified: CERTIFIED_OK })
    } finally {
      await slow.stop()
    }
  })

  it('refuses to cancel a record without a run in progress, changing nothing', async () => {
    const submitted = await submitDevice(asha)
    const finished = await submitDevice(asha)
    await test.portal.executor.settled(await startedRun(asha, finished))
    for (const id of [submitted, finished]) {
      const before = await state(asha, id)
      expect(await answer(await cancel(asha, id))).toEqual({
        status: 409,
        body: { message: NO_ACTIVE_RUN_MESSAGE },
      })
      expect(await state(asha, id)).toEqual(before)
    }
    expect(await answer(await cancel(asha, 'no-such-record'))).toEqual({
      status: 404,
      body: { message: RECORD_NOT_FOUND_MESSAGE },
    })
  })
})

describe('Download Results', () => {
  it('gives the per-case results as JSON and as a printable report, each as a named file', async () => {
    const id = await submitDevice(asha, {
      deviceName: 'Beacon <6> "X"',
      deviceType: 'Mesh & more',
      productClass: 'Wi-Fi 6',
    })
    const runId = await startedRun(asha, id)
    await test.portal.executor.settled(runId)

    const json = await asha.browser.cert(`/runs/${runId}/results.json`, { method: 'GET' })
    expect(json.status).toBe(200)
    expect(json.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="certification-results-Beacon-6-X-[0-9a-f]{8}\.json"$/,
    )
    const results = v.parse(runResultsSchema, await json.json())
    expect(results).toMatchObject({
      runId,
      portfolioManagerId: id,
      vendor: 'Nokia',
      deviceName: 'Beacon <6> "X"',
      isCertified: CERTIFIED_OK,
    })
    expect(results.testCases.every((testCase) => testCase.state === 'passed')).toBe(true)

    const report = await asha.browser.cert(`/runs/${runId}/results.html`, { method: 'GET' })
    expect(report.status).toBe(200)
    expect(report.headers.get('Content-Type')).toMatch(/^text\/html/)
    expect(report.headers.get('Content-Security-Policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    )
    expect(report.headers.get('Permissions-Policy')).toContain('camera=()')
    expect(report.headers.get('Content-Disposition')).toBeNull()
    const html = await report.text()
    expect(html).toContain('Beacon &#60;6&#62; &#34;X&#34;')
    expect(html).not.toContain('<6>')
    for (const testCase of results.testCases) expect(html).toContain(escapeHtml(testCase.name))

    const download = await asha.browser.cert(`/runs/${runId}/results.html?download=1`, { method: 'GET' })
    expect(download.headers.get('Content-Disposition')).toMatch(/^attachment; filename=".+\.html"$/)
  })
})

describe('Email Certificate', () => {
  it('mails a PDF certificate to the vendor of a CERTIFIED-OK device', async () => {
    const id = await submitDevice(asha)
    const runId = await startedRun(asha, id)
    await test.portal.executor.settled(runId)

    expect(await answer(await emailCertificate(asha, id))).toEqual({
      status: 200,
      body: { message: certificateSentMessage(asha.email) },
    })
    // The number is the run's issued certificate's, and the mail says where to check it.
    const { number } = await test.database.db
      .selectFrom('certificates')
      .select('number')
      .where('run_id', '=', runId)
      .executeTakeFirstOrThrow()
    // The Owners' "Certificate … issued" notification is written by its own job, before or after.
    const mail = (await readDevMailbox(test.database.db, 5)).find(
      (candidate) => candidate.subject === `Certificate ${number}: Nokia Beacon 6`,
    )
    expect(mail).toMatchObject({
      to: asha.email,
      subject: `Certificate ${number}: Nokia Beacon 6`,
    })
    expect(mail?.text).toContain(`Anyone can check it at ${test.portal.mainUrl}/verify/${number}`)
    expect(mail?.attachments).toEqual([
      {
        filename: `certificate-Beacon-6-${number}.pdf`,
        contentType: 'application/pdf',
        url: expect.stringMatching(/^\/dev\/mailbox\/.+\/attachments\/0$/) as unknown,
      },
    ])

    // The development mailbox hands the PDF out (loopback only).
    const pdf = await fetch(`${test.portal.mainUrl}${mail?.attachments[0]?.url}`)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf')
    const bytes = Buffer.from(await pdf.arrayBuffer())
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(bytes.length).toBeGreaterThan(1000)

    // Download Certificate: the same certificate as a file, for the record's organization only.
    const downloaded = await asha.browser.cert(endpointPath(endpoints.certificatePdf.path, { runId }), {
      method: 'GET',
    })
    expect(downloaded.status).toBe(200)
    expect(downloaded.headers.get('Content-Type')).toBe('application/pdf')
    expect(downloaded.headers.get('Content-Disposition')).toBe(
      `attachment; filename="certificate-Beacon-6-${number}.pdf"`,
    )
    const file = Buffer.from(await downloaded.arrayBuffer())
    expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const document = await PDFDocument.load(file)
    expect(document.getTitle()).toBe(`Certificate ${number}: Beacon 6`)
    expect(document.getKeywords()).toBe(`${number} ${test.portal.mainUrl}/verify/${number}`)
  })

  it('refuses a device that is not CERTIFIED-OK, and mails nothing', async () => {
    const submitted = await submitDevice(asha)
    const failed = await submitDevice(asha, { baseFirmwareVersion: '0.1' })
    await test.portal.executor.settled(await startedRun(asha, failed))
    const mails = await certificateMails()
    for (const id of [submitted, failed]) {
      expect(await answer(await emailCertificate(asha, id))).toEqual({
        status: 409,
        body: { message: NOT_CERTIFIED_MESSAGE },
      })
    }
    expect(await certificateMails()).toBe(mails)
  })
})

describe('who may call the certification service', () => {
  let ashaRecord = ''
  let ashaRun = ''

  beforeAll(async () => {
    ashaRecord = await submitDevice(asha)
    ashaRun = await startedRun(asha, ashaRecord)
    await test.portal.executor.settled(ashaRun)
  })

  /** Every call of the service, aimed at Asha's record and run, as `vendorUserId`. */
  const everyCall = (vendorUserId: string) =>
    [
      ['/run-tests', 'POST', { vendor_user_id: vendorUserId, portfolio_manager_id: ashaRecord }],
      ['/run-tests/rerun-failed', 'POST', { vendor_user_id: vendorUserId, portfolio_manager_id: ashaRecord }],
      ['/run-tests/cancel', 'POST', { vendor_user_id: vendorUserId, portfolio_manager_id: ashaRecord }],
      [
        `/runs?${new URLSearchParams({ vendor_user_id: vendorUserId, portfolio_manager_id: ashaRecord })}`,
        'GET',
        undefined,
      ],
      [`/runs/${ashaRun}/results.json`, 'GET', undefined],
      [`/runs/${ashaRun}/results.html`, 'GET', undefined],
      ['/certificates/email', 'POST', { vendor_user_id: vendorUserId, portfolio_manager_id: ashaRecord }],
    ] as const

  async function unchanged() {
    expect(await runs(asha, ashaRecord)).toHaveLength(1)
    expect(await recordOf(asha, ashaRecord)).toMatchObject({ status: 'Completed', isCertified: CERTIFIED_OK })
  }

  it('answers 401 to a caller without a session, and to a visitor who has not logged in', async () => {
    const visitor = await newBrowser(test.portal)
    const anonymous = await newBrowser(test.portal)
    anonymous.cookie = ''
    const mails = await certificateMails()
    for (const browser of [anonymous, visitor]) {
      for (const [path, method, body] of everyCall(asha.browser.vendorUserId)) {
        expect(await answer(await browser.cert(path, { method, body })), `${method} ${path}`).toEqual({
          status: 401,
          body: { message: NOT_SIGNED_IN_MESSAGE },
        })
      }
    }
    await unchanged()
    expect(await certificateMails()).toBe(mails)
  })

  it("answers 403 to another vendor who names Asha's vendor id", async () => {
    for (const [path, method, body] of everyCall(asha.browser.vendorUserId)) {
      // The results name no vendor id: they are answered as for an unknown run (next test).
      if (path.startsWith('/runs/')) continue
      expect(await answer(await ravi.browser.cert(path, { method, body })), `${method} ${path}`).toEqual({
        status: 403,
        body: { message: FORBIDDEN_MESSAGE },
      })
    }
    await unchanged()
  })

  it("answers another vendor's record or run exactly as an unknown one: 404, telling no ids", async () => {
    const unknown = {
      record: { status: 404, body: { message: RECORD_NOT_FOUND_MESSAGE } },
      run: { status: 404, body: { message: RUN_NOT_FOUND_MESSAGE } },
    }
    for (const [path, method, body] of everyCall(ravi.browser.vendorUserId)) {
      const response = await ravi.browser.cert(path, { method, body })
      expect(await answer(response), `${method} ${path}`).toEqual(
        path.startsWith('/runs/') ? unknown.run : unknown.record,
      )
      expect(response.headers.get('Cache-Control')).toBe('no-store')
    }
    await unchanged()
  })

  it('answers 401 once the session has been idle for 300 s, or after Logout', async () => {
    const idle = await createVendor(test, 'idle@cert-test.example', 'Idle')
    const id = await submitDevice(idle)
    await test.database.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - SESSION_IDLE_MS - 1000) })
      .where('account_id', '=', idle.id)
      .execute()
    expect(await answer(await startRun(idle, id))).toEqual({
      status: 401,
      body: { message: NOT_SIGNED_IN_MESSAGE },
    })

    const out = await createVendor(test, 'out@cert-test.example', 'Out')
    const outRecord = await submitDevice(out)
    const cookie = out.browser.cookie
    expect((await out.browser.post('/api/logout')).status).toBe(200)
    out.browser.cookie = cookie
    expect(await answer(await startRun(out, outRecord))).toEqual({
      status: 401,
      body: { message: NOT_SIGNED_IN_MESSAGE },
    })
    expect(
      await test.database.db
        .selectFrom('certification_runs')
        .select('run_id')
        .where('portfolio_manager_id', 'in', [id, outRecord])
        .execute(),
    ).toEqual([])
  })

  it('answers 404 for an unknown record or run', async () => {
    expect(await answer(await startRun(asha, 'no-such-record'))).toEqual({
      status: 404,
      body: { message: RECORD_NOT_FOUND_MESSAGE },
    })
    expect(await answer(await emailCertificate(asha, 'no-such-record'))).toEqual({
      status: 404,
      body: { message: RECORD_NOT_FOUND_MESSAGE },
    })
    for (const path of ['/runs/no-such-run/results.json', '/runs/no-such-run/results.html']) {
      expect(await answer(await asha.browser.cert(path, { method: 'GET' }))).toEqual({
        status: 404,
        body: { message: RUN_NOT_FOUND_MESSAGE },
      })
    }
  })

  it('allows the portal origin with credentials, and no other origin', async () => {
    const portalOrigin = test.portal.mainUrl
    const preflight = (origin: string) =>
      fetch(`${test.portal.certUrl}/run-tests`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type',
        },
      })
    const allowed = await preflight(portalOrigin)
    expect(allowed.status).toBe(204)
    expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe(portalOrigin)
    expect(allowed.headers.get('Access-Control-Allow-Credentials')).toBe('true')
    expect(allowed.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('content-type')

    for (const origin of ['https://evil.example', 'http://127.0.0.1:1', 'null']) {
      const refused = await preflight(origin)
      expect(refused.headers.get('Access-Control-Allow-Origin'), origin).toBeNull()
    }

    const list = await asha.browser.cert(
      `/runs?${new URLSearchParams({ vendor_user_id: asha.browser.vendorUserId, portfolio_manager_id: ashaRecord })}`,
      { method: 'GET', headers: { Origin: portalOrigin } },
    )
    expect(list.headers.get('Access-Control-Allow-Origin')).toBe(portalOrigin)
    expect(list.headers.get('Access-Control-Allow-Credentials')).toBe('true')
  })

  it('refuses a POST from a foreign page or one that is not JSON, before anything happens', async () => {
    const id = await submitDevice(asha)
    const body = { vendor_user_id: asha.browser.vendorUserId, portfolio_manager_id: id }
    expect(
      await answer(
        await asha.browser.cert('/run-tests', { body, headers: { Origin: 'https://evil.example' } }),
      ),
    ).toEqual({ status: 403, body: { message: WRONG_ORIGIN_MESSAGE } })
    expect(
      await answer(
        await asha.browser.cert('/run-tests', { body, headers: { 'Content-Type': 'text/plain' } }),
      ),
    ).toEqual({ status: 415, body: { message: JSON_REQUIRED_MESSAGE, field: 'body' } })
    expect(await runs(asha, id)).toEqual([])
    expect(await recordOf(asha, id)).toMatchObject({ status: 'Submitted' })
  })
})

describe('bad input', () => {
  it('answers a NUL, another control character or a broken character in an id with a JSON 404 in a path and a 400 naming the field in a body, never a 500', async () => {
    const id = await submitDevice(asha)
    const vendorUserId = asha.browser.vendorUserId
    const badIds = ['\u0000', `${id}\u0000`, 'a\nb', '\u007f', '\ud800', 'x'.repeat(65)]
    /** A lone surrogate has no UTF-8 form: its path carries the bytes of one instead. */
    const inPath = (value: string) => (value === '\ud800' ? '%ED%A0%80' : encodeURIComponent(value))
    for (const bad of badIds) {
      for (const path of [`/runs/${inPath(bad)}/results.json`, `/runs/${inPath(bad)}/results.html`]) {
        expect(await answer(await asha.browser.cert(path, { method: 'GET' })), `${path}`).toEqual({
          status: 404,
          body: { message: RUN_NOT_FOUND_MESSAGE },
        })
      }
      if (bad.length > 64) continue // the contract's 64-character limit answers 400 (previous test)
      // In a body or a query, the id is refused by the contract's text rule, naming its field.
      const refused = {
        status: 400,
        body: {
          message:
            bad === '\ud800'
              ? 'Portfolio manager id must not contain a broken character.'
              : 'Portfolio manager id must not contain control characters or invisible formatting characters.',
          field: 'portfolio_manager_id',
        },
      }
      expect(await answer(await startRun(asha, bad)), JSON.stringify(bad)).toEqual(refused)
      for (const path of ['/run-tests/rerun-failed', '/run-tests/cancel']) {
        const body = { vendor_user_id: vendorUserId, portfolio_manager_id: bad }
        expect(
          await answer(await asha.browser.cert(path, { body })),
          `${path} ${JSON.stringify(bad)}`,
        ).toEqual(refused)
      }
      expect(await answer(await emailCertificate(asha, bad)), JSON.stringify(bad)).toEqual(refused)
      const query = new URLSearchParams({ vendor_user_id: vendorUserId, portfolio_manager_id: bad })
      // URLSearchParams writes a lone surrogate as U+FFFD: a well-formed id no record has.
      const notFound = { status: 404, body: { message: RECORD_NOT_FOUND_MESSAGE } }
      expect(await answer(await asha.browser.cert(`/runs?${query}`, { method: 'GET' }))).toEqual(
        bad === '\ud800' ? notFound : refused,
      )
    }
    // A raw %00 and malformed escapes in the path itself.
    for (const path of ['/runs/%00/results.json', '/runs/%E0%A4%A/results.json', '/runs/%ZZ/results.html']) {
      const response = await asha.browser.cert(path, { method: 'GET' })
      expect(response.status, path).toBe(404)
      expect(await response.json(), path).toEqual({ message: RUN_NOT_FOUND_MESSAGE })
    }
    // The development mailbox's attachment links: same rule.
    for (const path of [
      '/dev/mailbox/%00/attachments/0',
      '/dev/mailbox/x/attachments/%00',
      '/dev/mailbox/%ED%A0%80/attachments/0',
    ]) {
      const response = await asha.browser.call(path, { method: 'GET' })
      expect(response.status, path).toBe(404)
      expect(await response.json(), path).toEqual({ message: NO_ATTACHMENT_MESSAGE })
    }
    expect(await runs(asha, id)).toEqual([])
  })

  it('gets a 400 (413 when too large) naming the field and the rule, and changes nothing', async () => {
    const id = await submitDevice(asha)
    const vendorUserId = asha.browser.vendorUserId
    const refused = (message: string, field: string, status = 400) => ({ status, body: { message, field } })
    const bad: Array<[string, { raw?: string; body?: unknown }, ReturnType<typeof refused>]> = [
      [
        'malformed JSON',
        { raw: '{"vendor_user_id": ' },
        refused('The request body must be valid JSON.', 'body'),
      ],
      [
        'a missing field',
        { body: { vendor_user_id: vendorUserId } },
        refused('Portfolio manager id is required.', 'portfolio_manager_id'),
      ],
      [
        'a wrong type',
        { body: { vendor_user_id: vendorUserId, portfolio_manager_id: 7 } },
        refused('Portfolio manager id must be text.', 'portfolio_manager_id'),
      ],
      [
        'an empty id',
        { body: { vendor_user_id: vendorUserId, portfolio_manager_id: '' } },
        refused('Portfolio manager id is required.', 'portfolio_manager_id'),
      ],
      [
        'an id past 64 characters',
        { body: { vendor_user_id: vendorUserId, portfolio_manager_id: 'x'.repeat(65) } },
        refused('Portfolio manager id must be at most 64 characters.', 'portfolio_manager_id'),
      ],
      [
        'a NUL character in an id',
        { body: { vendor_user_id: vendorUserId, portfolio_manager_id: 'pm\u0000' } },
        refused(
          'Portfolio manager id must not contain control characters or invisible formatting characters.',
          'portfolio_manager_id',
        ),
      ],
      [
        'a huge body',
        { body: { vendor_user_id: vendorUserId, portfolio_manager_id: id, pad: 'x'.repeat(200_000) } },
        refused('The request body must be at most 100 KB.', 'body', 413),
      ],
      ['an array', { body: [vendorUserId, id] }, refused('The request body must be a JSON object.', 'body')],
    ]
    for (const path of [
      '/run-tests',
      '/run-tests/rerun-failed',
      '/run-tests/cancel',
      '/certificates/email',
    ]) {
      for (const [what, input, expected] of bad) {
        expect(await answer(await asha.browser.cert(path, input)), `${path}: ${what}`).toEqual(expected)
      }
    }
    for (const [query, expected] of [
      ['', refused('Vendor user id is required.', 'vendor_user_id')],
      [
        `?vendor_user_id=${vendorUserId}`,
        refused('Portfolio manager id is required.', 'portfolio_manager_id'),
      ],
      [`?portfolio_manager_id=${id}`, refused('Vendor user id is required.', 'vendor_user_id')],
    ] as const) {
      expect(await answer(await asha.browser.cert(`/runs${query}`, { method: 'GET' })), query).toEqual(
        expected,
      )
    }
    expect(await runs(asha, id)).toEqual([])
    expect(await recordOf(asha, id)).toMatchObject({ status: 'Submitted' })
  })

  it('treats SQL-looking and script-like ids as plain text', async () => {
    for (const id of ["' or '1'='1", '1; drop table certification_runs; --', '<script>alert(1)</script>']) {
      for (const path of ['/run-tests', '/run-tests/rerun-failed', '/run-tests/cancel']) {
        const body = { vendor_user_id: asha.browser.vendorUserId, portfolio_manager_id: id }
        expect(await answer(await asha.browser.cert(path, { body })), `${path} ${id}`).toEqual({
          status: 404,
          body: { message: RECORD_NOT_FOUND_MESSAGE },
        })
      }
      const path = `/runs/${encodeURIComponent(id)}/results.json`
      expect((await asha.browser.cert(path, { method: 'GET' })).status).toBe(404)
    }
    expect(
      await test.database.db.selectFrom('certification_runs').select('run_id').limit(1).execute(),
    ).toHaveLength(1)
  })
})

describe('maintenance and restarts', () => {
  it('holds a run in Maintenance while the lab is in maintenance, then completes it', async () => {
    let inMaintenance = true
    const lab = await startTestPortal({
      database: test.database,
      maintenance: () => inMaintenance,
      maintenancePollMs: 10,
    })
    try {
      const vendor = { ...asha, browser: await newBrowser(lab.portal) }
      await vendor.browser.login(asha.email)
      const id = await submitDevice(vendor)
      const response = await startRun(vendor, id)
      const { runId, status } = (await response.json()) as { runId: string; status: string }
      expect(status).toBe('Maintenance')
      expect(await recordOf(vendor, id)).toMatchObject({ status: 'Maintenance' })
      expect((await runs(vendor, id))[0]?.testCases.every((testCase) => testCase.state === 'pending')).toBe(
        true,
      )

      inMaintenance = false
      await lab.portal.executor.settled(runId)
      expect(await recordOf(vendor, id)).toMatchObject({ status: 'Completed', isCertified: CERTIFIED_OK })
    } finally {
      await lab.stop()
    }
  })

  it('takes a run up again after a restart in the middle of it, re-running the cut-off case', async () => {
    // A database of its own: the suite's portal, whose executor looks for free runs every check,
    // must not take this run up between the stop and the restart.
    const database = await openTestDatabase({ seeds: { addresses: false, demoAccount: false } })
    const first = gatedHarness('restart-lab')
    const before = await startTestPortal({ database, harness: first.harness })
    try {
      const vendor = await createVendor(before, 'restart@cert-test.example', 'Restart')
      const id = await submitDevice(vendor)
      const runId = await startedRun(vendor, id)
      await eventually(() => first.started() === 1)
      first.next()
      await eventually(() => first.started() === 2)
      await before.stop()

      const stopped = await database.db
        .selectFrom('run_test_cases')
        .select(['position', 'state'])
        .where('run_id', '=', runId)
        .orderBy('position')
        .execute()
      expect(stopped.slice(0, 2)).toEqual([
        { position: 0, state: 'passed' },
        { position: 1, state: 'running' },
      ])
      expect(
        await database.db
          .selectFrom('device_records')
          .select('status')
          .where('portfolio_manager_id', '=', id)
          .executeTakeFirstOrThrow(),
      ).toEqual({ status: 'InProgress' })

      const second = gatedHarness('restart-lab')
      second.openAll()
      const after = await startTestPortal({ database, harness: second.harness })
      try {
        expect(after.portal.restart).toEqual({ resumed: [runId], ended: [] })
        await after.portal.executor.settled(runId)
        const again = { ...vendor, browser: await newBrowser(after.portal) }
        await again.browser.login(vendor.email)
        expect(await recordOf(again, id)).toMatchObject({ status: 'Completed', isCertified: CERTIFIED_OK })
        const [run] = await runs(again, id)
        expect(run?.testCases[1]?.log[0]).toBe(RESTARTED_CASE_NOTE)
        expect(run?.testCases.every((testCase) => testCase.state === 'passed')).toBe(true)
        expect(second.started()).toBe((run?.testCases.length ?? 0) - 1)
      } finally {
        await after.stop()
      }
    } finally {
      await before.stop()
      await database.close()
    }
  }, 60_000)
})
