import { createHash, randomBytes } from 'node:crypto'

/*
 * Sessions (ARCHITECTURE.md decisions 1, 2 and 4): the browser holds a random token in an
 * HttpOnly cookie; the database holds only its SHA-256, so a leaked table opens no session.
 * A session ends after 300 s without activity, matching the client's idle timer.
 */

export const SESSION_COOKIE = 'portal_session'
export const SESSION_IDLE_MS = 300_000

export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/** The id a token is stored under. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function isSessionExpired(lastSeenAt: Date, now = new Date()): boolean {
  return now.getTime() - lastSeenAt.getTime() >= SESSION_IDLE_MS
}
