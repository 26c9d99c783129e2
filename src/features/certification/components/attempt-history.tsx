import { FileText } from 'lucide-react'
import { ToggleGroup } from 'radix-ui'
import { chipVariants } from '@/components/ui/chip-group'
import { attemptRevisionLabel, casesLine, spansRevisions } from '@/components/certification/run-lines'
import type { CertificationRun } from '@/contract/certification'
import { CANCELLED_STATUS } from '@/contract/run-status'
import { runResultsLinks } from '@/features/certification/api/run-results'
import { reviewText } from '@/features/certification/model/review-text'
import { formatPortalTime } from '@/lib/format-time'

/* Run details' attempts (docs/decisions/0021): the line of each, its report, and the whole history. */

const KIND_LABEL = { full: 'Full run', rerun: 'Re-run of failed cases' } as const

/** A time as the dashboard writes it, in UTC ('20 Nov 2026, 09:00'); '' when there is none. */
export const formatTime = (iso: string | null | undefined) => (iso ? formatPortalTime(iso) : '')

/** Finished or cancelled: the attempt has a printable report. */
export const hasReport = (run: CertificationRun) =>
  run.status === 'Completed' || run.status === CANCELLED_STATUS

/** An attempt's number: its own, or its place among the record's attempts (newest first). */
export const attemptNumber = (runs: ReadonlyArray<CertificationRun>, index: number) =>
  runs[index]?.attempt ?? runs.length - index

/**
 * 'Attempt 2 · Re-run of failed cases · started by Priya Sharma, 20 Nov 2026, 09:00'; with the
 * revision it tested when the record has more than one ('Attempt 3 · rev 2 · Full run · …').
 */
export function attemptLine(run: CertificationRun, number: number, withRevision = false) {
  const parts = [`Attempt ${run.attempt ?? number}`]
  if (withRevision) parts.push(attemptRevisionLabel(run))
  parts.push(KIND_LABEL[run.kind ?? 'full'])
  const started = formatTime(run.startedAt)
  parts.push(run.startedBy ? `started by ${run.startedBy}, ${started}` : `started ${started}`)
  return parts.join(' · ')
}

export function ReportLink({ runId, name, label }: { runId: string; name: string; label?: string }) {
  return (
    <a
      href={runResultsLinks(runId).report}
      target="_blank"
      rel="noreferrer"
      aria-label={label ? name : undefined}
      className="inline-flex items-center gap-2 self-start text-small font-semibold text-brand-700 hover:underline focus-visible:focus-ring"
    >
      <FileText aria-hidden="true" className="size-4" />
      {label ?? name}
    </a>
  )
}

/** Every attempt of the record, newest first: what it ran, who started it, how it ended and why. */
export function AttemptHistory({
  runs,
  outcomeOf,
}: {
  runs: ReadonlyArray<CertificationRun>
  outcomeOf: (run: CertificationRun) => string
}) {
  const withRevision = spansRevisions(runs)
  return (
    <div className="flex flex-col gap-2" data-slot="attempt-history">
      <h3 id="attempt-history-title" className="text-small font-semibold text-ink">
        Attempts
      </h3>
      <ol aria-labelledby="attempt-history-title" className="flex flex-col gap-2">
        {runs.map((attempt, index) => {
          const number = attemptNumber(runs, index)
          return (
            <li
              key={attempt.runId}
              aria-label={`Attempt ${number}`}
              className="flex flex-col gap-1 rounded-control border border-line px-3 py-2 text-small"
            >
              <p className="font-semibold text-ink">
                {attemptLine(attempt, number, withRevision)} · {outcomeOf(attempt)}
              </p>
              <p className="text-ink-muted">
                {casesLine(attempt)}
                {attempt.finishedAt ? ` · ended ${formatTime(attempt.finishedAt)}` : ''}
              </p>
              <p className="text-caption text-ink-muted">
                Cases: {attempt.testCases.map((test) => test.name).join(', ')}
              </p>
              {attempt.failureReason ? <p className="text-ink">{attempt.failureReason}</p> : null}
              {attempt.review ? <p className="text-ink">{reviewText(attempt.review)}</p> : null}
              {hasReport(attempt) ? (
                <ReportLink
                  runId={attempt.runId}
                  name={`Attempt ${number}: printable report (opens in a new tab)`}
                  label="Printable report"
                />
              ) : null}
            </li>
          )
        })}
      </ol>
    </div>
  )
}

/**
 * Which attempt's cases run details show (docs/decisions/0036): the latest at first, any earlier
 * one on choosing it. One choice at a time; arrow keys move between the attempts.
 */
export function AttemptSwitcher({
  runs,
  shown,
  onShow,
}: {
  runs: ReadonlyArray<CertificationRun>
  shown: string
  onShow: (runId: string) => void
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-small" data-slot="attempt-switcher">
      <span id="attempt-switcher-label" className="font-semibold text-ink">
        Show the cases of
      </span>
      <ToggleGroup.Root
        type="single"
        value={shown}
        // Choosing the shown attempt again keeps it shown: one is always chosen.
        onValueChange={(runId) => (runId ? onShow(runId) : undefined)}
        aria-labelledby="attempt-switcher-label"
        className="flex flex-wrap gap-2"
      >
        {runs.map((attempt, index) => (
          <ToggleGroup.Item
            key={attempt.runId}
            value={attempt.runId}
            className={chipVariants({ shape: 'pill' })}
          >
            {`Attempt ${attemptNumber(runs, index)}`}
          </ToggleGroup.Item>
        ))}
      </ToggleGroup.Root>
    </div>
  )
}
