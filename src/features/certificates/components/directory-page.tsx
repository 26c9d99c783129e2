import { Link } from '@tanstack/react-router'
import { BadgeCheck, CircleAlert } from 'lucide-react'
import { PageShell } from '@/components/layout/page-shell'
import { Button } from '@/components/ui/button'
import { FilterSelect, Pager, SearchField } from '@/components/ui/list-controls'
import { Spinner } from '@/components/ui/spinner'
import {
  DIRECTORY_PAGE_SIZE,
  DIRECTORY_SEARCH_MAX_LENGTH,
  type DirectoryAnswer,
  type DirectoryEntry,
} from '@/contract/certificates'
import { pageCount, rangeText } from '@/lib/paging'
import { useHydrated } from '@/lib/use-hydrated'
import { cn } from '@/lib/utils'
import { type DirectoryCall, useDirectory } from '@/features/certificates/api/directory'
import {
  DIRECTORY_EMPTY_MESSAGE,
  DIRECTORY_LEAD,
  DIRECTORY_LOADING_TEXT,
  DIRECTORY_NO_MATCH_MESSAGE,
  DIRECTORY_NONE_TEXT,
  DIRECTORY_TITLE,
} from '@/features/certificates/model/directory-text'
import { VERIFY_TITLE } from '@/features/certificates/model/verify-text'

/** The directory's state in the address: /certified-devices?search=…&vendor=…&page=2. */
export type DirectoryParams = {
  search?: string | undefined
  vendor?: string | undefined
  deviceType?: string | undefined
  productClass?: string | undefined
  /** From 2; the first page has none. */
  page?: number | undefined
}

type DirectoryPageProps = {
  params: DirectoryParams
  onParams: (next: DirectoryParams) => void
}

/** The call's query for the address's parameters: only what is set. */
function queryOf(params: DirectoryParams): DirectoryCall {
  return {
    ...(params.search ? { search: params.search } : {}),
    ...(params.vendor ? { vendor: params.vendor } : {}),
    ...(params.deviceType ? { deviceType: params.deviceType } : {}),
    ...(params.productClass ? { productClass: params.productClass } : {}),
    ...(params.page && params.page > 1 ? { page: String(params.page) } : {}),
  }
}

/**
 * /certified-devices: the public directory of certified devices. Every certificate that
 * is valid and that its organization chose to list, newest first, searched and filtered on the
 * server a page at a time. Each entry opens its certificate's verification page. The page is
 * prerendered without parameters; what the address asks for is read once it has hydrated.
 */
function DirectoryPage({ params, onParams }: DirectoryPageProps) {
  const hydrated = useHydrated()
  const shown = hydrated ? params : {}
  const { answer, reading, error, retry } = useDirectory(hydrated ? queryOf(params) : null)
  const filtered = Boolean(shown.search || shown.vendor || shown.deviceType || shown.productClass)
  const change = (next: Partial<DirectoryParams>) => onParams({ ...params, page: undefined, ...next })

  return (
    <PageShell
      title={DIRECTORY_TITLE}
      lead={DIRECTORY_LEAD}
      actions={
        <Button asChild variant="outline">
          <Link to="/verify">{VERIFY_TITLE}</Link>
        </Button>
      }
    >
      <div role="search" aria-label="Search the certified devices">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_12rem_12rem_12rem]">
          <SearchField
            placeholder="Device, vendor, organization or number"
            maxLength={DIRECTORY_SEARCH_MAX_LENGTH}
            value={shown.search ?? ''}
            onChange={(search) => change({ search: search || undefined })}
          />
          {FILTERS.map(({ key, facet, label, allLabel }) => (
            <FilterSelect
              key={key}
              label={label}
              allLabel={allLabel}
              value={shown[key]}
              options={optionsOf(answer?.facets[facet], shown[key])}
              onChange={(value) => change({ [key]: value })}
            />
          ))}
        </div>
      </div>
      <Results
        answer={answer}
        reading={reading}
        error={error}
        filtered={filtered}
        onRetry={retry}
        onClear={() => onParams({})}
        onPage={(page) => onParams({ ...params, page: page > 1 ? page : undefined })}
      />
    </PageShell>
  )
}

/** The filters, each with the facet that gives its choices. */
const FILTERS = [
  { key: 'vendor', facet: 'vendors', label: 'Vendor', allLabel: 'All vendors' },
  { key: 'deviceType', facet: 'deviceTypes', label: 'Device type', allLabel: 'All device types' },
  { key: 'productClass', facet: 'productClasses', label: 'Product class', allLabel: 'All product classes' },
] as const

