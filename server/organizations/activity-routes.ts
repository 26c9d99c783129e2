import { Hono } from 'hono'
import { stream } from 'hono/streaming'
import { ACTIVITY_EXPORT_SHAPES, activityExportFileName } from '@/contract/activity-export'
import { ACTIVITY_PAGE_SIZE, ACTIVITY_RANGE_ORDER_MESSAGE, activityRangeInOrder } from '@/contract/team'
import type { MainEnv } from '../http/context.ts'
import { attachmentDisposition } from '../http/file-names.ts'
import { vendorRoute } from '../http/route.ts'
import { activityLines } from './activity-read.ts'

/*
 * docs/decisions/0044: the organization's activity log for those who read it (the `team`
 * permission: Owners) — a page at a time with its filters, and every line the filters select as a
 * CSV or JSON file.
 */

export const activityRoutes = new Hono<MainEnv>()

vendorRoute(activityRoutes, 'activityLog', async (c) => {
  const { before, vendorUserId: _acting, ...filter } = c.var.body
  if (!activityRangeInOrder(filter))
    return c.json({ message: ACTIVITY_RANGE_ORDER_MESSAGE, field: 'to' }, 400)
  let beforeId: number | undefined
  if (before !== undefined) {
    beforeId = /^\d{1,15}$/.test(before) ? Number(before) : Number.NaN
    if (Number.isNaN(beforeId))
      return c.json({ message: 'before must be an activityId.', field: 'before' }, 400)
  }
  const rows = await activityLines(c.var.services.db, c.var.organizationId, filter, {
    limit: ACTIVITY_PAGE_SIZE + 1,
    beforeId,
  })
  const entries = rows.slice(0, ACTIVITY_PAGE_SIZE)
  const last = entries.at(-1)
  return c.json({ entries, next: rows.length > ACTIVITY_PAGE_SIZE && last ? last.activityId : null })
})

/** Lines read from the database per round of the export. */
const EXPORT_BATCH = 1000

vendorRoute(activityRoutes, 'activityExport', (c) => {
  const { format, vendorUserId: _acting, ...filter } = c.var.body
  if (!activityRangeInOrder(filter))
    return c.json({ message: ACTIVITY_RANGE_ORDER_MESSAGE, field: 'to' }, 400)
  const { db } = c.var.services
  const { organizationId } = c.var
  const shape = ACTIVITY_EXPORT_SHAPES[format]
  c.header('Content-Type', shape.type)
  c.header('Content-Disposition', attachmentDisposition(activityExportFileName(format)))
  c.header('Cache-Control', 'no-store')
  return stream(c, async (out) => {
    await out.write(shape.start)
    let beforeId: number | undefined
    let first = true
    for (;;) {
      const batch = await activityLines(db, organizationId, filter, { limit: EXPORT_BATCH, beforeId })
      if (batch.length > 0) await out.write(shape.lines(batch, first))
      first = false
      const last = batch.at(-1)
      if (batch.length < EXPORT_BATCH || !last) break
      beforeId = Number(last.activityId)
    }
    await out.write(shape.end)
  })
})
