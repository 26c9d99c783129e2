import { describe, expect, it } from 'vitest'
import { filterOptions, hasActiveFilters } from '@/features/dashboard/model/dashboard-filters'
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
