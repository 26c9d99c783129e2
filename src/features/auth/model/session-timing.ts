/*
 * The session's timing (spec §4 Session, §9; ARCHITECTURE.md decision 4).
 */

/** Logged out after this long without a mouse move, key press, mouse down or touch. */
export const IDLE_TIMEOUT_MS = 300_000
/** The warning shows for the last minute, counting down every second. */
export const WARNING_MS = 60_000
export const COUNTDOWN_STEP_MS = 1000
/**
 * The server ends a session 300 s after its last request, but a vendor filling in a long form
 * makes no request for minutes: while they are active, the session is renewed at most this often.
 */
export const RENEW_INTERVAL_MS = 60_000
/** How often a tab tells the others it is in use (the shared LAST_ACTIVITY). */
export const SHARE_ACTIVITY_MS = 5_000

/** The events that count as activity (spec §4). */
export const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'mousedown', 'touchstart'] as const

/**
 * The latest activity of this tab and of the others. A shared time ahead of this tab's clock
 * (another clock, or one a test moved) is not believed.
 */
export function latestActivity(own: number, shared: number | null, now: number): number {
  return shared !== null && shared > own && shared <= now ? shared : own
}

/** Whole seconds left before the end, rounded up: 60 at the start of the warning, 1 in its last second. */
export function secondsLeft(lastActivity: number, now: number): number {
  return Math.max(0, Math.ceil((lastActivity + IDLE_TIMEOUT_MS - now) / COUNTDOWN_STEP_MS))
}

/** When the warning is due, given the latest activity. */
export function warningDueAt(lastActivity: number): number {
  return lastActivity + IDLE_TIMEOUT_MS - WARNING_MS
}
