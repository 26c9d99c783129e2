import { useNavigate } from '@tanstack/react-router'
import * as React from 'react'
import { toast } from 'sonner'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { NO_DATA_MESSAGE } from '@/contract/messages'
import type { DeviceRecord } from '@/contract/records'
import { useDeleteRecordMutation } from '@/features/dashboard/api/delete-record'
import {
  DashboardFilterBar,
  DashboardSearch,
  StatusLegend,
  SummaryCards,
} from '@/features/dashboard/components/dashboard-controls'
import { LiveStatus } from '@/features/dashboard/components/live-status'
import { formatCreationTime, RecordsTable } from '@/features/dashboard/components/records-table'
import type { RecordAction } from '@/features/dashboard/model/action-menu'
import type { DashboardFilters } from '@/features/dashboard/model/dashboard-filters'
import { DashboardView } from '@/features/dashboard/model/dashboard-view'
import { answerOrNull } from '@/lib/api-failure'

const NO_RECORDS: DeviceRecord[] = []

/** The record actions that belong to the certification service; the route hands them in. */
export type RecordCertificationActions = {
  startCertify(record: DeviceRecord): Promise<void>
  /** A new attempt of the cases the latest one did not pass. */
  rerunFailed(record: DeviceRecord): Promise<void>
  /** Ends the run going (after the vendor confirmed). */
  cancelRun(record: DeviceRecord): Promise<void>
  emailCertificate(record: DeviceRecord): Promise<void>
  downloadResults(record: DeviceRecord): Promise<void>
  /** The PDF of the record's certificate. */
  downloadCertificate(record: DeviceRecord): Promise<void>
}

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
  const navigate = useNavigate()
  // The live stream changes the list many times a second: those renders are interruptible, so a
  // key press in the search paints first (docs/decisions/0011, 0022).
  const rows = React.useDeferredValue(records ?? NO_RECORDS)
  const [filters, setFilters] = React.useState<DashboardFilters>({})
  const [search, setSearch] = React.useState(searchParam ?? '')
  // The header's search opens this page with a new parameter: it replaces what was typed here.
  const [lastParam, setLastParam] = React.useState(searchParam)
  if (searchParam !== lastParam) {
    setLastParam(searchParam)
    setSearch(searchParam ?? '')
  }

  // Typing and choosing paint at once; the filtering of up to 100,000 rows follows, interruptible,
  // and only the rows an event changed are looked at again (model/dashboard-view.ts).
  const deferredSearch = React.useDeferredValue(search)
  const deferredFilters = React.useDeferredValue(filters)
  const [view] = React.useState(() => new DashboardView(formatCreationTime))
  const { visible, counts } = React.useMemo(
    () => view.update(rows, deferredFilters, deferredSearch),
    [view, rows, deferredFilters, deferredSearch],
  )
  useSearchPreparation(view, rows)

  const [selectedId, setSelectedId] = React.useState<string | null>(null)
  const selected = React.useMemo(
    () => (selectedId === null ? null : (rows.find((row) => row.portfolioManagerId === selectedId) ?? null)),
    [rows, selectedId],
  )
  const [busyIds, setBusyIds] = React.useState<ReadonlySet<string>>(new Set())
  const [commentsFor, setCommentsFor] = React.useState<DeviceRecord | null>(null)
  const [deleting, setDeleting] = React.useState<DeviceRecord | null>(null)
  const [cancelling, setCancelling] = React.useState<DeviceRecord | null>(null)

  const deleteRecord = useDeleteRecordMutation(vendorUserId)

  const whileBusy = async (record: DeviceRecord, work: () => Promise<void>) => {
    const id = record.portfolioManagerId
    setBusyIds((current) => new Set(current).add(id))
    try {
      await work()
    } finally {
      setBusyIds((current) => {
        const next = new Set(current)
        next.delete(id)
        return next
      })
    }
  }

  const onAction = (action: RecordAction, record: DeviceRecord) => {
    switch (action) {
      case 'Start Certify':
        setSelectedId(record.portfolioManagerId)
        void whileBusy(record, () => certification.startCertify(record))
        return
      case 'Edit':
        // The record opens in the portfolio form, its device section ready to change (decision 0012).
        void navigate({ to: '/portfolio', search: { record: record.portfolioManagerId } })
        return
      case 'Delete':
        setDeleting(record)
        return
      case 'Download Results':
        void certification.downloadResults(record)
        return
      case 'Add Comments':
        setCommentsFor(record)
        return
      case 'Email Certificate':
        void whileBusy(record, () => certification.emailCertificate(record))
        return
      case 'Download Certificate':
        void whileBusy(record, () => certification.downloadCertificate(record))
        return
      case 'Re-run Failed Cases':
        setSelectedId(record.portfolioManagerId)
        void whileBusy(record, () => certification.rerunFailed(record))
        return
      case 'Cancel Run':
        setCancelling(record)
    }
  }

  // Stable callbacks for the memoised table: typing in the search does not render its rows again.
  const latestOnAction = React.useRef(onAction)
  React.useLayoutEffect(() => {
    latestOnAction.current = onAction
  })
  const stableOnAction = React.useCallback(
    (action: RecordAction, record: DeviceRecord) => latestOnAction.current(action, record),
    [],
  )
  const selectRecord = React.useCallback(
    (record: DeviceRecord) => setSelectedId(record.portfolioManagerId),
    [],
  )

  const confirmDelete = (record: DeviceRecord) => {
    setDeleting(null)
    void whileBusy(record, async () => {
      const answer = await answerOrNull(deleteRecord.mutateAsync(record.portfolioManagerId))
      if (!answer) return
      toast.success(answer.message)
      if (selectedId === record.portfolioManagerId) setSelectedId(null)
    })
  }

  const confirmCancel = (record: DeviceRecord) => {
    setCancelling(null)
    setSelectedId(record.portfolioManagerId)
    void whileBusy(record, () => certification.cancelRun(record))
  }

  return (
    <div className="flex flex-col gap-6">
      <SummaryCards counts={counts} />
      <div className="flex flex-col gap-4">
        <DashboardSearch
          search={search}
          onSearchChange={setSearch}
          onReload={onReload}
          reloading={reloading}
        />
        <DashboardFilterBar rows={rows} filters={filters} onFiltersChange={setFilters} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <StatusLegend />
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <LiveStatus />
          <p className="text-small text-ink-muted" role="status">
            {loading
              ? 'Loading records…'
              : `${visible.length.toLocaleString('en-US')} of ${rows.length.toLocaleString('en-US')} records`}
          </p>
        </div>
      </div>
      {failure ? (
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
      ) : null}
      <RecordsTable
        records={visible}
        allRecords={rows}
        selectedId={selectedId}
        onSelect={selectRecord}
        onAction={stableOnAction}
        busyIds={busyIds}
        busy={loading}
        // 'No data available' says the vendor has no such records: not while they are on their way,
        // nor when they could not be read.
        emptyMessage={
          loading ? 'Loading records…' : records === null ? 'The records are not available.' : NO_DATA_MESSAGE
        }
      />
      {selected ? renderRunDetails(selected) : null}
      {renderComments(commentsFor, () => setCommentsFor(null))}
      <AlertDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null)
        }}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete this device record?</AlertDialogTitle>
            <AlertDialogDescription>
              {deleting?.deviceName} ({deleting?.vendor}) is removed from your dashboard. This cannot be
              undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep it</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={() => deleting && confirmDelete(deleting)}>
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <AlertDialog
        open={cancelling !== null}
        onOpenChange={(open) => {
          if (!open) setCancelling(null)
        }}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Cancel this certification run?</AlertDialogTitle>
            <AlertDialogDescription>
              The run of {cancelling?.deviceName} ({cancelling?.vendor}) stops. The test cases that have
              finished keep their results; the others are not run. You can start it again with Start Certify.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep running</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={() => cancelling && confirmCancel(cancelling)}>
              Cancel run
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  )
}

/**
 * Makes each row's searchable text while the browser is idle after the rows have painted, a slice
 * at a time, so that neither the first render nor the first key press waits for 100,000 of them.
 */
function useSearchPreparation(view: DashboardView, rows: ReadonlyArray<DeviceRecord>) {
  React.useEffect(() => {
    if (rows.length === 0) return undefined
    let cancel = () => {}
    if (typeof requestIdleCallback === 'function') {
      const step = (deadline: IdleDeadline) => {
        if (view.prepareSearch(() => deadline.timeRemaining() > 1)) return
        const id = requestIdleCallback(step)
        cancel = () => cancelIdleCallback(id)
      }
      const id = requestIdleCallback(step)
      cancel = () => cancelIdleCallback(id)
    } else {
      const step = () => {
        const until = performance.now() + 8
        if (view.prepareSearch(() => performance.now() < until)) return
        const id = setTimeout(step, 50)
        cancel = () => clearTimeout(id)
      }
      const id = setTimeout(step, 200)
      cancel = () => clearTimeout(id)
    }
    return () => cancel()
  }, [view, rows])
}
