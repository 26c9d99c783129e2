import { type Row, useTable } from '@tanstack/react-table'
import { useVirtualizer } from '@tanstack/react-virtual'
import * as React from 'react'
import { NO_DATA_MESSAGE } from '@/contract/messages'
import type { DeviceRecord } from '@/contract/records'
import { columns, features, RowContext } from '@/features/dashboard/components/records-columns'
import { useProgressClock } from '@/features/dashboard/components/use-progress-clock'
import type { RecordAction } from '@/features/dashboard/model/action-menu'
import { cn } from '@/lib/utils'

/*
 * The dashboard's table (spec §2): ten columns, the Status column a 100 px progress bar, "No
 * data available" when empty, a row selected by a click. Rows are virtualised: the DOM holds the
 * rows in view (and a few around), so 100,000 records scroll as smoothly as ten.
 */

const ROW_HEIGHT = 44
const STATUS_COLUMN_PX = 100
const STATUS_WORDS_ROOM_PX = 32

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
  const { scrollRef, items, paddingTop, paddingBottom, first, table, rows } = useVirtualRows(records)

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
          <RecordsColumns />
          <RecordsHead table={table} />
          <tbody>
            {records.length === 0 ? (
              <tr>
                <td colSpan={10} className="px-3 py-12 text-center text-body text-ink-muted">
                  {emptyMessage}
                </td>
              </tr>
            ) : null}
            <SpacerRow height={paddingTop} />
            {items.map((item) => {
              const row = rows[item.index - first]
              if (!row) return null
              return (
                <RecordRow
                  key={row.id}
                  table={table}
                  row={row}
                  index={item.index}
                  selected={row.id === selectedId}
                  onSelect={onSelect}
                />
              )
            })}
            <SpacerRow height={paddingBottom} />
          </tbody>
        </table>
      </div>
    </RowContext.Provider>
  )
})

/**
 * The rows in view of a virtualised list, and the table made of those only: its row model is made
 * for them, not for 100,000.
 */
function useVirtualRows(records: ReadonlyArray<DeviceRecord>) {
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
  return { scrollRef, items, paddingTop, paddingBottom, first, table, rows }
}

type RecordsTableInstance = ReturnType<typeof useTable<typeof features, DeviceRecord>>

function RecordsColumns() {
  return (
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
      {/*
        The Status column is 100 px of bar (spec §2, §9), the cell's padding, and room for the
        words under the bar ('In Progress · 3 of 15').
      */}
      <col style={{ width: STATUS_COLUMN_PX + 24 + STATUS_WORDS_ROOM_PX }} />
    </colgroup>
  )
}

function RecordsHead({ table }: { table: RecordsTableInstance }) {
  return (
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
  )
}

/** The height of the rows out of view above or below, so that the scrollbar is the whole list's. */
function SpacerRow({ height }: { height: number }) {
  if (height <= 0) return null
  return (
    <tr aria-hidden="true">
      <td colSpan={10} style={{ height, padding: 0 }} />
    </tr>
  )
}

type RecordRowProps = {
  table: RecordsTableInstance
  row: Row<typeof features, DeviceRecord>
  /** The record's place in the whole list (0 first). */
  index: number
  selected: boolean
  onSelect: (record: DeviceRecord) => void
}

function RecordRow({ table, row, index, selected, onSelect }: RecordRowProps) {
  return (
    <tr
      aria-rowindex={index + 2}
      aria-current={selected ? 'true' : undefined}
      data-selected={selected || undefined}
      onClick={() => onSelect(row.original)}
      className={cn(
        'group/row cursor-pointer border-b border-line transition-colors hover:bg-brand-50',
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
}

export { RecordsTable }
