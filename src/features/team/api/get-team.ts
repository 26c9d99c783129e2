import { queryOptions } from '@tanstack/react-query'
import { requestEndpoint } from '@/lib/call-endpoint'
import { type OrganizationId, organizationKeys } from '@/lib/query-keys'

/** GET /api/team: the members (every role), and the pending invitations (an Owner's only). */
export const teamQueryOptions = (organizationId: OrganizationId, vendorUserId: string) =>
  queryOptions({
    queryKey: organizationKeys(organizationId).team(vendorUserId),
    queryFn: ({ signal }) => requestEndpoint('team', undefined, { signal }),
  })
