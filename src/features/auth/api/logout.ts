import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { clearSession } from '@/lib/storage'

/**
 * The one logout (spec §2, §4): the session storage, the stored auth data and the token are
 * cleared at once, so the browser forgets the login whatever the network does; then the server is
 * told (POST /api/logout ends its session, decision 4). Resolves when the server has answered or
 * the call failed (offline, session already over): a failure keeps nobody logged in here, and is
 * nothing to tell.
 *
 * The API client loads only now, so that public pages, whose header offers Logout, paint and
 * hydrate without it (docs/decisions/0008).
 */
export async function endSession(): Promise<void> {
  clearSession()
  try {
    const { requestEndpoint } = await import('@/lib/call-endpoint')
    await requestEndpoint('logout', undefined)
  } catch {
    // The browser has forgotten the login already.
  }
}

/** The header's Logout: ends the session and goes to /login, without waiting for the server. */
export function useLogout(): () => void {
  const navigate = useNavigate()
  return useCallback(() => {
    void endSession()
    void navigate({ to: '/login' })
  }, [navigate])
}
