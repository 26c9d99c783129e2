import { createColumnHelper, tableFeatures } from '@tanstack/react-table'
import {
  Ban,
  CircleCheck,
  CircleDot,
  CircleHelp,
  CircleX,
  Hourglass,
  LoaderCircle,
  type LucideIcon,
  Wrench,
} from 'lucide-react'
import * as React from 'react'
import { ProgressBar } from '@/components/ui/progress-bar'
import { AWAITING_REVIEW_LABEL } from '@/contract/lab'
import type { DeviceRecord } from '@/contract/records'
import { RecordActionsMenu } from '@/features/dashboard/components/record-actions-menu'
import { UnreadCommentMark } from '@/features/dashboard/components/unread-comment-mark'
import type { RecordAction } from '@/features/dashboard/model/action-menu'
import { type ProgressLabel, progressOf } from '@/features/dashboard/model/progress'
import { statusLineOf } from '@/features/dashboard/model/status-words'
import { useLiveRun } from '@/lib/live/live-updates'
import { formatPortalTime } from '@/lib/format-time'
import { revisionBadge } from '@/contract/revisions'
import { cn } from '@/lib/utils'

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

export function ActionsCell({ record }: { record: DeviceRecord }) {
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
export function DeviceNameCell({ record }: { record: DeviceRecord }) {
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

const STATUS_ICONS: Readonly<Record<ProgressLabel, LucideIcon>> = {
  Submitted: CircleDot,
  'In Progress': LoaderCircle,
  Maintenance: Wrench,
  'Validation Failure': CircleX,
  Certified: CircleCheck,
  Cancelled: Ban,
  [AWAITING_REVIEW_LABEL]: Hourglass,
  'Unknown status': CircleHelp,
}

/**
 * Spec §4's bar, exactly as specified; under it the status in words with its icon, and for a
 * running record how far the lab really is ('3 of 8', '1 failed', from the live stream): never
 * the colour alone (docs/decisions/0035). On the selected row the track is outlined and a 1 %
 * bar keeps a visible sliver.
 */
export function StatusCell({ record }: { record: DeviceRecord }) {
  const { elapsedOf } = React.useContext(RowContext)
  const live = useLiveRun(record.portfolioManagerId)
  const progress = progressOf(record, elapsedOf(record))
  const running = record.status === 'InProgress' || record.status === 'Maintenance'
  const line = statusLineOf(progress.label, running && live ? live.progress : null)
  const Icon = STATUS_ICONS[progress.label]
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <ProgressBar
        value={progress.percent}
        tone={progress.tone}
        label={`${record.deviceName}: ${progress.label}`}
        className={cn(
          'w-status-column shrink-0',
          '[&_[data-slot=progress-bar-indicator]:not([data-value="0"])]:min-w-1.5',
          'group-data-selected/row:[&_[data-slot=progress-bar-track]]:ring-1 group-data-selected/row:[&_[data-slot=progress-bar-track]]:ring-ink-muted',
        )}
        title={progress.label}
      />
      <span
        data-slot="status-note"
        className="flex min-w-0 items-center gap-1 text-caption leading-tight font-medium text-ink"
        title={line.text}
      >
        <Icon aria-hidden="true" className="size-3 shrink-0" />
        <span className="truncate">{line.text}</span>
      </span>
    </div>
  )
}

/**
 * The firmware version as spec §2 lists it; from revision 2 on, 'rev 2' beside it
 * (docs/decisions/0033). A record never revised shows the version alone, as before.
 */
export function FirmwareCell({ record }: { record: DeviceRecord }) {
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

/**
 * A value a narrow column may cut (Device Type): the full text is its tooltip, and its
 * accessible name is the text itself, whole.
 */
function FullTextCell({ text }: { text: string }) {
  return (
    <span className="block truncate" title={text}>
      {text}
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
  helper.accessor('deviceType', {
    header: 'Device Type',
    cell: (info) => <FullTextCell text={info.getValue()} />,
  }),
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
