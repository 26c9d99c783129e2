import { describe, expect, it } from 'vitest'
import { type CatalogueEntry, isShared, mapTargets } from '@/contract/catalogue-review'
import { filterEntries, parentText, reviewQueue, reviewText } from './catalogue-view'

const MESH = { organizationId: 'org-1', name: 'MeshWave Networks' }
const entry = (over: Partial<CatalogueEntry>): CatalogueEntry => ({
  entryId: over.value ?? 'x',
  kind: 'device-name',
  value: 'Deco X50',
  parent: 'TP-Link',
  addedBy: null,
  addedAt: '2026-11-01T10:00:00.000Z',
  review: null,
  ...over,
})
const pending = { state: 'pending', decidedBy: null, decidedAt: null, reason: null, mappedTo: null } as const

const ENTRIES = [
  entry({ kind: 'vendor', value: 'TP-Link', parent: '' }),
  entry({ kind: 'vendor', value: 'MeshWave Networks', parent: '', addedBy: MESH }),
  entry({}),
  entry({ value: 'Deco X60', addedBy: MESH, addedAt: '2026-11-03T10:00:00.000Z', review: pending }),
  entry({ value: 'Deco-X50', addedBy: MESH, addedAt: '2026-11-02T10:00:00.000Z', review: pending }),
  entry({ value: 'Deco X20', addedBy: MESH, review: { ...pending, state: 'approved', decidedBy: 'Max' } }),
  entry({ value: 'Mesh 1', addedBy: MESH, review: { ...pending, state: 'declined', reason: 'No.' } }),
  entry({ value: 'Archer AX73', parent: 'tp-link' }),
  entry({ value: 'Beacon 6', parent: 'Nokia' }),
  entry({ kind: 'device-type', value: 'Wi-Fi Mesh Device', parent: 'Deco X50' }),
  entry({ kind: 'device-type', value: 'Wi-Fi Mesh Device', parent: 'Beacon 6' }),
  entry({ kind: 'device-type', value: 'Wi-Fi Router', parent: 'Archer AX73' }),
  entry({
    kind: 'device-type',
    value: 'Mesh Node',
    parent: 'Deco X60',
    addedBy: MESH,
    addedAt: '2026-11-04T10:00:00.000Z',
    review: pending,
  }),
]

describe('the catalogue page’s rules', () => {
  it('queues the pending additions, oldest first', () => {
    expect(reviewQueue(ENTRIES).map((item) => item.value)).toEqual(['Deco-X50', 'Deco X60', 'Mesh Node'])
  })

  it('shares the programme’s entries, approved additions and manufacturers, and nothing pending or declined', () => {
    expect(ENTRIES.filter(isShared).map((item) => item.value)).toEqual([
      'TP-Link',
      'MeshWave Networks',
      'Deco X50',
      'Deco X20',
      'Archer AX73',
      'Beacon 6',
      'Wi-Fi Mesh Device',
      'Wi-Fi Mesh Device',
      'Wi-Fi Router',
    ])
  })

  it('maps a name onto the shared names under its manufacturer (case aside), a type onto any shared type once', () => {
    expect(mapTargets(ENTRIES, ENTRIES[4]!)).toEqual(['Archer AX73', 'Deco X20', 'Deco X50'])
    expect(mapTargets(ENTRIES, ENTRIES.at(-1)!)).toEqual(['Wi-Fi Mesh Device', 'Wi-Fi Router'])
  })

  it('searches every word of a row, case aside, within the chosen kind', () => {
    expect(filterEntries(ENTRIES, { q: 'meshwave', kind: 'device-name' }).map((item) => item.value)).toEqual([
      'Deco X60',
      'Deco-X50',
      'Deco X20',
      'Mesh 1',
    ])
    expect(filterEntries(ENTRIES, { q: ' DECLINED ', kind: 'all' }).map((item) => item.value)).toEqual([
      'Mesh 1',
    ])
    expect(filterEntries(ENTRIES, { q: '', kind: 'vendor' })).toHaveLength(2)
    expect(filterEntries(ENTRIES, { q: 'nothing like it', kind: 'all' })).toEqual([])
  })

  it('says each row’s review and parent as the console shows them', () => {
    expect(ENTRIES.map(reviewText)).toEqual([
      '',
      'Manufacturer',
      '',
      'Awaiting review',
      'Awaiting review',
      'Approved',
      'Declined',
      '',
      '',
      '',
      '',
      '',
      'Awaiting review',
    ])
    expect(
      reviewText(entry({ addedBy: MESH, review: { ...pending, state: 'mapped', mappedTo: 'Deco X50' } })),
    ).toBe('Mapped onto “Deco X50”')
    expect(reviewText(entry({ kind: 'device-type', addedBy: MESH }))).toBe('Follows its name')
    expect(parentText(ENTRIES[0]!)).toBe('')
    expect(parentText(ENTRIES[2]!)).toBe('by TP-Link')
    expect(parentText(ENTRIES.at(-1)!)).toBe('of Deco X60')
  })
})
