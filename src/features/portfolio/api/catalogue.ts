import { queryOptions } from '@tanstack/react-query'
import { requestEndpoint } from '@/lib/call-endpoint'
import { type OrganizationId, organizationKeys } from '@/lib/query-keys'

/**
 * The device catalogue for the manufacturer → name → type → class cascade; reference data, kept an
 * hour. The server answers the seeded catalogue plus the signed-in vendor's own 'Add New …' names
 * (docs/decisions/0015), so the cache is kept per vendor: another vendor signing in in this tab
 * does not see them.
 */
export const catalogueQueryOptions = (organizationId: OrganizationId, vendorUserId: string) =>
  queryOptions({
    queryKey: organizationKeys(organizationId).catalogue(vendorUserId),
    queryFn: ({ signal }) => requestEndpoint('catalogue', undefined, { signal }),
    staleTime: 60 * 60 * 1000,
  })
