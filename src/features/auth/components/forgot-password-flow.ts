import { useSyncExternalStore } from 'react'
import { type PendingPasswordReset, readPendingPasswordReset } from '@/lib/storage'

/** Spec §9: the forgot and reset flows move on 2 s after a success, so the toast can be read. */
export const PASSWORD_FLOW_REDIRECT_MS = 2000

/** The pending reset is not known yet: a prerendered page and its hydration cannot read storage. */
export const PENDING_RESET_UNKNOWN = 'unknown'

// Session storage belongs to this tab and only this flow writes the item, so there is nothing to
// listen to: the snapshot is read again on each render.
const noSubscription = () => () => {}

let cached: PendingPasswordReset | null = null

/** The same object while the stored item says the same, as useSyncExternalStore requires. */
function pendingResetSnapshot(): PendingPasswordReset | null {
  const stored = readPendingPasswordReset()
  if (stored?.id !== cached?.id || stored?.emailId !== cached?.emailId) cached = stored
  return cached
}

const serverSnapshot = (): typeof PENDING_RESET_UNKNOWN => PENDING_RESET_UNKNOWN

/** The forgot-password answer kept for /check-mail (its id and the address the code went to). */
export function usePendingPasswordReset(): PendingPasswordReset | null | typeof PENDING_RESET_UNKNOWN {
  return useSyncExternalStore<PendingPasswordReset | null | typeof PENDING_RESET_UNKNOWN>(
    noSubscription,
    pendingResetSnapshot,
    serverSnapshot,
  )
}
