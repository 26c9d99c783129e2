import {
  addedByText,
  CATALOGUE_KIND_LABELS,
  type CatalogueEntry,
  type CatalogueKind,
  REVIEW_STATE_LABELS,
} from '@/contract/catalogue-review'

/*
 * The catalogue page's pure rules (docs/decisions/0034): which entries wait in the review queue
 * and what the search and the kind filter keep (what is shared, and what an addition may be
 * mapped onto, are the contract's: the fixture world's handlers ask them too).
 */

export type CatalogueFilter = { q: string; kind: CatalogueKind | 'all' }

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

/** How a row names where an entry hangs: 'Manufacturer: TP-Link'; nothing for a manufacturer. */
export const parentText = (entry: Pick<CatalogueEntry, 'kind' | 'parent'>) =>
  entry.kind === 'vendor' ? '' : `${PARENT_WORDS[entry.kind]} ${entry.parent}`

const PARENT_WORDS: Readonly<Record<Exclude<CatalogueKind, 'vendor'>, string>> = {
  'device-name': 'by',
  'device-type': 'of',
  'product-class': 'of',
}
