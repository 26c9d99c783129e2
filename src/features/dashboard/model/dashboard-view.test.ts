import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { DeviceRecord } from '@/contract/records'
import {
  DASHBOARD_FILTERS,
  type DashboardFilters,
  searchTextOf,
} from '@/features/dashboard/model/dashboard-filters'
import { changedRows, DashboardView } from '@/features/dashboard/model/dashboard-view'
import { summaryCardCounts } from '@/features/dashboard/model/record-status'
import { record, rows } from '@/features/dashboard/model/test-rows'

const shownTime = () => '04 Mar 2026'
const ids = (found: ReadonlyArray<DeviceRecord>) => found.map((row) => row.portfolioManagerId)
const visibleOf = (list: ReadonlyArray<DeviceRecord>, filters: DashboardFilters, search: string) =>
  new DashboardView(shownTime).update(list, filters, search).visible

describe('DashboardView: the filters and the search (spec §2)', () => {
  it('lets every row through with no filter and no search (the same list, not a copy)', () => {
    expect(visibleOf(rows, {}, '  ')).toBe(rows)
    expect(visibleOf(rows, { vendor: '' }, '')).toBe(rows)
  })

  it('keeps the rows matching every chosen filter exactly', () => {
    expect(ids(visibleOf(rows, { vendor: 'Nokia' }, ''))).toEqual(['a'])
    expect(ids(visibleOf(rows, { deviceType: 'Wi-Fi Mesh Device', status: 'Submitted' }, ''))).toEqual([
      'a',
      'd',
    ])
    expect(ids(visibleOf(rows, { vendor: 'Nokia', status: 'InProgress' }, ''))).toEqual([])
  })

  it('searches every shown value without regard to case, with the filters', () => {
    expect(ids(visibleOf(rows, {}, 'BEACON'))).toEqual(['a', 'c', 'd'])
    expect(ids(visibleOf(rows, {}, 'marc'))).toEqual(['d'])
    expect(ids(visibleOf(rows, {}, 'certified-ok'))).toEqual(['c'])
    expect(ids(visibleOf(rows, {}, '1.2.3'))).toEqual(['a', 'b', 'c', 'd'])
    expect(ids(visibleOf(rows, {}, '04 mar'))).toEqual(['a', 'b', 'c', 'd'])
    expect(ids(visibleOf(rows, { vendor: 'Zyxel' }, 'beacon'))).toEqual([])
    expect(ids(visibleOf(rows, {}, 'no such device'))).toEqual([])
  })

  it('does not match across two values', () => {
    expect(ids(visibleOf(rows, {}, 'nokia beacon'))).toEqual([])
  })
})

describe('DashboardView: a change at a time', () => {
  it('follows a row whose status changes: the search and the cards see it, other rows stay the same objects', () => {
    const view = new DashboardView(shownTime)
    const first = view.update(rows, {}, 'inprogress')
    expect(ids(first.visible)).toEqual(['b'])
    expect(first.counts.map(({ count }) => count)).toEqual([2, 1, 0, 0, 1])

    const next = rows.slice()
    next[0] = { ...(rows[0] as DeviceRecord), status: 'InProgress' }
    next[1] = { ...(rows[1] as DeviceRecord), status: 'Completed', isCertified: 'Validation failure' }
    const second = view.update(next, {}, 'inprogress')
    expect(ids(second.visible)).toEqual(['a'])
    expect(second.visible[0]).toBe(next[0])
    expect(second.counts.map(({ count }) => count)).toEqual([1, 1, 0, 1, 1])
  })

  it('answers with the same arrays when nothing it shows changed', () => {
    const view = new DashboardView(shownTime)
    const first = view.update(rows, {}, 'beacon')
    expect(view.update(rows, {}, 'beacon')).toEqual(first)
    expect(view.update(rows, {}, 'beacon').visible).toBe(first.visible)
    const next = rows.slice()
    // Zyxel's row changes but neither passed the search before nor passes it now.
    next[1] = { ...(rows[1] as DeviceRecord), baseFirmwareVersion: '2.0' }
    const second = view.update(next, {}, 'beacon')
    expect(second.visible).toBe(first.visible)
    expect(second.counts).toBe(first.counts)
  })

  it('narrows a search from the rows that passed, and widens it from all of them', () => {
    const view = new DashboardView(shownTime)
    expect(ids(view.update(rows, {}, 'i').visible)).toEqual(['a', 'b', 'c', 'd'])
    expect(ids(view.update(rows, {}, 'b').visible)).toEqual(['a', 'c', 'd'])
    expect(ids(view.update(rows, {}, 'be').visible)).toEqual(['a', 'c', 'd'])
    expect(ids(view.update(rows, {}, 'bea').visible)).toEqual(['a', 'c', 'd'])
    expect(ids(view.update(rows, {}, 'beacon 1').visible)).toEqual(['c'])
    expect(ids(view.update(rows, {}, 'beacon').visible)).toEqual(['a', 'c', 'd'])
    expect(ids(view.update(rows, {}, '').visible)).toEqual(['a', 'b', 'c', 'd'])
  })

  it('takes rows that come and go (a submit, a delete in another tab)', () => {
    const view = new DashboardView(shownTime)
    view.update(rows, {}, 'nokia')
    const added = record({ portfolioManagerId: 'e', vendor: 'Nokia', deviceName: 'G-2425' })
    const withNew = [added, ...rows]
    expect(ids(view.update(withNew, {}, 'nokia').visible)).toEqual(['e', 'a', 'c'])
    expect(view.update(withNew, {}, 'nokia').counts.map(({ count }) => count)).toEqual([3, 1, 0, 0, 1])
    const without = withNew.filter((row) => row.portfolioManagerId !== 'a')
    expect(ids(view.update(without, {}, 'nokia').visible)).toEqual(['e', 'c'])
  })

  it('prepares the searchable texts in slices, stopping when told to', () => {
    const view = new DashboardView(shownTime)
    const many = Array.from({ length: 1200 }, (_, i) => record({ portfolioManagerId: `pm-${i}` }))
    view.update(many, {}, '')
    expect(view.prepareSearch(() => false)).toBe(false)
    expect(view.prepareSearch(() => true)).toBe(true)
    expect(view.update(many, {}, 'beacon 6').visible).toHaveLength(1200)
  })
})

