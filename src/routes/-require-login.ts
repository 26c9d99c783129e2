import { type ParsedLocation, redirect } from '@tanstack/react-router'
import { isLoggedIn, readAuthData, writeGoto } from '@/lib/storage'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Only for a logged-in vendor (spec §2, §6): the root sends a visitor who stays here to /login. */
    requiresLogin?: boolean
  }
}

/**
 * `beforeLoad` of the protected routes (spec §2): without stored login data, the vendor is sent to
 * /login, and the address they asked for is stored as goto, so that the login brings them back.
 */
export function requireLogin({ location }: { location: ParsedLocation }) {
  if (isLoggedIn(readAuthData())) return
  writeGoto(location.href)
  throw redirect({ to: '/login', replace: true })
}
