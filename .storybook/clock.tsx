import type { Decorator } from '@storybook/react-vite'
import { ClockProvider, createManualClock, type ManualClock } from '@/lib/clock'

/*
 * Stories of time-driven states (the 2 s and 5 s redirects, the login form's 6 s reset, the
 * session countdown) set `parameters: { clock: 'manual' }`: the story then runs on a manual clock,
 * and its play function moves it with `storyClock().advance(ms)` instead of waiting.
 */

declare module '@storybook/react-vite' {
  interface Parameters {
    clock?: 'manual' | 'real'
  }
}

let current: { storyId: string; clock: ManualClock } | null = null

/** The manual clock of the story being played (parameters.clock = 'manual'). */
export function storyClock(): ManualClock {
  if (!current) throw new Error("This story has no manual clock: set parameters: { clock: 'manual' }.")
  return current.clock
}

export const withClock: Decorator = (Story, context) => {
  if (context.parameters.clock !== 'manual') {
    current = null
    return <Story />
  }
  // One clock per story, kept across the story's re-renders.
  if (current?.storyId !== context.id) current = { storyId: context.id, clock: createManualClock(Date.now()) }
  return (
    <ClockProvider clock={current.clock}>
      <Story />
    </ClockProvider>
  )
}
