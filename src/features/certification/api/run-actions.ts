import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { RunTestsPayload } from '@/contract/certification'
import { requestEndpoint } from '@/lib/call-endpoint'
import { useOrganizationKeys } from '@/lib/use-auth-data'

/*
 * The run actions on the certification service: POST /run-tests/rerun-failed (a new
 * attempt of the cases the latest one did not pass) and POST /run-tests/cancel. The answer's
 * message is the toast; a refusal's message is told as an error (src/lib/api-failure.ts). The
 * records list is not read again: the live stream brings the row's new status
 * (docs/decisions/0022); the record's runs are, being small.
 */
function useRunAction(name: 'rerunFailed' | 'cancelRun') {
  const queryClient = useQueryClient()
  const keys = useOrganizationKeys()
  return useMutation({
    mutationFn: (payload: RunTestsPayload) => requestEndpoint(name, payload),
    onSuccess: (_answer, payload) =>
      queryClient.invalidateQueries({ queryKey: keys.runs(payload.portfolio_manager_id) }),
  })
}

export const useRerunFailedMutation = () => useRunAction('rerunFailed')
export const useCancelRunMutation = () => useRunAction('cancelRun')
