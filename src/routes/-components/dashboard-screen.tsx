import { useQuery, useQueryClient } from '@tanstack/react-query'
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
import type { AuthData } from '@/contract/auth'
import { CERTIFY_STARTED_MESSAGE, NO_DATA_MESSAGE } from '@/contract/messages'
import type { DeviceRecord } from '@/contract/records'
import { runsQueryOptions } from '@/features/certification/api/list-runs'
import { runResultsQueryOptions } from '@/features/certification/api/run-results'
import { useRunTestsMutation } from '@/features/certification/api/run-tests'
import { useEmailCertificateMutation } from '@/features/certification/api/email-certificate'
import { CommentsDialog } from '@/features/certification/components/comments-dialog'
import { RunDetails } from '@/features/certification/components/run-details'
import { useDeleteRecordMutation } from '@/features/dashboard/api/delete-record'
import { recordsQueryOptions } from '@/features/dashboard/api/list-records'
import {
  DashboardFilterBar,
  DashboardSearch,
  StatusLegend,
  SummaryCards,
} from '@/features/dashboard/components/dashboard-controls'
import { formatCreationTime, RecordsTable } from '@/features/dashboard/components/records-table'
import type { RecordAction } from '@/features/dashboard/model/action-menu'
import {
  type DashboardFilters,
  filterRecords,
  searchIndex,
} from '@/features/dashboard/model/dashboard-filters'
import { summaryCardCounts } from '@/features/dashboard/model/record-status'
import { ApiNetworkError } from '@/lib/api-client'

const NO_RECORDS: DeviceRecord[] = []
const NO_INDEX: string[] = []
const DOWNLOAD_URL_LIFETIME_MS = 60_000

type DashboardScreenProps = { authData: AuthData; search?: string | undefined }

/**
 * /dashboard (spec §2, §4, §8): the vendor's device records with filters, search, the summary
 * cards and the legend, the table and its actions; the selected row's latest run under the table.
 * The dashboard and certification features meet here, in the app's own layer.
 */
