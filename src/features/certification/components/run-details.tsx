import { useQuery } from '@tanstack/react-query'
import { CircleCheck, CircleDashed, CircleX, FileText, LoaderCircle, MinusCircle } from 'lucide-react'
import * as React from 'react'
import type { CertificationRun, TestCase, TestCaseState } from '@/contract/certification'
import { CERTIFIED_OK, VALIDATION_FAILURE } from '@/contract/records'
import { runsQueryOptions } from '@/features/certification/api/list-runs'
import { runResultsLinks } from '@/features/certification/api/run-results'
import { cn } from '@/lib/utils'

const STATE_LOOK: Record<
  TestCaseState,
  { icon: React.ComponentType<{ className?: string }>; label: string; className: string }
> = {
  pending: { icon: CircleDashed, label: 'Pending', className: 'text-ink-subtle' },
  running: {
    icon: LoaderCircle,
    label: 'Running',
    className: 'text-progress-in-progress animate-spin motion-reduce:animate-none',
  },
  passed: { icon: CircleCheck, label: 'Passed', className: 'text-progress-certified' },
  failed: { icon: CircleX, label: 'Failed', className: 'text-progress-failed' },
  skipped: { icon: MinusCircle, label: 'Skipped', className: 'text-ink-muted' },
}

/** What a run came to, in the dashboard's words. */
export function runOutcome(run: CertificationRun): string {
  if (run.status === 'Completed') {
    if (run.isCertified === CERTIFIED_OK) return 'Certified'
    if (run.isCertified === VALIDATION_FAILURE) return 'Validation Failure'
    return 'Completed'
  }
  if (run.status === 'InProgress') return 'In progress'
  if (run.status === 'Maintenance') return 'Waiting for the lab (maintenance)'
  return run.status
}

type RunDetailsProps = {
  vendorUserId: string
  portfolioManagerId: string
  deviceName: string
  /** Called when the run followed here ends: the dashboard reads its list again. */
  onRunEnded?: (() => void) | undefined
}

/**
 * A record's latest certification run (decision 7): its test cases with their state and log
 * lines, read again every 2 s while the run is in progress.
 */
function RunDetails({ vendorUserId, portfolioManagerId, deviceName, onRunEnded }: RunDetailsProps) {
  const runsQuery = useQuery(runsQueryOptions(vendorUserId, portfolioManagerId))
  const run = runsQuery.data?.runs[0]
  useRunEnded(run, onRunEnded)
  return (
    <section
      aria-labelledby="run-details-title"
      data-slot="run-details"
      className="flex flex-col gap-4 rounded-card border border-line bg-surface p-4 shadow-card sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="run-details-title" className="text-heading text-ink">
          Certification run · {deviceName}
        </h2>
        {run ? (
          <p className="text-small text-ink-muted" role="status">
            {runOutcome(run)} · {run.testCases.filter((test) => test.state === 'passed').length} of{' '}
            {run.testCases.length} test cases passed
          </p>
        ) : null}
      </div>
      {runsQuery.isPending ? <p className="text-small text-ink-muted">Loading the runs…</p> : null}
      {runsQuery.isError ? <p className="text-small text-danger">The runs could not be loaded.</p> : null}
      {runsQuery.isSuccess && !run ? (
        <p className="text-small text-ink-muted">
          No certification run yet. Start Certify runs the test plan for this device.
        </p>
      ) : null}
      {run ? (
        <>
          <ol className="flex flex-col divide-y divide-line rounded-control border border-line">
            {run.testCases.map((test) => (
              <TestCaseRow key={test.name} test={test} />
            ))}
          </ol>
          {run.status === 'Completed' ? (
            <a
              href={runResultsLinks(run.runId).report}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-2 self-start text-small font-semibold text-brand-700 hover:underline focus-visible:focus-ring"
            >
              <FileText aria-hidden="true" className="size-4" />
              Printable report (opens in a new tab)
            </a>
          ) : null}
        </>
      ) : null}
    </section>
  )
}

const isRunning = (run: CertificationRun) => run.status === 'InProgress' || run.status === 'Maintenance'

/**
 * Calls `onEnded` once when the run seen running is seen ended, so that the row's bar and the
 * cards show the result without the sync icon. Only the shown record is followed: polling the
 * whole list would re-read 100,000 rows.
 */
function useRunEnded(run: CertificationRun | undefined, onEnded: (() => void) | undefined) {
  const running = run ? isRunning(run) : false
  // The run last seen, and the last run seen to end.
  const [seen, setSeen] = React.useState<{ runId: string; running: boolean; ended: string | null } | null>(
    null,
  )
  if (run && (seen?.runId !== run.runId || seen.running !== running)) {
    const justEnded = seen?.runId === run.runId && seen.running && !running
    setSeen({ runId: run.runId, running, ended: justEnded ? run.runId : (seen?.ended ?? null) })
  }
  const ended = seen?.ended ?? null
  const latestOnEnded = React.useRef(onEnded)
  React.useLayoutEffect(() => {
    latestOnEnded.current = onEnded
  })
  React.useEffect(() => {
    if (ended) latestOnEnded.current?.()
  }, [ended])
}

function TestCaseRow({ test }: { test: TestCase }) {
  const look = STATE_LOOK[test.state]
  const Icon = look.icon
  return (
    <li className="flex flex-col gap-1 px-3 py-2">
      <div className="flex items-center gap-2">
        <Icon aria-hidden="true" className={cn('size-4 shrink-0', look.className)} />
        <span className="flex-1 text-small font-semibold text-ink">{test.name}</span>
        <span className="text-caption font-semibold text-ink-muted uppercase">{look.label}</span>
      </div>
      {test.log.length > 0 ? (
        <pre className="overflow-x-auto rounded-control bg-surface-sunken px-2 py-1 font-mono text-caption whitespace-pre-wrap text-ink-muted">
          {test.log.join('\n')}
        </pre>
      ) : null}
    </li>
  )
}

export { RunDetails }
