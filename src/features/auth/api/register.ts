import { useMutation } from '@tanstack/react-query'
import type { RegistrationPayload } from '@/contract/auth'
import { callEndpoint } from '@/lib/call-endpoint'

/** POST /api/registration/create: status SUCCESS opens the Create Password dialog; any other shows the message. */
export function useRegisterMutation() {
  return useMutation({ mutationFn: (payload: RegistrationPayload) => callEndpoint('register', payload) })
}
