import { queryOptions } from '@tanstack/react-query'
import type { RunListAnswer } from '@/contract/certification'
import { requestEndpoint } from '@/lib/call-endpoint'
import { mergeRunLists } from '@/lib/live/apply-events'
import { type OrganizationId, organizationKeys } from '@/lib/query-keys'

/**
 * GET /runs: a record's runs (attempts) with their test cases, newest first. Not polled: the live
 * stream moves them on (docs/decisions/0022), and a read that answers after an event does not
 * take a run back to where it stood before it.
 */
export const runsQueryOptions = (
  organizationId: OrganizationId,
  vendorUserId: string,
  portfolioManagerId: string,
) =>
  queryOptions({
    queryKey: organizationKeys(organizationId).runs(portfolioManagerId),
    queryFn: ({ signal }) =>
      requestEndpoint(
        'listRuns',
        { vendor_user_id: vendorUserId, portfolio_manager_id: portfolioManagerId },
        { signal },
      ),
    // The runs seeded by the stream (a run started, the hello's active runs) may lack the earlier
    // attempts: read in full when the run details open.
    staleTime: 0,
    structuralSharing: (cached, fresh) =>
      mergeRunLists(cached as RunListAnswer | undefined, fresh as RunListAnswer),
  })
