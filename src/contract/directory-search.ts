import {
  DIRECTORY_PAGE_SIZE,
  type DirectoryAnswer,
  type DirectoryEntry,
  type DirectoryFacets,
  type DirectoryQuery,
} from './certificates'

/*
 * The directory of certified devices as a searchable listing, newest first (then by number): the
 * server's in-memory snapshot (server/certificates/directory.ts) and the Storybook's fixtures
 * answer from it, so they cannot disagree.
 *
 * - Filters (vendor, device type, product class) are exact, as the catalogue names them.
 * - The search looks for the text, ignoring case, inside the device name, the vendor, the
 *   organization or the number; its characters are only themselves (no wildcards).
 * - An entry whose expiry has passed is not listed.
 *
 * A page reads every listed entry to count the matches, so what a scan reads is kept in columns:
 * the expiry times and the filters' values as numbers in typed arrays, the searched text
 * lower-cased once. A scan of 90,000 entries then takes a millisecond or two, where one over
 * objects took ten times that. A search of 3 characters or more reads, instead, the entries of its
 * rarest three-character piece, through a trigram index made at the first such search (GramIndex
 * below).
 */

/** Newest first; the same issue time by number. */
export function compareEntries(a: DirectoryEntry, b: DirectoryEntry) {
  if (a.issuedAt !== b.issuedAt) return a.issuedAt < b.issuedAt ? 1 : -1
  return a.number < b.number ? -1 : a.number > b.number ? 1 : 0
}

/** Values of one filter as numbers, with how many listed entries have each. */
class Dictionary {
  private readonly codes = new Map<string, number>()
  private readonly values: string[] = []
  private readonly counts: number[] = []

  code(value: string): number {
    let code = this.codes.get(value)
    if (code === undefined) {
      code = this.values.length
      this.codes.set(value, code)
      this.values.push(value)
      this.counts.push(0)
    }
    return code
  }

  /** A filter's value as a code; -1 for a value no entry ever had (nothing matches). */
  find(value: string) {
    return this.codes.get(value) ?? -1
  }

  count(code: number, by: number) {
    this.counts[code] = (this.counts[code] ?? 0) + by
  }

  /** The values some listed entry has, in alphabetical order. */
  present() {
    return this.values
      .filter((_, code) => (this.counts[code] ?? 0) > 0)
      .sort((a, b) => a.localeCompare(b, 'en'))
  }
}

export class DirectoryListing {
  private entries: DirectoryEntry[] = []
  private haystacks: string[] = []
  private expires = new Float64Array(64)
  private vendors = new Int32Array(64)
  private deviceTypes = new Int32Array(64)
  private productClasses = new Int32Array(64)
  private readonly vendorCodes = new Dictionary()
  private readonly deviceTypeCodes = new Dictionary()
  private readonly productClassCodes = new Dictionary()
  private facetsKept: DirectoryFacets | null = null
  private grams: GramIndex | null = null

  constructor(entries: readonly DirectoryEntry[] = []) {
    for (const entry of [...entries].sort(compareEntries)) this.insert(entry)
  }

  get size() {
    return this.entries.length
  }

  /** The earliest expiry among the listed entries (Infinity when none). */
  earliestExpiry() {
    let earliest = Number.POSITIVE_INFINITY
    for (let index = 0; index < this.entries.length; index += 1)
      if (this.expires[index]! < earliest) earliest = this.expires[index]!
    return earliest
  }

