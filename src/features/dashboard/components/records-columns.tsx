import { createColumnHelper, tableFeatures } from '@tanstack/react-table'
import * as React from 'react'
import { ProgressBar } from '@/components/ui/progress-bar'
import { AWAITING_REVIEW_LABEL } from '@/contract/lab'
import type { DeviceRecord } from '@/contract/records'
import { RecordActionsMenu } from '@/features/dashboard/components/record-actions-menu'
import { UnreadCommentMark } from '@/features/dashboard/components/unread-comment-mark'
import type { RecordAction } from '@/features/dashboard/model/action-menu'
import { progressOf } from '@/features/dashboard/model/progress'
import { useLiveRun } from '@/lib/live/live-updates'
import { formatPortalTime } from '@/lib/format-time'
import { AWAITING_REVIEW_STATUS, CANCELLED_STATUS } from '@/contract/run-status'
import { revisionBadge } from '@/contract/revisions'

/* The records table's ten columns and their cells (spec §2). */

export const features = tableFeatures({})
const helper = createColumnHelper<typeof features, DeviceRecord>()

/** The creation time as the table shows it (and the search finds rows by): src/lib/format-time.ts. */
export const formatCreationTime = formatPortalTime

type RowContextValue = {
  onAction: (action: RecordAction, record: DeviceRecord) => void
  /** Records with an action under way (Start Certify, Delete). */
  busyIds: ReadonlySet<string> | undefined
  elapsedOf: (record: DeviceRecord) => number
}

// What the cells need from the table's owner; the columns themselves stay at module scope.
export const RowContext = React.createContext<RowContextValue>({
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
    <span className="flex min-w-0 items-center gap-1.5">
      <button
        type="button"
        data-slot="device-name"
        aria-label={`${record.deviceName}: show certification run`}
        title={record.deviceName}
        className="block max-w-full cursor-pointer truncate rounded-sm text-start font-medium text-ink hover:underline focus-visible:focus-ring"
      >
        {record.deviceName}
      </button>
      <UnreadCommentMark count={record.unreadComments} />
    </span>
  )
}

/**
 * Spec §4's bar, exactly as specified; under it, for a running record, how far the lab really is
 * ('3 of 8 test cases', from the live stream), and for a cancelled one the word (its bar is the
 * unknown status's: docs/decisions/0022); for one awaiting the lab's review, 'Awaiting review'
 *.
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

/**
 * The firmware version as spec §2 lists it; from revision 2 on, 'rev 2' beside it
 * (docs/decisions/0033). A record never revised shows the version alone, as before.
 */
function FirmwareCell({ record }: { record: DeviceRecord }) {
  const badge = revisionBadge(record.revision)
  if (!badge) return record.baseFirmwareVersion
  return (
    <span
      className="flex min-w-0 items-center gap-1.5"
      title={`${record.baseFirmwareVersion}, revision ${record.revision}`}
    >
      <span className="truncate">{record.baseFirmwareVersion}</span>
      <span
        data-slot="revision-badge"
        className="shrink-0 rounded-full border border-line bg-surface-sunken px-1.5 text-caption leading-5 font-semibold text-ink-muted"
      >
        {badge}
      </span>
    </span>
  )
}

export const columns = helper.columns([
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
  helper.accessor('baseFirmwareVersion', {
    header: 'Firmware Version',
    cell: ({ row }) => <FirmwareCell record={row.original} />,
  }),
  helper.accessor('businessDomain', { header: 'Business Domain' }),
  helper.accessor('creationTime', {
    header: 'Creation Time',
    cell: (info) => formatCreationTime(info.getValue()),
  }),
  helper.accessor('createdBy', { header: 'Created By' }),
  helper.accessor('status', { header: 'Status', cell: ({ row }) => <StatusCell record={row.original} /> }),
])