export function DashboardScreen({ authData, search: searchParam }: DashboardScreenProps) {
  const vendorUserId = authData.vendorUserId
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const recordsQuery = useQuery(recordsQueryOptions(vendorUserId))
  const rows = recordsQuery.data ?? NO_RECORDS

  const [filters, setFilters] = React.useState<DashboardFilters>({})
  const [search, setSearch] = React.useState(searchParam ?? '')
  // The header's search opens this page with a new parameter: it replaces what was typed here.
  const [lastParam, setLastParam] = React.useState(searchParam)
  if (searchParam !== lastParam) {
    setLastParam(searchParam)
    setSearch(searchParam ?? '')
  }

  // Typing and choosing paint at once; the filtering of up to 100,000 rows follows, interruptible.
  const deferredSearch = React.useDeferredValue(search)
  const deferredFilters = React.useDeferredValue(filters)
  const searching = deferredSearch.trim() !== ''
  const index = useSearchIndex(rows, searching)
  const visible = React.useMemo(
    () => filterRecords(rows, index, deferredFilters, deferredSearch),
    [rows, index, deferredFilters, deferredSearch],
  )
  const counts = React.useMemo(() => summaryCardCounts(rows), [rows])

  const [selectedId, setSelectedId] = React.useState<string | null>(null)
  const selected = rows.find((row) => row.portfolioManagerId === selectedId) ?? null
  useReloadWhenRunEnds(vendorUserId, selectedId, recordsQuery.refetch)
  const [busyIds, setBusyIds] = React.useState<ReadonlySet<string>>(new Set())
  const [commentsFor, setCommentsFor] = React.useState<DeviceRecord | null>(null)
  const [deleting, setDeleting] = React.useState<DeviceRecord | null>(null)

  const runTests = useRunTestsMutation()
  const deleteRecord = useDeleteRecordMutation(vendorUserId)
  const emailCertificate = useEmailCertificateMutation()

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

  const payloadOf = (record: DeviceRecord) => ({
    vendor_user_id: vendorUserId,
    portfolio_manager_id: record.portfolioManagerId,
  })

  const onAction = (action: RecordAction, record: DeviceRecord) => {
    switch (action) {
      case 'Start Certify':
        setSelectedId(record.portfolioManagerId)
        void whileBusy(record, async () => {
          try {
            await runTests.mutateAsync(payloadOf(record))
            toast.success(CERTIFY_STARTED_MESSAGE)
          } catch (error) {
            // Spec §8: a refused Start Certify shows no message; it is logged.
            console.error(`Start Certify refused (${error instanceof Error ? error.name : 'error'}).`)
          }
        })
        return
      case 'Edit':
        // The record opens in the portfolio form, its device section ready to change (decision 0012).
        void navigate({ to: '/portfolio', search: { record: record.portfolioManagerId } })
        return
      case 'Delete':
        setDeleting(record)
        return
      case 'Download Results':
        void downloadResults(record)
        return
      case 'Add Comments':
        setCommentsFor(record)
        return
      case 'Email Certificate':
        void whileBusy(record, async () => {
          try {
            const answer = await emailCertificate.mutateAsync(payloadOf(record))
            toast.success(answer.message)
          } catch (error) {
            toast.error(error instanceof Error ? error.message : String(error))
          }
        })
    }
  }

  /** Download Results (decision 8): the latest finished run's per-test-case results as a JSON file. */
  const downloadResults = async (record: DeviceRecord) => {
    try {
      const { runs } = await queryClient.fetchQuery(runsQueryOptions(vendorUserId, record.portfolioManagerId))
      // Only a finished run has results: a run still going would be answered 'not found'.
      const run = runs.find((candidate) => candidate.status === 'Completed' && candidate.finishedAt)
      if (!run) {
        toast.error('This device has no finished certification run yet.')
        return
      }
      const results = await queryClient.fetchQuery(runResultsQueryOptions(run.runId))
      const file = new Blob([JSON.stringify(results, null, 2)], { type: 'application/json' })
      const href = URL.createObjectURL(file)
      const link = document.createElement('a')
      link.href = href
      link.download = `results-${safeFileName(record.deviceName)}-${run.runId}.json`
      link.click()
      // Revoked at once, the address can be gone before the browser has read the file.
      setTimeout(() => URL.revokeObjectURL(href), DOWNLOAD_URL_LIFETIME_MS)
    } catch (error) {
      if (error instanceof ApiNetworkError)
        console.error('Download Results: the certification service could not be reached.')
      else toast.error(error instanceof Error ? error.message : String(error))
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
  const { refetch } = recordsQuery
  const reload = React.useCallback(() => void refetch(), [refetch])

  const confirmDelete = (record: DeviceRecord) => {
    setDeleting(null)
    void whileBusy(record, async () => {
      try {
        const answer = await deleteRecord.mutateAsync(record.portfolioManagerId)
        toast.success(answer.message)
        if (selectedId === record.portfolioManagerId) setSelectedId(null)
      } catch (error) {
        toast.error(error instanceof Error ? error.message : String(error))
      }
    })
  }

  return (
    <div className="flex flex-col gap-6">
      <SummaryCards counts={counts} />
      <div className="flex flex-col gap-4">
        <DashboardSearch
          search={search}
          onSearchChange={setSearch}
          onReload={reload}
          reloading={recordsQuery.isFetching}
        />
        <DashboardFilterBar rows={rows} filters={filters} onFiltersChange={setFilters} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <StatusLegend />
        <p className="text-small text-ink-muted" role="status">
          {recordsQuery.isPending
            ? 'Loading records…'
            : `${visible.length.toLocaleString('en-US')} of ${rows.length.toLocaleString('en-US')} records`}
        </p>
      </div>
      {recordsQuery.isError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-card border border-danger/30 bg-danger/5 p-4"
        >
          <p className="flex-1 text-small font-semibold text-ink">
            The records could not be loaded. {recordsQuery.error.message}
          </p>
          <Button variant="outline" onClick={() => void recordsQuery.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      <RecordsTable
        records={visible}
        selectedId={selectedId}
        onSelect={selectRecord}
        onAction={stableOnAction}
        busyIds={busyIds}
        busy={recordsQuery.isPending}
        // 'No data available' says the vendor has no such records: not while they are on their way,
        // nor when they could not be read.
        emptyMessage={
          recordsQuery.isPending
            ? 'Loading records…'
            : recordsQuery.isError && !recordsQuery.data
              ? 'The records are not available.'
              : NO_DATA_MESSAGE
        }
      />
      {selected ? (
        <RunDetails
          vendorUserId={vendorUserId}
          portfolioManagerId={selected.portfolioManagerId}
          deviceName={selected.deviceName}
        />
      ) : null}
      <CommentsDialog record={commentsFor} onClose={() => setCommentsFor(null)} />
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
    </div>
  )
}

/**
 * Each row's searchable text. Made while the browser is idle after the rows have painted, so that
 * neither the first render nor the first key press waits for it; a search typed before then makes
 * it at once.
 */
function useSearchIndex(rows: ReadonlyArray<DeviceRecord>, needed: boolean): ReadonlyArray<string> {
  const [built, setBuilt] = React.useState<{ rows: ReadonlyArray<DeviceRecord>; index: string[] } | null>(
    null,
  )
  React.useEffect(() => {
    if (rows.length === 0) return undefined
    const build = () => setBuilt({ rows, index: searchIndex(rows, formatCreationTime) })
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(build, { timeout: 2000 })
      return () => cancelIdleCallback(id)
    }
    const id = setTimeout(build, 200)
    return () => clearTimeout(id)
  }, [rows])
  return React.useMemo(() => {
    if (built?.rows === rows) return built.index
    return needed ? searchIndex(rows, formatCreationTime) : NO_INDEX
  }, [built, rows, needed])
}

/**
 * The selected row's run is followed (its details re-read every 2 s while it runs); when it ends,
 * the list is read again, so the row's bar and the cards show the result without the sync icon.
 * Only the selected record is followed: polling the whole list would re-read 100,000 rows.
 */
function useReloadWhenRunEnds(vendorUserId: string, selectedId: string | null, reload: () => unknown) {
  const runsQuery = useQuery({
    ...runsQueryOptions(vendorUserId, selectedId ?? ''),
    enabled: selectedId !== null,
  })
  const latest = runsQuery.data?.runs[0]
  const running = latest?.status === 'InProgress' || latest?.status === 'Maintenance'
  // The run last seen, and the last run seen to end (which the list is then read again for).
  const [seen, setSeen] = React.useState<{ runId: string; running: boolean; ended: string | null } | null>(
    null,
  )
  if (latest && (seen?.runId !== latest.runId || seen.running !== running)) {
    const justEnded = seen?.runId === latest.runId && seen.running && !running
    setSeen({ runId: latest.runId, running, ended: justEnded ? latest.runId : (seen?.ended ?? null) })
  }
  const ended = seen?.ended ?? null
  React.useEffect(() => {
    if (ended) void reload()
  }, [ended, reload])
}

function safeFileName(name: string) {
  return name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'device'
}
