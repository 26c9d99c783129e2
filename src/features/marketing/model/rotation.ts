/*
 * The hero's rotation (spec §1, §9: every 1200 ms across 8 images) as plain logic. What moves it
 * is the clock of src/lib/clock.tsx: the real one on the page, a manual one in stories and tests.
 */

/** The image after `index`, back to the first after the last. */
export function nextIndex(index: number, count: number): number {
  if (count <= 0) return 0
  return (((index + 1) % count) + count) % count
}

/** Any number (a story's control, say) brought into 0 … count − 1. */
export function clampIndex(index: number, count: number): number {
  if (count <= 0 || !Number.isFinite(index)) return 0
  return Math.min(Math.max(Math.trunc(index), 0), count - 1)
}

/**
 * The image showing `elapsedMs` after the rotation began at the first one (the stylesheet's
 * rotation of a page not yet hydrated hands over to React at this image).
 */
export function indexAfter(elapsedMs: number, intervalMs: number, count: number): number {
  if (count <= 0 || intervalMs <= 0 || !Number.isFinite(elapsedMs) || elapsedMs < 0) return 0
  return Math.floor(elapsedMs / intervalMs) % count
}
