import * as React from 'react'
import { FilterSelect, SearchField } from '@/components/ui/list-controls'
import {
  addedByText,
  CATALOGUE_KIND_LABELS,
  CATALOGUE_KINDS,
  type CatalogueEntry,
  type CatalogueKind,
} from '@/contract/catalogue-review'
import { formatPortalTime } from '@/lib/format-time'
import {
  type CatalogueFilter,
  filterEntries,
  parentText,
  reviewText,
} from '@/features/catalogue/model/catalogue-view'

/** The most rows shown at once; the search narrows the rest. */
export const CATALOGUE_ROWS_SHOWN = 100

const cellClasses = 'px-3 py-2.5 align-top'
const headClasses = `${cellClasses} text-start font-semibold`

/**
 * Every entry of the catalogue — manufacturers, device names, types and product classes — with
 * where it hangs, who added it ('Programme' for the seed) and when, and the lab's review of an
 * addition. A search over every column and a kind filter; a table on wide screens, cards on phones.
 */
export function CatalogueList({ entries }: { entries: ReadonlyArray<CatalogueEntry> }) {
  const [filter, setFilter] = React.useState<CatalogueFilter>({ q: '', kind: 'all' })
  const found = filterEntries(entries, filter)
  const shown = found.slice(0, CATALOGUE_ROWS_SHOWN)
  return (
    <section aria-labelledby="catalogue-list-title" className="flex flex-col gap-3">
      <h2 id="catalogue-list-title" className="text-heading text-ink">
        The catalogue
      </h2>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <SearchField
          label="Search the catalogue"
          placeholder="Name, manufacturer, organization…"
          maxLength={100}
          value={filter.q}
          onChange={(q) => setFilter((current) => ({ ...current, q }))}
        />
        <FilterSelect
          label="Kind"
          allLabel="Every kind"
          value={filter.kind === 'all' ? undefined : filter.kind}
          options={CATALOGUE_KINDS.map((kind) => ({ value: kind, label: CATALOGUE_KIND_LABELS[kind] }))}
          onChange={(kind) =>
            setFilter((current) => ({ ...current, kind: (kind as CatalogueKind | undefined) ?? 'all' }))
          }
        />
      </div>
      <p className="text-small text-ink-muted" aria-live="polite">
        {found.length > shown.length
          ? `${found.length} entries; the first ${shown.length} are shown. Search to narrow them.`
          : `${found.length} ${found.length === 1 ? 'entry' : 'entries'}`}
      </p>
      {shown.length === 0 ? null : (
        <>
          <EntriesTable entries={shown} />
          <ul aria-label="Catalogue entries" className="flex flex-col gap-2 md:hidden">
            {shown.map((entry) => (
              <li
                key={entry.entryId}
                className="flex flex-col gap-0.5 rounded-card border border-line bg-surface p-3"
              >
                <span className="text-caption font-semibold text-ink-muted uppercase">
                  {CATALOGUE_KIND_LABELS[entry.kind]}
                </span>
                <span className="text-body font-semibold break-words text-ink">
                  {entry.value} <span className="font-normal text-ink-muted">{parentText(entry)}</span>
                </span>
                <span className="text-small text-ink-muted">
                  {[
                    `Added by ${addedByText(entry.addedBy)}`,
                    formatPortalTime(entry.addedAt),
                    reviewText(entry),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}

function EntriesTable({ entries }: { entries: ReadonlyArray<CatalogueEntry> }) {
  return (
    <div className="hidden overflow-x-auto rounded-card border border-line bg-surface md:block">
      <table className="w-full border-collapse text-start text-small">
        <caption className="sr-only">Catalogue entries</caption>
        <thead className="bg-surface-sunken text-ink-muted">
          <tr>
            {['Kind', 'Entry', 'Under', 'Added by', 'Added', 'Review'].map((head) => (
              <th key={head} scope="col" className={headClasses}>
                {head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.entryId} className="border-t border-line text-ink">
              <td className={cellClasses}>{CATALOGUE_KIND_LABELS[entry.kind]}</td>
              <th scope="row" className={headClasses}>
                {entry.value}
              </th>
              <td className={cellClasses}>{entry.parent}</td>
              <td className={cellClasses}>{addedByText(entry.addedBy)}</td>
              <td className={cellClasses}>{formatPortalTime(entry.addedAt)}</td>
              <td className={cellClasses}>
                {reviewText(entry)}
                {entry.review?.decidedBy ? (
                  <span className="block text-caption text-ink-muted">{`by ${entry.review.decidedBy}`}</span>
                ) : null}
                {entry.review?.reason ? (
                  <span className="block text-caption text-ink-muted">{entry.review.reason}</span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
