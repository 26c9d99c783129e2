import { queryOptions } from '@tanstack/react-query'
import { requestEndpoint } from '@/lib/call-endpoint'
import { type OrganizationId, organizationKeys } from '@/lib/query-keys'

/**
 * POST /api/portfoliomanager/record/revisions: a record's revisions, newest first
 * (docs/decisions/0033), which run details list. Read again when the live stream says the record
 * was revised (src/lib/live/cache-writes.ts).
 */
export const recordRevisionsQueryOptions = (
  organizationId: OrganizationId,
  vendorUserId: string,
  portfolioManagerId: string,
) =>
  queryOptions({
    queryKey: organizationKeys(organizationId).recordRevisions(portfolioManagerId),
    queryFn: ({ signal }) =>
      requestEndpoint('recordRevisions', { vendorUserId, portfolioManagerId }, { signal }),
    staleTime: 0,
  })
