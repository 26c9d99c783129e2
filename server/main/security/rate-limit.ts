/*
 * Login failures are limited per account and per address (ARCHITECTURE.md decision 3). A sliding
 * window in memory: enough for one process; several processes behind one PostgreSQL each keep
 * their own count, which only loosens the limit by their number.
 */

export type RateLimiter = {
  /** Records a failure under `key`; says whether the key is now over its limit. */
  fail(key: string, now?: number): void
  /** Whether `key` may try again, and when it may if not. */
  check(key: string, now?: number): { allowed: true } | { allowed: false; retryAfterMs: number }
  /** Forgets `key` (after a successful login). */
  reset(key: string): void
}

export function createRateLimiter({ limit, windowMs }: { limit: number; windowMs: number }): RateLimiter {
  const failures = new Map<string, number[]>()

  const recent = (key: string, now: number) => {
    const kept = (failures.get(key) ?? []).filter((time) => now - time < windowMs)
    if (kept.length === 0) failures.delete(key)
    else failures.set(key, kept)
    return kept
  }

  return {
    fail(key, now = Date.now()) {
      failures.set(key, [...recent(key, now), now])
    },
    check(key, now = Date.now()) {
      const times = recent(key, now)
      if (times.length < limit) return { allowed: true }
      const oldest = times[times.length - limit] ?? now
      return { allowed: false, retryAfterMs: Math.max(0, windowMs - (now - oldest)) }
    },
    reset(key) {
      failures.delete(key)
    },
  }
}
