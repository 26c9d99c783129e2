import * as React from 'react'
import type { DeviceRecord } from '@/contract/records'
import { changedRows } from '@/features/dashboard/model/dashboard-view'
import {
  isProgressAnimated,
  PROGRESS_FULL_AFTER_MS,
  PROGRESS_STEP_MS,
} from '@/features/dashboard/model/progress'
import { useClock } from '@/lib/clock'

/**
 * The InProgress bars advance with time (visual only, spec §4): when each row was first seen running.
 * A list that differs from the one before only in some rows (the live stream's patches) is looked
 * at only in those rows.
 */
export function useProgressClock(rows: ReadonlyArray<DeviceRecord>) {
  const clock = useClock()
  const startedAt = React.useRef(new Map<string, number>())
  const seenRows = React.useRef<ReadonlyArray<DeviceRecord>>([])
  const [now, setNow] = React.useState(() => clock.now())

  React.useEffect(() => {
    const seen = startedAt.current
    const start = clock.now()
    const note = (row: DeviceRecord) => {
      if (isProgressAnimated(row)) {
        if (!seen.has(row.portfolioManagerId)) seen.set(row.portfolioManagerId, start)
      } else seen.delete(row.portfolioManagerId)
    }
    const changed = changedRows(seenRows.current, rows)
    if (changed === null) for (const row of rows) note(row)
    else for (const i of changed) note(rows[i] as DeviceRecord)
    seenRows.current = rows
    if (seen.size === 0) return undefined
    const stop = clock.every(PROGRESS_STEP_MS, () => {
      const current = clock.now()
      setNow(current)
      // Every running bar is full: the clock can rest until the list changes.
      if ([...seen.values()].every((first) => current - first >= PROGRESS_FULL_AFTER_MS)) stop()
    })
    return stop
  }, [clock, rows])

  return React.useCallback(
    (record: DeviceRecord) => now - (startedAt.current.get(record.portfolioManagerId) ?? now),
    [now],
  )
}
