import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SavePayload } from '@/contract/portfolio'
import { requestEndpoint } from '@/lib/call-endpoint'
import { queryKeys } from '@/lib/query-keys'

/** POST /api/portfoliomanager/save; the saved data is read again afterwards (spec §4). */
export function useSavePortfolioMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (payload: SavePayload) => requestEndpoint('savePortfolio', payload),
    onSuccess: (_answer, payload) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.portfolio(payload.vendorUserId) }),
  })
}
