import * as React from 'react'

/*
 * Time as a dependency. The screens' timers (the 2 s and 5 s redirects, the login form's 6 s
 * reset, the session's idle timer and countdown) read the clock from context: the app runs on the
 * real one, stories and tests on a manual clock they move forward themselves, so a state that
 * comes after five minutes is shown at the instant asked for, without waiting.
 */

type Cancel = () => void

export type Clock = {
  /** Milliseconds since an arbitrary start (Date.now() on the real clock). */
  now(): number
  /** Calls `callback` once after `ms`; the returned function cancels it. */
  after(ms: number, callback: () => void): Cancel
  /** Calls `tick` every `ms` until the returned function is called. */
  every(ms: number, tick: () => void): Cancel
}

export const realClock: Clock = {
  now: () => Date.now(),
  after(ms, callback) {
    const id = setTimeout(callback, ms)
    return () => clearTimeout(id)
  },
  every(ms, tick) {
    const id = setInterval(tick, ms)
    return () => clearInterval(id)
  },
}

/** A clock that moves only when told: `advance(ms)` runs, in order, every callback due by then. */
export type ManualClock = Clock & {
  advance(ms: number): void
  /** How many timers are waiting (for tests that check a timer was cancelled). */
  readonly pending: number
}

type Timer = { due: number; every: number | null; callback: () => void; order: number }

export function createManualClock(start = 0): ManualClock {
  let now = start
  let order = 0
  const timers = new Set<Timer>()
  const add = (ms: number, every: number | null, callback: () => void): Cancel => {
    const timer: Timer = { due: now + Math.max(0, ms), every, callback, order: order++ }
    timers.add(timer)
    return () => {
      timers.delete(timer)
    }
  }
  return {
    now: () => now,
    after: (ms, callback) => add(ms, null, callback),
    every: (ms, tick) => add(Math.max(1, ms), Math.max(1, ms), tick),
    advance(ms) {
      const end = now + ms
      for (;;) {
        let next: Timer | undefined
        for (const timer of timers) {
          if (
            timer.due <= end &&
            (!next || timer.due < next.due || (timer.due === next.due && timer.order < next.order))
          ) {
            next = timer
          }
        }
        if (!next) break
        now = next.due
        if (next.every === null) timers.delete(next)
        else next.due += next.every
        next.callback()
      }
      now = end
    },
    get pending() {
      return timers.size
    },
  }
}

const ClockContext = React.createContext<Clock>(realClock)

export function ClockProvider({ clock, children }: { clock: Clock; children: React.ReactNode }) {
  return <ClockContext.Provider value={clock}>{children}</ClockContext.Provider>
}

export function useClock(): Clock {
  return React.useContext(ClockContext)
}

/**
 * Calls `callback` once, `ms` after `ms` stops being null; null cancels, and a new `restartKey`
 * (or `ms`) starts the wait again. The latest callback is the one called, so it may read fresh
 * state without restarting the timer.
 */
export function useTimeout(callback: () => void, ms: number | null, restartKey?: unknown): void {
  const clock = useClock()
  const latest = React.useRef(callback)
  React.useLayoutEffect(() => {
    latest.current = callback
  })
  React.useEffect(() => {
    if (ms === null) return undefined
    return clock.after(ms, () => latest.current())
  }, [clock, ms, restartKey])
}
