import type { Decorator } from '@storybook/react-vite'
import { EventSourceProvider } from '@/lib/live/live-updates'
import { createFakeEventStream, type FakeEventStream, type FakeStreamOptions } from '@/mocks/event-stream'

/*
 * Every story's live stream (GET /api/events, docs/decisions/0022) is a fake one: by default it
 * opens at once, says hello with the fixture world's runs in progress and forwards what the
 * world's handlers change (a re-run, a cancel). A story of a live state sets
 * `parameters: { liveStream: { autoOpen: false, … } }` and drives it from its play function with
 * `storyStream()`: open, hello, events, reset, ended, a dropped or lost connection.
 */

declare module '@storybook/react-vite' {
  interface Parameters {
    liveStream?: FakeStreamOptions
  }
}

let current: { storyId: string; stream: FakeEventStream } | null = null

/** The fake live stream of the story being played. */
export function storyStream(): FakeEventStream {
  if (!current) throw new Error('This story has no live stream.')
  return current.stream
}

export const withEventStream: Decorator = (Story, context) => {
  // One stream per story, kept across the story's re-renders.
  if (current?.storyId !== context.id) {
    current?.stream.stop()
    current = { storyId: context.id, stream: createFakeEventStream(context.parameters.liveStream ?? {}) }
  }
  return (
    <EventSourceProvider createEventSource={current.stream.createEventSource}>
      <Story />
    </EventSourceProvider>
  )
}
