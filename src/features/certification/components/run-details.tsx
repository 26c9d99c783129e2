import { useQuery } from '@tanstack/react-query'
import * as React from 'react'
import { CircleX, Construction, Hourglass, ShieldCheck, ShieldX } from 'lucide-react'
import { toast } from 'sonner'
import { Checkbox } from '@/components/ui/checkbox'
import { Field, FieldLabel } from '@/components/ui/field'
import { TestCaseRow } from '@/components/runs/test-case-row'
import { DIRECTORY_PATH, REVOKED_NOT_PUBLISHED_MESSAGE } from '@/contract/certificates'
import type { CertificationRun } from '@/contract/certification'
import { AWAITING_REVIEW_LABEL } from '@/contract/lab'
import { CERTIFIED_OK, VALIDATION_FAILURE } from '@/contract/records'
import { runsQueryOptions } from '@/features/certification/api/list-runs'
import { usePublishCertificateMutation } from '@/features/certification/api/publish-certificate'
import {
  AttemptHistory,
  AttemptSwitcher,
  ReportLink,
} from '@/features/certification/components/attempt-history'
import { RerunFailedButton } from '@/features/certification/components/rerun-failed-button'
import { NewRevisionButton, RevisionHistory } from '@/features/certification/components/revision-history'
import { attemptLine, attemptNumber, hasReport, spansRevisions } from '@/components/runs/run-lines'
import { maintenanceText, reviewText } from '@/components/runs/run-text'
import { CertificateLine, type IssuedCertificate } from '@/components/runs/certificate-line'
import {
  failuresFirst,
  opensAtFirst,
  runSummary,
  summaryLine,
} from '@/features/certification/model/run-summary'
import { answerOrNull } from '@/lib/api-failure'
import { progressOfRun } from '@/lib/live/apply-events'
import { useRoleRefusal } from '@/lib/use-role'
import { cn } from '@/lib/utils'
import { AWAITING_REVIEW_STATUS, CANCELLED_STATUS } from '@/contract/run-status'
import { runPlanText } from '@/contract/test-plans'
import { useOrganizationId } from '@/lib/use-auth-data'

/** What a run came to, in the dashboard's words. */
export function runOutcome(run: CertificationRun): string {
  if (run.status === 'Completed') {
    if (run.isCertified === CERTIFIED_OK) return 'Certified'
    if (run.isCertified === VALIDATION_FAILURE) return 'Validation Failure'
    return 'Completed'
  }
  if (run.status === 'InProgress') return 'In progress'
  if (run.status === 'Maintenance') return 'Waiting for the lab (maintenance)'
  if (run.status === CANCELLED_STATUS) return 'Cancelled'
  // The cases are done and the lab decides the result (decision 0024 point 5).
  if (run.status === AWAITING_REVIEW_STATUS) return AWAITING_REVIEW_LABEL
  return run.status
}

type RunDetailsProps = {
  vendorUserId: string
  portfolioManagerId: string
  deviceName: string
  /** The record's status: New revision shows once its run has ended (docs/decisions/0033). */
  status?: string | undefined
  /** The record's revision: from 2 on, its revisions are listed. */
  revision?: number | undefined
}

const isRunning = (run: CertificationRun) => run.status === 'InProgress' || run.status === 'Maintenance'

/** A record without a run, for a role that may start one and for one that may not (a Viewer). */
const NO_RUN_YET = 'No certification run yet. Start Certify runs the test plan for this device.'
const NO_RUN_YET_READ_ONLY =
  'No certification run yet. Its runs show here when an Engineer or an Owner of your organization starts one.'

/**
 * A record's certification runs (decision 7; docs/decisions/0021): how its test plan stands over
 * its attempts, the latest attempt's test cases (any earlier one's on choosing it) — failed first
 * with their logs, the others folded to one line (docs/decisions/0036) — moved on live by the event
 * stream (docs/decisions/0022), and every attempt of the record: which cases it ran, who started
 * it and when, how it ended and why.
 */
