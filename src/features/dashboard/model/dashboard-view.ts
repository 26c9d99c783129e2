import type { DeviceRecord, RecordStatusName } from '@/contract/records'
import {
  DASHBOARD_FILTERS,
  type DashboardFilters,
  type FilterKey,
  searchTextOf,
} from '@/features/dashboard/model/dashboard-filters'
import {
  SUMMARY_CARDS,
  type SummaryCardCount,
  summaryCardCounts,
  summaryCardOf,
} from '@/features/dashboard/model/record-status'

/*
 * What the dashboard shows of its rows — the rows that pass the filters and the search, and the
 * summary cards' counts — kept up to date a change at a time (docs/decisions/0022, point 4).
 *
 * The live stream replaces a few rows of a list of up to 100,000 several times a second, and the
 * vendor types in the search meanwhile. Working the whole list out again on every change (each
 * row's searchable text, the filter, the counts) is a task of 100–400 ms on a 2-core machine, and
 * a key pressed during it waits. Here a list that differs from the one before only in some rows
 * costs a comparison per row (same object or not) and work for the rows that changed; a search
 * that adds to what was typed looks only at the rows that passed before; each row's searchable
 * text is made once, ahead of need, in slices while the browser is idle.
 *
 * The view is a cache: every `update` answers for exactly the rows, filters and search it is
 * given, whatever it was given before, so a render React throws away and replays does no harm.
 * What it returns is never changed afterwards.
 */

/** The rows at which `next` holds a different object for the same record; null when rows came, went or moved. */
export function changedRows(
  previous: ReadonlyArray<DeviceRecord>,
  next: ReadonlyArray<DeviceRecord>,
): number[] | null {
  if (previous.length !== next.length) return null
  const changed: number[] = []
  for (let i = 0; i < next.length; i += 1) {
    const before = previous[i] as DeviceRecord
    const after = next[i] as DeviceRecord
    if (before === after) continue
    if (before.portfolioManagerId !== after.portfolioManagerId) return null
    changed.push(i)
  }
  return changed
}

type Query = {
  /** The chosen filters, as [field, value]. */
  chosen: ReadonlyArray<readonly [FilterKey, string]>
  /** The summary card chosen (its rows only), or null. */
  card: RecordStatusName | null
  /** The search, trimmed and lower-cased ('' for none). */
  needle: string
  /** The chosen filters as one string, to compare two queries' filters. */
  filterKey: string
}

function queryOf(filters: DashboardFilters, search: string): Query {
  const chosen = DASHBOARD_FILTERS.flatMap(({ key }) => {
    const value = filters[key]
    return value ? [[key, value] as const] : []
  })
  const card = filters.card ?? null
  return {
    chosen,
    card,
    needle: search.trim().toLowerCase(),
    filterKey: `${card ?? ''}\u0002${chosen.map(([key, value]) => `${key}\u0000${value}`).join('\u0001')}`,
  }
}

function matchesFilters(row: DeviceRecord, query: Query): boolean {
  for (const [key, value] of query.chosen) if (row[key] !== value) return false
  return query.card === null || summaryCardOf(row) === query.card
}

const hasFilters = (query: Query) => query.chosen.length > 0 || query.card !== null
const isEmpty = (query: Query) => !hasFilters(query) && query.needle === ''

export type DashboardViewState = {
  /** The rows that pass the filters and the search, in the list's order (the list itself when nothing is chosen). */
  visible: ReadonlyArray<DeviceRecord>
  /** The five summary cards over every row (spec §2, §4). */
  counts: ReadonlyArray<SummaryCardCount>
}

const CARD_INDEX = new Map<RecordStatusName, number>(SUMMARY_CARDS.map(({ card }, i) => [card, i]))

function cardOf(row: DeviceRecord): number {
  const card = summaryCardOf(row)
  return card === null ? -1 : (CARD_INDEX.get(card) ?? -1)
}

export class DashboardView {
  readonly #shownTime: (iso: string) => string
  #rows: ReadonlyArray<DeviceRecord> = []
  /** Each row's searchable text, by position in #rows; made when first needed. */
  #texts: Array<string | undefined> = []
  /** Texts already made, by row object, for when rows come or go and positions shift. */
  #textsByRow = new WeakMap<DeviceRecord, string>()
  /** Where the idle-time preparation of #texts has got to. */
  #prepared = 0
  /** Whether each row passes #query; valid only while #passesValid. */
  #passes = new Uint8Array(0)
  #passesValid = false
  #query: Query = queryOf({}, '')
  #visible: ReadonlyArray<DeviceRecord> = []
  #counts: ReadonlyArray<SummaryCardCount> = summaryCardCounts([])
  #cardCounts: number[] = this.#counts.map(({ count }) => count)

  constructor(shownTime: (iso: string) => string = () => '') {
    this.#shownTime = shownTime
  }