describe('changedRows', () => {
  it('gives the positions of replaced rows, or null when rows came, went or moved', () => {
    const next = rows.slice()
    next[2] = { ...(rows[2] as DeviceRecord) }
    expect(changedRows(rows, next)).toEqual([2])
    expect(changedRows(rows, rows)).toEqual([])
    expect(changedRows(rows, rows.slice(1))).toBeNull()
    expect(changedRows(rows, [rows[1], rows[0], rows[2], rows[3]] as DeviceRecord[])).toBeNull()
  })
})

/** The rows a naive pass over the whole list keeps: what the view must always answer. */
function expected(list: ReadonlyArray<DeviceRecord>, filters: DashboardFilters, search: string) {
  const needle = search.trim().toLowerCase()
  return list.filter(
    (row) =>
      DASHBOARD_FILTERS.every(({ key }) => !filters[key] || row[key] === filters[key]) &&
      searchTextOf(row, shownTime).includes(needle),
  )
}

describe('DashboardView against a pass over the whole list', () => {
  const vendors = ['Nokia', 'Zyxel', 'Arris', 'nokia labs']
  const statuses = ['Submitted', 'InProgress', 'Maintenance', 'Completed', 'Cancelled']
  const results = ['', 'CERTIFIED-OK', 'Validation failure']
  const step = fc.oneof(
    fc.record({
      kind: fc.constant('patch' as const),
      at: fc.nat(),
      status: fc.constantFrom(...statuses),
      isCertified: fc.constantFrom(...results),
    }),
    fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), vendor: fc.constantFrom(...vendors) }),
    fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
    fc.record({
      kind: fc.constant('query' as const),
      search: fc.constantFrom('', 'n', 'no', 'nok', 'nokia', 'nokia l', 'progress', 'ok', 'zy', ' Z '),
      vendor: fc.constantFrom(undefined, ...vendors),
      status: fc.constantFrom(undefined, ...statuses),
    }),
  )

  it('answers every sequence of patches, inserts, deletes and searches as the naive pass does', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const view = new DashboardView(shownTime)
        let list: DeviceRecord[] = rows.slice()
        let filters: DashboardFilters = {}
        let search = ''
        let made = 0
        for (const item of steps) {
          if (item.kind === 'patch' && list.length > 0) {
            const at = item.at % list.length
            list = list.slice()
            list[at] = { ...(list[at] as DeviceRecord), status: item.status, isCertified: item.isCertified }
          } else if (item.kind === 'insert') {
            made += 1
            list = list.slice()
            list.splice(
              item.at % (list.length + 1),
              0,
              record({ portfolioManagerId: `new-${made}`, vendor: item.vendor }),
            )
          } else if (item.kind === 'delete' && list.length > 0) {
            list = list.filter((_, i) => i !== item.at % list.length)
          } else if (item.kind === 'query') {
            search = item.search
            filters = { vendor: item.vendor, status: item.status }
          }
          const state = view.update(list, filters, search)
          expect(ids(state.visible)).toEqual(ids(expected(list, filters, search)))
          expect(state.counts).toEqual(summaryCardCounts(list))
        }
      }),
      { numRuns: 300 },
    )
  })
})
