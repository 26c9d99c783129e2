import * as React from 'react'
import type { DeviceRecord } from '@/contract/records'
import { formatCreationTime } from '@/features/dashboard/components/records-columns'
import type { DashboardFilters } from '@/features/dashboard/model/dashboard-filters'
import { DashboardView } from '@/features/dashboard/model/dashboard-view'

const NO_RECORDS: DeviceRecord[] = []

/**
 * The dashboard's rows as the filters and the search choose them, with the counts of the summary
 * cards. `searchParam` is the page's `search` parameter, which the header's search box fills.
 */
export function useDashboardRows(
  records: ReadonlyArray<DeviceRecord> | null,
  searchParam: string | undefined,
) {
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
  return { rows, visible, counts, filters, setFilters, search, setSearch }
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
