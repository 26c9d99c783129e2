import { useMutation } from '@tanstack/react-query'
import type { ForgotPasswordPayload } from '@/contract/auth'
import { callEndpoint } from '@/lib/call-endpoint'

/** POST /api/registration/forget-password: the answer's status says success; its id goes to the reset. */
export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (payload: ForgotPasswordPayload) => callEndpoint('forgotPassword', payload),
  })
}
