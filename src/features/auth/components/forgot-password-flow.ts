import { useSyncExternalStore } from 'react'
import { type PendingPasswordReset, readPendingPasswordReset } from '@/lib/storage'

/** Spec §9: the forgot and reset flows move on 2 s after a success, so the toast can be read. */
export const PASSWORD_FLOW_REDIRECT_MS = 2000

// Session storage belongs to this tab and only this flow writes the item, so there is nothing to
// listen to: the snapshot is read again on each render (the same object while the item is unchanged).
const noSubscription = () => () => {}

/*
 * The prerendered /check-mail is the page of someone who opens it directly, with no reset pending
 * (a vendor coming from /forgot-password arrives by a client-side navigation, which reads storage
 * at once). Prerendering the form instead made the page change after hydration: a late largest
 * paint and a layout shift (bench/lighthouse).
 */
const serverSnapshot = (): PendingPasswordReset | null => null

/** The forgot-password answer kept for /check-mail (its id and the address the code went to). */
export function usePendingPasswordReset(): PendingPasswordReset | null {
  return useSyncExternalStore<PendingPasswordReset | null>(
    noSubscription,
    readPendingPasswordReset,
    serverSnapshot,
  )
}
