import { type RecordState, recordStatusName, type RecordStatusName } from '@/contract/records'
import { AWAITING_REVIEW_STATUS } from '@/contract/run-status'

/*
 * Where a device record stands on the dashboard (spec §2 "Dashboard", §4 "Device record status").
 *
 * The record's status says where it is now; its isCertified is read only once the status is
 * Completed, because a result left over from an earlier run does not describe a run in flight.
 */

/** The StatusCard tone of each card (the UI's `StatusTone`; a test keeps the two equal). */
export type SummaryCardTone = 'submitted' | 'in-progress' | 'maintenance' | 'validation-failure' | 'certified'

export interface SummaryCard {
  card: RecordStatusName
  label: string
  tone: SummaryCardTone
}

export interface SummaryCardCount extends SummaryCard {
  count: number
}

/** The cards in the spec's order (§2, §4), with the colours of §9. */
export const SUMMARY_CARDS: readonly SummaryCard[] = [
  { card: 'Submitted', label: 'Submitted', tone: 'submitted' },
  { card: 'In Progress', label: 'In Progress', tone: 'in-progress' },
  { card: 'Maintenance', label: 'Maintenance', tone: 'maintenance' },
  { card: 'Validation Failure', label: 'Validation Failure', tone: 'validation-failure' },
  { card: 'Certified', label: 'Certified', tone: 'certified' },
]

/**
 * The card a record counts in: spec §4's (recordStatusName), and the AwaitingReview in In
 * Progress — its run has ended, but the record is not certified or failed until the lab decides
 * (docs/decisions/0024 point 5). null for a record in no card.
 */
export function summaryCardOf(record: RecordState): RecordStatusName | null {
  return record.status === AWAITING_REVIEW_STATUS ? 'In Progress' : recordStatusName(record)
}

/** Counts for the five cards in one pass, since the dashboard may hold 100,000 rows. */
export function summaryCardCounts(records: readonly RecordState[]): SummaryCardCount[] {
  const counts: Record<RecordStatusName, number> = {
    Submitted: 0,
    'In Progress': 0,
    Maintenance: 0,
    'Validation Failure': 0,
    Certified: 0,
  }
  for (const record of records) {
    const card = summaryCardOf(record)
    if (card !== null) counts[card] += 1
  }
  return SUMMARY_CARDS.map((summaryCard) => ({ ...summaryCard, count: counts[summaryCard.card] }))
}

/** The ProgressBar tones the legend uses (a subset of the UI's `ProgressTone`). */
export type LegendTone = 'submitted' | 'in-progress' | 'failed' | 'certified'

export interface LegendEntry {
  label: 'Submitted' | 'In Progress' | 'Failed' | 'Completed'
  tone: LegendTone
}

/**
 * The legend of spec §2, explaining the progress bar colours. Completed takes the certified
 * colour because a completed run that failed is shown as Failed; unknown statuses (black) are
 * not in the spec's legend.
 */
export const STATUS_LEGEND: readonly LegendEntry[] = [
  { label: 'Submitted', tone: 'submitted' },
  { label: 'In Progress', tone: 'in-progress' },
  { label: 'Failed', tone: 'failed' },
  { label: 'Completed', tone: 'certified' },
]
