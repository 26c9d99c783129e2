import { Link } from '@tanstack/react-router'
import { CircleAlert } from 'lucide-react'
import * as React from 'react'
import { PageShell } from '@/components/layout/page-shell'
import { Button } from '@/components/ui/button'
import { FilterSelect, Pager, SearchField } from '@/components/ui/list-controls'
import { Spinner } from '@/components/ui/spinner'
import { ViewNodeContent } from '@/components/ui/view-node'
import {
  DIRECTORY_PAGE_SIZE,
  DIRECTORY_SEARCH_MAX_LENGTH,
  type DirectoryAnswer,
} from '@/contract/certificates'
import { pageCount } from '@/lib/paging'
import { useHydrated } from '@/lib/use-hydrated'
import { type DirectoryCall, useDirectory } from '@/features/certificates/api/directory'
import {
  DIRECTORY_LEAD,
  DIRECTORY_LOADING_TEXT,
  DIRECTORY_TITLE,
} from '@/features/certificates/model/directory-text'
import {
  directoryEntriesView,
  directoryRangeView,
  RESULTS_CLASS,
  RESULTS_HEAD_CLASS,
} from '@/features/certificates/model/directory-view'
import { directoryFirstPage } from '@/features/certificates/model/shell-answer'
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
  // Decided when the page mounts: only a page hydrated from the prerendered HTML has a script's read.
  const [firstPage] = React.useState(() => (hydrated ? undefined : directoryFirstPage()))
  const { answer, reading, error, retry } = useDirectory(hydrated ? queryOf(params) : null, firstPage)
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

/**
 * Where the results go. In the prerendered page it holds "Reading the certified devices…", which
 * the page's own script (directory-shell.ts) replaces with the first page before the app has
 * started; while the app hydrates the page it leaves that content as it is (React does not hydrate
 * what is inside an element given `dangerouslySetInnerHTML`), then renders the same page itself.
 */
function Results(props: ResultsProps) {
  const hydrated = useHydrated()
  if (typeof document !== 'undefined' && !hydrated)
    return (
      <div
        data-slot="directory-results"
        className={RESULTS_CLASS}
        suppressHydrationWarning
        dangerouslySetInnerHTML={SHELL_CONTENT}
      />
    )
  return (
    <div data-slot="directory-results" className={RESULTS_CLASS}>
      <ResultsContent {...props} />
    </div>
  )
}

/** What React writes into the slot while hydrating: nothing — it keeps what is there (one object, never rewritten). */
const SHELL_CONTENT = { __html: '' }

type ResultsProps = {
  answer: DirectoryAnswer | null
  reading: boolean
  error: string | null
  filtered: boolean
  onRetry: () => void
  onClear: () => void
  onPage: (page: number) => void
}

function ResultsContent({ answer, reading, error, filtered, onRetry, onClear, onPage }: ResultsProps) {
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
    <>
      <div className={RESULTS_HEAD_CLASS}>
        <ViewNodeContent node={directoryRangeView(answer, { reading })} />
        {filtered ? (
          <Button variant="ghost" size="sm" onClick={onClear}>
            Clear filters
          </Button>
        ) : null}
      </div>
      <ViewNodeContent node={directoryEntriesView(answer, { filtered, reading })} />
      <Pager label="Certified devices pages" page={answer.page} pages={pages} onPage={onPage} />
    </>
  )
}

export { DirectoryPage }
