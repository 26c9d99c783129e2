import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Bell, BookMarked, ListChecks, Radio, Users } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import type { LabStaff } from '@/contract/lab'
import { cn } from '@/lib/utils'
import { labQueueQueryOptions, labStateQueryOptions } from '@/features/lab/api/lab-api'
import type { LabStreamStatus } from '@/features/lab/api/lab-live'
import { LabQueue } from '@/features/lab/components/lab-queue'
import { LabRecordDialog } from '@/features/lab/components/lab-record-dialog'
import { LabStateBar } from '@/features/lab/components/lab-state-bar'
import { isLabManager, type LabSearch, queueQueryOf } from '@/features/lab/model/lab-view'

const STREAM_TEXT: Record<LabStreamStatus, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  off: 'Not live',
}

type LabConsoleProps = {
  staff: LabStaff
  search: LabSearch
  onSearch: (next: LabSearch) => void
  stream: LabStreamStatus
}

/**
 * The lab console at /lab: the bench's state, the queue of every organization's
 * records and, over it, the record the address names (?record=…).
 */
function LabConsole({ staff, search, onSearch, stream }: LabConsoleProps) {
  const manager = isLabManager(staff.role)
  const state = useQuery(labStateQueryOptions())
  const queue = useQuery(labQueueQueryOptions(queueQueryOf(search)))

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-small text-ink-muted">{`${staff.name} · ${staff.role}`}</p>
        <div className="flex flex-wrap items-center gap-3">
          <StreamBadge status={stream} />
          <Button asChild variant="outline" size="sm">
            <Link to="/lab/test-plans">
              <ListChecks aria-hidden="true" /> Test plans
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to="/lab/catalogue">
              <BookMarked aria-hidden="true" /> Catalogue
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to="/lab/notifications">
              <Bell aria-hidden="true" /> Notifications
            </Link>
          </Button>
          {manager ? (
            <Button asChild variant="outline" size="sm">
              <Link to="/lab/staff">
                <Users aria-hidden="true" /> Lab staff
              </Link>
            </Button>
          ) : null}
        </div>
      </div>
      {state.data ? <LabStateBar state={state.data} manager={manager} /> : null}
      {queue.data ? (
        <LabQueue
          queue={queue.data}
          search={search}
          onSearch={onSearch}
          onOpen={(record) => onSearch({ ...search, record })}
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
      <LabRecordDialog
        manager={manager}
        portfolioManagerId={search.record ?? null}
        onClose={() => onSearch({ ...search, record: undefined })}
      />
    </div>
  )
}

function StreamBadge({ status }: { status: LabStreamStatus }) {
  return (
    <p
      role="status"
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-caption font-semibold',
        status === 'live' ? 'border-success text-success' : 'border-line text-ink-muted',
      )}
    >
      <Radio aria-hidden="true" className="size-3.5" />
      {STREAM_TEXT[status]}
    </p>
  )
}

export { LabConsole }
