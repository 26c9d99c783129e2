import { useVirtualizer } from '@tanstack/react-virtual'
import * as React from 'react'
import { NO_DATA_MESSAGE } from '@/contract/messages'
import type { DeviceRecord } from '@/contract/records'
import {
  ActionsCell,
  DeviceNameCell,
  FirmwareCell,
  formatCreationTime,
  RowContext,
  StatusCell,
} from '@/features/dashboard/components/records-columns'
import { useProgressClock } from '@/features/dashboard/components/use-progress-clock'
import type { RecordAction } from '@/features/dashboard/model/action-menu'
import { cn } from '@/lib/utils'

/*
 * The records on a phone (docs/decisions/0035): a card per record — the device's name and its
 * actions, the vendor and the creation time, the status bar with its words and the firmware —
 * in place of the ten columns, which do not fit 390 px. Still a table to assistive technology
 * (rows of cells, one row per record), tapped to select as a row is, and virtualised as the
 * table is, so 100,000 records scroll as smoothly as ten.
 */

const CARD_HEIGHT = 104

type RecordsListProps = {
  records: ReadonlyArray<DeviceRecord>
  /** The whole list the shown records were chosen from (the bars are timed from its running rows). */
  allRecords: ReadonlyArray<DeviceRecord>
  selectedId: string | null
  onSelect: (record: DeviceRecord) => void
  onAction: (action: RecordAction, record: DeviceRecord) => void
  busyIds?: ReadonlySet<string>
  emptyMessage?: string
  busy?: boolean
}

const RecordsList = React.memo(function RecordsList({
  records,
  allRecords,
  selectedId,
  onSelect,
  onAction,
  busyIds,
  emptyMessage = NO_DATA_MESSAGE,
  busy = false,
}: RecordsListProps) {
  const elapsedOf = useProgressClock(allRecords)
  const context = React.useMemo(() => ({ onAction, busyIds, elapsedOf }), [onAction, busyIds, elapsedOf])
  const scrollRef = React.useRef<HTMLDivElement>(null)
  // TanStack Virtual's API returns fresh values on every call: the React Compiler leaves it alone.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: records.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CARD_HEIGHT,
    overscan: 4,
    initialRect: { width: 390, height: 640 },
  })
  const items = virtualizer.getVirtualItems()
  return (
    <RowContext.Provider value={context}>
      <div
        ref={scrollRef}
        data-slot="records-list"
        tabIndex={0}
        aria-label="Device records, scrollable"
        className="-mx-1 overflow-auto rounded-card border border-line bg-surface shadow-card focus-visible:focus-ring"
        style={{ maxHeight: 'min(70vh, 640px)' }}
      >
        <div
          role="table"
          aria-label="Device records"
          aria-rowcount={records.length}
          aria-busy={busy || undefined}
        >
          <div
            role="rowgroup"
            className="relative"
            style={{ height: Math.max(virtualizer.getTotalSize(), 0) }}
          >
            {records.length === 0 ? (
              <div role="row">
                <div role="cell" className="px-3 py-12 text-center text-body text-ink-muted">
                  {emptyMessage}
                </div>
              </div>
            ) : null}
            {items.map((item) => {
              const record = records[item.index]
              if (!record) return null
              return (
                <RecordCard
                  key={record.portfolioManagerId}
                  record={record}
                  index={item.index}
                  top={item.start}
                  selected={record.portfolioManagerId === selectedId}
                  onSelect={onSelect}
                />
              )
            })}
          </div>
        </div>
      </div>
    </RowContext.Provider>
  )
})

type RecordCardProps = {
  record: DeviceRecord
  index: number
  top: number
  selected: boolean
  onSelect: (record: DeviceRecord) => void
}

function RecordCard({ record, index, top, selected, onSelect }: RecordCardProps) {
  return (
    <div
      role="row"
      aria-rowindex={index + 1}
      aria-current={selected ? 'true' : undefined}
      data-selected={selected || undefined}
      onClick={() => onSelect(record)}
      className={cn(
        'group/row absolute inset-x-0 grid cursor-pointer grid-cols-[minmax(0,1fr)_auto] content-center gap-x-3 gap-y-1 border-b border-line px-3 transition-colors hover:bg-brand-50',
        selected && 'bg-brand-100 hover:bg-brand-100',
      )}
      style={{ top, height: CARD_HEIGHT }}
    >
      <div role="cell" className="min-w-0 text-body">
        <DeviceNameCell record={record} />
      </div>
      <div role="cell" className="row-span-2 self-start justify-self-end">
        <ActionsCell record={record} />
      </div>
      <div role="cell" className="min-w-0 truncate text-small text-ink-muted">
        {record.vendor}
      </div>
      <div
        role="cell"
        className="col-span-2 flex min-w-0 items-end justify-between gap-3 text-small text-ink"
      >
        <StatusCell record={record} />
        <span className="flex min-w-0 flex-col items-end text-end">
          <span className="max-w-full truncate">
            <FirmwareCell record={record} />
          </span>
          <span className="text-caption text-ink-muted">{formatCreationTime(record.creationTime)}</span>
        </span>
      </div>
    </div>
  )
}

export { RecordsList }