function RunDetails({ vendorUserId, portfolioManagerId, deviceName, status, revision }: RunDetailsProps) {
  const organizationId = useOrganizationId()
  const runsQuery = useQuery(runsQueryOptions(organizationId, vendorUserId, portfolioManagerId))
  const runs = runsQuery.data?.runs ?? []
  const run = runs[0]
  const summary = runSummary(runs)
  // The attempt whose cases show: the latest unless an earlier one is chosen.
  const [chosenId, setChosenId] = React.useState<string | null>(null)
  const shownIndex = Math.max(
    0,
    runs.findIndex((candidate) => candidate.runId === chosenId),
  )
  // The latest certificate, whichever attempt it came from.
  const certified = runs.find((candidate) => candidate.certificate)
  const mayRun = useRoleRefusal('runs') === null
  // A run the stream moved into Maintenance carries no reason nor expected end (the events name
  // the status only): the runs are read again once to show them.
  const { refetch } = runsQuery
  const waitsWithoutReason = run?.status === 'Maintenance' && !run.maintenance
  React.useEffect(() => {
    if (waitsWithoutReason) void refetch()
  }, [waitsWithoutReason, refetch])
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
        <div className="flex flex-wrap items-center gap-3">
          {run && summary ? (
            <p className="text-small text-ink-muted" role="status">
              {runOutcome(run)} · {summaryLine(summary)}
            </p>
          ) : null}
          {status ? <NewRevisionButton portfolioManagerId={portfolioManagerId} status={status} /> : null}
        </div>
      </div>
      {runsQuery.isPending ? <p className="text-small text-ink-muted">Loading the runs…</p> : null}
      {runsQuery.isError ? <p className="text-small text-danger">The runs could not be loaded.</p> : null}
      {runsQuery.isSuccess && !run ? (
        <p className="text-small text-ink-muted">{mayRun ? NO_RUN_YET : NO_RUN_YET_READ_ONLY}</p>
      ) : null}
      {run?.maintenance ? <MaintenanceNotice maintenance={run.maintenance} /> : null}
      {certified?.certificate ? (
        <CertificateLine certificate={certified.certificate}>
          <CertificateListing
            vendorUserId={vendorUserId}
            portfolioManagerId={portfolioManagerId}
            certificate={certified.certificate}
          />
        </CertificateLine>
      ) : null}
      {run?.review ? <ReviewLine review={run.review} /> : null}
      {run ? (
        <>
          {runs.length > 1 ? (
            <AttemptSwitcher
              runs={runs}
              shown={runs[shownIndex]?.runId ?? run.runId}
              // The latest is not held by its id: a new attempt shows as it starts.
              onShow={(runId) => setChosenId(runId === run.runId ? null : runId)}
            />
          ) : null}
          <AttemptCases
            runs={runs}
            index={shownIndex}
            rerun={<RerunFailedButton {...{ vendorUserId, portfolioManagerId, deviceName, run }} />}
          />
          {runs.length > 1 ? <AttemptHistory runs={runs} outcomeOf={runOutcome} /> : null}
        </>
      ) : null}
      {(revision ?? 1) > 1 ? (
        <RevisionHistory vendorUserId={vendorUserId} portfolioManagerId={portfolioManagerId} />
      ) : null}
    </section>
  )
}

/** '1 test case failed', '2 test cases failed'. */
const failedLine = (count: number) => `${count} test case${count === 1 ? '' : 's'} failed`

/**
 * One attempt's cases (`runs[index]`): its line, plan and progress, why it ended; its failures
 * first with `rerun` beside them, and its report (the latest attempt's).
 */
function AttemptCases({
  runs,
  index,
  rerun,
}: {
  runs: ReadonlyArray<CertificationRun>
  index: number
  rerun: React.ReactNode
}) {
  const run = runs[index]
  if (!run) return null
  const progress = isRunning(run) ? progressOfRun(run) : null
  const failed = run.testCases.filter((test) => test.state === 'failed').length
  return (
    <>
      <div className="flex flex-col gap-1 text-small text-ink-muted" data-slot="current-attempt">
        <p className="font-semibold text-ink">
          {attemptLine(run, attemptNumber(runs, index), spansRevisions(runs))}
        </p>
        {run.testPlan ? <p>{runPlanText(run.testPlan)}</p> : null}
        {progress ? (
          <p>
            {progress.done} of {progress.total} test cases
            {progress.currentCase ? ` · now running: ${progress.currentCase}` : ''}
          </p>
        ) : null}
        {run.failureReason ? <p className="text-ink">{run.failureReason}</p> : null}
      </div>
      {failed > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-2" data-slot="attempt-failures">
          <p className="flex items-center gap-2 text-small font-semibold text-ink">
            <CircleX aria-hidden="true" className="size-4 shrink-0 text-progress-failed" />
            {failedLine(failed)}
          </p>
          {index === 0 ? rerun : null}
        </div>
      ) : null}
      {/* Keyed by the attempt: another attempt's cases open and fold afresh. */}
      <ol key={run.runId} className="flex flex-col divide-y divide-line rounded-control border border-line">
        {failuresFirst(run.testCases).map((test) => (
          <TestCaseRow key={test.name} test={test} defaultOpen={opensAtFirst(test)} />
        ))}
      </ol>
      {/* An earlier attempt's report is in its item of the attempts below. */}
      {index === 0 && hasReport(run) ? (
        <ReportLink runId={run.runId} name="Printable report (opens in a new tab)" />
      ) : null}
    </>
  )
}

