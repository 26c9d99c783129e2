import { extractTextItems } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PublicCertificate, DirectoryAnswer, CertificateContent } from '@/contract/certificates'
import type { RunListAnswer, RunResults } from '@/contract/certification'
import { endpointPath, endpoints } from '@/contract/endpoints'
import type { RecordDetails } from '@/contract/portfolio'
import type { RecordListAnswer } from '@/contract/records'
import {
  carriedCaseNote,
  ONLY_ENDED_REVISABLE_MESSAGE,
  type RecordRevisionsAnswer,
  recordRevisedMessage,
  REVISED_RECORD_NOT_DELETABLE_MESSAGE,
  REVISION_KEEPS_DEVICE_MESSAGE,
  revisionUnchangedMessage,
} from '@/contract/revisions'
import { NO_FAILED_CASES_MESSAGE, RECORD_NOT_FOUND_MESSAGE } from '@/contract/server-messages'
import { EXAMPLE_DEVICE } from '@/contract/fixtures/payloads'
import { webhookOfEvent } from '../webhooks/deliveries.ts'
import { currentPlanFor } from '../programme/index.ts'
import { RUN_REJECTED_MESSAGE } from '@/contract/lab'
import {
  createStaffMember,
  createVendor,
  eventually,
  startTestPortal,
  submitRecord,
  type TestPortal,
  type TestStaff,
  type TestVendor,
  json,
} from '../test/portal.ts'

/*
 * Revisions of a device record and recertification (docs/decisions/0033), through the calls a
 * vendor makes: a failed device gets new firmware as revision 2 and is certified; a firmware
 * update of the certified device is revision 3, whose run carries the plan's cases that firmware
 * does not change from the first certificate; /verify and the directory name both firmware.
 */

let test: TestPortal
let vendor: TestVendor
let other: TestVendor
let manager: TestStaff

beforeAll(async () => {
  test = await startTestPortal()
  vendor = await createVendor(test, 'rhea.revisions@example.com', 'Rhea')
  other = await createVendor(test, 'otto.other@example.com', 'Otto')
  manager = await createStaffMember(test, 'mona.review@lab.example', 'Mona Manager', 'Lab manager')
}, 60_000)

afterAll(async () => {
  await test?.close()
})

const db = () => test.database.db

const revision = (id: string, values: Record<string, unknown> = {}, who = vendor) =>
  who.browser.post(endpoints.reviseRecord.path, {
    portfolioManagerId: id,
    devicesToBeCertified: '2',
    deviceNumberList: ['SN001', 'SN002'],
    baseFirmwareVersion: '1.0.0',
    yearOfManufacturing: '2023',
    isEngBuildAvailable: 'Yes',
    vendorUserId: who.id,
    ...values,
  })

const certCall = (path: string, id: string) =>
  vendor.browser.cert(path, {
    body: { vendor_user_id: vendor.id, portfolio_manager_id: id },
    headers: { Origin: test.portal.mainUrl },
  })

async function recordRow(id: string) {
  return db()
    .selectFrom('device_records')
    .selectAll()
    .where('portfolio_manager_id', '=', id)
    .executeTakeFirstOrThrow()
}

/** Start Certify, and the record's result once the run ended. */
async function certifyRun(id: string) {
  expect((await certCall(endpoints.runTests.path, id)).status).toBe(200)
  await eventually(async () => (await recordRow(id)).status === 'Completed', 20_000)
  return (await recordRow(id)).is_certified
}

async function runs(id: string) {
  const response = await vendor.browser.cert(
    `${endpoints.listRuns.path}?${new URLSearchParams({ vendor_user_id: vendor.id, portfolio_manager_id: id })}`,
    { method: 'GET', headers: { Origin: test.portal.mainUrl } },
  )
  return (await json<RunListAnswer>(response, 200)).runs
}

async function certificateOf(runId: string) {
  const row = await db()
    .selectFrom('certificates')
    .select(['number', 'payload', 'firmware', 'revision', 'source_number'])
    .where('run_id', '=', runId)
    .executeTakeFirstOrThrow()
  return { ...row, content: JSON.parse(row.payload) as CertificateContent }
}

