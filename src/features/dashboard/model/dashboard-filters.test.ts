import { describe, expect, it } from 'vitest'
import {
  activeFilterCount,
  type DashboardFilters,
  filterOptions,
  hasActiveFilters,
} from '@/features/dashboard/model/dashboard-filters'
import { DashboardView } from '@/features/dashboard/model/dashboard-view'
import { rows } from '@/features/dashboard/model/test-rows'

describe('filterOptions', () => {
  it('gives the distinct values of the loaded rows, sorted without regard to case, blanks left out', () => {
    expect(filterOptions(rows, 'vendor')).toEqual(['Arris', 'Nokia', 'nokia labs', 'Zyxel'])
    expect(filterOptions(rows, 'deviceName')).toEqual(['Beacon 6', 'Beacon 10', 'EX5601'])
    expect(filterOptions(rows, 'productClass')).toEqual(['Wi-Fi 6 Mesh'])
    expect(filterOptions(rows, 'status')).toEqual(['Completed', 'InProgress', 'Submitted'])
  })

  it('gives empty lists for no rows', () => {
    expect(filterOptions([], 'vendor')).toEqual([])
  })
})

describe('hasActiveFilters', () => {
  it('is true once a filter has a value', () => {
    expect(hasActiveFilters({})).toBe(false)
    expect(hasActiveFilters({ vendor: '' })).toBe(false)
    expect(hasActiveFilters({ status: 'Submitted' })).toBe(true)
  })
})

/* docs/decisions/0035 point 1: the phone's strip of summary cards filters by card. */

describe('the card filter', () => {
  const ids = (filters: DashboardFilters, search = '') =>
    new DashboardView().update(rows, filters, search).visible.map((row) => row.portfolioManagerId)

  it('keeps the rows the chosen card counts, with the other filters and the search', () => {
    expect(ids({ card: 'Submitted' })).toEqual(['a', 'd'])
    expect(ids({ card: 'Certified' })).toEqual(['c'])
    expect(ids({ card: 'In Progress' })).toEqual(['b'])
    expect(ids({ card: 'Validation Failure' })).toEqual([])
    expect(ids({ card: 'Submitted', vendor: 'Arris' })).toEqual(['d'])
    expect(ids({ card: 'Submitted' }, 'marc')).toEqual(['d'])
  })

  it('counts as a filter: on the Filters button, and for Reset', () => {
    expect(hasActiveFilters({ card: 'Certified' })).toBe(true)
    expect(activeFilterCount({}, '')).toBe(0)
    expect(activeFilterCount({ card: 'Certified', vendor: 'Nokia' }, '')).toBe(2)
    expect(activeFilterCount({ vendor: 'Nokia', status: '' }, '  beacon ')).toBe(2)
    expect(activeFilterCount({}, '   ')).toBe(0)
  })
})
