import * as v from 'valibot'
import { idSchema, textOrEmptySchema } from '@/contract/common'

/* Submitted device records: the dashboard's rows. Spec §3, §4 and §7. */

/** Spec §4: the statuses a record can have; anything else is shown as unknown. */
export const RECORD_STATUSES = ['Submitted', 'InProgress', 'Completed', 'Maintenance'] as const
export type RecordStatus = (typeof RECORD_STATUSES)[number]

/** Spec §4: with Completed, CERTIFIED-OK means Certified and Validation failure means Validation Failure. */
export const CERTIFIED_OK = 'CERTIFIED-OK'
export const VALIDATION_FAILURE = 'Validation failure'
export const CERTIFICATION_RESULTS = [CERTIFIED_OK, VALIDATION_FAILURE] as const

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
  /** One of RECORD_STATUSES, read as text so that an unknown status still shows (0 %, black). */
  status: v.string(),
  /** CERTIFIED-OK, Validation failure, or empty while not certified. */
  isCertified: textOrEmptySchema,
})
export type DeviceRecord = v.InferOutput<typeof deviceRecordSchema>

/** The answer of POST /api/portfoliomanager/list. */
export const recordListAnswerSchema = v.looseObject({
  portfolioManagerSubmittedDetailsList: v.array(deviceRecordSchema),
})
export type RecordListAnswer = v.InferOutput<typeof recordListAnswerSchema>

/** POST /api/portfoliomanager/delete (Submitted records only, spec §4). */
export const deleteRecordPayloadSchema = v.object({ portfolioManagerId: idSchema })
export type DeleteRecordPayload = v.InferOutput<typeof deleteRecordPayloadSchema>
