/*
 * The statuses of a device record and of its certification runs, in one place (spec §4's, the
 * vendor's Cancelled, the lab's AwaitingReview). A record and its latest run carry the same status; only a
 * record is ever Submitted. Which status may follow which is server/certification/lifecycle.ts's.
 */

/** Spec §4: the statuses a record can have; anything else is shown as unknown. */
export const RECORD_STATUSES = ['Submitted', 'InProgress', 'Completed', 'Maintenance'] as const
export type RecordStatus = (typeof RECORD_STATUSES)[number]

/**
 * The run (and record) status of a run the vendor cancelled: beside spec §4's four,
 * shown as its own state; it counts in none of the five cards, and Start Certify may run again.
 */
export const CANCELLED_STATUS = 'Cancelled'

/** The record and run status of a finished run waiting for the lab's decision (review on). */
export const AWAITING_REVIEW_STATUS = 'AwaitingReview'

/** Every status a record or a run is stored with. */
export type StoredStatus = RecordStatus | typeof CANCELLED_STATUS | typeof AWAITING_REVIEW_STATUS

/** A run in these is going (or waiting for the lab's maintenance to end): one per record at most. */
export const ACTIVE_STATUSES = ['InProgress', 'Maintenance'] as const satisfies readonly RecordStatus[]
export type ActiveStatus = (typeof ACTIVE_STATUSES)[number]

/** Whether a run (or its record) in `status` is active. */
export function isActiveStatus(status: string): status is ActiveStatus {
  return (ACTIVE_STATUSES as readonly string[]).includes(status)
}
