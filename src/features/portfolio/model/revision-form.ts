import type { RecordDetails } from '@/contract/portfolio'
import { toUpdateRecordPayload } from '@/contract/portfolio-payload'
import { CANCELLED_STATUS } from '@/contract/run-status'
import { CERTIFIED_OK, VALIDATION_FAILURE } from '@/contract/records'
import {
  labReasonText,
  REVISION_FIELDS,
  type RevisionField,
  type ReviseRecordPayload,
} from '@/contract/revisions'
import type { PortfolioFormValues } from '@/contract/validation/portfolio-form'

/*
 * The portfolio form's revise mode (docs/decisions/0033, building on the edit mode of decision
 * 0012): the record's next revision from its device section. The vendor, name, type and class stay;
 * the five revision fields are sent. Pure functions, asserted word for word in revision-form.test.ts.
 */

/** The anchor of the note over the revise mode's form, where the page opens. */
export const REVISION_NOTE_ID = 'revision-note'

/** The revision Submit makes: the record's current one plus one. */
export const nextRevisionOf = (record: Pick<RecordDetails, 'revision'>) => (record.revision ?? 1) + 1

/** 'Revision 2 of TP-Link Deco X50': what the revision form makes. */
export const revisionTitle = (record: Pick<RecordDetails, 'revision' | 'vendor' | 'deviceName'>) =>
  `Revision ${nextRevisionOf(record)} of ${record.vendor} ${record.deviceName}`

/** What the revise mode changes, under the title. */
export const REVISION_FORM_HINT =
  'Change the firmware version, serial numbers, engineering build or year. The vendor, device name, type and product class stay: a different product is a new portfolio.'

/** The note over a section a revision does not change. */
export const REVISION_LOCKED_NOTE = 'Not changed by a revision'

/** How the current revision's last run ended, when no reason came with it. */
export function lastRunText(record: Pick<RecordDetails, 'revision' | 'status' | 'isCertified'>): string {
  const revision = `Revision ${record.revision ?? 1}`
  if (record.status === CANCELLED_STATUS) return `${revision}’s last run was cancelled.`
  if (record.isCertified === CERTIFIED_OK)
    return `${revision} is certified; its certificate stays valid for its firmware. The new revision’s run is a recertification.`
  if (record.isCertified === VALIDATION_FAILURE) return `${revision}’s last run ended in Validation Failure.`
  return `${revision}’s last run has ended.`
}

/** The line above the fields: the lab's reason when the last run came with one, else how it ended. */
export function revisionReasonText(
  record: Pick<RecordDetails, 'revision' | 'status' | 'isCertified' | 'lastReason'>,
) {
  const reason = record.lastReason?.trim()
  return reason
    ? { kind: 'reason' as const, text: labReasonText(reason) }
    : { kind: 'ended' as const, text: lastRunText(record) }
}

/** POST /api/portfoliomanager/record/revise's body: the five revision fields as submit sends them. */
export function toReviseRecordPayload(
  values: PortfolioFormValues,
  ids: { vendorUserId: string; portfolioManagerId: string },
): ReviseRecordPayload {
  const update = toUpdateRecordPayload(values, ids)
  return {
    portfolioManagerId: ids.portfolioManagerId,
    devicesToBeCertified: update.devicesToBeCertified,
    deviceNumberList: update.deviceNumberList,
    baseFirmwareVersion: update.baseFirmwareVersion,
    yearOfManufacturing: update.yearOfManufacturing,
    isEngBuildAvailable: update.isEngBuildAvailable,
    vendorUserId: ids.vendorUserId,
  }
}

/** The form's field for each field the revise call names (its refusal's `field`). */
const FORM_FIELD_OF: Readonly<Record<RevisionField, keyof PortfolioFormValues>> = {
  baseFirmwareVersion: 'baseFirmwareVersion',
  deviceNumberList: 'deviceNumberList',
  devicesToBeCertified: 'deviceToBecertified',
  isEngBuildAvailable: 'engBuild',
  yearOfManufacturing: 'yearOfManufacturing',
}

/** The form field a refusal names, or null when it names none of the revision's fields. */
export function revisionFormField(field: string): keyof PortfolioFormValues | null {
  return (REVISION_FIELDS as readonly string[]).includes(field) ? FORM_FIELD_OF[field as RevisionField] : null
}
