import { useMutation } from '@tanstack/react-query'
import type { ChangePasswordPayload } from '@/contract/auth'
import { callEndpoint } from '@/lib/call-endpoint'

/** POST /api/registration/change-password: 200 is success; otherwise the plain-text answer is the message. */
export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (payload: ChangePasswordPayload) => callEndpoint('changePassword', payload),
  })
}
