import { describe, expect, it } from 'vitest'
import { DIRECTORY_PAGE_SIZE, type DirectoryEntry } from './certificates'
import { DirectoryListing } from './directory-search'

const NOW = Date.parse('2026-11-26T12:00:00Z')

function entry(index: number, values: Partial<DirectoryEntry> = {}): DirectoryEntry {
  return {
    number: `DCP-0000-0000-${String(index).padStart(4, '0')}`,
    vendor: 'Nokia',
    deviceName: `Beacon ${index}`,
    deviceType: 'Wi-Fi Mesh Device',
    productClass: 'Wi-Fi 6 Mesh',
    organizationName: 'Acme Networks',
    issuedAt: new Date(NOW - index * 60_000).toISOString(),
    expiresAt: '2029-11-26T12:00:00.000Z',
    ...values,
  }
}

const numbers = (listing: DirectoryListing, query = {}) =>
  listing.search(query, NOW).items.map((item) => item.number.slice(-4))

describe('the directory listing', () => {
  it('lists newest first, by number within one issue time, whatever the order of arrival', () => {
    const same = new Date(NOW - 5 * 60_000).toISOString()
    const listing = new DirectoryListing([entry(3), entry(1), entry(9, { issuedAt: same }), entry(5)])
    listing.insert(entry(2))
    expect(numbers(listing)).toEqual(['0001', '0002', '0003', '0005', '0009'])
    expect(listing.remove(entry(3))).toBe(true)
    expect(listing.remove(entry(3))).toBe(false)
    expect(numbers(listing)).toEqual(['0001', '0002', '0005', '0009'])
  })

  it('filters exactly, and a value nobody has matches nothing', () => {
    const listing = new DirectoryListing([
      entry(1),
      entry(2, { vendor: 'Zyxel', deviceType: 'ONT', productClass: 'GPON' }),
      entry(3, { vendor: 'Zyxel' }),
    ])
    expect(numbers(listing, { vendor: 'Zyxel' })).toEqual(['0002', '0003'])
    expect(numbers(listing, { vendor: 'Zyxel', deviceType: 'ONT' })).toEqual(['0002'])
    expect(numbers(listing, { productClass: 'Wi-Fi 6 Mesh' })).toEqual(['0001', '0003'])
    expect(numbers(listing, { vendor: 'zyxel' })).toEqual([])
    expect(numbers(listing, { vendor: 'Nobody' })).toEqual([])
  })

  it('searches device, vendor, organization and number, ignoring case, never across two fields', () => {
    const listing = new DirectoryListing([entry(1), entry(2, { organizationName: 'Blue 100% Labs' })])
    expect(numbers(listing, { search: 'beacon 2' })).toEqual(['0002'])
    expect(numbers(listing, { search: '  NOKIA ' })).toEqual(['0001', '0002'])
    expect(numbers(listing, { search: 'dcp-0000-0000-0001' })).toEqual(['0001'])
    expect(numbers(listing, { search: '100%' })).toEqual(['0002'])
    expect(numbers(listing, { search: '%' })).toEqual(['0002'])
    // "Beacon 1" then "Nokia": the text across the two is not searched.
    expect(numbers(listing, { search: '1nokia' })).toEqual([])
    expect(numbers(listing, { search: '1 nokia' })).toEqual([])
  })

  it('does not list an entry at or after its expiry, and drops it on request', () => {
    const listing = new DirectoryListing([entry(1, { expiresAt: new Date(NOW).toISOString() }), entry(2)])
    expect(numbers(listing)).toEqual(['0002'])
    expect(listing.search({}, NOW - 1).total).toBe(2)
    expect(listing.earliestExpiry()).toBe(NOW)
    expect(listing.dropExpired(NOW)).toBe(1)
    expect(listing.size).toBe(1)
  })

  it('pages by DIRECTORY_PAGE_SIZE and counts every match', () => {
    const listing = new DirectoryListing(Array.from({ length: 50 }, (_, index) => entry(index + 1)))
    const first = listing.search({}, NOW)
    expect([first.items.length, first.total, first.page, first.pageSize]).toEqual([
      24,
      50,
      1,
      DIRECTORY_PAGE_SIZE,
    ])
    expect(listing.search({ page: 3 }, NOW).items.map((item) => item.number.slice(-4))).toEqual([
      '0049',
      '0050',
    ])
    expect(listing.search({ page: 4 }, NOW).items).toEqual([])
  })

  it('offers as facets the values of listed entries only', () => {
    const listing = new DirectoryListing([entry(1), entry(2, { vendor: 'Zyxel', deviceType: 'ONT' })])
    expect(listing.facets()).toEqual({
      vendors: ['Nokia', 'Zyxel'],
      deviceTypes: ['ONT', 'Wi-Fi Mesh Device'],
      productClasses: ['Wi-Fi 6 Mesh'],
    })
    listing.remove(entry(2, { vendor: 'Zyxel', deviceType: 'ONT' }))
    expect(listing.facets()).toEqual({
      vendors: ['Nokia'],
      deviceTypes: ['Wi-Fi Mesh Device'],
      productClasses: ['Wi-Fi 6 Mesh'],
    })
  })

  it('answers a search through its trigram index exactly as a scan would, through inserts and removals', () => {
    const many = Array.from({ length: 2600 }, (_, index) =>
      entry(index + 1, {
        vendor: ['Nokia', 'Zyxel', 'Sagemcom'][index % 3]!,
        deviceName: `Beacon ${index + 1}`,
        expiresAt: index % 50 === 0 ? '2026-11-01T00:00:00.000Z' : '2029-11-26T12:00:00.000Z',
      }),
    )
    const listing = new DirectoryListing(many)
    /** What a scan of `list` finds for a search (and a vendor), in the listing's order. */
    const scanned = (list: DirectoryEntry[], search: string, vendor?: string) =>
      list
        .filter(
          (item) =>
            Date.parse(item.expiresAt) > NOW &&
            (!vendor || item.vendor === vendor) &&
            [item.deviceName, item.vendor, item.organizationName, item.number].some((field) =>
              field.toLowerCase().includes(search.toLowerCase()),
            ),
        )
        .sort((a, b) =>
          a.issuedAt < b.issuedAt ? 1 : a.issuedAt > b.issuedAt ? -1 : a.number < b.number ? -1 : 1,
        )
        .map((item) => item.number)
    const found = (search: string, vendor?: string) => {
      const first = listing.search({ search, ...(vendor ? { vendor } : {}) }, NOW)
      const all = [...first.items]
      for (let page = 2; all.length < first.total; page += 1)
        all.push(...listing.search({ search, ...(vendor ? { vendor } : {}), page }, NOW).items)
      return all.map((item) => item.number)
    }
    for (const search of ['beacon 1234', 'Beacon 12', 'con 25', 'zzz', 'beacon 1', '0000-0001'])
      expect(found(search), search).toEqual(scanned(many, search))
    expect(found('beacon 12', 'Zyxel')).toEqual(scanned(many, 'beacon 12', 'Zyxel'))
    // After the index is made: one more, one fewer.
    const late = entry(9001, { deviceName: 'Beacon 12345' })
    listing.insert(late)
    listing.remove(many[1233]!)
    const now = [...many.filter((item) => item !== many[1233]), late]
    for (const search of ['beacon 1234', 'beacon 12345'])
      expect(found(search), search).toEqual(scanned(now, search))
    // Many changes: the index is made again, with the same answers.
    for (const item of many.slice(0, 1500)) listing.remove(item)
    const rest = now.filter((item) => !many.slice(0, 1500).includes(item))
    for (const search of ['beacon 1234', 'beacon 2', 'beacon 25'])
      expect(found(search), search).toEqual(scanned(rest, search))
  })
})
