import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SubmitPayload } from '@/contract/portfolio'
import { requestEndpoint } from '@/lib/call-endpoint'
import { queryKeys } from '@/lib/query-keys'

/**
 * POST /api/portfoliomanager/create: the submitted request becomes a record on the dashboard. Its
 * 'Add New …' values join the catalogue, so the catalogue is read again too (the form's Edit of the
 * record then shows them as ordinary choices).
 */
export function useSubmitPortfolioMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (payload: SubmitPayload) => requestEndpoint('submitPortfolio', payload),
    onSuccess: async (_answer, payload) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.portfolio(payload.vendorUserId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.records(payload.vendorUserId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.catalogue() }),
      ])
    },
  })
}
