/*
 * How long a failed job waits before its next attempt: the one retry rule of the job runner, and of
 * the webhook deliveries, which keep their own 24-hour window on top of it.
 */

export const DEFAULT_BACKOFF_BASE_MS = 10_000
export const DEFAULT_BACKOFF_MAX_MS = 60 * 60 * 1000

/** The wait before attempt `attempts` + 1: base × 2^(attempts−1), capped, with jitter in [0.75, 1.25). */
export function jobBackoffMs(
  attempts: number,
  { baseMs = DEFAULT_BACKOFF_BASE_MS, maxMs = DEFAULT_BACKOFF_MAX_MS } = {},
  random: () => number = Math.random,
): number {
  const plain = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), maxMs)
  return Math.round(plain * (0.75 + random() * 0.5))
}
