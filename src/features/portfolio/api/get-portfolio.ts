import { queryOptions, skipToken } from '@tanstack/react-query'
import { requestEndpoint } from '@/lib/call-endpoint'
import { queryKeys } from '@/lib/query-keys'

/** POST /api/portfoliomanager/get. Without a vendorUserId the form loads no data (spec §4). */
export const portfolioQueryOptions = (vendorUserId: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.portfolio(vendorUserId ?? ''),
    queryFn: vendorUserId
      ? ({ signal }) => requestEndpoint('getPortfolio', { vendorUserId }, { signal })
      : skipToken,
  })
