/*
 * The hero's rotation (spec §1, §9: every 1200 ms across 8 images) as plain logic, with the clock
 * passed in: the page uses the real one, stories and tests a manual clock they advance themselves.
 */

/** Something that calls `tick` every `ms` until the returned function is called. */
export type Clock = { every(ms: number, tick: () => void): () => void }

export const realClock: Clock = {
  every(ms, tick) {
    const id = setInterval(tick, ms)
    return () => clearInterval(id)
  },
}

/** A clock that ticks only when told: `advance(ms)` runs every tick due in that time. */
export type ManualClock = Clock & { advance(ms: number): void; readonly running: number }

export function manualClock(): ManualClock {
  const timers = new Set<{ ms: number; elapsed: number; tick: () => void }>()
  return {
    every(ms, tick) {
      const timer = { ms, elapsed: 0, tick }
      timers.add(timer)
      return () => timers.delete(timer)
    },
    advance(ms) {
      for (const timer of [...timers]) {
        timer.elapsed += ms
        while (timer.elapsed >= timer.ms && timers.has(timer)) {
          timer.elapsed -= timer.ms
          timer.tick()
        }
      }
    },
    get running() {
      return timers.size
    },
  }
}

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
