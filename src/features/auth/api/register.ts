import { useMutation } from '@tanstack/react-query'
import type { RegistrationPayload } from '@/contract/auth'
import { REGISTRATION_TOASTER_ID } from '@/features/auth/model/toasters'
import { requestEndpoint, successOrThrow } from '@/lib/call-endpoint'

/**
 * POST /api/registration/create: status SUCCESS opens the Create Password dialog. Any other
 * status, or another answer, is a failure told with its message in the screen's own toast
 * container (spec §8); a network failure is logged only.
 */
export function useRegisterMutation() {
  return useMutation({
    mutationFn: async (payload: RegistrationPayload) =>
      successOrThrow(await requestEndpoint('register', payload)),
    meta: { toasterId: REGISTRATION_TOASTER_ID },
  })
}
