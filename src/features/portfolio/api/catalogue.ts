import { queryOptions } from '@tanstack/react-query'
import { requestEndpoint } from '@/lib/call-endpoint'
import { queryKeys } from '@/lib/query-keys'

/** The device catalogue for the manufacturer → name → type → class cascade; reference data, kept an hour. */
export const catalogueQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.catalogue(),
    queryFn: ({ signal }) => requestEndpoint('catalogue', undefined, { signal }),
    staleTime: 60 * 60 * 1000,
  })
