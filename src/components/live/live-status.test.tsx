// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { LiveStatus } from '@/components/live/live-status'
import { ClockProvider, createManualClock } from '@/lib/clock'
import { EventSourceProvider, LiveUpdates, useLiveRun } from '@/lib/live/live-updates'
import { createFakeEventStream } from '@/mocks/event-stream'
import { fixtureEvents } from '@/mocks/fixtures/events'
import { world } from '@/mocks/fixtures/world'

function RunNote({ id }: { id: string }) {
  const run = useLiveRun(id)
  return <p data-testid="note">{run ? `${run.progress.done} of ${run.progress.total} test cases` : 'none'}</p>
}

function renderLive() {
  const stream = createFakeEventStream({ autoOpen: false, activeRuns: () => [], followWorld: false })
  const clock = createManualClock(0)
  render(
    <ClockProvider clock={clock}>
      <QueryClientProvider client={new QueryClient()}>
        <EventSourceProvider createEventSource={stream.createEventSource}>
          <LiveUpdates vendorUserId="v-nokia">
            <LiveStatus />
            <RunNote id="pm-0005" />
          </LiveUpdates>
        </EventSourceProvider>
      </QueryClientProvider>
    </ClockProvider>,
  )
  return { stream, clock }
}

afterEach(cleanup)

const status = () => screen.getByRole('status', { name: 'Live updates' })

describe('LiveStatus', () => {
  it('tells each state of the stream in one status line, with Reconnect when lost', async () => {
    const { stream, clock } = renderLive()
    expect(status()).toHaveTextContent('Connecting to live updates…')
    act(() => stream.openAndHello())
    expect(status()).toHaveTextContent('Live updates on')
    act(() => stream.drop())
    expect(status()).toHaveTextContent('Reconnecting to live updates…')
    expect(screen.queryByRole('button', { name: 'Reconnect' })).toBeNull()
    act(() => clock.advance(30_000))
    expect(status()).toHaveTextContent('Live updates lost. The records may be out of date.')
    await userEvent.click(screen.getByRole('button', { name: 'Reconnect' }))
    expect(stream.sources).toHaveLength(2)
    expect(status()).toHaveTextContent('Connecting to live updates…')
    act(() => stream.openAndHello())
    act(() => stream.end())
    expect(status()).toHaveTextContent('Live updates ended with your session.')
  })

  it('gives a row its running attempt’s progress from the hello and the events', async () => {
    const { stream } = renderLive()
    const run = world.runs.find((candidate) => candidate.portfolioManagerId === 'pm-0005')
    if (!run) throw new Error('no run')
    act(() => stream.openAndHello([run]))
    expect(screen.getByTestId('note')).toHaveTextContent('4 of 8 test cases')
    act(() => {
      stream.emit(fixtureEvents.runCancelled(run, 'Priya Sharma'))
    })
    // Applied on the next frame.
    await screen.findByText('none')
  })
})