  /** Where an entry is, or goes, in the directory's order. */
  private position(entry: DirectoryEntry) {
    let low = 0
    let high = this.entries.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (compareEntries(this.entries[middle]!, entry) < 0) low = middle + 1
      else high = middle
    }
    return low
  }

  insert(entry: DirectoryEntry) {
    const at = this.position(entry)
    const length = this.entries.length
    if (length === this.expires.length) this.grow()
    this.expires.copyWithin(at + 1, at, length)
    this.vendors.copyWithin(at + 1, at, length)
    this.deviceTypes.copyWithin(at + 1, at, length)
    this.productClasses.copyWithin(at + 1, at, length)
    this.entries.splice(at, 0, publicEntry(entry))
    this.haystacks.splice(at, 0, searchedText(entry))
    this.expires[at] = Date.parse(entry.expiresAt)
    this.vendors[at] = this.vendorCodes.code(entry.vendor)
    this.deviceTypes[at] = this.deviceTypeCodes.code(entry.deviceType)
    this.productClasses[at] = this.productClassCodes.code(entry.productClass)
    this.vendorCodes.count(this.vendors[at]!, 1)
    this.deviceTypeCodes.count(this.deviceTypes[at]!, 1)
    this.productClassCodes.count(this.productClasses[at]!, 1)
    this.facetsKept = null
    this.grams?.added.add(this.entries[at]!)
    this.dropStaleIndex()
  }

  /** Takes the entry out; false when it was not listed. */
  remove(entry: DirectoryEntry) {
    const at = this.position(entry)
    if (this.entries[at]?.number !== entry.number) return false
    this.removeAt(at)
    return true
  }

  /** Drops every entry whose expiry has passed; answers how many. */
  dropExpired(nowMs: number) {
    let dropped = 0
    for (let index = this.entries.length - 1; index >= 0; index -= 1)
      if (this.expires[index]! <= nowMs) {
        this.removeAt(index)
        dropped += 1
      }
    return dropped
  }

  private removeAt(at: number) {
    const length = this.entries.length
    const entry = this.entries[at]!
    if (this.grams && !this.grams.added.delete(entry)) this.grams.removed.add(entry)
    this.vendorCodes.count(this.vendors[at]!, -1)
    this.deviceTypeCodes.count(this.deviceTypes[at]!, -1)
    this.productClassCodes.count(this.productClasses[at]!, -1)
    this.expires.copyWithin(at, at + 1, length)
    this.vendors.copyWithin(at, at + 1, length)
    this.deviceTypes.copyWithin(at, at + 1, length)
    this.productClasses.copyWithin(at, at + 1, length)
    this.entries.splice(at, 1)
    this.haystacks.splice(at, 1)
    this.facetsKept = null
    this.dropStaleIndex()
  }

  private grow() {
    const capacity = this.expires.length * 2
    const grown = <T extends Float64Array | Int32Array>(from: T, to: T) => {
      to.set(from)
      return to
    }
    this.expires = grown(this.expires, new Float64Array(capacity))
    this.vendors = grown(this.vendors, new Int32Array(capacity))
    this.deviceTypes = grown(this.deviceTypes, new Int32Array(capacity))
    this.productClasses = grown(this.productClasses, new Int32Array(capacity))
  }

  /**
   * The entries whose searched text holds `needle` (3 characters or more), found through the
   * trigram index rather than by reading every entry; null when a scan is as good: a short
   * listing, or a needle whose rarest trigram is in a quarter of the entries or more.
   */
  private candidates(needle: string): DirectoryEntry[] | null {
    if (this.entries.length < INDEX_FROM) return null
    this.grams ??= buildGramIndex(this.entries, this.haystacks)
    const { lists, entries, haystacks, added, removed } = this.grams
    let rarest: Int32Array | undefined
    for (let start = 0; start + GRAM <= needle.length; start += 1) {
      const list = lists.get(needle.slice(start, start + GRAM))
      if (!list) {
        rarest = EMPTY
        break
      }
      if (!rarest || list.length < rarest.length) rarest = list
    }
    if (!rarest || rarest.length * 4 >= this.entries.length) return null
    const found: DirectoryEntry[] = []
    for (const id of rarest) {
      const entry = entries[id]!
      if (haystacks[id]!.includes(needle) && !removed.has(entry)) found.push(entry)
    }
    for (const entry of added) if (searchedText(entry).includes(needle)) found.push(entry)
    return found
  }

  /** The index is made again from scratch once the entries changed since are a tenth of them. */
  private dropStaleIndex() {
    const grams = this.grams
    if (grams && grams.added.size + grams.removed.size > Math.max(1000, this.entries.length / 10))
      this.grams = null
  }

  /** The values the filters can take: those of the listed entries. */
  facets(): DirectoryFacets {
    this.facetsKept ??= {
      vendors: this.vendorCodes.present(),
      deviceTypes: this.deviceTypeCodes.present(),
      productClasses: this.productClassCodes.present(),
    }
    return this.facetsKept
  }

  search(query: DirectoryQuery, nowMs: number): DirectoryAnswer {
    const page = query.page ?? 1
    const first = (page - 1) * DIRECTORY_PAGE_SIZE
    const last = first + DIRECTORY_PAGE_SIZE
    const needle = query.search?.trim().toLowerCase() ?? ''
    const vendor = query.vendor ? this.vendorCodes.find(query.vendor) : -2
    const deviceType = query.deviceType ? this.deviceTypeCodes.find(query.deviceType) : -2
    const productClass = query.productClass ? this.productClassCodes.find(query.productClass) : -2
    const items: DirectoryEntry[] = []
    let total = 0
    const answer = () => ({ items, total, page, pageSize: DIRECTORY_PAGE_SIZE, facets: this.facets() })
    if (vendor === -1 || deviceType === -1 || productClass === -1) return answer()
    const candidates = needle.length >= GRAM ? this.candidates(needle) : null
    if (candidates) {
      const matches = candidates.filter(
        (entry) =>
          Date.parse(entry.expiresAt) > nowMs &&
          (!query.vendor || entry.vendor === query.vendor) &&
          (!query.deviceType || entry.deviceType === query.deviceType) &&
          (!query.productClass || entry.productClass === query.productClass),
      )
      total = matches.length
      items.push(...matches.sort(compareEntries).slice(first, last))
      return answer()
    }
    const { expires, vendors, deviceTypes, productClasses, haystacks } = this
    for (let index = 0; index < this.entries.length; index += 1) {
      if (expires[index]! <= nowMs) continue
      if (vendor >= 0 && vendors[index] !== vendor) continue
      if (deviceType >= 0 && deviceTypes[index] !== deviceType) continue
      if (productClass >= 0 && productClasses[index] !== productClass) continue
      if (needle && !haystacks[index]!.includes(needle)) continue
      if (total >= first && total < last) items.push(this.entries[index]!)
      total += 1
    }
    return answer()
  }
}

