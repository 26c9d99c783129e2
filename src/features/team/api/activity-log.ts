import { infiniteQueryOptions } from '@tanstack/react-query'
import type { ActivityAction } from '@/contract/team'
import { requestEndpoint } from '@/lib/call-endpoint'
import { queryKeys } from '@/lib/query-keys'

export type ActivityFilters = { action?: ActivityAction; actorAccountId?: string }

/** GET /api/team/activity: newest first, a page at a time; `next` is the following page's `before`. */
export const activityQueryOptions = (vendorUserId: string, filters: ActivityFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.activity(vendorUserId, filters),
    queryFn: ({ pageParam, signal }) =>
      requestEndpoint(
        'activityLog',
        {
          vendorUserId,
          ...(filters.action ? { action: filters.action } : {}),
          ...(filters.actorAccountId ? { actorAccountId: filters.actorAccountId } : {}),
          ...(pageParam ? { before: pageParam } : {}),
        },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  })
