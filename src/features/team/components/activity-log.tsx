import { useInfiniteQuery } from '@tanstack/react-query'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { ACTIVITY_LABELS, ACTIVITY_RETENTION_NOTE, type ActivityEntry, type Member } from '@/contract/team'
import { formatPortalTime } from '@/lib/format-time'
import { activityQueryOptions, type ActivityFilters } from '@/features/team/api/activity-log'
import { ActivityExportMenu } from '@/features/team/components/activity-export-menu'
import { ActivityFilterControls, isFiltered } from '@/features/team/components/activity-filters'
import { useOrganizationId } from '@/lib/use-auth-data'

type ActivityLogProps = {
  vendorUserId: string
  members: ReadonlyArray<Pick<Member, 'accountId' | 'name'>>
  /** The filters, kept in the page's address. */
  filters: ActivityFilters
  onFiltersChange: (filters: ActivityFilters) => void
}

/**
 * The organization's activity, newest first (an Owner's): who did what, on what, when; searched and
 * filtered by member, action and days, 50 entries a page with Load more; the lines the filters
 * select exported as CSV or JSON; how long lines are kept, said once.
 */
function ActivityLog({ vendorUserId, members, filters, onFiltersChange }: ActivityLogProps) {
  const query = useInfiniteQuery(activityQueryOptions(useOrganizationId(), vendorUserId, filters))
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? []

  return (
    <div className="flex flex-col gap-4">
      <p className="text-small text-ink-muted">{ACTIVITY_RETENTION_NOTE}</p>
      <ActivityFilterControls filters={filters} onChange={onFiltersChange} members={members} />
      <ActivityExportMenu
        vendorUserId={vendorUserId}
        filters={filters}
        empty={query.isSuccess && entries.length === 0}
      />
      {query.isPending ? (
        <p className="flex items-center gap-2 text-body text-ink-muted">
          <Spinner aria-hidden="true" /> Loading the activity…
        </p>
      ) : query.isError && entries.length === 0 ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-body text-danger">
          {query.error.message}
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : entries.length === 0 ? (
        <p role="status" className="text-body text-ink-muted">
          {isFiltered(filters) ? 'No activity matches these filters.' : 'No activity yet.'}
        </p>
      ) : (
        <ActivityEntries entries={entries} />
      )}
      {query.hasNextPage ? (
        <Button
          variant="outline"
          className="self-start"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          Load more
        </Button>
      ) : null}
    </div>
  )
}

/** The entries read so far: when, who, what, on what. */
function ActivityEntries({ entries }: { entries: ReadonlyArray<ActivityEntry> }) {
  return (
    <ol
      aria-label="Activity"
      className="flex flex-col divide-y divide-line rounded-card border border-line bg-surface"
    >
      {entries.map((entry) => (
        <li
          key={entry.activityId}
          data-slot="activity-entry"
          className="grid gap-1 p-3 text-small sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4"
        >
          <time dateTime={entry.at} className="text-ink-muted">
            {formatPortalTime(entry.at)}
          </time>
          <p className="text-ink">
            <span className="font-semibold">{entry.actorName}</span>
            {` · ${ACTIVITY_LABELS[entry.action]} · `}
            <span className="break-words">{entry.subject}</span>
          </p>
        </li>
      ))}
    </ol>
  )
}

export { ActivityLog }
