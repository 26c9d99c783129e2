import { useMutation } from '@tanstack/react-query'
import type { ResetPasswordPayload } from '@/contract/auth'
import { callEndpoint } from '@/lib/call-endpoint'

/** POST /api/registration/reset-password (the /check-mail page). */
export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (payload: ResetPasswordPayload) => callEndpoint('resetPassword', payload),
  })
}
