import { CERTIFICATE_STATE_LABELS } from '@/contract/certificates'
import { recordStatusName } from '@/contract/records'
import type { RecordRevision } from '@/contract/revisions'
import { CANCELLED_STATUS } from '@/contract/run-status'
import { formatPortalTime } from '@/lib/format-time'

/*
 * Run details' list of a record's revisions (docs/decisions/0033): what each line says, asserted
 * word for word in revision-text.test.ts.
 */

/** 'Revision 3 · firmware 1.1.0' */
export const revisionHeading = (revision: Pick<RecordRevision, 'revision' | 'baseFirmwareVersion'>) =>
  `Revision ${revision.revision} · firmware ${revision.baseFirmwareVersion}`

/** How the revision stands or ended, in the dashboard's words ('Certified', 'In Progress', 'Cancelled'). */
export function revisionResultText(revision: Pick<RecordRevision, 'status' | 'isCertified'>): string {
  const name = recordStatusName(revision)
  if (name) return name
  if (revision.status === CANCELLED_STATUS) return 'Cancelled'
  return revision.status === 'Completed' ? 'Completed' : revision.status
}

/** '2 serial numbers · made by Priya Sharma, 10 Nov 2026, 09:00' */
export function revisionMadeText(
  revision: Pick<RecordRevision, 'deviceNumberList' | 'createdBy' | 'createdAt'>,
): string {
  const count = revision.deviceNumberList.length
  return `${count} serial number${count === 1 ? '' : 's'} · made by ${revision.createdBy}, ${formatPortalTime(revision.createdAt)}`
}

/** A revision's certificate state in the certificate's words ('Valid'); an unknown state as it is. */
export const certificateStateText = (state: string) =>
  CERTIFICATE_STATE_LABELS[state as keyof typeof CERTIFICATE_STATE_LABELS] ?? state

/** Before the certificate whose cases a revision carries: 'recertification of DCP-4TPX-5D2R-K8WN'. */
export const RECERTIFICATION_OF = 'recertification of'