/**
 * The lab's maintenance, while this run waits in it — its reason and expected end, said
 * once when it shows (role=status) and set apart from the rest of the run.
 */
function MaintenanceNotice({ maintenance }: { maintenance: NonNullable<CertificationRun['maintenance']> }) {
  return (
    <div
      role="status"
      data-slot="maintenance-notice"
      className="flex gap-2 rounded-control border border-status-maintenance-border bg-status-maintenance px-3 py-2 text-small font-semibold text-status-maintenance-fg"
    >
      <Construction aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>{maintenanceText(maintenance)}</p>
    </div>
  )
}

const REVIEW_LOOK = {
  pending: {
    icon: Hourglass,
    className: 'border-status-in-progress-border bg-status-in-progress text-status-in-progress-fg',
  },
  approved: {
    icon: ShieldCheck,
    className: 'border-status-certified-border bg-status-certified text-status-certified-fg',
  },
  rejected: {
    icon: ShieldX,
    className:
      'border-status-validation-failure-border bg-status-validation-failure text-status-validation-failure-fg',
  },
} as const

/** Where the lab's review of the latest attempt stands (decision 0024 point 5). */
function ReviewLine({ review }: { review: NonNullable<CertificationRun['review']> }) {
  const look = REVIEW_LOOK[review.state]
  const Icon = look.icon
  return (
    <div
      data-slot="run-review"
      data-state={review.state}
      className={cn('flex gap-2 rounded-control border px-3 py-2 text-small font-semibold', look.className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p className="break-words whitespace-pre-wrap">{reviewText(review)}</p>
    </div>
  )
}

/**
 * Under the record's certificate (the shared CertificateLine): the switch that lists it among the
 * certified devices (off by default). Owners and Engineers switch it; a Viewer sees it with the
 * role's reason. A revoked certificate cannot be listed.
 */
function CertificateListing({
  vendorUserId,
  portfolioManagerId,
  certificate,
}: {
  vendorUserId: string
  portfolioManagerId: string
  certificate: IssuedCertificate
}) {
  const publish = usePublishCertificateMutation()
  const refusal = useRoleRefusal('listing')
  const published = certificate.published === true
  const revoked = certificate.state === 'revoked'
  const reasonId = React.useId()
  const change = async (next: boolean) => {
    const answer = await answerOrNull(
      publish.mutateAsync({ vendorUserId, portfolioManagerId, number: certificate.number, published: next }),
    )
    if (answer) toast.success(answer.message)
  }
  const reason = refusal?.reason ?? (revoked && !published ? REVOKED_NOT_PUBLISHED_MESSAGE : null)
  return (
    <>
      <Field orientation="horizontal" disabled={Boolean(reason) || publish.isPending}>
        <Checkbox
          checked={published}
          aria-describedby={reason ? reasonId : undefined}
          onCheckedChange={(checked) => void change(checked === true)}
        />
        <FieldLabel>List this device among the certified devices</FieldLabel>
      </Field>
      {reason ? (
        <p id={reasonId} className="text-ink-muted">
          {reason}
        </p>
      ) : published ? (
        <p className="text-ink-muted">
          Anyone can find it on{' '}
          <a
            href={DIRECTORY_PATH}
            className="font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:focus-ring"
          >
            Certified devices
          </a>
          .
        </p>
      ) : null}
    </>
  )
}

export { RunDetails }
