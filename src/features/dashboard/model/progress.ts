import { AWAITING_REVIEW_LABEL } from '@/contract/lab'
import { CERTIFIED_OK, VALIDATION_FAILURE } from '@/contract/records'
import type { RecordState } from '@/contract/records'
import { AWAITING_REVIEW_STATUS, CANCELLED_STATUS } from '@/contract/run-status'

/*
 * The Status column's progress bar (spec §4 "Progress bar", §9). The InProgress animation is
 * visual only: it tells the vendor the run is moving, not how far the lab has got.
 */

export const PROGRESS_START_PERCENT = 1
export const PROGRESS_STEP_PERCENT = 10
export const PROGRESS_STEP_MS = 1000
const PROGRESS_FULL_PERCENT = 100

/** From this much elapsed time on an InProgress bar is full, so the screen can stop its clock. */
export const PROGRESS_FULL_AFTER_MS =
  Math.ceil((PROGRESS_FULL_PERCENT - PROGRESS_START_PERCENT) / PROGRESS_STEP_PERCENT) * PROGRESS_STEP_MS

/** The ProgressBar tones (the UI's `ProgressTone`; a test keeps the two equal). */
export type ProgressTone = 'submitted' | 'in-progress' | 'certified' | 'failed' | 'unknown'

export type ProgressLabel =
  | 'Certified'
  | 'Validation Failure'
  | 'In Progress'
  | 'Submitted'
  | 'Maintenance'
  | 'Cancelled'
  | typeof AWAITING_REVIEW_LABEL
  | 'Unknown status'

export interface Progress {
  percent: number
  tone: ProgressTone
  /** The bar's accessible name. */
  label: ProgressLabel
}

const UNKNOWN: Progress = { percent: 0, tone: 'unknown', label: 'Unknown status' }

/**
 * The bar for a record, `elapsedMs` after the screen started animating it (only InProgress reads
 * it). The status decides, as for the summary cards; isCertified counts only once Completed, so
 * a row's colour always matches the card it counts in.
 */
export function progressOf(record: RecordState, elapsedMs: number): Progress {
  switch (record.status) {
    case 'Submitted':
      return { percent: PROGRESS_START_PERCENT, tone: 'submitted', label: 'Submitted' }
    case 'InProgress':
      return { percent: inProgressPercent(elapsedMs), tone: 'in-progress', label: 'In Progress' }
    case 'Maintenance':
      // The spec is silent. The run has started but waits for the lab (decision 7), so the bar
      // keeps the in-progress colour and holds still at the start rather than pretend to move.
      return { percent: PROGRESS_START_PERCENT, tone: 'in-progress', label: 'Maintenance' }
    case 'Completed':
      if (record.isCertified === CERTIFIED_OK)
        return { percent: PROGRESS_FULL_PERCENT, tone: 'certified', label: 'Certified' }
      if (record.isCertified === VALIDATION_FAILURE)
        return { percent: PROGRESS_FULL_PERCENT, tone: 'failed', label: 'Validation Failure' }
      // Completed without a result is not a state the lab produces: shown as unknown (black).
      return UNKNOWN
    case CANCELLED_STATUS:
      // docs/decisions/0022: not one of spec §4's statuses, so the spec's rule for an
      // unknown status holds — 0 percent, black — but the bar is named for what happened, and the
      // Status column writes 'Cancelled' under it, so the row is not read as broken.
      return { percent: 0, tone: 'unknown', label: 'Cancelled' }
    case AWAITING_REVIEW_STATUS:
      // docs/decisions/0024: the run's cases are all done and the lab decides the
      // result. Not a spec §4 status; it counts in In Progress, so the bar has that colour, full
      // and still (nothing left to run), named 'Awaiting review'.
      return { percent: PROGRESS_FULL_PERCENT, tone: 'in-progress', label: AWAITING_REVIEW_LABEL }
    default:
      return UNKNOWN
  }
}

/** Whether the bar changes with time, so the screen runs a clock only for rows that need one. */
export function isProgressAnimated(record: RecordState): boolean {
  return record.status === 'InProgress'
}

function inProgressPercent(elapsedMs: number): number {
  // Whole seconds only; a clock that is not running yet (negative or NaN) counts as zero.
  const steps = elapsedMs > 0 ? Math.floor(elapsedMs / PROGRESS_STEP_MS) : 0
  return Math.min(PROGRESS_FULL_PERCENT, PROGRESS_START_PERCENT + steps * PROGRESS_STEP_PERCENT)
}
