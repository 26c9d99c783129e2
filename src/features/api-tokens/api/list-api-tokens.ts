import { queryOptions } from '@tanstack/react-query'
import { requestEndpoint } from '@/lib/call-endpoint'
import { queryKeys } from '@/lib/query-keys'

/** GET /api/tokens: the member's tokens (an Owner's list: every member's), newest first. */
export const apiTokensQueryOptions = (vendorUserId: string) =>
  queryOptions({
    queryKey: queryKeys.apiTokens(vendorUserId),
    queryFn: ({ signal }) => requestEndpoint('listApiTokens', { vendorUserId }, { signal }),
  })