describe('New revision: what is refused, and changes nothing', () => {
  it('refuses a record whose run has not ended, another organization’s, bad input and no change', async () => {
    const id = await submitRecord(test, vendor, ['SN001', 'SN002'], { baseFirmwareVersion: '0.9.4' })
    // Submitted: nothing ended yet.
    expect(await json(await revision(id), 409)).toEqual({ message: ONLY_ENDED_REVISABLE_MESSAGE })
    expect(await json(await revision(id, {}, other), 404)).toEqual({ message: RECORD_NOT_FOUND_MESSAGE })
    expect(await certifyRun(id)).toBe('Validation failure')
    expect(await json(await revision(id, { baseFirmwareVersion: '1.x' }), 400)).toEqual({
      message: 'Base firmware version: Please enter only numbers and periods (e.g., 1.0.0)',
      field: 'baseFirmwareVersion',
    })
    expect(
      await json(await revision(id, { baseFirmwareVersion: '0.9.4', isEngBuildAvailable: 'Yes' }), 409),
    ).toEqual({ message: revisionUnchangedMessage(1), field: 'baseFirmwareVersion' })
    expect(revisionUnchangedMessage(1)).toBe(
      'Nothing changed: change the firmware version, serial numbers, engineering build or year to make a revision of revision 1.',
    )
    const row = await recordRow(id)
    expect(row).toMatchObject({ revision: 1, base_firmware_version: '0.9.4', status: 'Completed' })
    expect(await db().selectFrom('record_revisions').selectAll().execute()).toEqual([])
  })
})

