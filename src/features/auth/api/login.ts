import { useMutation } from '@tanstack/react-query'
import type { LoginPayload } from '@/contract/auth'
import { callEndpoint } from '@/lib/call-endpoint'

/**
 * POST /api/login. The result, not a thrown error, reaches the screen: on 200 it stores the auth
 * data; otherwise it shows the answer's message (spec §8).
 */
export function useLoginMutation() {
  return useMutation({ mutationFn: (payload: LoginPayload) => callEndpoint('login', payload) })
}
