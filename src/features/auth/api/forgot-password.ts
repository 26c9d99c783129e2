import { useMutation } from '@tanstack/react-query'
import type { ForgotPasswordPayload } from '@/contract/auth'
import { requestEndpoint, successOrThrow } from '@/lib/call-endpoint'

/**
 * POST /api/registration/forget-password: status SUCCESS says the code went out, and its id goes
 * to the reset. Any other status is a failure told with the answer's message (spec §8).
 */
export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: async (payload: ForgotPasswordPayload) =>
      successOrThrow(await requestEndpoint('forgotPassword', payload)),
  })
}
