import { QueryClient } from '@tanstack/react-query'
import { beforeEach, describe, expect, it } from 'vitest'
import { createManualClock } from '@/lib/clock'
import { labKeys } from '@/lib/query-keys'
import { LAB_REFRESH_MS, LabLiveClient, vendorCommentMessage } from '@/features/lab/api/lab-stream'
import type { RecordAssignedEvent } from '@/contract/lab-assignment'
import { createFakeEventStream } from '@/mocks/event-stream'
import { resetWorld } from '@/mocks/fixtures/world'

const ME = { staffId: 'lab-2', name: 'Eli Engineer' }

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const clock = createManualClock(0)
  const stream = createFakeEventStream({ autoOpen: false, activeRuns: () => [], followWorld: false })
  const frames: Array<() => void> = []
  const assigned: RecordAssignedEvent[] = []
  const comments: string[] = []
  const client = new LabLiveClient(
    queryClient,
    ME,
    {
      createEventSource: stream.createEventSource,
      clock,
      requestFrame: (callback) => {
        frames.push(callback)
        return () => frames.splice(frames.indexOf(callback), 1)
      },
    },
    {
      onAssignedToMe: (event) => assigned.push(event),
      onVendorComment: (comment) => comments.push(vendorCommentMessage(comment)),
    },
  )
  // A lab query in the cache, to see when the stream marks it stale.
  queryClient.setQueryData(labKeys.queue({}), { items: [] })
  const stale = () => queryClient.getQueryState(labKeys.queue({}))?.isInvalidated ?? false
  const fresh = () => queryClient.setQueryData(labKeys.queue({}), { items: [] })
  const frame = () => frames.splice(0).forEach((callback) => callback())
  return { client, stream, clock, frame, frames, stale, fresh, assigned, comments }
}

const assignment = (seq: number, staffId: string, assignedBy: string) =>
  JSON.stringify({
    seq,
    at: '2026-11-20T09:00:00.000Z',
    type: 'record.assigned',
    portfolioManagerId: 'pm-1',
    assignee: { staffId, name: staffId === ME.staffId ? ME.name : 'Lena Lab' },
    assignedBy,
  })

beforeEach(() => resetWorld())

describe('LabLiveClient', () => {
  it('opens the lab’s stream, and reads the lab’s queries again on hello', () => {
    const t = setup()
    t.client.start()
    expect(t.stream.current.url).toBe('/api/lab/events')
    expect(t.client.getConnection().status).toBe('connecting')
    t.stream.openAndHello()
    expect(t.client.getConnection().status).toBe('live')
    expect(t.stale()).toBe(true)
  })

  it('reads the queue again for an assignment, at most once per LAB_REFRESH_MS', () => {
    const t = setup()
    t.client.start()
    t.stream.openAndHello()
    t.frame()
    t.fresh()
    t.stream.raw(assignment(5000, 'lab-1', 'Lena Lab'))
    t.frame()
    expect(t.stale()).toBe(true)
    t.fresh()
    t.stream.raw(assignment(5001, 'lab-1', 'Lena Lab'))
    t.frame()
    // Within the second: not yet.
    expect(t.stale()).toBe(false)
    t.clock.advance(LAB_REFRESH_MS)
    t.frame()
    expect(t.stale()).toBe(true)
  })

  it('tells an assignment to this member by someone else, not one they made or another’s', () => {
    const t = setup()
    t.client.start()
    t.stream.openAndHello()
    t.stream.raw(assignment(6000, ME.staffId, 'Lena Lab'))
    t.stream.raw(assignment(6001, ME.staffId, ME.name))
    t.stream.raw(assignment(6002, 'lab-1', ME.name))
    t.frame()
    expect(t.assigned.map((event) => event.seq)).toEqual([6000])
  })

  it('passes over an event it does not know, and one it had', () => {
    const t = setup()
    t.client.start()
    t.stream.openAndHello()
    t.frame()
    t.clock.advance(LAB_REFRESH_MS)
    t.fresh()
    t.stream.raw(JSON.stringify({ seq: 7000, type: 'no.such.event' }))
    t.frame()
    expect(t.stale()).toBe(false)
  })
})

describe('vendorCommentMessage', () => {
  it('names the author and quotes the comment on one line', () => {
    expect(
      vendorCommentMessage({
        portfolioManagerId: 'p',
        author: 'Priya Sharma',
        text: 'Which label?\n\nThe box?',
      }),
    ).toBe('Priya Sharma wrote: “Which label? The box?”')
  })

  it('cuts a long comment at 80 characters', () => {
    const message = vendorCommentMessage({ portfolioManagerId: 'p', author: 'Ada', text: 'x'.repeat(200) })
    expect(message).toBe(`Ada wrote: “${'x'.repeat(79)}…”`)
  })
})
