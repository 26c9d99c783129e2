import { HttpResponse } from 'msw'
import {
  activityExportFile,
  ACTIVITY_EXPORT_SHAPES,
  activityExportFileName,
  activityMatches,
} from '@/contract/activity-export'
import { can, ROLE_REFUSALS, type Role } from '@/contract/roles'
import { ACTIVITY_PAGE_SIZE, ACTIVITY_RANGE_ORDER_MESSAGE, activityRangeInOrder } from '@/contract/team'
import { world, type MockVendor } from '@/mocks/fixtures/world'
import { answer, vendorEndpoint } from '@/mocks/mock-endpoint'

/*
 * The organization's activity log in the fixture world (docs/decisions/0044): a page at a time with
 * the log's filters, and the filtered lines as a CSV or JSON file, for Owners only, as the server.
 */

const roleOf = (vendor: MockVendor): Role => vendor.authData.role ?? 'Owner'

function refused(vendor: MockVendor, filter: { from?: string; to?: string }) {
  if (!can(roleOf(vendor), 'team')) return answer(ROLE_REFUSALS.team, 403)
  if (!activityRangeInOrder(filter))
    return HttpResponse.json({ message: ACTIVITY_RANGE_ORDER_MESSAGE, field: 'to' }, { status: 400 })
  return undefined
}

export const activityHandlers = [
  vendorEndpoint('activityLog', ({ body, vendor }) => {
    const { before: beforeId, vendorUserId: _acting, ...filter } = body
    const refusal = refused(vendor, filter)
    if (refusal) return refusal
    const before = beforeId === undefined ? Number.POSITIVE_INFINITY : Number(beforeId)
    const matching = world.team.activity.filter(
      (entry) => Number(entry.activityId) < before && activityMatches(entry, filter),
    )
    const entries = matching.slice(0, ACTIVITY_PAGE_SIZE)
    const next = matching.length > ACTIVITY_PAGE_SIZE ? (entries.at(-1)?.activityId ?? null) : null
    return HttpResponse.json({ entries, next })
  }),

  vendorEndpoint('activityExport', ({ body, vendor }) => {
    const { format, vendorUserId: _acting, ...filter } = body
    const refusal = refused(vendor, filter)
    if (refusal) return refusal
    const entries = world.team.activity.filter((entry) => activityMatches(entry, filter))
    return new HttpResponse(activityExportFile(format, entries), {
      headers: {
        'Content-Type': ACTIVITY_EXPORT_SHAPES[format].type,
        'Content-Disposition': `attachment; filename="${activityExportFileName(format)}"`,
      },
    })
  }),
]
