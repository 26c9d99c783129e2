import {
  addedByText,
  CATALOGUE_KIND_LABELS,
  type CatalogueEntry,
  type CatalogueKind,
  REVIEW_STATE_LABELS,
} from '@/contract/catalogue-review'

/*
 * The catalogue page's pure rules (docs/decisions/0033): which entries wait in the review queue,
 * what the search and the kind filter keep, and what an addition may be mapped onto.
 */

export type CatalogueFilter = { q: string; kind: CatalogueKind | 'all' }

/** Whether an entry is in the shared catalogue: the programme's, or an addition the lab approved. */
export const isShared = (entry: CatalogueEntry) =>
  entry.review === null
    ? entry.addedBy === null || entry.kind === 'vendor'
    : entry.review.state === 'approved'

/** The additions awaiting a decision, the oldest first (first come, first decided). */
export function reviewQueue(entries: ReadonlyArray<CatalogueEntry>): CatalogueEntry[] {
  return entries
    .filter((entry) => entry.review?.state === 'pending')
    .sort((a, b) => a.addedAt.localeCompare(b.addedAt))
}

/** What the list's review column says: the state of an addition, or nothing for the programme's. */
export function reviewText(entry: CatalogueEntry): string {
  if (entry.review === null)
    return entry.addedBy === null ? '' : entry.kind === 'vendor' ? 'Manufacturer' : 'Follows its name'
  const { state, mappedTo } = entry.review
  return state === 'mapped' ? `Mapped onto “${mappedTo ?? ''}”` : REVIEW_STATE_LABELS[state]
}

/** The entries the search (any of the row's words, case aside) and the kind filter keep, in order. */
export function filterEntries(entries: ReadonlyArray<CatalogueEntry>, filter: CatalogueFilter) {
  const q = filter.q.trim().toLowerCase()
  return entries.filter((entry) => {
    if (filter.kind !== 'all' && entry.kind !== filter.kind) return false
    if (q === '') return true
    return [
      entry.value,
      entry.parent,
      addedByText(entry.addedBy),
      reviewText(entry),
      CATALOGUE_KIND_LABELS[entry.kind],
    ]
      .join(' ')
      .toLowerCase()
      .includes(q)
  })
}

/**
 * The shared entries an addition may be mapped onto: of its kind, under the same parent (case
 * aside) — but a type is one type under any name — each spelling once, sorted.
 */
export function mapTargets(entries: ReadonlyArray<CatalogueEntry>, addition: CatalogueEntry): string[] {
  const parent = addition.parent.toLowerCase()
  const values = entries
    .filter(
      (entry) =>
        entry.kind === addition.kind &&
        isShared(entry) &&
        (addition.kind === 'device-type' || entry.parent.toLowerCase() === parent),
    )
    .map((entry) => entry.value)
  return [...new Set(values)].sort((a, b) => a.localeCompare(b))
}

/** How a row names where an entry hangs: 'Manufacturer: TP-Link'; nothing for a manufacturer. */
export const parentText = (entry: Pick<CatalogueEntry, 'kind' | 'parent'>) =>
  entry.kind === 'vendor' ? '' : `${PARENT_WORDS[entry.kind]} ${entry.parent}`

const PARENT_WORDS: Readonly<Record<Exclude<CatalogueKind, 'vendor'>, string>> = {
  'device-name': 'by',
  'device-type': 'of',
  'product-class': 'of',
}
