import { Link } from '@tanstack/react-router'
import { FilterX, PackagePlus, RefreshCw, Search } from 'lucide-react'
import * as React from 'react'
import { Button } from '@/components/ui/button'
import { Field, FieldLabel } from '@/components/ui/field'
import { RefusalNote } from '@/components/ui/refusal-note'
import { Input } from '@/components/ui/input'
import { FilterSelect } from '@/components/ui/list-controls'
import { StatusCard, StatusCardGroup } from '@/components/ui/status-card'
import {
  DASHBOARD_FILTERS,
  type DashboardFilters,
  filterOptionLabel,
  filterOptions,
  hasActiveFilters,
} from '@/features/dashboard/model/dashboard-filters'
import type { DeviceRecord } from '@/contract/records'
import { STATUS_LEGEND, type SummaryCardCount } from '@/features/dashboard/model/record-status'
import { useRoleRefusal } from '@/lib/use-role'
import { cn } from '@/lib/utils'

type DashboardSearchProps = {
  search: string
  onSearchChange: (search: string) => void
  onReload: () => void
  reloading: boolean
}

/**
 * Spec §2: the free-text search, the sync icon and Register Product (the form's device section).
 * A member whose role may not submit devices finds Register Product disabled, with the
 * reason under the row.
 */
function DashboardSearch({ search, onSearchChange, onReload, reloading }: DashboardSearchProps) {
  return (
    <div data-slot="dashboard-search" className="flex flex-wrap items-end gap-3">
      <SearchField search={search} onSearchChange={onSearchChange} className="min-w-56 flex-1" />
      <ReloadButton onReload={onReload} reloading={reloading} />
      <RegisterProduct noteClassName="basis-full sm:justify-end" />
    </div>
  )
}

/** The free-text search across all row values (spec §2). */
function SearchField({
  search,
  onSearchChange,
  className,
}: Pick<DashboardSearchProps, 'search' | 'onSearchChange'> & { className?: string }) {
  return (
    <Field className={className}>
      <FieldLabel>Search records</FieldLabel>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-ink-subtle"
        />
        <Input
          type="search"
          value={search}
          placeholder="Vendor, device, firmware, status…"
          className="ps-9"
          onChange={(event) => onSearchChange(event.target.value)}
        />
      </div>
    </Field>
  )
}

/** The sync icon: reads the list again (spec §2). */
function ReloadButton({ onReload, reloading }: Pick<DashboardSearchProps, 'onReload' | 'reloading'>) {
  return (
    <Button variant="outline" onClick={onReload} aria-label="Reload records" title="Reload records">
      <RefreshCw aria-hidden="true" className={cn(reloading && 'animate-spin motion-reduce:animate-none')} />
    </Button>
  )
}

/** Register Product, or, for a role that may not submit devices, the same button disabled and why. */
function RegisterProduct({ noteClassName, className }: { noteClassName: string; className?: string }) {
  const refusal = useRoleRefusal('portfolio')
  const refusalId = React.useId()
  if (!refusal)
    return (
      <Button asChild className={className}>
        <Link to="/portfolio" search={{ portfolio: 'device-portfolio' }}>
          <PackagePlus aria-hidden="true" />
          Register Product
        </Link>
      </Button>
    )
  return (
    <>
      {/* Focusable though disabled, so that a keyboard user meets it with its reason. */}
      <Button className={className} aria-disabled="true" aria-describedby={refusalId} data-refused="">
        <PackagePlus aria-hidden="true" />
        Register Product
      </Button>
      <RefusalNote id={refusalId} reason={refusal.reason} hint={refusal.hint} className={noteClassName} />
    </>
  )
}

type DashboardFilterBarProps = {
  /** The loaded rows, whose values each filter offers. */
  rows: ReadonlyArray<DeviceRecord>
  filters: DashboardFilters
  onFiltersChange: (filters: DashboardFilters) => void
}

/**
 * Spec §2: the five filters, options from the loaded rows, sorted, and the reset icon. Memoised:
 * typing in the search does not render them again (a vendor with 100,000 records may have
 * thousands of device names).
 */
const DashboardFilterBar = React.memo(function DashboardFilterBar({
  rows,
  filters,
  onFiltersChange,
}: DashboardFilterBarProps) {
  return (
    <div
      data-slot="dashboard-filters"
      className="grid grid-cols-1 items-end gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto]"
    >
      {DASHBOARD_FILTERS.map(({ key, label }) => (
        <FilterSelect
          key={key}
          label={label}
          value={filters[key] || undefined}
          options={() =>
            filterOptions(rows, key).map((value) => ({ value, label: filterOptionLabel(key, value) }))
          }
          valueLabel={(value) => filterOptionLabel(key, value)}
          onChange={(value) => onFiltersChange({ ...filters, [key]: value ?? '' })}
        />
      ))}
      {/* The reset icon beside the five filters from 1024 px; below, where the filters stack (the
          phone's Filters sheet), it says what it does. */}
      <Button
        variant="ghost"
        className="justify-self-start lg:justify-self-auto"
        onClick={() => onFiltersChange({})}
        disabled={!hasActiveFilters(filters)}
        title="Reset filters"
      >
        <FilterX aria-hidden="true" />
        <span className="lg:sr-only">Reset filters</span>
      </Button>
    </div>
  )
})

/** Spec §2: the five summary cards, in their colours, with their counts. */
const SummaryCards = React.memo(function SummaryCards({
  counts,
}: {
  counts: ReadonlyArray<SummaryCardCount>
}) {
  return (
    // A group names the cards for assistive technology: a description list itself takes no name.
    <div role="group" aria-label="Records by status">
      <StatusCardGroup>
        {counts.map((card) => (
          <StatusCard key={card.card} tone={card.tone} label={card.label} count={card.count} />
        ))}
      </StatusCardGroup>
    </div>
  )
})

const LEGEND_SWATCH: Record<(typeof STATUS_LEGEND)[number]['tone'], string> = {
  submitted: 'bg-progress-submitted',
  'in-progress': 'bg-progress-in-progress',
  failed: 'bg-progress-failed',
  certified: 'bg-progress-certified',
}

/** Spec §2: the legend of the progress bar's colours. */
function StatusLegend({ className, ...props }: React.ComponentProps<'ul'>) {
  return (
    <ul
      aria-label="Legend"
      className={cn('flex flex-wrap gap-x-5 gap-y-2 text-small text-ink-muted', className)}
      {...props}
    >
      {STATUS_LEGEND.map((entry) => (
        <li key={entry.label} className="flex items-center gap-2">
          <span aria-hidden="true" className={cn('h-2 w-6 rounded-full', LEGEND_SWATCH[entry.tone])} />
          {entry.label}
        </li>
      ))}
    </ul>
  )
}

export {
  DashboardFilterBar,
  DashboardSearch,
  RegisterProduct,
  ReloadButton,
  SearchField,
  StatusLegend,
  SummaryCards,
  type DashboardSearchProps,
}
