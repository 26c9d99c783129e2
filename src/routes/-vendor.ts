import { type ParsedLocation, redirect } from '@tanstack/react-router'
import type { AuthData } from '@/contract/auth'
import { LAB_PATH } from '@/contract/lab'
import { PENDING_INVITATIONS_PATH } from '@/contract/team'
import { labStaffOf } from '@/lib/lab-session'
import { isWithoutOrganization } from '@/lib/no-organization'
import { isLoggedIn, readAuthData } from '@/lib/storage'
import { useAuthView } from '@/lib/use-auth-data'

/**
 * The one guard of the routes that need a login (spec §2), the `beforeLoad` of the `_vendor`
 * layout: without stored login data the vendor is sent to /login, and the address they asked for
 * goes with them in the login's address (`/login?redirect=/dashboard`), so that this login brings
 * them back. Nothing is stored: a visitor who leaves the login page for another one does not land
 * on the protected page at some later, unrelated login (docs/decisions/0019). Its answer is the
 * routes' context. A lab staff member's login is sent to the lab console instead: the
 * vendors' screens are not theirs, and the server would refuse their calls. So is a login
 * without an organization to its pending invitations.
 */
export function requireLogin({ location }: { location: ParsedLocation }): { authData: AuthData } {
  const authData = readAuthData()
  if (isLoggedIn(authData)) return { authData }
  if (labStaffOf(authData)) throw redirect({ to: LAB_PATH, replace: true })
  if (isWithoutOrganization(authData)) throw redirect({ to: PENDING_INVITATIONS_PATH, replace: true })
  throw redirect({ to: '/login', search: { redirect: location.href }, replace: true })
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
