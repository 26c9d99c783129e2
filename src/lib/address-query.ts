import { queryOptions } from '@tanstack/react-query'
import { requestEndpoint } from '@/lib/call-endpoint'
import { queryKeys } from '@/lib/query-keys'

/**
 * Address reference data, read by the registration form and the portfolio form alike (two
 * features), so it lives here. Without a country: every country with its code; with one: its
 * states and cities too (decision 9). Reference data changes rarely: kept for a day.
 */
export const addressQueryOptions = (country?: string) =>
  queryOptions({
    queryKey: queryKeys.address(country),
    queryFn: ({ signal }) => requestEndpoint('addressData', country ? { country } : {}, { signal }),
    staleTime: 24 * 60 * 60 * 1000,
  })
