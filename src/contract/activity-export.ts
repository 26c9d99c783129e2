import {
  ACTIVITY_ACTIONS,
  ACTIVITY_EXPORT_COLUMNS,
  ACTIVITY_LABELS,
  type ActivityAction,
  type ActivityEntry,
  activityRangeEnd,
} from '@/contract/team'

/*
 * docs/decisions/0044: what the activity log's filters select, and the export's file formats —
 * the main service writes the file with these (server/organizations/activity-routes.ts), the mocks
 * too; the service selects in SQL by the same rules (server/organizations/activity-read.ts).
 */

/** The log's filters as the list and the export take them. */
export type ActivityFilter = {
  /** Text in the subject, the actor's name or the action's label, any case. */
  q?: string
  from?: string
  /** Inclusive; a day-only `to` includes the whole day. */
  to?: string
  action?: ActivityAction
  actorAccountId?: string
}

/** The actions whose label holds `text`, any case ('listed' finds certificate.listed). */
export function actionsLabelled(text: string): ActivityAction[] {
  const needle = text.toLowerCase()
  return ACTIVITY_ACTIONS.filter((action) => ACTIVITY_LABELS[action].toLowerCase().includes(needle))
}

/** Whether `entry` is one the filters select. */
export function activityMatches(entry: ActivityEntry, filter: ActivityFilter): boolean {
  const at = new Date(entry.at).getTime()
  const q = filter.q?.trim().toLowerCase()
  return (
    (filter.action === undefined || entry.action === filter.action) &&
    (filter.actorAccountId === undefined || entry.actorAccountId === filter.actorAccountId) &&
    (filter.from === undefined || at >= new Date(filter.from).getTime()) &&
    (filter.to === undefined || at < activityRangeEnd(filter.to).getTime()) &&
    (!q ||
      entry.subject.toLowerCase().includes(q) ||
      entry.actorName.toLowerCase().includes(q) ||
      actionsLabelled(q).includes(entry.action))
  )
}

/**
 * A CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break; a cell a spreadsheet
 * would run as a formula (=, +, -, @, tab, carriage return first) starts with an apostrophe instead.
 */
export function csvCell(value: string | null): string {
  const text = value ?? ''
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

const csvLine = (cells: ReadonlyArray<string | null>) => `${cells.map(csvCell).join(',')}\r\n`

export type ActivityExportShape = {
  /** The answer's Content-Type. */
  type: string
  start: string
  /** A batch of lines, newest first; `first` for the file's first batch. */
  lines(entries: ReadonlyArray<ActivityEntry>, first: boolean): string
  end: string
}

/** The two files: CSV with a byte-order mark (spreadsheets then read UTF-8) and a header row; JSON, an array. */
export const ACTIVITY_EXPORT_SHAPES = {
  csv: {
    type: 'text/csv; charset=utf-8',
    start: `\uFEFF${csvLine(ACTIVITY_EXPORT_COLUMNS)}`,
    lines: (entries) =>
      entries.map((entry) => csvLine(ACTIVITY_EXPORT_COLUMNS.map((column) => entry[column]))).join(''),
    end: '',
  },
  json: {
    type: 'application/json; charset=utf-8',
    start: '[',
    lines: (entries, first) =>
      (first || entries.length === 0 ? '' : ',') + entries.map((entry) => JSON.stringify(entry)).join(','),
    end: ']\n',
  },
} as const satisfies Record<'csv' | 'json', ActivityExportShape>

/** The file's name: activity-2026-11-28.csv. */
export const activityExportFileName = (format: 'csv' | 'json', now = new Date()) =>
  `activity-${now.toISOString().slice(0, 10)}.${format}`

/** A whole file of `entries` (the mocks'; the service writes it a batch at a time). */
export function activityExportFile(format: 'csv' | 'json', entries: ReadonlyArray<ActivityEntry>) {
  const shape = ACTIVITY_EXPORT_SHAPES[format]
  return `${shape.start}${shape.lines(entries, true)}${shape.end}`
}
