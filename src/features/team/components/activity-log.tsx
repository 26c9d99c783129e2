import { useInfiniteQuery } from '@tanstack/react-query'
import * as React from 'react'
import { Button } from '@/components/ui/button'
import { Field, FieldLabel } from '@/components/ui/field'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_LABELS,
  type ActivityAction,
  type ActivityEntry,
  type Member,
} from '@/contract/team'
import { formatPortalTime } from '@/lib/format-time'
import { activityQueryOptions, type ActivityFilters } from '@/features/team/api/activity-log'

const ALL = 'all'

type ActivityLogProps = {
  vendorUserId: string
  members: ReadonlyArray<Pick<Member, 'accountId' | 'name'>>
}

/**
 * The organization's activity, newest first (an Owner's): who did what, on what, when; filtered
 * by action and by member, 50 entries a page with Load more.
 */
function ActivityLog({ vendorUserId, members }: ActivityLogProps) {
  const [filters, setFilters] = React.useState<ActivityFilters>({})
  const query = useInfiniteQuery(activityQueryOptions(vendorUserId, filters))
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? []
  const filtered = Boolean(filters.action || filters.actorAccountId)

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:max-w-2xl">
        <FilterSelect
          label="Action"
          value={filters.action ?? ALL}
          every="Every action"
          options={ACTIVITY_ACTIONS.map((action) => ({ value: action, label: ACTIVITY_LABELS[action] }))}
          onChange={(value) =>
            setFilters((current) => ({
              ...current,
              action: value === ALL ? undefined : (value as ActivityAction),
            }))
          }
        />
        <FilterSelect
          label="Member"
          value={filters.actorAccountId ?? ALL}
          every="Every member"
          options={members.map((member) => ({ value: member.accountId, label: member.name }))}
          onChange={(value) =>
            setFilters((current) => ({ ...current, actorAccountId: value === ALL ? undefined : value }))
          }
        />
      </div>
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
        <p className="text-body text-ink-muted">
          {filtered ? 'No activity matches these filters.' : 'No activity yet.'}
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

type FilterSelectProps = {
  label: string
  value: string
  /** The choice of no filter, first. */
  every: string
  options: ReadonlyArray<{ value: string; label: string }>
  onChange: (value: string) => void
}

/** One filter of the log: every value, or one of `options`. */
function FilterSelect({ label, value, every, options, onChange }: FilterSelectProps) {
  return (
    <Field>
      <FieldLabel>{label}</FieldLabel>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{every}</SelectItem>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </Field>
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
