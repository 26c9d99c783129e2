import { useMutation } from '@tanstack/react-query'
import type { LoginPayload } from '@/contract/auth'
import { requestEndpoint } from '@/lib/call-endpoint'

/**
 * POST /api/login: the answer is the auth data to store. A refused login is told as a toast with
 * the server's message, a network failure logged only (spec §8, src/lib/api-failure.ts); the
 * screen shows the message beside its button too.
 */
export function useLoginMutation() {
  return useMutation({ mutationFn: (payload: LoginPayload) => requestEndpoint('login', payload) })
}
