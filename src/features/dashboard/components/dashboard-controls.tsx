import { Link } from '@tanstack/react-router'
import { FilterX, PackagePlus, RefreshCw, Search } from 'lucide-react'
import type * as React from 'react'
import { Button } from '@/components/ui/button'
import { Field, FieldLabel } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { StatusCard, StatusCardGroup } from '@/components/ui/status-card'
import {
  DASHBOARD_FILTERS,
  type DashboardFilters,
  type FilterKey,
  hasActiveFilters,
} from '@/features/dashboard/model/dashboard-filters'
import { STATUS_LEGEND, type SummaryCardCount } from '@/features/dashboard/model/record-status'
import { cn } from '@/lib/utils'

type DashboardToolbarProps = {
  options: Record<FilterKey, string[]>
  filters: DashboardFilters
  onFiltersChange: (filters: DashboardFilters) => void
  search: string
  onSearchChange: (search: string) => void
  onReload: () => void
  reloading: boolean
}

/**
 * Spec §2: the five filters (options from the loaded rows, sorted) with a reset icon, the free-text
 * search, the sync icon and Register Product, which opens the form's device section.
 */
function DashboardToolbar({
  options,
  filters,
  onFiltersChange,
  search,
  onSearchChange,
  onReload,
  reloading,
}: DashboardToolbarProps) {
  return (
    <div data-slot="dashboard-toolbar" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <Field className="min-w-56 flex-1">
          <FieldLabel>Search</FieldLabel>
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
        <Button variant="outline" onClick={onReload} aria-label="Reload records" title="Reload records">
          <RefreshCw
            aria-hidden="true"
            className={cn(reloading && 'animate-spin motion-reduce:animate-none')}
          />
        </Button>
        <Button asChild>
          <Link to="/portfolio" search={{ portfolio: 'device-portfolio' }}>
            <PackagePlus aria-hidden="true" />
            Register Product
          </Link>
        </Button>
      </div>
      <div className="grid grid-cols-1 items-end gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto]">
        {DASHBOARD_FILTERS.map(({ key, label }) => (
          <Field key={key}>
            <FieldLabel>{label}</FieldLabel>
            <Select
              value={filters[key] ?? ''}
              onValueChange={(value) => onFiltersChange({ ...filters, [key]: value })}
            >
              <SelectTrigger>
                <SelectValue placeholder="All" />
              </SelectTrigger>
              <SelectContent>
                {options[key].map((option) => (
                  <SelectItem key={option} value={option}>
                    {option}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
        ))}
        <Button
          variant="ghost"
          onClick={() => onFiltersChange({})}
          disabled={!hasActiveFilters(filters)}
          aria-label="Reset filters"
          title="Reset filters"
        >
          <FilterX aria-hidden="true" />
        </Button>
      </div>
    </div>
  )
}

/** Spec §2: the five summary cards, in their colours, with their counts. */
function SummaryCards({ counts }: { counts: ReadonlyArray<SummaryCardCount> }) {
  return (
    <StatusCardGroup aria-label="Records by status">
      {counts.map((card) => (
        <StatusCard key={card.card} tone={card.tone} label={card.label} count={card.count} />
      ))}
    </StatusCardGroup>
  )
}

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

export { DashboardToolbar, StatusLegend, SummaryCards }
