import { infiniteQueryOptions, useMutation } from '@tanstack/react-query'
import {
  ACTIVITY_EXPORT_SHAPES,
  activityExportFileName,
  type ActivityFilter,
} from '@/contract/activity-export'
import type { ActivityExportFormat } from '@/contract/team'
import { requestEndpoint } from '@/lib/call-endpoint'
import { type OrganizationId, organizationKeys } from '@/lib/query-keys'
import { saveFile } from '@/lib/save-file'

export type ActivityFilters = ActivityFilter

/** The filters that are set, as query parameters. */
function setFilters(filters: ActivityFilters) {
  const { q, from, to, action, actorAccountId } = filters
  return {
    ...(q ? { q } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(action ? { action } : {}),
    ...(actorAccountId ? { actorAccountId } : {}),
  }
}

/** GET /api/team/activity: newest first, a page at a time; `next` is the following page's `before`. */
export const activityQueryOptions = (
  organizationId: OrganizationId,
  vendorUserId: string,
  filters: ActivityFilters,
) =>
  infiniteQueryOptions({
    queryKey: organizationKeys(organizationId).activity(vendorUserId, setFilters(filters)),
    queryFn: ({ pageParam, signal }) =>
      requestEndpoint(
        'activityLog',
        { vendorUserId, ...setFilters(filters), ...(pageParam ? { before: pageParam } : {}) },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  })

type ExportRequest = { vendorUserId: string; filters: ActivityFilters; format: ActivityExportFormat }

/**
 * GET /api/team/activity/export: the lines the filters select, saved as a CSV or JSON file. The
 * CSV's byte-order mark, which reading the answer as text drops, is put back for spreadsheets.
 */
export function useExportActivityMutation() {
  return useMutation({
    meta: { failureToast: 'any' },
    mutationFn: async ({ vendorUserId, filters, format }: ExportRequest) => {
      const text = await requestEndpoint('activityExport', { vendorUserId, ...setFilters(filters), format })
      const body = format === 'csv' && !text.startsWith('\uFEFF') ? `\uFEFF${text}` : text
      const fileName = activityExportFileName(format)
      saveFile(new Blob([body], { type: ACTIVITY_EXPORT_SHAPES[format].type }), fileName)
      return fileName
    },
  })
}
