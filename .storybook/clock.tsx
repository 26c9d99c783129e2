import type { Decorator } from '@storybook/react-vite'
import { ToastClockProvider } from '@/components/ui/toaster'
import { ClockProvider, createManualClock, type ManualClock } from '@/lib/clock'

/*
 * Stories of time-driven states (the 2 s and 5 s redirects, the login form's 6 s reset, the
 * session countdown) set `parameters: { clock: 'manual' }`: the story then runs on a manual clock,
 * and its play function moves it with `storyClock().advance(ms)` instead of waiting.
 *
 * Toasts close by a manual clock in every story (src/components/ui/toaster.tsx): a toast stays until
 * the story moves that clock (`toastClock().advance(5000)`), so a play function on a loaded machine
 * never races its 5 s. A story on the manual clock closes its toasts with the same clock.
 */

declare module '@storybook/react-vite' {
  interface Parameters {
    clock?: 'manual' | 'real'
  }
}

let current: { storyId: string; clock: ManualClock; manual: boolean } | null = null

/** The manual clock of the story being played (parameters.clock = 'manual'). */
export function storyClock(): ManualClock {
  if (!current?.manual)
    throw new Error("This story has no manual clock: set parameters: { clock: 'manual' }.")
  return current.clock
}

/** The clock the story's toasts close by (its manual clock when it has one). */
export function toastClock(): ManualClock {
  if (!current) throw new Error('No story is being played.')
  return current.clock
}

export const withClock: Decorator = (Story, context) => {
  const manual = context.parameters.clock === 'manual'
  // One clock per story, kept across the story's re-renders.
  if (current?.storyId !== context.id || current.manual !== manual) {
    current = { storyId: context.id, clock: createManualClock(Date.now()), manual }
  }
  const story = (
    <ToastClockProvider clock={current.clock}>
      <Story />
    </ToastClockProvider>
  )
  return manual ? <ClockProvider clock={current.clock}>{story}</ClockProvider> : story
}
