import { useQuery } from '@tanstack/react-query'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { LAB_QUEUE_STATE_LABELS, type LabRecordAnswer } from '@/contract/lab'
import { cn } from '@/lib/utils'
import { labRecordQueryOptions } from '@/features/lab/api/lab-api'
import { Attempts } from '@/features/lab/components/lab-attempts'
import { Conversation } from '@/features/lab/components/lab-conversation'
import { STATE_TONE } from '@/features/lab/components/lab-queue'
import { RecordActions } from '@/features/lab/components/lab-record-actions'
import { statusText } from '@/features/lab/model/lab-view'

type LabRecordDialogProps = {
  portfolioManagerId: string | null
  onClose: () => void
  /** A Lab manager may revoke the record's certificate. */
  manager?: boolean
}

/**
 * One record as the lab sees it: the device, its organization and state, what the lab may do now
 * (start, re-run the failed cases, cancel, review), every attempt with its cases and their logs,
 * and the conversation with the vendor's team, with the lab's answer box.
 */
function LabRecordDialog({ portfolioManagerId, onClose, manager = false }: LabRecordDialogProps) {
  return (
    <Dialog open={portfolioManagerId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-3xl">
        {portfolioManagerId ? <RecordBody portfolioManagerId={portfolioManagerId} manager={manager} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function RecordBody({ portfolioManagerId, manager }: { portfolioManagerId: string; manager: boolean }) {
  const { data, error, isPending, refetch } = useQuery(labRecordQueryOptions(portfolioManagerId))
  if (isPending) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Record details</DialogTitle>
          <DialogDescription>Loading the record…</DialogDescription>
        </DialogHeader>
        <Spinner aria-hidden="true" />
      </>
    )
  }
  if (error || !data) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Record details</DialogTitle>
          <DialogDescription>
            {error instanceof Error ? error.message : 'The record could not be read.'}
          </DialogDescription>
        </DialogHeader>
        <Button variant="outline" className="self-start" onClick={() => void refetch()}>
          Try again
        </Button>
      </>
    )
  }
  return <RecordDetails answer={data} manager={manager} />
}

function RecordDetails({ answer, manager }: { answer: LabRecordAnswer; manager: boolean }) {
  const { record, runs, comments, queueState, organizationName } = answer
  return (
    <>
      <DialogHeader>
        <DialogTitle>{record.deviceName}</DialogTitle>
        <DialogDescription>
          {`${record.vendor} · ${record.deviceType} · ${record.productClass} · firmware ${record.baseFirmwareVersion} · ${organizationName}`}
        </DialogDescription>
      </DialogHeader>
      <p className="flex flex-wrap items-center gap-2 text-small">
        <span
          className={cn('rounded-full border px-2 py-0.5 text-caption font-semibold', STATE_TONE[queueState])}
        >
          {LAB_QUEUE_STATE_LABELS[queueState]}
        </span>
        <span className="text-ink">{statusText(record.status, record.isCertified)}</span>
        <span className="text-ink-muted">{`· created by ${record.createdBy}`}</span>
      </p>
      <RecordActions answer={answer} />
      <Attempts runs={runs} manager={manager} />
      <Conversation
        portfolioManagerId={record.portfolioManagerId}
        comments={comments}
        organizationName={organizationName}
      />
    </>
  )
}

export { LabRecordDialog }
