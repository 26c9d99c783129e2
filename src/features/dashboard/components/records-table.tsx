import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table'
import { useVirtualizer } from '@tanstack/react-virtual'
import * as React from 'react'
import { ProgressBar } from '@/components/ui/progress-bar'
import { AWAITING_REVIEW_LABEL } from '@/contract/lab'
import { NO_DATA_MESSAGE } from '@/contract/messages'
import type { DeviceRecord } from '@/contract/records'
import { RecordActionsMenu } from '@/features/dashboard/components/record-actions-menu'
import type { RecordAction } from '@/features/dashboard/model/action-menu'
import { changedRows } from '@/features/dashboard/model/dashboard-view'
import {
  isProgressAnimated,
  PROGRESS_FULL_AFTER_MS,
  PROGRESS_STEP_MS,
  progressOf,
} from '@/features/dashboard/model/progress'
import { useClock } from '@/lib/clock'
import { useLiveRun } from '@/lib/live/live-updates'
import { formatPortalTime } from '@/lib/format-time'
import { cn } from '@/lib/utils'
import { AWAITING_REVIEW_STATUS, CANCELLED_STATUS } from '@/contract/run-status'

/*
 * The dashboard's table (spec §2): ten columns, the Status column a 100 px progress bar, "No
 * data available" when empty, a row selected by a click. Rows are virtualised: the DOM holds the
 * rows in view (and a few around), so 100,000 records scroll as smoothly as ten.
 */

const features = tableFeatures({})
const helper = createColumnHelper<typeof features, DeviceRecord>()

/** The creation time as the table shows it (and the search finds rows by): src/lib/format-time.ts. */
export const formatCreationTime = formatPortalTime

const ROW_HEIGHT = 44
const STATUS_COLUMN_PX = 100

/**
 * The InProgress bars advance with time (visual only, spec §4): when each row was first seen running.
 * A list that differs from the one before only in some rows (the live stream's patches) is looked
 * at only in those rows.
 */
function useProgressClock(rows: ReadonlyArray<DeviceRecord>) {
  const clock = useClock()
  const startedAt = React.useRef(new Map<string, number>())
  const seenRows = React.useRef<ReadonlyArray<DeviceRecord>>([])
  const [now, setNow] = React.useState(() => clock.now())

  React.useEffect(() => {
    const seen = startedAt.current
    const start = clock.now()
    const note = (row: DeviceRecord) => {
      if (isProgressAnimated(row)) {
        if (!seen.has(row.portfolioManagerId)) seen.set(row.portfolioManagerId, start)
      } else seen.delete(row.portfolioManagerId)
    }
    const changed = changedRows(seenRows.current, rows)
    if (changed === null) for (const row of rows) note(row)
    else for (const i of changed) note(rows[i] as DeviceRecord)
    seenRows.current = rows
    if (seen.size === 0) return undefined
    const stop = clock.every(PROGRESS_STEP_MS, () => {
      const current = clock.now()
      setNow(current)
      // Every running bar is full: the clock can rest until the list changes.
      if ([...seen.values()].every((first) => current - first >= PROGRESS_FULL_AFTER_MS)) stop()
    })
    return stop
  }, [clock, rows])

  return React.useCallback(
    (record: DeviceRecord) => now - (startedAt.current.get(record.portfolioManagerId) ?? now),
    [now],
  )
}

type RecordsTableProps = {
  records: ReadonlyArray<DeviceRecord>
  /**
   * The whole list the shown records were chosen from (default: the records), whose running rows
   * the bars are timed from: a search does not restart them, nor make the table look at every row.
   */
  allRecords?: ReadonlyArray<DeviceRecord>
  selectedId: string | null
  onSelect: (record: DeviceRecord) => void
  onAction: (action: RecordAction, record: DeviceRecord) => void
  /** Records with an action under way (Start Certify, Delete). */
  busyIds?: ReadonlySet<string>
  /** The scrolling area's height (CSS). */
  height?: string
  /** What an empty table says: 'No data available' (spec §2) unless the rows are still on their way. */
  emptyMessage?: string
  /** The rows are being loaded. */
  busy?: boolean
}

