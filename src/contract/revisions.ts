import * as v from 'valibot'
import { idSchema } from '@/contract/common'
import { portfolioPayloadEntries } from '@/contract/portfolio'
import { CANCELLED_STATUS, type StoredStatus } from '@/contract/run-status'

/*
 * docs/decisions/0033: revisions of a device record. A record is one device (vendor, name, type
 * and class never change); what the vendor fixes or updates — firmware, serial numbers, the
 * engineering build, the year — makes revision N+1 of it, with its own runs, attempts and
 * certificate. Earlier revisions stay readable (their fields, runs and certificates). A revision of
 * a device whose earlier revision is certified is a recertification: the run executes the plan's
 * firmware-sensitive cases and carries the others from the source certificate.
 */

/** A record's status from which the vendor may make a new revision: its last run has ended. */
export const REVISABLE_STATUSES = ['Completed', CANCELLED_STATUS] as const satisfies readonly StoredStatus[]
export const isRevisable = (status: string) => (REVISABLE_STATUSES as readonly string[]).includes(status)

/** The device fields a revision may change (the others are the device itself). */
export const REVISION_FIELDS = [
  'baseFirmwareVersion',
  'deviceNumberList',
  'devicesToBeCertified',
  'isEngBuildAvailable',
  'yearOfManufacturing',
] as const
export type RevisionField = (typeof REVISION_FIELDS)[number]
/** The fields a revision keeps from the record, read-only in the revision form. */
export const REVISION_FIXED_FIELDS = ['vendor', 'deviceName', 'deviceType', 'productClass'] as const

/** POST /api/portfoliomanager/record/revise: the changed fields of the record's next revision. */
export const reviseRecordPayloadSchema = v.object({
  portfolioManagerId: idSchema,
  devicesToBeCertified: portfolioPayloadEntries.devicesToBeCertified,
  deviceNumberList: portfolioPayloadEntries.deviceNumberList,
  baseFirmwareVersion: portfolioPayloadEntries.baseFirmwareVersion,
  yearOfManufacturing: portfolioPayloadEntries.yearOfManufacturing,
  isEngBuildAvailable: portfolioPayloadEntries.isEngBuildAvailable,
  vendorUserId: idSchema,
})
export type ReviseRecordPayload = v.InferOutput<typeof reviseRecordPayloadSchema>

export const reviseRecordAnswerSchema = v.looseObject({
  message: v.string(),
  /** The new revision's number (2 for the first revision after the original). */
  revision: v.number(),
})
export type ReviseRecordAnswer = v.InferOutput<typeof reviseRecordAnswerSchema>

/* ------------------------------------------------------------------------------ messages */

export const recordRevisedMessage = (revision: number) =>
  `Revision ${revision} saved. Start Certify runs its test plan.`
export const ONLY_ENDED_REVISABLE_MESSAGE =
  'A new revision can be made once the record’s run has ended (Completed or Cancelled).'
export const revisionUnchangedMessage = (revision: number) =>
  `Nothing changed: change the firmware version, serial numbers, engineering build or year to make a revision of revision ${revision}.`
/** Edit of a Submitted revision (N ≥ 2) may not change what the device is. */
export const REVISION_KEEPS_DEVICE_MESSAGE =
  'A revision keeps the device’s vendor, name, type and product class. A different product is a new portfolio.'
export const REVISED_RECORD_NOT_DELETABLE_MESSAGE =
  'This device has earlier revisions and cannot be deleted. Edit the revision instead.'

/** The action's label in the dashboard's menu and in run details, and why it is disabled. */
export const NEW_REVISION_LABEL = 'New revision'
export const NEW_REVISION_DISABLED_REASON = 'A new revision can be made once the current run has ended.'

/** 'rev 2' beside the firmware version, from revision 2 on (revision 1 shows nothing). */
export const revisionBadge = (revision: number | undefined) =>
  revision !== undefined && revision > 1 ? `rev ${revision}` : ''

/* ------------------------------------------------------------------- a record's revisions */

/** One revision of a record as run details list it (POST /api/portfoliomanager/record/revisions). */
export const recordRevisionSchema = v.looseObject({
  revision: v.number(),
  baseFirmwareVersion: v.string(),
  devicesToBeCertified: v.string(),
  deviceNumberList: v.array(v.string()),
  yearOfManufacturing: v.string(),
  isEngBuildAvailable: v.string(),
  /** When and by whom this revision was made (the record's submission for revision 1). */
  createdAt: v.string(),
  createdBy: v.string(),
  /** The revision's status and result: the record's own for the current one, as it ended for earlier ones. */
  status: v.string(),
  isCertified: v.string(),
  /** Its certificate (the newest one when several), or null. */
  certificate: v.nullable(v.looseObject({ number: v.string(), state: v.string() })),
  /** The certificate whose cases a recertification carries, or null. */
  sourceCertificate: v.nullable(v.string()),
  current: v.boolean(),
})
export type RecordRevision = v.InferOutput<typeof recordRevisionSchema>

export const recordRevisionsPayloadSchema = v.object({ vendorUserId: idSchema, portfolioManagerId: idSchema })
export const recordRevisionsAnswerSchema = v.looseObject({
  /** Newest first; the current revision first. */
  revisions: v.array(recordRevisionSchema),
})
export type RecordRevisionsAnswer = v.InferOutput<typeof recordRevisionsAnswerSchema>

/* --------------------------------------------------------------------- recertification */

/** A case not run again: it passed under the source certificate, and the plan says firmware leaves it unchanged. */
export const carriedCaseNote = (certificateNumber: string, firmware: string) =>
  `Carried from ${certificateNumber} (firmware ${firmware}): not firmware-sensitive, not run again.`
export const carriedFromText = (certificateNumber: string) => `carried from ${certificateNumber}`

/** The lab's reason the revision form shows above the fields ('The lab’s reason: …'). */
export const labReasonText = (reason: string) => `The lab’s reason: ${reason}`
