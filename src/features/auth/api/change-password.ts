import { useMutation } from '@tanstack/react-query'
import type { ChangePasswordPayload } from '@/contract/auth'
import { CREATE_PASSWORD_TOASTER_ID } from '@/features/auth/model/toasters'
import { requestEndpoint } from '@/lib/call-endpoint'

/**
 * POST /api/registration/change-password: 200 is success; any other answer is a failure whose
 * message is the plain-text answer, told in the dialog's own toast container (spec §7, §8).
 */
export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (payload: ChangePasswordPayload) => requestEndpoint('changePassword', payload),
    meta: { toasterId: CREATE_PASSWORD_TOASTER_ID },
  })
}
