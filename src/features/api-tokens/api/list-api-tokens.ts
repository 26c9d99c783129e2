import { queryOptions } from '@tanstack/react-query'
import { requestEndpoint } from '@/lib/call-endpoint'
import { type OrganizationId, organizationKeys } from '@/lib/query-keys'

/** GET /api/tokens: the member's tokens (an Owner's list: every member's), newest first. */
export const apiTokensQueryOptions = (organizationId: OrganizationId, vendorUserId: string) =>
  queryOptions({
    queryKey: organizationKeys(organizationId).apiTokens(vendorUserId),
    queryFn: ({ signal }) => requestEndpoint('listApiTokens', { vendorUserId }, { signal }),
  })
