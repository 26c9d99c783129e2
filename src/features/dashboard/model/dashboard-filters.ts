import { AWAITING_REVIEW_LABEL } from '@/contract/lab'
import type { DeviceRecord, RecordStatusName } from '@/contract/records'
import { AWAITING_REVIEW_STATUS } from '@/contract/run-status'

/*
 * The dashboard's filters and search (spec §2 "Dashboard"): five filters whose options come from
 * the loaded rows, sorted, and a free-text search across all row values. Which rows pass is worked
 * out by dashboard-view.ts, a change at a time, for lists of 100,000 rows.
 */

export const DASHBOARD_FILTERS = [
  { key: 'vendor', label: 'Device Vendor' },
  { key: 'deviceName', label: 'Device Name' },
  { key: 'deviceType', label: 'Device Type' },
  { key: 'productClass', label: 'Product Class' },
  { key: 'status', label: 'Status' },
] as const

export type FilterKey = (typeof DASHBOARD_FILTERS)[number]['key']
/**
 * The chosen value of each filter; a filter without a value lets every row through. `card` is the
 * summary card tapped on the phone's strip (docs/decisions/0035 point 1): the rows that card
 * counts.
 */
export type DashboardFilters = Partial<Record<FilterKey, string>> & { card?: RecordStatusName }

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true })

/**
 * A filter's options: the distinct non-empty values of the loaded rows, sorted. Made when the
 * filter's list opens, not with the first render.
 */
export function filterOptions(rows: ReadonlyArray<DeviceRecord>, key: FilterKey): string[] {
  const values = new Set<string>()
  for (const row of rows) {
    const value = row[key]
    if (value) values.add(value)
  }
  return [...values].sort(collator.compare)
}

/**
 * How a filter shows one of its options: the value itself, but for the Status filter a status
 * beyond spec §4 that has a label of its own (AwaitingReview is 'Awaiting review'). The
 * chosen value stays the status, as stored.
 */
export function filterOptionLabel(key: FilterKey, value: string): string {
  return key === 'status' && value === AWAITING_REVIEW_STATUS ? AWAITING_REVIEW_LABEL : value
}

/** The values a row is searched by: every column the table shows, as text. */
const SEARCHED: ReadonlyArray<keyof DeviceRecord> = [
  'vendor',
  'deviceName',
  'deviceType',
  'productClass',
  'baseFirmwareVersion',
  'businessDomain',
  'creationTime',
  'createdBy',
  'status',
  'isCertified',
]

/** One row's searchable text, lower-cased, with its creation time as shown (`shownTime`). */
export function searchTextOf(row: DeviceRecord, shownTime: (iso: string) => string = () => ''): string {
  let text = ''
  for (const key of SEARCHED) text += `${String(row[key] ?? '')}\u0000`
  // The words the Status column shows for it, too.
  if (row.status === AWAITING_REVIEW_STATUS) text += `${AWAITING_REVIEW_LABEL}\u0000`
  return `${text}${shownTime(row.creationTime)}`.toLowerCase()
}

export function hasActiveFilters(filters: DashboardFilters): boolean {
  return activeFilterCount(filters, '') > 0
}

/** How many filters are chosen (the card among them) and whether a search is typed: the phone's Filters button shows it. */
export function activeFilterCount(filters: DashboardFilters, search: string): number {
  const chosen = DASHBOARD_FILTERS.filter(({ key }) => Boolean(filters[key])).length
  return chosen + (filters.card ? 1 : 0) + (search.trim() === '' ? 0 : 1)
}
