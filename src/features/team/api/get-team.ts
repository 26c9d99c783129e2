import { queryOptions } from '@tanstack/react-query'
import { requestEndpoint } from '@/lib/call-endpoint'
import { queryKeys } from '@/lib/query-keys'

/** GET /api/team: the members (every role), and the pending invitations (an Owner's only). */
export const teamQueryOptions = (vendorUserId: string) =>
  queryOptions({
    queryKey: queryKeys.team(vendorUserId),
    queryFn: ({ signal }) => requestEndpoint('team', undefined, { signal }),
  })
