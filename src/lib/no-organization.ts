import { useSyncExternalStore } from 'react'
import type { AuthData } from '@/contract/auth'
import { getAuthDataSnapshot, getServerAuthDataSnapshot, subscribeToStorage } from '@/lib/storage'

/*
 * The login of an account that belongs to no organization (any more) is stored as
 * AUTH_DATA too, with an empty vendorUserId (so every vendor screen treats it as no vendor login)
 * and `noOrganization`. Its one page is /invitations, where it accepts an invitation to an
 * organization; these read it for the guards, the header and the login's landing.
 */

/** Whether the stored login is an account's without an organization. */
export function isWithoutOrganization(authData: AuthData | null | undefined): boolean {
  return authData?.noOrganization === true && !authData.labStaff
}

/** The stored login without an organization, kept current; null for anyone else and while prerendered. */
export function useLoginWithoutOrganization(): AuthData | null {
  const authData = useSyncExternalStore(subscribeToStorage, getAuthDataSnapshot, getServerAuthDataSnapshot)
  return authData && isWithoutOrganization(authData) ? authData : null
}
