import { queryOptions } from '@tanstack/react-query'
import { requestEndpoint } from '@/lib/call-endpoint'
import { queryKeys } from '@/lib/query-keys'

/**
 * POST /api/portfoliomanager/get: the vendor's saved portfolio. Without a vendorUserId the form
 * loads no data (spec §4): the route asks for it only for a logged-in vendor.
 */
export const portfolioQueryOptions = (vendorUserId: string) =>
  queryOptions({
    queryKey: queryKeys.portfolio(vendorUserId),
    queryFn: ({ signal }) => requestEndpoint('getPortfolio', { vendorUserId }, { signal }),
  })
