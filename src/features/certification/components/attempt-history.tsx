import { FileText } from 'lucide-react'
import { ToggleGroup } from 'radix-ui'
import { chipVariants } from '@/components/ui/chip-group'
import { AttemptList } from '@/components/runs/attempt-list'
import { attemptNumber, hasReport } from '@/components/runs/run-lines'
import type { CertificationRun } from '@/contract/certification'
import { runResultsLinks } from '@/features/certification/api/run-results'

/* Run details' attempts (docs/decisions/0021): which one's cases show, its report, and the whole history. */

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

/**
 * Every attempt of the record, newest first (the shared AttemptList): what it ran, who started
 * it, how it ended and why, and its printable report.
 */
export function AttemptHistory({
  runs,
  outcomeOf,
}: {
  runs: ReadonlyArray<CertificationRun>
  outcomeOf: (run: CertificationRun) => string
}) {
  return (
    <AttemptList
      runs={runs}
      level={3}
      cases="names"
      outcomeOf={outcomeOf}
      moreOf={(attempt, number) =>
        hasReport(attempt) ? (
          <ReportLink
            runId={attempt.runId}
            name={`Attempt ${number}: printable report (opens in a new tab)`}
            label="Printable report"
          />
        ) : null
      }
    />
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
