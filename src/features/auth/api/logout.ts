import { useMutation } from '@tanstack/react-query'
import { callEndpoint } from '@/lib/call-endpoint'

/** POST /api/logout ends the server session (decision 4); the screen clears the stored login data either way. */
export function useLogoutMutation() {
  return useMutation({ mutationFn: () => callEndpoint('logout', undefined) })
}
