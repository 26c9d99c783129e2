import type { RunProgress } from '@/contract/events'
import { AWAITING_REVIEW_LABEL } from '@/contract/lab'
import type { ProgressLabel } from '@/features/dashboard/model/progress'

/*
 * The Status column in words (docs/decisions/0035 point 2): under spec §4's 100 px bar, the
 * status's word and, for a run the live stream follows, how far it is ('3 of 15') or how many
 * cases failed ('2 failed'), so that no status is told by colour alone. The words are the
 * legend's and the summary cards' (spec §2): a failed run reads 'Failed', as in the legend.
 */

/** The word each bar's status shows (its accessible name stays spec §4's, ProgressLabel). */
export const STATUS_WORDS: Readonly<Record<ProgressLabel, string>> = {
  Submitted: 'Submitted',
  'In Progress': 'In Progress',
  Maintenance: 'Maintenance',
  'Validation Failure': 'Failed',
  Certified: 'Certified',
  Cancelled: 'Cancelled',
  [AWAITING_REVIEW_LABEL]: AWAITING_REVIEW_LABEL,
  'Unknown status': 'Unknown',
}

export interface StatusLine {
  word: string
  /** '3 of 15' or '2 failed' for a run under way; null otherwise. */
  detail: string | null
  /** The line as read: 'In Progress · 3 of 15'. */
  text: string
}

/** The words under a record's bar; `run` is its run under way as the live stream tells it (or null). */
export function statusLineOf(label: ProgressLabel, run: RunProgress | null): StatusLine {
  const word = STATUS_WORDS[label]
  const detail = run === null ? null : run.failed > 0 ? `${run.failed} failed` : `${run.done} of ${run.total}`
  return { word, detail, text: detail === null ? word : `${word} · ${detail}` }
}
