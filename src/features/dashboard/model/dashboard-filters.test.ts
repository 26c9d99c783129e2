import { describe, expect, it } from 'vitest'
import type { DeviceRecord } from '@/contract/records'
import { filterOptions, hasActiveFilters } from '@/features/dashboard/model/dashboard-filters'

const record = (overrides: Partial<DeviceRecord>): DeviceRecord => ({
  portfolioManagerId: 'pm-1',
  vendor: 'Nokia',
  deviceName: 'Beacon 6',
  deviceType: 'Wi-Fi Mesh Device',
  productClass: 'Wi-Fi 6 Mesh',
  baseFirmwareVersion: '1.2.3',
  businessDomain: 'Wireless',
  creationTime: '2026-03-04T10:20:00.000Z',
  createdBy: 'Priya Sharma',
  status: 'Submitted',
  isCertified: '',
  ...overrides,
})

const rows = [
  record({ portfolioManagerId: 'a' }),
  record({
    portfolioManagerId: 'b',
    vendor: 'Zyxel',
    deviceName: 'EX5601',
    deviceType: 'Wi-Fi Router',
    status: 'InProgress',
  }),
  record({
    portfolioManagerId: 'c',
    vendor: 'nokia labs',
    deviceName: 'Beacon 10',
    status: 'Completed',
    isCertified: 'CERTIFIED-OK',
  }),
  record({ portfolioManagerId: 'd', vendor: 'Arris', productClass: '', createdBy: 'Marc Dubois' }),
]

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
