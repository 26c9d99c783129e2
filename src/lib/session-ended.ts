/*
 * The server's word that the session is over, heard by whatever part of the tab learns it first
 * (the live stream's `event: ended`, docs/decisions/0022 point 6) and passed to the session flow
 * (src/features/auth/components/session-expiry.tsx), which confirms it with the keep-alive call
 * and logs the vendor out: a member removed from the organization, or a session ended in another
 * tab, leaves no tab signed in.
 */

const listeners = new Set<() => void>()

/** The session seems over: the session flow checks and ends it. */
export function announceSessionEnded() {
  for (const listener of [...listeners]) listener()
}

/** Calls `listener` at each announcement; answers the unsubscribe. */
export function onSessionEnded(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}
