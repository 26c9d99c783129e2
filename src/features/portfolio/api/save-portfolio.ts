import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SavePayload } from '@/contract/portfolio'
import { requestEndpoint } from '@/lib/call-endpoint'
import { queryKeys } from '@/lib/query-keys'

/**
 * POST /api/portfoliomanager/save; the saved data is read again afterwards (spec §4). Spec §8: a
 * refused save shows the server's message, and a request that got no answer the error itself.
 */
export function useSavePortfolioMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (payload: SavePayload) => requestEndpoint('savePortfolio', payload),
    meta: { failureToast: 'any' },
    onSuccess: (_answer, payload) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.portfolio(payload.vendorUserId) }),
  })
}
