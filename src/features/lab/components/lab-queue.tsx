import { Link } from '@tanstack/react-router'
import * as React from 'react'
import { Clock3, MessageSquareText } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { FilterSelect, Pager, SearchField } from '@/components/ui/list-controls'
import {
  LAB_QUEUE_SEARCH_MAX_LENGTH,
  LAB_QUEUE_STATE_LABELS,
  LAB_QUEUE_STATES,
  type LabQueueAnswer,
  type LabQueueItem,
  type LabQueueState,
} from '@/contract/lab'
import { MINE_FILTER_LABEL } from '@/contract/lab-assignment'
import { useClock } from '@/lib/clock'
import { formatPortalTime } from '@/lib/format-time'
import { cn } from '@/lib/utils'
import { pageCount, rangeText } from '@/lib/paging'
import { AssigneeBadge } from '@/features/lab/components/lab-assignment'
import {
  ageText,
  commentLine,
  type LabSearch,
  queueSearchOf,
  runLine,
  statusText,
} from '@/features/lab/model/lab-view'

/** The state's badge, in the dashboard's card colours. */
export const STATE_TONE: Record<LabQueueState, string> = {
  waiting: 'border-status-submitted-border bg-status-submitted text-status-submitted-fg',
  running: 'border-status-in-progress-border bg-status-in-progress text-status-in-progress-fg',
  maintenance: 'border-status-maintenance-border bg-status-maintenance text-status-maintenance-fg',
  review: 'border-brand-300 bg-brand-50 text-brand-900',
  finished: 'border-line bg-surface-sunken text-ink',
}

type LabQueueProps = {
  queue: LabQueueAnswer
  search: LabSearch
  onSearch: (next: LabSearch) => void
  /** The caller: their assigned records say so, and Mine lists them. */
  staffId: string
  /** The queue is being read again for new filters (the old page shows meanwhile). */
  updating?: boolean
}

/**
 * Every organization's records by state: a tab per state with its count, Mine (the caller's
 * assigned records), filters by organization and device type, a search over device, vendor and
 * organization, and pages of LAB_QUEUE_PAGE_SIZE; each row says who has it and how long it has
 * waited (the oldest first), and links to the record's page with these filters (for Back).
 * The filters live in the address, so a view can be shared and Back works.
 */
function LabQueue({ queue, search, onSearch, staffId, updating = false }: LabQueueProps) {
  const pages = pageCount(queue.total, queue.pageSize)
  const filtered = Boolean(search.org || search.type || search.q || search.mine)
  const now = useNow(60_000)
  const linkSearch = queueSearchOf(search)

  return (
    <section aria-labelledby="lab-queue-title" className="flex flex-col gap-4">
      <h2 id="lab-queue-title" className="text-heading text-ink">
        Queue
      </h2>
      <StateTabs queue={queue} search={search} onSearch={onSearch} />
      <QueueFilters queue={queue} search={search} onSearch={onSearch} filtered={filtered} />
      <p aria-live="polite" className="text-small text-ink-muted" data-updating={updating || undefined}>
        {rangeText(queue.page, queue.pageSize, queue.total)}
      </p>
      {queue.items.length === 0 ? (
        <div className="rounded-card border border-dashed border-line-strong p-8 text-center text-body text-ink-muted">
          {search.mine && !search.org && !search.type && !search.q && !search.state
            ? 'No record is assigned to you.'
            : filtered || search.state
              ? 'No record matches these filters.'
              : 'The queue is empty: no vendor has submitted a device yet.'}
        </div>
      ) : (
        <ul aria-label="Records" className={cn('flex flex-col gap-2', updating && 'opacity-70')}>
          {queue.items.map((item) => (
            <QueueRow
              key={item.portfolioManagerId}
              item={item}
              staffId={staffId}
              now={now}
              linkSearch={linkSearch}
            />
          ))}
        </ul>
      )}
      <Pager
        label="Queue pages"
        page={queue.page}
        pages={pages}
        onPage={(page) => onSearch({ ...search, page: page > 1 ? page : undefined })}
      />
    </section>
  )
}

/** The clock's time, again every `everyMs` (the rows' ages move on without a read). */
function useNow(everyMs: number): number {
  const clock = useClock()
  const [now, setNow] = React.useState(() => clock.now())
  React.useEffect(() => clock.every(everyMs, () => setNow(clock.now())), [clock, everyMs])
  return now
}

const TAB_CLASSES =
  'inline-flex h-9 items-center gap-2 rounded-full border px-4 text-small font-semibold whitespace-nowrap transition-colors focus-visible:focus-ring'
const TAB_CURRENT = 'border-brand-700 bg-brand-700 text-ink-inverted'
const TAB_OTHER = 'border-line-strong bg-surface text-ink hover:border-brand-600 hover:bg-brand-50'

type QueuePartProps = Pick<LabQueueProps, 'queue' | 'search' | 'onSearch'>

