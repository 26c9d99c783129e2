import { useMutation } from '@tanstack/react-query'
import type { ResetPasswordPayload } from '@/contract/auth'
import { requestEndpoint, successOrThrow } from '@/lib/call-endpoint'

/**
 * POST /api/registration/reset-password (the /check-mail page): status SUCCESS says the password
 * changed. Any other status is a failure told with the answer's message (spec §8).
 */
export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: async (payload: ResetPasswordPayload) =>
      successOrThrow(await requestEndpoint('resetPassword', payload)),
  })
}
