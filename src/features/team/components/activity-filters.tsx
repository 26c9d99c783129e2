import { Button } from '@/components/ui/button'
import { Field, FieldLabel } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { FilterSelect, SearchField } from '@/components/ui/list-controls'
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_LABELS,
  ACTIVITY_SEARCH_MAX_LENGTH,
  type ActivityAction,
  type Member,
} from '@/contract/team'
import type { ActivityFilters } from '@/features/team/api/activity-log'

type ActivityFiltersProps = {
  filters: ActivityFilters
  onChange: (filters: ActivityFilters) => void
  members: ReadonlyArray<Pick<Member, 'accountId' | 'name'>>
}

/** Whether any of the log's filters is set. */
export const isFiltered = (filters: ActivityFilters) =>
  Boolean(filters.q || filters.from || filters.to || filters.action || filters.actorAccountId)

const ACTION_OPTIONS = ACTIVITY_ACTIONS.map((action) => ({ value: action, label: ACTIVITY_LABELS[action] }))

/**
 * The log's filters (docs/decisions/0044): a search, the member, the action and a range of days in
 * UTC (the log's times are UTC), with Clear filters while any is set. The values live in the
 * address (/team?q=…&member=…&action=…&from=…&to=…).
 */
export function ActivityFilterControls({ filters, onChange, members }: ActivityFiltersProps) {
  const set = (change: Partial<ActivityFilters>) => onChange({ ...filters, ...change })
  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_12rem_16rem] lg:items-end">
        <SearchField
          placeholder="Device, member, address or action"
          maxLength={ACTIVITY_SEARCH_MAX_LENGTH}
          value={filters.q ?? ''}
          onChange={(q) => set({ q: q || undefined })}
        />
        <FilterSelect
          label="Member"
          allLabel="Every member"
          value={filters.actorAccountId}
          options={members.map((member) => ({ value: member.accountId, label: member.name }))}
          onChange={(actorAccountId) => set({ actorAccountId })}
        />
        <FilterSelect
          label="Action"
          allLabel="Every action"
          value={filters.action}
          options={ACTION_OPTIONS}
          onChange={(action) => set({ action: action as ActivityAction | undefined })}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[12rem_12rem_auto] lg:items-end">
        <DayField
          label="From (UTC)"
          value={filters.from}
          max={filters.to}
          onChange={(from) => set({ from })}
        />
        <DayField label="To (UTC)" value={filters.to} min={filters.from} onChange={(to) => set({ to })} />
        {isFiltered(filters) ? (
          <Button variant="ghost" className="justify-self-start" onClick={() => onChange({})}>
            Clear filters
          </Button>
        ) : null}
      </div>
    </div>
  )
}

type DayFieldProps = {
  label: string
  value: string | undefined
  min?: string | undefined
  max?: string | undefined
  onChange: (value: string | undefined) => void
}

/** A day of the range: the browser's date picker, emptied to leave that end open. */
function DayField({ label, value, min, max, onChange }: DayFieldProps) {
  return (
    <Field>
      <FieldLabel>{label}</FieldLabel>
      <Input
        type="date"
        value={value ?? ''}
        {...(min ? { min } : {})}
        {...(max ? { max } : {})}
        onChange={(event) => onChange(event.target.value || undefined)}
      />
    </Field>
  )
}
