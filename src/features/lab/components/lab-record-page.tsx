import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import { PageShell } from '@/components/layout/page-shell'
import { LiveStatus } from '@/components/live/live-status'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { LAB_QUEUE_STATE_LABELS, type LabRecordAnswer, type LabStaff } from '@/contract/lab'
import { cn } from '@/lib/utils'
import { labRecordQueryOptions } from '@/features/lab/api/lab-api'
import { Attempts } from '@/features/lab/components/lab-attempts'
import { AssignmentControl } from '@/features/lab/components/lab-assignment'
import { Conversation } from '@/features/lab/components/lab-conversation'
import { STATE_TONE } from '@/features/lab/components/lab-queue'
import { RecordActions } from '@/features/lab/components/lab-record-actions'
import { isLabManager, type LabSearch, statusText } from '@/features/lab/model/lab-view'

type LabRecordPageProps = {
  portfolioManagerId: string
  staff: LabStaff
  /** The queue's filters it was opened from: Back to the queue returns to them. */
  queueSearch: LabSearch
}

/**
 * One record as the lab sees it, at its own address (/lab/records/$id; docs/decisions/0045): the
 * device, its organization, state and assignee, what the lab may do now (start, re-run the failed
 * cases, cancel, review), every attempt with its cases and their logs, and beside them the
 * conversation with the vendor's team. Live: the lab's stream reads it again when it changes.
 */
export function LabRecordPage({ portfolioManagerId, staff, queueSearch }: LabRecordPageProps) {
  const { data, error, isPending, refetch } = useQuery(labRecordQueryOptions(portfolioManagerId))
  const back = <BackToQueue search={queueSearch} />
  if (isPending) {
    return (
      <PageShell title="Record" lead="Loading the record…">
        {back}
        <Spinner aria-hidden="true" />
      </PageShell>
    )
  }
  if (error || !data) {
    return (
      <PageShell
        title="Record"
        lead={error instanceof Error ? error.message : 'The record could not be read.'}
      >
        {back}
        <Button variant="outline" className="self-start" onClick={() => void refetch()}>
          Try again
        </Button>
      </PageShell>
    )
  }
  return <RecordDetails answer={data} staff={staff} back={back} />
}

function BackToQueue({ search }: { search: LabSearch }) {
  return (
    <Link
      to="/lab"
      search={search}
      className="inline-flex items-center gap-1 self-start rounded-sm text-small font-semibold text-brand-700 hover:underline focus-visible:focus-ring"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to the queue
    </Link>
  )
}

function RecordDetails({
  answer,
  staff,
  back,
}: {
  answer: LabRecordAnswer
  staff: LabStaff
  back: React.ReactNode
}) {
  const { record, runs, comments, queueState, organizationName } = answer
  return (
    <PageShell
      title={record.deviceName}
      lead={`${record.vendor} · ${record.deviceType} · ${record.productClass} · firmware ${record.baseFirmwareVersion} · ${organizationName}`}
    >
      {back}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex flex-wrap items-center gap-2 text-small">
          <span
            className={cn(
              'rounded-full border px-2 py-0.5 text-caption font-semibold',
              STATE_TONE[queueState],
            )}
          >
            {LAB_QUEUE_STATE_LABELS[queueState]}
          </span>
          {/* The verdict, once the record is finished: the badge says the rest (said once). */}
          {queueState === 'finished' ? (
            <span className="text-ink">{statusText(record.status, record.isCertified)}</span>
          ) : null}
          <span className="text-ink-muted">{`Created by ${record.createdBy}`}</span>
        </p>
        <LiveStatus />
      </div>
      <AssignmentControl
        portfolioManagerId={record.portfolioManagerId}
        assignee={answer.assignee}
        staff={staff}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="flex min-w-0 flex-col gap-4">
          <RecordActions answer={answer} />
          <Attempts runs={runs} manager={isLabManager(staff.role)} />
        </div>
        <div className="min-w-0">
          <Conversation
            portfolioManagerId={record.portfolioManagerId}
            comments={comments}
            organizationName={organizationName}
          />
        </div>
      </div>
    </PageShell>
  )
}
