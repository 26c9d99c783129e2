import { queryOptions } from '@tanstack/react-query'
import { requestEndpoint } from '@/lib/call-endpoint'
import { queryKeys } from '@/lib/query-keys'

/** POST /api/portfoliomanager/list: the vendor's device records (the dashboard's rows). */
export const recordsQueryOptions = (vendorUserId: string) =>
  queryOptions({
    queryKey: queryKeys.records(vendorUserId),
    queryFn: ({ signal }) => requestEndpoint('listRecords', { vendorUserId }, { signal }),
    select: (answer) => answer.portfolioManagerSubmittedDetailsList,
  })