/** What the search reads, lower-cased; a line break between fields, so no match spans two. */
function searchedText(entry: DirectoryEntry) {
  return [entry.deviceName, entry.vendor, entry.organizationName, entry.number].join('\n').toLowerCase()
}

/** Length of the index's pieces of text. */
const GRAM = 3
/** Below this many entries a scan is as fast as the index. */
const INDEX_FROM = 2000
const EMPTY = new Int32Array(0)

/**
 * Every three-character piece of the searched texts, with the entries that hold it (numbers into
 * `entries`, as they were when it was made); entries added or removed since are kept beside it.
 * 90,000 entries make about 5 million numbers (20 MB) in about half a second.
 */
type GramIndex = {
  entries: DirectoryEntry[]
  haystacks: string[]
  lists: Map<string, Int32Array>
  added: Set<DirectoryEntry>
  removed: Set<DirectoryEntry>
}

function buildGramIndex(entries: readonly DirectoryEntry[], haystacks: readonly string[]): GramIndex {
  const building = new Map<string, { ids: number[]; last: number }>()
  for (let id = 0; id < haystacks.length; id += 1) {
    const text = haystacks[id]!
    for (let start = 0; start + GRAM <= text.length; start += 1) {
      const gram = text.slice(start, start + GRAM)
      const known = building.get(gram)
      if (!known) building.set(gram, { ids: [id], last: id })
      else if (known.last !== id) {
        known.ids.push(id)
        known.last = id
      }
    }
  }
  const lists = new Map<string, Int32Array>()
  for (const [gram, { ids }] of building) lists.set(gram, Int32Array.from(ids))
  return { entries: [...entries], haystacks: [...haystacks], lists, added: new Set(), removed: new Set() }
}

/** Only the entry's own fields, whatever else the object carries. */
function publicEntry(entry: DirectoryEntry): DirectoryEntry {
  return {
    number: entry.number,
    vendor: entry.vendor,
    deviceName: entry.deviceName,
    deviceType: entry.deviceType,
    productClass: entry.productClass,
    organizationName: entry.organizationName,
    issuedAt: entry.issuedAt,
    expiresAt: entry.expiresAt,
    ...(entry.firmwareVersions ? { firmwareVersions: [...entry.firmwareVersions] } : {}),
  }
}
