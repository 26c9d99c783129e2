import { useQuery } from '@tanstack/react-query'
import { LiveStatus } from '@/components/live/live-status'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import type { LabStaff } from '@/contract/lab'
import { labQueueQueryOptions, labStateQueryOptions } from '@/features/lab/api/lab-api'
import { LabQueue } from '@/features/lab/components/lab-queue'
import { LabStateBar } from '@/features/lab/components/lab-state-bar'
import { isLabManager, type LabSearch, queueQueryOf } from '@/features/lab/model/lab-view'

type LabConsoleProps = {
  staff: LabStaff
  search: LabSearch
  onSearch: (next: LabSearch) => void
}

/**
 * The lab console at /lab: the live stream's status line, the bench's state and the queue of
 * every organization's records; each record opens at its own address (/lab/records/$id). The
 * lab's header (components/layout/lab-header.tsx) leads to the console's other pages.
 */
function LabConsole({ staff, search, onSearch }: LabConsoleProps) {
  const manager = isLabManager(staff.role)
  const state = useQuery(labStateQueryOptions())
  const queue = useQuery(labQueueQueryOptions(queueQueryOf(search)))

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-small text-ink-muted">{`${staff.name} · ${staff.role}`}</p>
        <LiveStatus />
      </div>
      {state.data ? <LabStateBar state={state.data} manager={manager} /> : null}
      {queue.data ? (
        <LabQueue
          queue={queue.data}
          search={search}
          onSearch={onSearch}
          staffId={staff.staffId}
          updating={queue.isPlaceholderData}
        />
      ) : queue.error ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-body text-danger">
          {queue.error.message}
          <Button size="sm" variant="outline" onClick={() => void queue.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <p className="flex items-center gap-2 text-body text-ink-muted">
          <Spinner aria-hidden="true" /> Loading the queue…
        </p>
      )}
    </div>
  )
}

export { LabConsole }
