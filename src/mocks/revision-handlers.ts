import { HttpResponse } from 'msw'
import type { CertificationRun, TestCase } from '@/contract/certification'
import type { UpdateRecordPayload } from '@/contract/portfolio'
import { newInCatalogue, portfolioPayloadProblem } from '@/contract/portfolio-rules'
import type { DeviceRecord } from '@/contract/records'
import {
  carriedCaseNote,
  isRevisable,
  ONLY_ENDED_REVISABLE_MESSAGE,
  type RecordRevision,
  recordRevisedMessage,
  REVISED_RECORD_NOT_DELETABLE_MESSAGE,
  REVISION_KEEPS_DEVICE_MESSAGE,
  revisionUnchangedMessage,
} from '@/contract/revisions'
import { RECORD_NOT_FOUND_MESSAGE } from '@/contract/server-messages'
import { CANCELLED_STATUS } from '@/contract/run-status'
import { catalogueFixture } from '@/mocks/fixtures/catalogue'
import { fixtureEvents, publishWorldEvent } from '@/mocks/fixtures/events'
import { CARRIED_CASES } from '@/mocks/fixtures/revisions'
import { FIXTURE_NOW, TEST_PLAN, world } from '@/mocks/fixtures/world'
import { answer, badRequest, ownRecord, vendorEndpoint } from '@/mocks/mock-endpoint'

/*
 * Revisions of a device record in the fixture world (docs/decisions/0033), with the server's rules
 * and messages: New revision from an ended run (Completed or Cancelled), the same portfolio rules
 * as an update, nothing unchanged; a revision ≥ 2 keeps its device on Edit and cannot be deleted; a
 * full run of a revision whose earlier revision holds a valid certificate carries the plan's
 * firmware-insensitive cases (CARRIED_CASES) from it.
 */

const revisionOf = (record: DeviceRecord) => record.revision ?? 1

const runsOf = (portfolioManagerId: string) =>
  world.runs.filter((run) => run.portfolioManagerId === portfolioManagerId)

/** The newest certificate of the record's runs of `revision`, as run details name it. */
function certificateOf(record: DeviceRecord, revision: number): RecordRevision['certificate'] {
  for (const run of runsOf(record.portfolioManagerId)) {
    if ((run.revision ?? 1) !== revision) continue
    const found = world.certificates.find((certificate) => certificate.content.runId === run.runId)
    if (found) return { number: found.number, state: found.state }
  }
  return null
}

/** The current revision as the record stands now. */
function currentRevision(record: DeviceRecord, made: RecordRevision | undefined): RecordRevision {
  const extras = world.recordExtras.get(record.portfolioManagerId)
  const revision = revisionOf(record)
  return {
    revision,
    baseFirmwareVersion: record.baseFirmwareVersion,
    devicesToBeCertified: extras?.devicesToBeCertified ?? '',
    deviceNumberList: extras?.deviceNumberList ?? [],
    yearOfManufacturing: extras?.yearOfManufacturing ?? '',
    isEngBuildAvailable: extras?.isEngBuildAvailable ?? '',
    createdAt: made?.createdAt ?? record.creationTime,
    createdBy: made?.createdBy ?? record.createdBy,
    status: record.status,
    isCertified: record.isCertified ?? '',
    certificate: certificateOf(record, revision),
    sourceCertificate: made?.sourceCertificate ?? null,
    current: true,
  }
}

/** Every revision of the record, newest first (one, revision 1, for a record never revised). */
export function recordRevisionsOf(record: DeviceRecord): RecordRevision[] {
  const [made, ...earlier] = world.revisions.get(record.portfolioManagerId) ?? []
  return [currentRevision(record, made), ...earlier]
}

/** The newest valid certificate of an earlier revision, with the firmware it covers, or null. */
function sourceOf(revisions: ReadonlyArray<RecordRevision>) {
  for (const revision of revisions) {
    if (revision.current || revision.certificate?.state !== 'valid') continue
    return { number: revision.certificate.number, firmware: revision.baseFirmwareVersion }
  }
  return null
}

/**
 * Why the record's last run ended without certifying it (the lab's rejection reason, an
 * interruption), or null: the revision form shows it.
 */
export function lastReasonOf(portfolioManagerId: string): string | null {
  const [latest] = runsOf(portfolioManagerId)
  if (!latest) return null
  if (latest.review?.state === 'rejected' && latest.review.reason) return latest.review.reason
  // A cancel is the vendor's own doing, not a reason the lab or the portal gives.
  return latest.status === CANCELLED_STATUS ? null : (latest.failureReason ?? null)
}

/** What getRecord adds for revisions: the current revision and the last run's reason. */
export const recordRevisionDetails = (record: DeviceRecord) => ({
  revision: revisionOf(record),
  lastReason: lastReasonOf(record.portfolioManagerId),
})

/**
 * The refusal of an edit or a delete of a revision ≥ 2 (its device is fixed; its earlier
 * revisions keep it), or undefined.
 */
