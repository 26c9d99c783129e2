import { AWAITING_REVIEW_REFUSAL_MESSAGE } from '@/contract/lab'
import { CERTIFIED_OK, type RecordState } from '@/contract/records'
import { AWAITING_REVIEW_STATUS, CANCELLED_STATUS, isActiveStatus } from '@/contract/run-status'
import {
  ALREADY_CERTIFIED_MESSAGE,
  RUN_ALREADY_ACTIVE_MESSAGE,
  UNKNOWN_STATUS_START_MESSAGE,
} from '@/contract/server-messages'

/*
 * Start Certify — a new run of the whole plan — in one rule for the dashboard's menu, the lab's
 * console and the server (docs/decisions/0041). Spec §4: it moves a Submitted record toward
 * certification. Beside that, a record whose last run ended without a certificate (Validation
 * failure, a Completed run without a result, a cancelled run) may be started again. Never while a
 * run is going or waits in Maintenance (one run at a time), while the lab reviews the last run,
 * or once the record is certified: certifying changed firmware is a new revision (decision 0033),
 * which keeps the certificate that stands.
 */

/** The record statuses a full run may start from (a certified Completed record excepted). */
const START_FROM: readonly string[] = ['Submitted', 'Completed', CANCELLED_STATUS]

/** Why a full run may not start for a record in this state, as the server says it; null: it may. */
export function startRefusal(record: RecordState): string | null {
  if (record.status === AWAITING_REVIEW_STATUS) return AWAITING_REVIEW_REFUSAL_MESSAGE
  if (isActiveStatus(record.status)) return RUN_ALREADY_ACTIVE_MESSAGE
  if (record.status === 'Completed' && record.isCertified === CERTIFIED_OK) return ALREADY_CERTIFIED_MESSAGE
  // A status the portal does not know (only a client reading a newer server meets one).
  return START_FROM.includes(record.status) ? null : UNKNOWN_STATUS_START_MESSAGE
}
