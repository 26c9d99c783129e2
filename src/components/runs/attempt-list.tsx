import * as React from 'react'
import { Collapsible, CollapsibleContent, DisclosureToggle } from '@/components/ui/collapsible'
import { TestCaseRow } from '@/components/runs/test-case-row'
import {
  attemptLine,
  attemptNumber,
  casesLine,
  formatTime,
  spansRevisions,
} from '@/components/runs/run-lines'
import { reviewText } from '@/components/runs/run-text'
import type { CertificationRun } from '@/contract/certification'
import { cn } from '@/lib/utils'

type AttemptListProps = {
  runs: ReadonlyArray<CertificationRun>
  /** How an attempt ended, in the side's words ('Certified', 'Awaiting review', …). */
  outcomeOf: (run: CertificationRun) => string
  /** The heading's level: a section of its own (2, the lab's record) or a part of run details (3). */
  level: 2 | 3
  /**
   * How an attempt's cases show: their names in one line (run details, where the chosen attempt's
   * cases show above), or each attempt's cases with their logs, the newest open (the lab's record).
   */
  cases: 'names' | 'logs'
  /**
   * Whether a review still pending has its own line; off where the outcome says it already
   * ('Awaiting review', said once).
   */
  pendingReviewLine?: boolean
  /** What else a side shows of an attempt, under its lines: its report, its plan, its certificate. */
  moreOf?: (run: CertificationRun, number: number) => React.ReactNode
}

/**
 * Every attempt of a record, newest first (docs/decisions/0021): which cases it ran, who started
 * it and when, how it ended and why, and the lab's review. The vendor's run details and the lab's
 * record list them alike; what differs between the sides are the props.
 */
export function AttemptList({
  runs,
  outcomeOf,
  level,
  cases,
  pendingReviewLine = true,
  moreOf,
}: AttemptListProps) {
  const titleId = React.useId()
  const withRevision = spansRevisions(runs)
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <div className="flex flex-col gap-2" data-slot="attempt-history">
      <Heading
        id={titleId}
        className={cn('font-semibold text-ink', level === 2 ? 'text-body' : 'text-small')}
      >
        Attempts
      </Heading>
      {runs.length === 0 ? (
        <p className="text-small text-ink-muted">No run yet.</p>
      ) : (
        <ol aria-labelledby={titleId} className="flex flex-col gap-2">
          {runs.map((attempt, index) => {
            const number = attemptNumber(runs, index)
            const review =
              attempt.review && (pendingReviewLine || attempt.review.state !== 'pending')
                ? reviewText(attempt.review)
                : null
            return (
              <AttemptItem
                key={attempt.runId}
                run={attempt}
                number={number}
                line={`${attemptLine(attempt, number, withRevision)} · ${outcomeOf(attempt)}`}
                review={review}
                cases={cases}
                open={index === 0}
                more={moreOf?.(attempt, number)}
              />
            )
          })}
        </ol>
      )}
    </div>
  )
}

type AttemptItemProps = {
  run: CertificationRun
  number: number
  line: string
  review: string | null
  cases: AttemptListProps['cases']
  /** The newest attempt: its cases and logs open at first. */
  open: boolean
  more: React.ReactNode
}

function AttemptItem({ run, number, line, review, cases, open, more }: AttemptItemProps) {
  const body = (
    <>
      <p className="font-semibold text-ink">{line}</p>
      <p className="text-ink-muted">
        {casesLine(run)}
        {run.finishedAt ? ` · ended ${formatTime(run.finishedAt)}` : ''}
      </p>
      {cases === 'names' ? (
        <p className="text-caption text-ink-muted">
          Cases: {run.testCases.map((test) => test.name).join(', ')}
        </p>
      ) : null}
      {run.failureReason ? <p className="text-ink">{run.failureReason}</p> : null}
      {review ? <p className="text-ink">{review}</p> : null}
      {more}
    </>
  )
  const itemClass = 'flex flex-col gap-1 rounded-control border border-line px-3 py-2 text-small'
  if (cases === 'names')
    return (
      <li aria-label={`Attempt ${number}`} className={itemClass}>
        {body}
      </li>
    )
  return (
    <li aria-label={`Attempt ${number}`} className="rounded-control border border-line px-3 py-2 text-small">
      <Collapsible defaultOpen={open} className="flex flex-col gap-1">
        {body}
        <DisclosureToggle
          className="self-start"
          moreLabel={`Show the cases and logs of attempt ${number}`}
          lessLabel={`Hide the cases and logs of attempt ${number}`}
        />
        <CollapsibleContent>
          <ul className="mt-1 flex flex-col divide-y divide-line rounded-control border border-line">
            {run.testCases.map((test) => (
              <TestCaseRow key={test.name} test={test} />
            ))}
          </ul>
        </CollapsibleContent>
      </Collapsible>
    </li>
  )
}