export function revisedRecordRefusal(record: DeviceRecord, change: 'delete' | UpdateRecordPayload) {
  if (revisionOf(record) < 2) return undefined
  if (change === 'delete') return answer(REVISED_RECORD_NOT_DELETABLE_MESSAGE, 409)
  const { vendor, deviceName, deviceType, productClass } = change
  const same =
    vendor === record.vendor &&
    deviceName === record.deviceName &&
    deviceType === record.deviceType &&
    productClass === record.productClass
  return same ? undefined : answer(REVISION_KEEPS_DEVICE_MESSAGE, 409)
}

/**
 * The revision and the cases a full run of the record starts with: a recertification carries the
 * firmware-insensitive cases from the source certificate and runs the others; any other full run
 * starts at its first case (as the fixture world always has).
 */
export function fullRunStart(record: DeviceRecord): Pick<CertificationRun, 'revision' | 'testCases'> {
  const revision = revisionOf(record)
  const source = sourceOf(recordRevisionsOf(record))
  if (!source) {
    return {
      revision,
      testCases: [{ name: TEST_PLAN[0] ?? '', state: 'running', log: [`${TEST_PLAN[0]}: started`] }],
    }
  }
  const runs = TEST_PLAN.filter((name) => !CARRIED_CASES.includes(name))
  const testCases = TEST_PLAN.map((name): TestCase => {
    if (!runs.includes(name))
      return {
        name,
        state: 'passed',
        log: [carriedCaseNote(source.number, source.firmware)],
        carriedFrom: source.number,
      }
    return name === runs[0]
      ? { name, state: 'running', log: [`${name}: started`] }
      : { name, state: 'pending', log: [] }
  })
  return { revision, testCases }
}

/** The certificate a run's carried cases come from, or null. */
export const sourceCertificateOf = (run: CertificationRun) =>
  run.testCases.find((test) => test.carriedFrom)?.carriedFrom ?? null

const sameList = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) =>
  a.length === b.length && a.every((item, index) => item === b[index])

export const revisionHandlers = [
  vendorEndpoint('reviseRecord', ({ body, vendor }) => {
    const record = ownRecord(vendor, body.portfolioManagerId)
    if (!record) return answer(RECORD_NOT_FOUND_MESSAGE, 404)
    if (!isRevisable(record.status)) return answer(ONLY_ENDED_REVISABLE_MESSAGE, 409)
    // The same portfolio rules as an update of the record, its device as it is.
    const { vendor: maker, deviceName, deviceType, productClass } = record
    const payload: UpdateRecordPayload = { ...body, vendor: maker, deviceName, deviceType, productClass }
    const problem = portfolioPayloadProblem(
      { call: 'update', payload },
      newInCatalogue(payload, catalogueFixture()),
    )
    if (problem) return badRequest(problem)
    const revisions = recordRevisionsOf(record)
    const [current] = revisions
    const serials = body.deviceNumberList.filter((serial) => serial !== '')
    const now = revisionOf(record)
    if (
      current &&
      current.baseFirmwareVersion === body.baseFirmwareVersion &&
      current.devicesToBeCertified === body.devicesToBeCertified &&
      sameList(current.deviceNumberList, serials) &&
      current.yearOfManufacturing === body.yearOfManufacturing &&
      current.isEngBuildAvailable === body.isEngBuildAvailable
    ) {
      return badRequest({ message: revisionUnchangedMessage(now), field: 'baseFirmwareVersion' }, {}, 409)
    }
    const next = now + 1
    const previousFirmwareVersion = record.baseFirmwareVersion
    const earlier = revisions.map((revision) => ({ ...revision, current: false }))
    Object.assign(record, {
      baseFirmwareVersion: body.baseFirmwareVersion,
      status: 'Submitted',
      isCertified: '',
      revision: next,
    })
    const extras = world.recordExtras.get(record.portfolioManagerId)
    world.recordExtras.set(record.portfolioManagerId, {
      organizationName: extras?.organizationName ?? '',
      devicesToBeCertified: body.devicesToBeCertified,
      deviceNumberList: serials,
      yearOfManufacturing: body.yearOfManufacturing,
      isEngBuildAvailable: body.isEngBuildAvailable,
    })
    const made: RecordRevision = {
      ...currentRevision(record, undefined),
      createdAt: FIXTURE_NOW.toISOString(),
      createdBy: vendor.authData.name,
      sourceCertificate: sourceOf(earlier)?.number ?? null,
    }
    world.revisions.set(record.portfolioManagerId, [made, ...earlier])
    publishWorldEvent(fixtureEvents.revised({ ...record }, previousFirmwareVersion))
    return HttpResponse.json({ message: recordRevisedMessage(next), revision: next })
  }),

  vendorEndpoint('recordRevisions', ({ body, vendor }) => {
    const record = ownRecord(vendor, body.portfolioManagerId)
    if (!record) return answer(RECORD_NOT_FOUND_MESSAGE, 404)
    return HttpResponse.json({ revisions: recordRevisionsOf(record) })
  }),
]
