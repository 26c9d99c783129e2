/*
 * What the selects and the read-only views show (spec §2, §3): lists that keep a chosen value the
 * list does not hold, chosen values in their natural order, the serial-number rows allowed.
 */

/** A saved value the current list does not hold (the list is still loading) stays choosable. */
export function withCurrent(options: ReadonlyArray<string>, current: string): string[] {
  return current && !options.includes(current) ? [...options, current] : [...options]
}

/**
 * A cascade list without its closing 'Add New …' option, which the select shows apart, and with
 * the chosen value even when the list does not hold it: a submitted record's name typed as new
 * joined the catalogue, but the catalogue may have been read before it did.
 */
export function withSaved(options: ReadonlyArray<string>, chosen: string, addNew: string): string[] {
  return withCurrent(
    options.filter((option) => option !== addNew),
    chosen === addNew ? '' : chosen,
  )
}

/** Chosen values in the order of their options, for the read-only views. */
export function inOrder(chosen: ReadonlyArray<string>, order: ReadonlyArray<string>): string {
  return order.filter((option) => chosen.includes(option)).join(', ')
}

const MAX_SERIAL_ROWS = 3

/** Spec §2: serial rows up to the device count, clamped to 0–3 (one row is always shown). */
export function serialRowLimit(deviceCount: string): number {
  const count = /^\d+$/.test(deviceCount.trim()) ? Number(deviceCount.trim()) : 0
  return Math.max(1, Math.min(MAX_SERIAL_ROWS, count))
}
