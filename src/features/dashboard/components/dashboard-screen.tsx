import * as React from 'react'
import { Button } from '@/components/ui/button'
import { NO_DATA_MESSAGE } from '@/contract/messages'
import type { DeviceRecord } from '@/contract/records'
import {
  DashboardFilterBar,
  DashboardSearch,
  type DashboardSearchProps,
  StatusLegend,
  SummaryCards,
} from '@/features/dashboard/components/dashboard-controls'
import { LiveStatus } from '@/components/live/live-status'
import { MaintenanceBanner } from '@/features/dashboard/components/maintenance-banner'
import { CancelRunDialog, DeleteRecordDialog } from '@/features/dashboard/components/record-confirm-dialogs'
import { PhoneToolbar, SummaryStrip } from '@/features/dashboard/components/phone-controls'
import { RecordsList } from '@/features/dashboard/components/records-list'
import { RecordsTable } from '@/features/dashboard/components/records-table'
import { useDashboardRows } from '@/features/dashboard/components/use-dashboard-rows'
import { usePhoneLayout } from '@/features/dashboard/components/use-phone-layout'
import {
  type RecordCertificationActions,
  useRecordActions,
} from '@/features/dashboard/components/use-record-actions'
import type { DashboardFilters } from '@/features/dashboard/model/dashboard-filters'
import type { SummaryCardCount } from '@/features/dashboard/model/record-status'
import { cn } from '@/lib/utils'

export type { RecordCertificationActions }

type DashboardScreenProps = {
  vendorUserId: string
  /** The vendor's records; null while they load or when they could not be read. */
  records: ReadonlyArray<DeviceRecord> | null
  /** The list is on its way (the route's pending state): the frame shows, the table busy. */
  loading?: boolean
  /** The list could not be read (or read again): the reason, and a way to try again. */
  failure?: { message: string; retry: () => void } | null
  /** The sync icon: reads the list again. */
  onReload: () => void
  reloading: boolean
  /** The `search` parameter (the header's search box fills it). */
  search?: string | undefined
  certification: RecordCertificationActions
  /** The selected record's runs (they follow the live stream: no reading the list again). */
  renderRunDetails: (record: DeviceRecord) => React.ReactNode
  /** The Add Comments dialog for `record` (null: closed). */
  renderComments: (record: DeviceRecord | null, onClose: () => void) => React.ReactNode
}

/**
 * /dashboard (spec §2, §4, §8): the vendor's device records with filters, search, the summary
 * cards and the legend, the table and its actions; the selected row's latest run under the table.
 * What the certification service does (runs, results, certificates, comments) comes in as props,
 * so that this feature does not import another.
 */
export function DashboardScreen({
  vendorUserId,
  records,
  loading = false,
  failure = null,
  onReload,
  reloading,
  search: searchParam,
  certification,
  renderRunDetails,
  renderComments,
}: DashboardScreenProps) {
  const { rows, visible, counts, filters, setFilters, search, setSearch } = useDashboardRows(
    records,
    searchParam,
  )
  const actions = useRecordActions(vendorUserId, rows, certification)

  const phone = usePhoneLayout()
  // The phone's strip filters by status; the desktop's cards are counts (spec §2). Widened past
  // the phone's width, the list drops that filter rather than keep one it no longer shows.
  const [layoutWas, setLayoutWas] = React.useState(phone)
  if (layoutWas !== phone) {
    setLayoutWas(phone)
    if (!phone && filters.card) setFilters(({ card: _dropped, ...rest }) => rest)
  }
  const listProps = {
    records: visible,
    allRecords: rows,
    selectedId: actions.selectedId,
    onSelect: actions.selectRecord,
    onAction: actions.onAction,
    busyIds: actions.busyIds,
    busy: loading,
    emptyMessage: emptyMessageOf(loading, records),
  }

  return (
    <div className={cn('flex flex-col', phone ? 'gap-3' : 'gap-6')}>
      <MaintenanceBanner />
      <DashboardControls
        phone={phone}
        rows={rows}
        shown={visible.length}
        counts={counts}
        filters={filters}
        onFiltersChange={setFilters}
        search={search}
        onSearchChange={setSearch}
        onReload={onReload}
        reloading={reloading}
        loading={loading}
      />
      {failure ? <LoadFailure failure={failure} /> : null}
      {phone ? <RecordsList {...listProps} /> : <RecordsTable {...listProps} />}
      {phone ? <StatusLegend /> : null}
      {actions.selected ? renderRunDetails(actions.selected) : null}
      {renderComments(actions.commentsFor, actions.closeComments)}
      <DeleteRecordDialog
        record={actions.deleting}
        onClose={actions.closeDelete}
        onConfirm={actions.confirmDelete}
      />
      <CancelRunDialog
        record={actions.cancelling}
        onClose={actions.closeCancel}
        onConfirm={actions.confirmCancel}
      />
    </div>
  )
}

/**
 * What an empty list says: 'No data available' says the vendor has no such records — not while
 * they are on their way, nor when they could not be read.
 */
function emptyMessageOf(loading: boolean, records: ReadonlyArray<DeviceRecord> | null) {
  if (loading) return 'Loading records…'
  return records === null ? 'The records are not available.' : NO_DATA_MESSAGE
}

type DashboardControlsProps = DashboardSearchProps & {
  /** The phone's layout (docs/decisions/0035): the strip, the Filters sheet, the legend under the list. */
  phone: boolean
  rows: ReadonlyArray<DeviceRecord>
  shown: number
  counts: ReadonlyArray<SummaryCardCount>
  filters: DashboardFilters
  onFiltersChange: (filters: DashboardFilters) => void
  loading: boolean
}

/** Everything over the records: the summary cards, the search and filters, the legend, the live status and the count. */
function DashboardControls({
  phone,
  rows,
  shown,
  counts,
  filters,
  onFiltersChange,
  loading,
  ...search
}: DashboardControlsProps) {
  const countLine = (
    <p className="text-small text-ink-muted" role="status">
      {loading
        ? 'Loading records…'
        : `${shown.toLocaleString('en-US')} of ${rows.length.toLocaleString('en-US')} records`}
    </p>
  )
  if (phone)
    return (
      <>
        <SummaryStrip counts={counts} filters={filters} onFiltersChange={onFiltersChange} />
        <PhoneToolbar
          rows={rows}
          filters={filters}
          onFiltersChange={onFiltersChange}
          shown={shown}
          {...search}
        />
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          {countLine}
          <LiveStatus />
        </div>
      </>
    )
  return (
    <>
      <SummaryCards counts={counts} />
      <div className="flex flex-col gap-4">
        <DashboardSearch {...search} />
        <DashboardFilterBar rows={rows} filters={filters} onFiltersChange={onFiltersChange} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <StatusLegend />
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <LiveStatus />
          {countLine}
        </div>
      </div>
    </>
  )
}

/** The list could not be read: the reason, and a way to try again. */
function LoadFailure({ failure }: { failure: { message: string; retry: () => void } }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-card border border-danger/30 bg-danger/5 p-4"
    >
      <p className="flex-1 text-small font-semibold text-ink">
        The records could not be loaded. {failure.message}
      </p>
      <Button variant="outline" onClick={failure.retry}>
        Try again
      </Button>
    </div>
  )
}