/** A filter's choices: the listed values, and the address's own when no listed entry has it. */
function optionsOf(values: readonly string[] | undefined, current: string | undefined) {
  const all = values ?? []
  const listed = current && !all.includes(current) ? [current, ...all] : all
  return listed.map((value) => ({ value, label: value }))
}

function Results({
  answer,
  reading,
  error,
  filtered,
  onRetry,
  onClear,
  onPage,
}: {
  answer: DirectoryAnswer | null
  reading: boolean
  error: string | null
  filtered: boolean
  onRetry: () => void
  onClear: () => void
  onPage: (page: number) => void
}) {
  if (error)
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-card border border-warning bg-warning-soft p-4"
      >
        <p className="flex items-center gap-2 text-body text-ink">
          <CircleAlert aria-hidden="true" className="size-5 shrink-0 text-warning" />
          {error}
        </p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </div>
    )
  if (!answer)
    return (
      <p role="status" className="flex items-center gap-2 text-body text-ink-muted">
        <Spinner aria-hidden="true" /> {DIRECTORY_LOADING_TEXT}
      </p>
    )
  const pages = pageCount(answer.total, answer.pageSize || DIRECTORY_PAGE_SIZE)
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p aria-live="polite" className="text-small text-ink-muted" data-updating={reading || undefined}>
          {rangeText(answer.page, answer.pageSize, answer.total, DIRECTORY_NONE_TEXT)}
        </p>
        {filtered ? (
          <Button variant="ghost" size="sm" onClick={onClear}>
            Clear filters
          </Button>
        ) : null}
      </div>
      {answer.items.length === 0 ? (
        <div className="rounded-card border border-dashed border-line-strong p-8 text-center text-body text-ink-muted">
          {filtered || answer.total > 0 ? DIRECTORY_NO_MATCH_MESSAGE : DIRECTORY_EMPTY_MESSAGE}
        </div>
      ) : (
        <ul
          aria-label={DIRECTORY_TITLE}
          className={cn('grid gap-3 sm:grid-cols-2 lg:grid-cols-3', reading && 'opacity-70')}
        >
          {answer.items.map((entry) => (
            <EntryCard key={entry.number} entry={entry} />
          ))}
        </ul>
      )}
      <Pager label="Certified devices pages" page={answer.page} pages={pages} onPage={onPage} />
    </div>
  )
}

/** The device's certified firmware, newest first (docs/decisions/0033): the term says how many. */
const firmwareTerm = (versions: readonly string[]) =>
  versions.length === 1 ? 'Firmware' : 'Firmware versions'

function EntryCard({ entry }: { entry: DirectoryEntry }) {
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    })
  return (
    <li className="flex flex-col gap-2 rounded-card border border-line bg-surface p-4 shadow-card">
      <div className="flex items-start gap-2">
        <BadgeCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
        <div className="flex min-w-0 flex-col gap-0.5">
          <h2 className="text-body font-bold break-words text-ink">{`${entry.vendor} ${entry.deviceName}`}</h2>
          <p className="text-small text-ink-muted">{`${entry.deviceType} · ${entry.productClass}`}</p>
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-small">
        <dt className="text-ink-muted">Organization</dt>
        <dd className="break-words text-ink">{entry.organizationName}</dd>
        {entry.firmwareVersions && entry.firmwareVersions.length > 0 ? (
          <>
            <dt className="text-ink-muted">{firmwareTerm(entry.firmwareVersions)}</dt>
            <dd className="break-words text-ink" data-slot="firmware-versions">
              {entry.firmwareVersions.join(', ')}
            </dd>
          </>
        ) : null}
        <dt className="text-ink-muted">Certified</dt>
        <dd className="text-ink">{date(entry.issuedAt)}</dd>
        <dt className="text-ink-muted">Valid until</dt>
        <dd className="text-ink">{date(entry.expiresAt)}</dd>
      </dl>
      <Link
        to="/verify/$number"
        params={{ number: entry.number }}
        className="mt-auto self-start rounded-sm font-mono text-small font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:focus-ring"
        aria-label={`Certificate ${entry.number} of ${entry.vendor} ${entry.deviceName}`}
      >
        {entry.number}
      </Link>
    </li>
  )
}

export { DirectoryPage }
