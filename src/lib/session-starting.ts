/*
 * The start-up Token request while it is on its way: written by session-start.ts, read by the API
 * client before a call that needs a Token. Its own module, so that the client, which
 * session-start.ts loads on demand, does not import the module that loads it.
 */

let starting: Promise<void> | null = null

/** The start-up Token request while it is on its way (it never rejects), else null. */
export function sessionStarting(): Promise<void> | null {
  return starting
}

/** Records the start-up request, and forgets it once it has settled (unless a newer one began). */
export function trackSessionStart(started: Promise<void>): Promise<void> {
  starting = started
  void started.finally(() => {
    if (starting === started) starting = null
  })
  return started
}
