/*
 * Spec §7, docs/decisions/0009 decision 1: at start the app fetches the session's Token
 * (GET /api/token). The API client is loaded for it on demand, so a prerendered page paints and
 * hydrates without it.
 *
 * The start is known from the instant it is asked for, not only once the API client has loaded:
 * a route's loader that calls in between (a full load of /dashboard or /portfolio) would otherwise
 * send the Token stored by the previous page, which the start-up request is replacing, and be
 * refused (403, a second call, an error in the console).
 */

import { trackSessionStart } from '@/lib/session-starting'

/** Starts the session's Token request. */
export function startSession(): Promise<void> {
  return trackSessionStart(
    import('@/lib/api-client')
      .then(({ bootstrapSession }) => bootstrapSession())
      .then(
        () => undefined,
        () => {
          // Spec §8: logged only. The next call that needs a Token asks again.
          console.warn('The session could not be started: the main service did not answer.')
        },
      ),
  )
}
