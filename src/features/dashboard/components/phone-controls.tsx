import { Check, SlidersHorizontal } from 'lucide-react'
import * as React from 'react'
import { Button } from '@/components/ui/button'
import { Sheet, SheetClose, SheetContent, SheetHeader, SheetTitle, SheetTrigger } from '@/components/ui/sheet'
import { statusCardVariants } from '@/components/ui/status-card'
import type { DeviceRecord } from '@/contract/records'
import {
  DashboardFilterBar,
  type DashboardSearchProps,
  RegisterProduct,
  ReloadButton,
  SearchField,
} from '@/features/dashboard/components/dashboard-controls'
import { activeFilterCount, type DashboardFilters } from '@/features/dashboard/model/dashboard-filters'
import type { SummaryCardCount } from '@/features/dashboard/model/record-status'
import { cn } from '@/lib/utils'

/*
 * The dashboard's controls on a phone (docs/decisions/0035): the five summary cards as one strip
 * whose cards filter, and the search and the five filters behind one Filters button that says how
 * many are in use and opens them in a sheet. The sync icon and Register Product stay beside it.
 */

type PhoneToolbarProps = DashboardSearchProps & {
  rows: ReadonlyArray<DeviceRecord>
  filters: DashboardFilters
  onFiltersChange: (filters: DashboardFilters) => void
  /** How many records the filters and the search let through. */
  shown: number
}

function PhoneToolbar({ rows, filters, onFiltersChange, shown, ...search }: PhoneToolbarProps) {
  const active = activeFilterCount(filters, search.search)
  return (
    <div data-slot="dashboard-search" className="flex flex-wrap items-center gap-2">
      <Sheet>
        <SheetTrigger asChild>
          <Button variant="outline" className="flex-1">
            <SlidersHorizontal aria-hidden="true" />
            Filters
            {active > 0 ? (
              <span
                data-slot="active-filter-count"
                className="rounded-full bg-brand-700 px-1.5 text-caption leading-5 font-semibold text-white"
              >
                {active}
                <span className="sr-only"> active</span>
              </span>
            ) : null}
          </Button>
        </SheetTrigger>
        <SheetContent aria-describedby={undefined}>
          <SheetHeader>
            <SheetTitle>Filters</SheetTitle>
          </SheetHeader>
          <SearchField search={search.search} onSearchChange={search.onSearchChange} />
          <DashboardFilterBar rows={rows} filters={filters} onFiltersChange={onFiltersChange} />
          <SheetClose asChild>
            <Button>{`Show ${shown.toLocaleString('en-US')} ${shown === 1 ? 'record' : 'records'}`}</Button>
          </SheetClose>
        </SheetContent>
      </Sheet>
      <ReloadButton onReload={search.onReload} reloading={search.reloading} />
      {/* A line of its own: beside Filters it went to the next line whenever Filters showed its
          count, and the toolbar jumped as filters came and went. */}
      <RegisterProduct noteClassName="basis-full" className="basis-full" />
    </div>
  )
}

type SummaryStripProps = {
  counts: ReadonlyArray<SummaryCardCount>
  filters: DashboardFilters
  onFiltersChange: (filters: DashboardFilters) => void
}

/**
 * The five summary cards in one row that scrolls sideways. A tap on a card shows only the records
 * it counts, a second tap shows them all again; the chosen card is pressed, outlined and ticked.
 */
const SummaryStrip = React.memo(function SummaryStrip({
  counts,
  filters,
  onFiltersChange,
}: SummaryStripProps) {
  return (
    <div role="group" aria-label="Records by status">
      <dl data-slot="status-card-group" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1">
        {counts.map((card) => {
          const pressed = filters.card === card.card
          return (
            <div
              key={card.card}
              data-slot="status-card"
              data-tone={card.tone}
              className={cn(
                statusCardVariants({ tone: card.tone }),
                'relative shrink-0 flex-row items-center gap-2 px-3 py-1.5',
                pressed && 'ring-2 ring-brand-700 ring-offset-1',
              )}
            >
              <dt data-slot="status-card-label" className="flex items-center gap-1 text-small font-semibold">
                {pressed ? <Check aria-hidden="true" className="size-3.5" /> : null}
                <button
                  type="button"
                  aria-pressed={pressed}
                  className="cursor-pointer rounded-sm whitespace-nowrap after:absolute after:inset-0 focus-visible:focus-ring"
                  onClick={() => onFiltersChange({ ...filters, card: pressed ? undefined : card.card })}
                >
                  {card.label}
                </button>
              </dt>
              <dd data-slot="status-card-count" className="text-small font-semibold tabular-nums">
                {card.count.toLocaleString('en-US')}
              </dd>
            </div>
          )
        })}
      </dl>
    </div>
  )
})

export { PhoneToolbar, SummaryStrip }