const RecordsTable = React.memo(function RecordsTable({
  records,
  allRecords = records,
  selectedId,
  onSelect,
  onAction,
  busyIds,
  height = 'min(70vh, 640px)',
  emptyMessage = NO_DATA_MESSAGE,
  busy = false,
}: RecordsTableProps) {
  const elapsedOf = useProgressClock(allRecords)
  const context = React.useMemo(() => ({ onAction, busyIds, elapsedOf }), [onAction, busyIds, elapsedOf])

  const scrollRef = React.useRef<HTMLDivElement>(null)
  // TanStack Virtual's API returns fresh values on every call: the React Compiler leaves it alone.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: records.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    // Stories and tests render without layout; show the first screenful there too.
    initialRect: { width: 1200, height: 640 },
  })
  const items = virtualizer.getVirtualItems()
  const paddingTop = items[0]?.start ?? 0
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0)

  // The table is given the rows in view only: its row model is made for those, not for 100,000.
  const first = items[0]?.index ?? 0
  const last = items.at(-1)?.index ?? -1
  const inView = React.useMemo(() => records.slice(first, last + 1), [records, first, last])
  const table = useTable({
    features,
    columns,
    data: inView,
    getRowId: (row) => row.portfolioManagerId,
  })
  const rows = table.getRowModel().rows

  return (
    <RowContext.Provider value={context}>
      <div
        ref={scrollRef}
        data-slot="records-table"
        tabIndex={0}
        aria-label="Device records, scrollable"
        className="overflow-auto rounded-card border border-line bg-surface shadow-card focus-visible:focus-ring"
        style={{ maxHeight: height }}
      >
        <table
          aria-rowcount={records.length + 1}
          aria-busy={busy || undefined}
          className="w-full min-w-[1100px] table-fixed border-collapse text-small"
        >
          <colgroup>
            <col className="w-20" />
            <col />
            <col />
            <col />
            <col />
            <col className="w-28" />
            <col className="w-32" />
            <col className="w-44" />
            <col />
            {/* The Status column is 100 px of bar (spec §2, §9) and the cell's padding. */}
            <col style={{ width: STATUS_COLUMN_PX + 24 }} />
          </colgroup>
          <thead className="sticky top-0 z-10 bg-surface-sunken">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} aria-rowindex={1}>
                {group.headers.map((header) => (
                  <th
                    key={header.id}
                    scope="col"
                    className="border-b border-line px-3 py-2.5 text-start text-caption font-semibold tracking-wide text-ink-muted uppercase"
                  >
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {records.length === 0 ? (
              <tr>
                <td colSpan={10} className="px-3 py-12 text-center text-body text-ink-muted">
                  {emptyMessage}
                </td>
              </tr>
            ) : null}
            {paddingTop > 0 ? (
              <tr aria-hidden="true">
                <td colSpan={10} style={{ height: paddingTop, padding: 0 }} />
              </tr>
            ) : null}
            {items.map((item) => {
              const row = rows[item.index - first]
              if (!row) return null
              const selected = row.id === selectedId
              return (
                <tr
                  key={row.id}
                  aria-rowindex={item.index + 2}
                  aria-current={selected ? 'true' : undefined}
                  data-selected={selected || undefined}
                  onClick={() => onSelect(row.original)}
                  className={cn(
                    'cursor-pointer border-b border-line transition-colors hover:bg-brand-50',
                    selected && 'bg-brand-100 hover:bg-brand-100',
                  )}
                  style={{ height: ROW_HEIGHT }}
                >
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id} className="truncate px-3 py-1.5 text-ink">
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              )
            })}
            {paddingBottom > 0 ? (
              <tr aria-hidden="true">
                <td colSpan={10} style={{ height: paddingBottom, padding: 0 }} />
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </RowContext.Provider>
  )
})

type RowContextValue = {
  onAction: RecordsTableProps['onAction']
  busyIds: RecordsTableProps['busyIds']
  elapsedOf: (record: DeviceRecord) => number
}

// What the cells need from the table's owner; the columns themselves stay at module scope.
const RowContext = React.createContext<RowContextValue>({
  onAction: () => {},
  busyIds: undefined,
  elapsedOf: () => 0,
})

function ActionsCell({ record }: { record: DeviceRecord }) {
  const { onAction, busyIds } = React.useContext(RowContext)
  return (
    <RecordActionsMenu
      record={record}
      busy={busyIds?.has(record.portfolioManagerId) ?? false}
      onAction={onAction}
    />
  )
}

/**
 * The device's name as a button, so that a row can be selected from the keyboard too: its click
 * reaches the row's, which selects it.
 */
function DeviceNameCell({ record }: { record: DeviceRecord }) {
  return (
    <button
      type="button"
      data-slot="device-name"
      aria-label={`${record.deviceName}: show certification run`}
      title={record.deviceName}
      className="block max-w-full cursor-pointer truncate rounded-sm text-start font-medium text-ink hover:underline focus-visible:focus-ring"
    >
      {record.deviceName}
    </button>
  )
}

/**
 * Spec §4's bar, exactly as specified; under it, for a running record, how far the lab really is
 * ('3 of 8 test cases', from the live stream), and for a cancelled one the word (its bar is the
 * unknown status's: docs/decisions/0022); for one awaiting the lab's review, 'Awaiting review'
 * (issue 19).
 */
function StatusCell({ record }: { record: DeviceRecord }) {
  const { elapsedOf } = React.useContext(RowContext)
  const live = useLiveRun(record.portfolioManagerId)
  const progress = progressOf(record, elapsedOf(record))
  const running = record.status === 'InProgress' || record.status === 'Maintenance'
  const note =
    running && live
      ? `${live.progress.done} of ${live.progress.total} test cases`
      : record.status === CANCELLED_STATUS
        ? 'Cancelled'
        : record.status === AWAITING_REVIEW_STATUS
          ? AWAITING_REVIEW_LABEL
          : null
  return (
    <div className="flex w-status-column flex-col gap-0.5">
      <ProgressBar
        value={progress.percent}
        tone={progress.tone}
        label={`${record.deviceName}: ${progress.label}`}
        className="w-status-column shrink-0"
        title={progress.label}
      />
      {note ? (
        <span
          data-slot="status-note"
          className="truncate text-caption leading-tight text-ink-muted"
          title={note}
        >
          {note}
        </span>
      ) : null}
    </div>
  )
}

const columns = helper.columns([
  helper.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row }) => <ActionsCell record={row.original} />,
  }),
  helper.accessor('vendor', { header: 'Device Vendor' }),
  helper.accessor('deviceName', {
    header: 'Device Name',
    cell: ({ row }) => <DeviceNameCell record={row.original} />,
  }),
  helper.accessor('deviceType', { header: 'Device Type' }),
  helper.accessor('productClass', { header: 'Product Class' }),
  helper.accessor('baseFirmwareVersion', { header: 'Firmware Version' }),
  helper.accessor('businessDomain', { header: 'Business Domain' }),
  helper.accessor('creationTime', {
    header: 'Creation Time',
    cell: (info) => formatCreationTime(info.getValue()),
  }),
  helper.accessor('createdBy', { header: 'Created By' }),
  helper.accessor('status', { header: 'Status', cell: ({ row }) => <StatusCell record={row.original} /> }),
])

export { RecordsTable }
