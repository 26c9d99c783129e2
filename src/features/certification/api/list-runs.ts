import { queryOptions } from '@tanstack/react-query'
import { requestEndpoint } from '@/lib/call-endpoint'
import { queryKeys } from '@/lib/query-keys'

/** GET /runs: a record's runs with their test cases; re-read every 2 s while one is running. */
export const runsQueryOptions = (vendorUserId: string, portfolioManagerId: string) =>
  queryOptions({
    queryKey: queryKeys.runs(portfolioManagerId),
    queryFn: ({ signal }) =>
      requestEndpoint(
        'listRuns',
        { vendor_user_id: vendorUserId, portfolio_manager_id: portfolioManagerId },
        { signal },
      ),
    refetchInterval: (query) =>
      query.state.data?.runs.some((run) => run.status === 'InProgress' || run.status === 'Maintenance')
        ? 2000
        : false,
  })
