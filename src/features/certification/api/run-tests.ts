import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { RunTestsPayload } from '@/contract/certification'
import { requestEndpoint } from '@/lib/call-endpoint'
import { useOrganizationKeys } from '@/lib/use-auth-data'

/**
 * POST /run-tests (certification service): on 200 the dashboard shows success and reloads its list;
 * spec §8: a refused Start Certify shows no message (it is logged).
 */
export function useRunTestsMutation() {
  const queryClient = useQueryClient()
  const keys = useOrganizationKeys()
  return useMutation({
    mutationFn: (payload: RunTestsPayload) => requestEndpoint('runTests', payload),
    meta: { failureToast: 'none' },
    onSuccess: async (_answer, payload) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.records(payload.vendor_user_id) }),
        queryClient.invalidateQueries({ queryKey: keys.runs(payload.portfolio_manager_id) }),
      ])
    },
  })
}
