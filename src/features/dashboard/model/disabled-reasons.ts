import { AWAITING_REVIEW_REFUSAL_MESSAGE } from '@/contract/lab'
import { CERTIFIED_OK, type RecordState } from '@/contract/records'
import { NEW_REVISION_DISABLED_REASON } from '@/contract/revisions'
import { AWAITING_REVIEW_STATUS } from '@/contract/run-status'

/*
 * Why the record's state keeps a menu item disabled (docs/decisions/0035 point 4): every item the
 * rules disable says why in the menu's foot, as a role's refusal does. The words are the
 * dashboard's; a record awaiting review keeps the server's refusal word for word, and New revision
 * its own reason (docs/decisions/0033).
 */

export const RUN_IN_PROGRESS_REASON = 'A certification run is in progress.'
export const ALREADY_CERTIFIED_REASON = 'The device is already certified.'
export const UNKNOWN_STATUS_REASON = 'The record’s status is not known.'
export const EDIT_SUBMITTED_ONLY_REASON = 'Only a Submitted record can be edited.'
export const NO_RESULTS_REASON = 'There are no results until a certification run has ended.'
export const NO_CERTIFICATE_REASON = 'There is no certificate until the device is certified.'
export const NO_FAILED_CASES_REASON =
  'Only a run that ended in Validation failure has failed cases to run again.'
export const NO_RUN_TO_CANCEL_REASON = 'No certification run is in progress.'

/** The actions a record awaiting the lab's review holds back, until the lab decides (decision 0024 point 5). */
const AWAITING_REVIEW_HELD: ReadonlySet<string> = new Set(['Start Certify', 'Re-run Failed Cases'])

const isRunning = (status: string | undefined) => status === 'InProgress' || status === 'Maintenance'

/** Why `action` is disabled for `record` (asked only of an action the rules disable). */
export function disabledReason(action: string, record: RecordState): string {
  const { status, isCertified } = record
  if (status === AWAITING_REVIEW_STATUS && AWAITING_REVIEW_HELD.has(action))
    return AWAITING_REVIEW_REFUSAL_MESSAGE
  switch (action) {
    case 'Start Certify':
      if (isRunning(status)) return RUN_IN_PROGRESS_REASON
      return status === 'Completed' && isCertified === CERTIFIED_OK
        ? ALREADY_CERTIFIED_REASON
        : UNKNOWN_STATUS_REASON
    case 'Edit':
      return isRunning(status) ? RUN_IN_PROGRESS_REASON : EDIT_SUBMITTED_ONLY_REASON
    case 'Download Results':
      return NO_RESULTS_REASON
    case 'Email Certificate':
    case 'Download Certificate':
      return NO_CERTIFICATE_REASON
    case 'Re-run Failed Cases':
      return NO_FAILED_CASES_REASON
    case 'Cancel Run':
      return NO_RUN_TO_CANCEL_REASON
    default:
      return NEW_REVISION_DISABLED_REASON
  }
}
