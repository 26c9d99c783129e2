import { type ParsedLocation, redirect } from '@tanstack/react-router'
import type { AuthData } from '@/contract/auth'
import { isLoggedIn, readAuthData, writeGoto } from '@/lib/storage'
import { useAuthView } from '@/lib/use-auth-data'

/**
 * The one guard of the routes that need a login (spec §2), the `beforeLoad` of the `_vendor`
 * layout: without stored login data the vendor is sent to /login, and the address they asked for
 * is stored as goto, so that the login brings them back. Its answer is the routes' context.
 */
export function requireLogin({ location }: { location: ParsedLocation }): { authData: AuthData } {
  const authData = readAuthData()
  if (isLoggedIn(authData)) return { authData }
  writeGoto(location.href)
  throw redirect({ to: '/login', replace: true })
}

/**
 * The logged-in vendor's login data as stored now (a save or a submit changes its flags), for the
 * screens under the `_vendor` layout, which renders them only for a logged-in vendor.
 */
export function useVendorAuthData(): AuthData {
  const auth = useAuthView()
  if (auth.status !== 'member') throw new Error('A vendor screen rendered without a logged-in vendor.')
  return auth.authData
}
