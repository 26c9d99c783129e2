import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { RunTestsPayload } from '@/contract/certification'
import { requestEndpoint } from '@/lib/call-endpoint'
import { queryKeys } from '@/lib/query-keys'

/**
 * POST /run-tests (certification service): on 200 the dashboard shows success and reloads its list;
 * spec §8: a refused Start Certify shows no message (it is logged).
 */
export function useRunTestsMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (payload: RunTestsPayload) => requestEndpoint('runTests', payload),
    meta: { failureToast: 'none' },
    onSuccess: async (_answer, payload) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.records(payload.vendor_user_id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.runs(payload.portfolio_manager_id) }),
      ])
    },
  })
}
