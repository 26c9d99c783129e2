import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { requestEndpoint } from '@/lib/call-endpoint'
import { queryKeys } from '@/lib/query-keys'

/*
 * The public unsubscribe link. Reading it (GET /api/notifications/unsubscribe) changes
 * nothing — mail scanners open links — and the button POSTs the token.
 */

export const unsubscribeInfoQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.unsubscribe(token),
    queryFn: ({ signal }) => requestEndpoint('unsubscribeInfo', { token }, { signal }),
    // A refused token stays refused: asking again tells nothing new.
    retry: false,
    staleTime: Infinity,
  })

export function useUnsubscribeMutation(token: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => requestEndpoint('unsubscribe', { token }),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.unsubscribe(token), answer.info),
  })
}
