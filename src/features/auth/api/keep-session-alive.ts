import type * as CallEndpoint from '@/lib/call-endpoint'

/** What renewing the server session came to: the session is over only when the server says so. */
export type RenewOutcome = 'renewed' | 'ended' | 'unreachable'

/**
 * POST /api/session/keep-alive: Continue session and the vendor's activity renew the server
 * session (decision 4). 401 means it is already over; any other failure leaves it to the timer.
 * The API client loads with the first renewal.
 */
export async function renewServerSession(): Promise<RenewOutcome> {
  let api: typeof CallEndpoint
  try {
    api = await import('@/lib/call-endpoint')
  } catch {
    return 'unreachable'
  }
  try {
    await api.requestEndpoint('keepSessionAlive', undefined)
    return 'renewed'
  } catch (error) {
    return error instanceof api.ApiAnswerError && error.status === 401 ? 'ended' : 'unreachable'
  }
}
