import { useSyncExternalStore } from 'react'
import type { AuthData } from '@/contract/auth'
import type { LabStaff } from '@/contract/lab'
import { getAuthDataSnapshot, getServerAuthDataSnapshot, subscribeToStorage } from '@/lib/storage'

/*
 * docs/decisions/0024: a lab staff member's login is stored as AUTH_DATA too, with an
 * empty vendorUserId (so every vendor screen treats it as no vendor login) and `labStaff` naming
 * the member. These read it for the lab console's guard, the header and the login's landing.
 */

/** The lab staff member the stored login belongs to, or null for a vendor or a visitor. */
export function labStaffOf(authData: AuthData | null | undefined): LabStaff | null {
  return authData?.labStaff ?? null
}

/** The logged-in lab staff member, kept current with the stored login; null while prerendered. */
export function useLabStaff(): LabStaff | null {
  const authData = useSyncExternalStore(subscribeToStorage, getAuthDataSnapshot, getServerAuthDataSnapshot)
  return labStaffOf(authData)
}
