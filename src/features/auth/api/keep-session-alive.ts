import { useMutation } from '@tanstack/react-query'
import { callEndpoint } from '@/lib/call-endpoint'

/** POST /api/session/keep-alive: Continue session renews the server session (decision 4). */
export function useKeepSessionAliveMutation() {
  return useMutation({ mutationFn: () => callEndpoint('keepSessionAlive', undefined) })
}
