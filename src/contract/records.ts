import * as v from 'valibot'
import { idSchema, textOrEmptySchema } from '@/contract/common'

/* Submitted device records: the dashboard's rows. Spec §3, §4 and §7. */

/** Spec §4: with Completed, CERTIFIED-OK means Certified and Validation failure means Validation Failure. */
export const CERTIFIED_OK = 'CERTIFIED-OK'
export const VALIDATION_FAILURE = 'Validation failure'

export const deviceRecordSchema = v.looseObject({
  portfolioManagerId: v.string(),
  vendor: v.string(),
  deviceName: v.string(),
  deviceType: v.string(),
  productClass: v.string(),
  baseFirmwareVersion: v.string(),
  businessDomain: v.string(),
  /** ISO 8601 date and time. */
  creationTime: v.string(),
  createdBy: v.string(),
  /** One of RECORD_STATUSES (src/contract/run-status.ts), read as text so that an unknown status still shows (0 %, black). */
  status: v.string(),
  /** CERTIFIED-OK, Validation failure, or empty while not certified. */
  isCertified: textOrEmptySchema,
  /** The record's revision (docs/decisions/0033), present from revision 2 on: the dashboard shows 'rev 2'. */
  revision: v.optional(v.number()),
  /**
   * The lab's comments on the record that came to this tab since its vendor last opened the
   * record's comments (the live stream counts them: the server never sends it): the dashboard
   * row's unread mark (docs/decisions/0037).
   */
  unreadComments: v.optional(v.number()),
})
export type DeviceRecord = v.InferOutput<typeof deviceRecordSchema>

const RECORD_TEXT_KEYS = [
  'portfolioManagerId',
  'vendor',
  'deviceName',
  'deviceType',
  'productClass',
  'baseFirmwareVersion',
  'businessDomain',
  'creationTime',
  'createdBy',
  'status',
] as const satisfies ReadonlyArray<keyof DeviceRecord>

/**
 * The index of the first item that is not a device record by the rules of deviceRecordSchema, or
 * -1; a missing or null isCertified becomes '' in place, as the schema's transform does.
 */
function firstNonRecord(rows: unknown[]): number {
  for (let i = 0; i < rows.length; i += 1) {
    const row = rows[i] as Record<string, unknown> | null
    if (typeof row !== 'object' || row === null) return i
    for (const key of RECORD_TEXT_KEYS) if (typeof row[key] !== 'string') return i
    if (row.isCertified === undefined || row.isCertified === null) row.isCertified = ''
    else if (typeof row.isCertified !== 'string') return i
  }
  return -1
}

/**
 * A list of device records, checked with the same rules as deviceRecordSchema in one plain loop: a
 * vendor may have 100,000 records, and valibot's per-field pipeline takes ~150 ms over them where
 * the loop takes a few (bench/dashboard).
 */
export const deviceRecordListSchema = v.pipe(
  v.array(v.unknown()),
  v.rawTransform<unknown[], DeviceRecord[]>(({ dataset, addIssue, NEVER }) => {
    const bad = firstNonRecord(dataset.value)
    if (bad === -1) return dataset.value as DeviceRecord[]
    addIssue({ message: `Item ${bad} is not a device record.`, expected: 'a device record' })
    return NEVER
  }),
)

/** The answer of POST /api/portfoliomanager/list. */
export const recordListAnswerSchema = v.looseObject({
  portfolioManagerSubmittedDetailsList: deviceRecordListSchema,
})
export type RecordListAnswer = v.InferOutput<typeof recordListAnswerSchema>
/**
 * The list as the browser keeps it (organizationKeys(…).records, src/lib/query-keys.ts): the
 * answer with the X-Events-Seq it came with (src/contract/events.ts; undefined when the answer had
 * none), compared with the live stream's hello (docs/decisions/0022).
 */
export type RecordListRead = RecordListAnswer & { eventsSeq?: number }

/** POST /api/portfoliomanager/delete (Submitted records only, spec §4). */
export const deleteRecordPayloadSchema = v.object({ portfolioManagerId: idSchema })

/**
 * A record's status in the words the portal shows (spec §2 "Dashboard", §4 "Device record status"):
 * the five summary cards. The record's status says where it is now; its isCertified is read only
 * once the status is Completed, because a result left over from an earlier run does not describe a
 * run in flight.
 */
export type RecordStatusName =
  'Submitted' | 'In Progress' | 'Maintenance' | 'Validation Failure' | 'Certified'

/** What the status rules read of a record, so callers may pass a whole row or just these two fields. */
export type RecordState = Pick<DeviceRecord, 'status' | 'isCertified'>

/**
 * Re-run Failed Cases (docs/decisions/0022): a new attempt of the cases the latest one did not
 * pass, so only after a Validation failure. The dashboard's menu item and run details' button
 * (docs/decisions/0036) follow this one rule.
 */
export const mayRerunFailed = (record: RecordState) =>
  record.status === 'Completed' && record.isCertified === VALIDATION_FAILURE

/**
 * The summary card a record counts in, or null when it counts in none: an unknown status, and a
 * Completed record with no result (neither CERTIFIED-OK nor Validation failure), which can only
 * come from a broken run and must not inflate the Certified or Validation Failure counts.
 */
export function recordStatusName(record: RecordState): RecordStatusName | null {
  switch (record.status) {
    case 'Submitted':
      return 'Submitted'
    case 'InProgress':
      return 'In Progress'
    case 'Maintenance':
      return 'Maintenance'
    case 'Completed':
      if (record.isCertified === CERTIFIED_OK) return 'Certified'
      if (record.isCertified === VALIDATION_FAILURE) return 'Validation Failure'
      return null
    default:
      return null
  }
}
