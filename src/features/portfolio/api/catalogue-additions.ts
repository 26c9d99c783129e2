import { queryOptions } from '@tanstack/react-query'
import { requestEndpoint } from '@/lib/call-endpoint'
import { type OrganizationId, organizationKeys } from '@/lib/query-keys'

/**
 * The organization's own 'Add New …' names and the lab's review of each (docs/decisions/0034):
 * what the device-name field says of a declined or mapped name, and the list in Settings.
 */
export const catalogueAdditionsQueryOptions = (organizationId: OrganizationId) =>
  queryOptions({
    queryKey: organizationKeys(organizationId).catalogueAdditions(),
    queryFn: ({ signal }) => requestEndpoint('catalogueAdditions', undefined, { signal }),
    staleTime: 5 * 60 * 1000,
  })
