import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { clearSession } from '@/lib/storage'

/**
 * Spec §2: logging out clears session storage and the stored auth data and goes to /login.
 * The browser forgets the login at once; the server is told in the background, and a failed call
 * (offline, session already expired) does not keep anyone logged in on this device.
 */
export function useLogout(): () => void {
  const navigate = useNavigate()
  return useCallback(() => {
    // Not a mutation hook: the header lives on every page, nothing waits for this answer, and the
    // API client loads only now, so that public pages paint and hydrate without it.
    import('@/lib/call-endpoint')
      .then(({ callEndpoint: call }) => call('logout', undefined))
      .catch(() => undefined)
    clearSession()
    void navigate({ to: '/login' })
  }, [navigate])
}