describe('a failed device, fixed and certified; then a firmware update recertified', () => {
  let id: string
  let firstCertificate: string

  it('makes revision 2 with release firmware, which starts Submitted with its own attempts', async () => {
    id = await submitRecord(test, vendor, ['SN001', 'SN002'], { baseFirmwareVersion: '0.9.4' })
    expect(await certifyRun(id)).toBe('Validation failure')
    const answer = await json(await revision(id, { baseFirmwareVersion: '1.0.0' }), 200)
    expect(answer).toEqual({ message: 'Revision 2 saved. Start Certify runs its test plan.', revision: 2 })
    expect(recordRevisedMessage(2)).toBe('Revision 2 saved. Start Certify runs its test plan.')

    // The dashboard's row: one per device, its latest revision.
    const list = await json<RecordListAnswer>(
      await vendor.browser.post(endpoints.listRecords.path, { vendorUserId: vendor.id }),
      200,
    )
    expect(
      list.portfolioManagerSubmittedDetailsList.find((row) => row.portfolioManagerId === id),
    ).toMatchObject({
      baseFirmwareVersion: '1.0.0',
      status: 'Submitted',
      isCertified: '',
      revision: 2,
    })
    const details = await json<RecordDetails>(
      await vendor.browser.post(endpoints.getRecord.path, {
        vendorUserId: vendor.id,
        portfolioManagerId: id,
      }),
      200,
    )
    expect(details).toMatchObject({ revision: 2, lastReason: null, baseFirmwareVersion: '1.0.0' })

    // No re-run of revision 1's failed cases; no delete; no other device under this record.
    expect(await json(await certCall(endpoints.rerunFailed.path, id), 409)).toMatchObject({
      message: NO_FAILED_CASES_MESSAGE,
    })
    expect(
      await json(
        await vendor.browser.post(endpoints.deleteRecord.path, {
          vendorUserId: vendor.id,
          portfolioManagerId: id,
        }),
        409,
      ),
    ).toEqual({ message: REVISED_RECORD_NOT_DELETABLE_MESSAGE })
    expect(
      await json(
        await vendor.browser.post(endpoints.updateRecord.path, {
          ...EXAMPLE_DEVICE,
          deviceNumberList: ['SN001', 'SN002'],
          deviceName: 'Beacon 7',
          portfolioManagerId: id,
          vendorUserId: vendor.id,
        }),
        409,
      ),
    ).toEqual({ message: REVISION_KEEPS_DEVICE_MESSAGE, field: 'deviceName' })

    // The event, the activity log and the webhook it becomes.
    const event = await db()
      .selectFrom('events')
      .select(['type', 'data'])
      .where('type', '=', 'record.revised')
      .executeTakeFirstOrThrow()
    expect(event.data).toMatchObject({
      revision: 2,
      previousFirmwareVersion: '0.9.4',
      portfolioManagerId: id,
    })
    const webhook = webhookOfEvent({ ...(event.data as object), type: 'record.revised' } as never)
    expect(webhook).toEqual({
      type: 'record.revised',
      data: {
        recordId: id,
        deviceName: 'Beacon 6',
        vendor: 'Nokia',
        revision: 2,
        baseFirmwareVersion: '1.0.0',
        previousFirmwareVersion: '0.9.4',
        status: 'Submitted',
      },
    })
    const activity = await db()
      .selectFrom('activity_log')
      .select(['action', 'subject'])
      .where('action', '=', 'record.revised')
      .execute()
    expect(activity).toEqual([{ action: 'record.revised', subject: 'Beacon 6 (Nokia), revision 2' }])
  })

  it('certifies revision 2 on the whole plan; its certificate names its firmware and its attempts only', async () => {
    expect(await certifyRun(id)).toBe('CERTIFIED-OK')
    const [latest, first] = await runs(id)
    expect(latest).toMatchObject({ attempt: 2, revision: 2, kind: 'full', isCertified: 'CERTIFIED-OK' })
    expect(first).toMatchObject({ attempt: 1, revision: 1, isCertified: 'Validation failure' })
    expect(latest!.testCases.every((testCase) => !testCase.carriedFrom)).toBe(true)
    const certificate = await certificateOf(latest!.runId)
    firstCertificate = certificate.number
    expect(certificate).toMatchObject({ firmware: '1.0.0', revision: 2, source_number: null })
    expect(certificate.content.device.firmware).toBe('1.0.0')
    expect(certificate.content.revision).toBe(2)
    expect(certificate.content.source).toBeUndefined()
    expect(certificate.content.attempts.map((attempt) => attempt.attempt)).toEqual([2])

    // Revision 1's results still describe revision 1's device.
    const results = await json<RunResults>(
      await vendor.browser.cert(endpointPath(endpoints.runResults.path, { runId: first!.runId }), {
        method: 'GET',
        headers: { Origin: test.portal.mainUrl },
      }),
      200,
    )
    expect(results).toMatchObject({ baseFirmwareVersion: '0.9.4', revision: 1, sourceCertificate: null })
  })

  it('recertifies a firmware update: the firmware-sensitive cases run, the others are carried', async () => {
    expect(await json(await revision(id, { baseFirmwareVersion: '1.1.0' }), 200)).toEqual({
      message: recordRevisedMessage(3),
      revision: 3,
    })
    expect(await certifyRun(id)).toBe('CERTIFIED-OK')
    const [latest] = await runs(id)
    const plan = await currentPlanFor(db(), 'Wi-Fi Mesh Device', 'Wi-Fi 6 Mesh')
    const carried = plan.cases.filter((item) => !item.firmwareSensitive).map((item) => item.name)
    expect(carried.length).toBeGreaterThan(0)
    expect(carried.length).toBeLessThan(plan.cases.length)
    expect(latest).toMatchObject({ attempt: 3, revision: 3 })
    for (const testCase of latest!.testCases) {
      if (carried.includes(testCase.name)) {
        expect(testCase).toMatchObject({
          state: 'passed',
          carriedFrom: firstCertificate,
          log: [carriedCaseNote(firstCertificate, '1.0.0')],
        })
      } else {
        expect(testCase.carriedFrom).toBeUndefined()
        expect(testCase.state).toBe('passed')
      }
    }
    expect(carriedCaseNote('DCP-AAAA-BBBB-CCCC', '1.0.0')).toBe(
      'Carried from DCP-AAAA-BBBB-CCCC (firmware 1.0.0): not firmware-sensitive, not run again.',
    )
    const certificate = await certificateOf(latest!.runId)
    expect(certificate).toMatchObject({ firmware: '1.1.0', revision: 3, source_number: firstCertificate })
    expect(certificate.content.source).toEqual({
      number: firstCertificate,
      firmware: '1.0.0',
      carriedCases: carried,
    })
    // Its PDF names the revision and the source, and marks each carried case.
    const pdf = await vendor.browser.cert(
      endpointPath(endpoints.certificatePdf.path, { runId: latest!.runId }),
      {
        method: 'GET',
      },
    )
    const texts = (await extractTextItems(new Uint8Array(await pdf.arrayBuffer()))).items
      .flat()
      .map((item) => item.str)
    expect(texts).toEqual(
      expect.arrayContaining(['1.1.0 (revision 3)', 'Recertification of', firstCertificate]),
    )
    expect(texts.filter((text) => text === 'Carried')).toHaveLength(carried.length)

    // The revisions, newest first.
    const history = await json<RecordRevisionsAnswer>(
      await vendor.browser.post(endpoints.recordRevisions.path, {
        vendorUserId: vendor.id,
        portfolioManagerId: id,
      }),
      200,
    )
    expect(
      history.revisions.map((item) => [
        item.revision,
        item.baseFirmwareVersion,
        item.isCertified,
        item.certificate?.number ?? null,
        item.sourceCertificate,
        item.current,
      ]),
    ).toEqual([
      [3, '1.1.0', 'CERTIFIED-OK', certificate.number, firstCertificate, true],
      [2, '1.0.0', 'CERTIFIED-OK', firstCertificate, null, false],
      [1, '0.9.4', 'Validation failure', null, null, false],
    ])
    expect(
      await json(
        await other.browser.post(endpoints.recordRevisions.path, {
          vendorUserId: other.id,
          portfolioManagerId: id,
        }),
        404,
      ),
    ).toEqual({ message: RECORD_NOT_FOUND_MESSAGE })

    // /verify of the first names the later one; the first stays valid for its firmware.
    const verified = await json<PublicCertificate>(
      await fetch(
        `${test.portal.mainUrl}${endpointPath(endpoints.certificate.path, { number: firstCertificate })}`,
      ),
      200,
    )
    expect(verified.state).toBe('valid')
    expect(verified.laterCertificate).toMatchObject({
      number: certificate.number,
      firmware: '1.1.0',
      revision: 3,
    })
    expect(verified.laterCertificate?.verifyUrl).toMatch(new RegExp(`/verify/${certificate.number}$`))

    // The directory lists the device once, with both firmware versions.
    for (const number of [firstCertificate, certificate.number]) {
      const published = await vendor.browser.post(endpoints.publishCertificate.path, {
        vendorUserId: vendor.id,
        number,
        published: true,
      })
      expect(published.status).toBe(200)
    }
    const directory = await json<DirectoryAnswer>(
      await fetch(`${test.portal.mainUrl}${endpoints.directory.path}`),
      200,
    )
    expect(directory.items).toHaveLength(1)
    expect(directory.items[0]).toMatchObject({
      number: certificate.number,
      firmwareVersions: ['1.1.0', '1.0.0'],
    })
  })
})