/** A tab per state with its count, All first. */
function StateTabs({ queue, search, onSearch }: QueuePartProps) {
  const all = LAB_QUEUE_STATES.reduce((sum, state) => sum + queue.counts[state], 0)
  return (
    <nav aria-label="Queue states" className="-mx-1 overflow-x-auto px-1 pb-1">
      <ul className="flex gap-2">
        <StateTab
          label="All"
          count={all}
          current={!search.state}
          onSelect={() => onSearch({ ...search, state: undefined, page: undefined })}
        />
        {LAB_QUEUE_STATES.map((state) => (
          <StateTab
            key={state}
            label={LAB_QUEUE_STATE_LABELS[state]}
            count={queue.counts[state]}
            current={search.state === state}
            onSelect={() => onSearch({ ...search, state, page: undefined })}
          />
        ))}
        <li aria-hidden="true" className="mx-1 w-px self-stretch bg-line" />
        <li>
          <button
            type="button"
            aria-pressed={Boolean(search.mine)}
            onClick={() => onSearch({ ...search, mine: search.mine ? undefined : true, page: undefined })}
            className={cn(TAB_CLASSES, search.mine ? TAB_CURRENT : TAB_OTHER)}
          >
            {MINE_FILTER_LABEL}
          </button>
        </li>
      </ul>
    </nav>
  )
}

/** The search, the organization and device type filters, and Clear filters while any is set. */
function QueueFilters({ queue, search, onSearch, filtered }: QueuePartProps & { filtered: boolean }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_14rem_14rem_auto] lg:items-end">
      <SearchField
        placeholder="Device, vendor or organization"
        maxLength={LAB_QUEUE_SEARCH_MAX_LENGTH}
        value={search.q ?? ''}
        onChange={(q) => onSearch({ ...search, q: q || undefined, page: undefined })}
      />
      <FilterSelect
        label="Organization"
        allLabel="All organizations"
        value={search.org}
        options={queue.organizations.map((organization) => ({
          value: organization.organizationId,
          label: organization.organizationName,
        }))}
        onChange={(org) => onSearch({ ...search, org, page: undefined })}
      />
      <FilterSelect
        label="Device type"
        allLabel="All device types"
        value={search.type}
        options={queue.deviceTypes.map((type) => ({ value: type, label: type }))}
        onChange={(type) => onSearch({ ...search, type, page: undefined })}
      />
      {filtered ? (
        <Button
          variant="ghost"
          onClick={() => onSearch({ state: search.state })}
          className="justify-self-start"
        >
          Clear filters
        </Button>
      ) : null}
    </div>
  )
}

function StateTab({
  label,
  count,
  current,
  onSelect,
}: {
  label: string
  count: number
  current: boolean
  onSelect: () => void
}) {
  return (
    <li>
      <button
        type="button"
        aria-pressed={current}
        onClick={onSelect}
        className={cn(TAB_CLASSES, current ? TAB_CURRENT : TAB_OTHER)}
      >
        {label}
        <span
          className={cn(
            'rounded-full px-1.5 text-caption',
            current ? 'bg-brand-900 text-ink-inverted' : 'bg-surface-sunken text-ink',
          )}
        >
          {count}
        </span>
      </button>
    </li>
  )
}

type QueueRowProps = { item: LabQueueItem; staffId: string; now: number; linkSearch: LabSearch }

function QueueRow({ item, staffId, now, linkSearch }: QueueRowProps) {
  const age = ageText(item, now)
  return (
    <li className="flex flex-col gap-2 rounded-card border border-line bg-surface p-3 shadow-card sm:flex-row sm:items-center sm:gap-4">
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <Link
          to="/lab/records/$id"
          params={{ id: item.portfolioManagerId }}
          search={linkSearch}
          className="self-start truncate rounded-sm text-start text-body font-semibold text-brand-700 hover:underline focus-visible:focus-ring"
          aria-label={`Open ${item.deviceName} of ${item.organizationName}`}
        >
          {item.deviceName}
        </Link>
        <p className="truncate text-small text-ink-muted">
          {`${item.vendor} · ${item.deviceType} · ${item.productClass} · ${item.organizationName}`}
        </p>
        <AssigneeBadge assignee={item.assignee} staffId={staffId} />
      </div>
      <div className="flex flex-col gap-0.5 text-small sm:w-64">
        <span className="flex flex-wrap items-center gap-2">
          <span
            className={cn(
              'rounded-full border px-2 py-0.5 text-caption font-semibold',
              STATE_TONE[item.queueState],
            )}
          >
            {LAB_QUEUE_STATE_LABELS[item.queueState]}
          </span>
          {item.queueState === 'finished' ? (
            <span className="text-ink">{statusText(item.status, item.isCertified)}</span>
          ) : null}
        </span>
        <span className="text-ink-muted">{runLine(item)}</span>
        {age ? (
          <span className="inline-flex items-center gap-1 text-ink">
            <Clock3 aria-hidden="true" className="size-4" />
            {age}
          </span>
        ) : null}
      </div>
      <div className="flex items-center gap-3 text-small text-ink-muted sm:w-48 sm:flex-col sm:items-end sm:gap-0.5">
        <span>{`Submitted ${formatPortalTime(item.submittedAt)}`}</span>
        <span
          className={cn(
            'inline-flex items-center gap-1',
            item.awaitingAnswer && 'font-semibold text-brand-800',
          )}
        >
          <MessageSquareText aria-hidden="true" className="size-4" />
          {commentLine(item.commentCount, item.awaitingAnswer)}
        </span>
      </div>
    </li>
  )
}

export { LabQueue }