  /** What the dashboard shows of `rows` with `filters` chosen and `search` typed. */
  update(rows: ReadonlyArray<DeviceRecord>, filters: DashboardFilters, search: string): DashboardViewState {
    const query = queryOf(filters, search)
    const changed = rows === this.#rows ? [] : changedRows(this.#rows, rows)
    let visibleStale = false

    if (changed === null) {
      this.#replaceRows(rows)
      visibleStale = true
    } else if (changed.length > 0) {
      this.#patchRows(rows, changed)
      if (this.#passesValid) {
        if (query.filterKey === this.#query.filterKey && query.needle === this.#query.needle) {
          // The same search: only the changed rows are looked at again.
          for (const i of changed) {
            const passes = this.#test(i, query) ? 1 : 0
            if (passes === 1 || this.#passes[i] === 1) visibleStale = true
            this.#passes[i] = passes
          }
        } else {
          // A new search follows: the changed rows are looked at with it whatever they were.
          for (const i of changed) this.#passes[i] = 1
        }
      }
    }

    if (isEmpty(query)) {
      this.#passesValid = false
      this.#visible = this.#rows
    } else {
      if (
        !this.#passesValid ||
        query.filterKey !== this.#query.filterKey ||
        query.needle !== this.#query.needle
      ) {
        this.#filter(query)
        visibleStale = true
      }
      if (visibleStale) this.#visible = this.#collectVisible()
    }
    this.#query = query
    return { visible: this.#visible, counts: this.#counts }
  }

  /**
   * Makes the searchable texts of the rows not made yet, until `hasTime` says to stop; true once
   * every row has one. Run while the browser is idle, so the first key press does not wait.
   */
  prepareSearch(hasTime: () => boolean): boolean {
    const rows = this.#rows
    while (this.#prepared < rows.length) {
      const end = Math.min(rows.length, this.#prepared + 500)
      for (let i = this.#prepared; i < end; i += 1) this.#textAt(i)
      this.#prepared = end
      if (!hasTime()) break
    }
    return this.#prepared >= rows.length
  }

  /** A new list whose rows came, went or moved: positions start again, texts already made are kept by row. */
  #replaceRows(rows: ReadonlyArray<DeviceRecord>) {
    this.#rows = rows
    this.#texts = new Array<string | undefined>(rows.length)
    this.#prepared = 0
    this.#passes = new Uint8Array(rows.length)
    this.#passesValid = false
    this.#counts = summaryCardCounts(rows)
    this.#cardCounts = this.#counts.map(({ count }) => count)
  }

  /** The same list with the rows at `changed` replaced. */
  #patchRows(rows: ReadonlyArray<DeviceRecord>, changed: ReadonlyArray<number>) {
    let countsChanged = false
    for (const i of changed) {
      const before = cardOf(this.#rows[i] as DeviceRecord)
      const after = cardOf(rows[i] as DeviceRecord)
      if (before !== after) {
        if (before >= 0) this.#cardCounts[before] = (this.#cardCounts[before] ?? 0) - 1
        if (after >= 0) this.#cardCounts[after] = (this.#cardCounts[after] ?? 0) + 1
        countsChanged = true
      }
      this.#texts[i] = undefined
    }
    this.#rows = rows
    if (countsChanged) {
      this.#counts = SUMMARY_CARDS.map((card, i) => ({ ...card, count: this.#cardCounts[i] ?? 0 }))
    }
  }

  /**
   * Works out which rows pass `query`. A search that contains the one before, with the same
   * filters, can only drop rows: only the rows that passed are looked at.
   */
  #filter(query: Query) {
    const narrowing =
      this.#passesValid &&
      !isEmpty(this.#query) &&
      query.filterKey === this.#query.filterKey &&
      query.needle.includes(this.#query.needle)
    // The loop every key press runs over up to 100,000 rows: fields read once, texts read directly.
    const passes = this.#passes
    const rows = this.#rows
    const texts = this.#texts
    const { needle } = query
    const filtered = hasFilters(query)
    for (let i = 0; i < rows.length; i += 1) {
      if (narrowing && passes[i] === 0) continue
      if (filtered && !matchesFilters(rows[i] as DeviceRecord, query)) passes[i] = 0
      else passes[i] = needle === '' || (texts[i] ?? this.#textAt(i)).includes(needle) ? 1 : 0
    }
    this.#passesValid = true
  }

  #test(i: number, query: Query): boolean {
    if (!matchesFilters(this.#rows[i] as DeviceRecord, query)) return false
    return query.needle === '' || this.#textAt(i).includes(query.needle)
  }

  #textAt(i: number): string {
    let text = this.#texts[i]
    if (text === undefined) {
      const row = this.#rows[i] as DeviceRecord
      text = this.#textsByRow.get(row)
      if (text === undefined) {
        text = searchTextOf(row, this.#shownTime)
        this.#textsByRow.set(row, text)
      }
      this.#texts[i] = text
    }
    return text
  }

  #collectVisible(): DeviceRecord[] {
    const visible: DeviceRecord[] = []
    const rows = this.#rows
    const passes = this.#passes
    for (let i = 0; i < rows.length; i += 1) if (passes[i] === 1) visible.push(rows[i] as DeviceRecord)
    return visible
  }
}