describe('the lab requires the full plan', () => {
  it('rejects a recertification in review so that the next run carries no case', async () => {
    const id = await submitRecord(test, vendor, ['SN101', 'SN102'], { baseFirmwareVersion: '2.0.0' })
    expect(await certifyRun(id)).toBe('CERTIFIED-OK')
    await json(
      await revision(id, { baseFirmwareVersion: '2.0.1', deviceNumberList: ['SN101', 'SN102'] }),
      200,
    )
    await json(await manager.browser.post(endpoints.labReviewSetting.path, { reviewRequired: true }), 200)
    try {
      expect((await certCall(endpoints.runTests.path, id)).status).toBe(200)
      await eventually(async () => (await recordRow(id)).status === 'AwaitingReview', 20_000)
      const [review] = await runs(id)
      expect(review!.testCases.some((testCase) => testCase.carriedFrom)).toBe(true)
      expect(
        await json(
          await manager.browser.post(endpoints.labReview.path, {
            runId: review!.runId,
            decision: 'reject',
            reason: 'The radio changed: run every case.',
            requireFullPlan: true,
          }),
          200,
        ),
      ).toEqual({ message: RUN_REJECTED_MESSAGE })
      expect(await recordRow(id)).toMatchObject({
        full_plan_required: true,
        is_certified: 'Validation failure',
      })
      const details = await json<RecordDetails>(
        await vendor.browser.post(endpoints.getRecord.path, {
          vendorUserId: vendor.id,
          portfolioManagerId: id,
        }),
        200,
      )
      expect(details.lastReason).toBe('The radio changed: run every case.')
    } finally {
      await json(await manager.browser.post(endpoints.labReviewSetting.path, { reviewRequired: false }), 200)
    }
    expect(await certifyRun(id)).toBe('CERTIFIED-OK')
    const [full] = await runs(id)
    expect(full).toMatchObject({ revision: 2, kind: 'full' })
    expect(full!.testCases.filter((testCase) => testCase.carriedFrom)).toEqual([])
    expect((await recordRow(id)).full_plan_required).toBe(false)
  })
})
