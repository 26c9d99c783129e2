/*
 * Pages of a list read from the server (the lab's queue, the directory of certified devices).
 */

/** How many pages `total` items make; at least 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)))
}

/** 'Showing 51–100 of 230' (or `none` when there is nothing). */
export function rangeText(page: number, pageSize: number, total: number, none = 'No records'): string {
  if (total === 0) return none
  const first = (page - 1) * pageSize + 1
  const last = Math.min(total, page * pageSize)
  const number = (value: number) => value.toLocaleString('en-US')
  return `Showing ${number(first)}–${number(last)} of ${number(total)}`
}
