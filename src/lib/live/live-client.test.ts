import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { CertificationRun, RunListAnswer } from '@/contract/certification'
import type { RecordListAnswer, RecordListRead } from '@/contract/records'
import { createManualClock } from '@/lib/clock'
import { LOST_AFTER_MS } from '@/lib/live/connection'
import { LARGE_LIST_FLUSH_MS, LARGE_LIST_ROWS, LiveClient } from '@/lib/live/live-client'
import { organizationKeys } from '@/lib/query-keys'
import { createFakeEventStream, type FakeEventStream } from '@/mocks/event-stream'
import { fixtureEvents } from '@/mocks/fixtures/events'
import { resetWorld, world } from '@/mocks/fixtures/world'

/** The organization the stream's session acts for: its reads are keyed by it. */
const ORGANIZATION = 'org-nokia'
const keys = organizationKeys(ORGANIZATION)
/** A read's name: the part after the organization's prefix. */
const readName = (queryKey: readonly unknown[]) => String(queryKey[keys.all().length])

const VENDOR = 'v-nokia'

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const clock = createManualClock(0)
  const stream = createFakeEventStream({ autoOpen: false, activeRuns: () => [], followWorld: false })
  const frames: Array<() => void> = []
  const client = new LiveClient({
    queryClient,
    organizationId: ORGANIZATION,
    vendorUserId: VENDOR,
    createEventSource: stream.createEventSource,
    clock,
    requestFrame: (callback) => {
      frames.push(callback)
      return () => frames.splice(frames.indexOf(callback), 1)
    },
  })
  const frame = () => frames.splice(0).forEach((callback) => callback())
  const records = () =>
    queryClient.getQueryData<RecordListAnswer>(keys.records(VENDOR))?.portfolioManagerSubmittedDetailsList
  return { queryClient, clock, stream, client, frame, frames, records }
}

const rows = () => world.records.slice(0, 4)
const runOf = (id: string): CertificationRun => {
  const run = world.runs.find((candidate) => candidate.portfolioManagerId === id)
  if (!run) throw new Error(id)
  return run
}

beforeEach(() => resetWorld())

describe('LiveClient', () => {
  let t: ReturnType<typeof setup>
  let stream: FakeEventStream
  beforeEach(() => {
    t = setup()
    stream = t.stream
    t.queryClient.setQueryData(keys.records(VENDOR), { portfolioManagerSubmittedDetailsList: rows() })
    t.client.start()
  })

  it('is connecting, then live on open and hello', () => {
    expect(t.client.getConnection().status).toBe('connecting')
    expect(stream.current.url).toBe('/api/events')
    stream.openAndHello()
    expect(t.client.getConnection().status).toBe('live')
  })

  it('applies events to a list of LARGE_LIST_ROWS rows or more at most every LARGE_LIST_FLUSH_MS', () => {
    stream.openAndHello()
    const [first] = rows()
    const many = Array.from({ length: LARGE_LIST_ROWS }, (_, i) =>
      i === 0 && first
        ? first
        : { ...(first as NonNullable<typeof first>), portfolioManagerId: `pm-many-${i}` },
    )
    t.queryClient.setQueryData(keys.records(VENDOR), { portfolioManagerSubmittedDetailsList: many })
    const run = { ...runOf('pm-0005'), portfolioManagerId: first?.portfolioManagerId ?? '' }
    // The first batch at the next frame…
    stream.emit(fixtureEvents.runStarted(run))
    expect(t.frames).toHaveLength(1)
    t.frame()
    expect(t.records()?.[0]?.status).toBe('InProgress')
    // …the next one not before LARGE_LIST_FLUSH_MS after it.
    stream.emit(fixtureEvents.caseStarted(run, 0))
    expect(t.frames).toHaveLength(0)
    t.clock.advance(LARGE_LIST_FLUSH_MS - 1)
    expect(t.frames).toHaveLength(0)
    t.clock.advance(1)
    expect(t.frames).toHaveLength(1)
  })

  it('applies the events of a frame together, once, in one update of the list', () => {
    stream.openAndHello()
    const [first] = rows()
    const updates: unknown[] = []
    const unsubscribe = t.queryClient.getQueryCache().subscribe((notice) => {
      if (notice.type === 'updated' && readName(notice.query.queryKey) === 'records')
        updates.push(notice.action.type)
    })
    const run = { ...runOf('pm-0005'), portfolioManagerId: first?.portfolioManagerId ?? '' }
    stream.emit(fixtureEvents.runStarted(run), fixtureEvents.caseStarted(run, 0))
    expect(t.records()?.[0]?.status).toBe('Submitted')
    expect(t.frames).toHaveLength(1)
    t.frame()
    expect(t.records()?.[0]?.status).toBe('InProgress')
    expect(updates).toEqual(['success'])
    unsubscribe()
  })

  it('ignores a repeated or older seq and an unknown event type', () => {
    stream.openAndHello()
    const [, second] = rows()
    const id = second?.portfolioManagerId ?? ''
    const [event] = stream.emit(fixtureEvents.deleted(id))
    t.frame()
    expect(t.records()?.map((r) => r.portfolioManagerId)).not.toContain(id)
    // The same seq again (a submit of the same id, say) and an older one are passed over.
    const again = { ...fixtureEvents.submitted(second as never), seq: event?.seq }
    stream.raw(JSON.stringify(again))
    stream.raw(JSON.stringify({ ...again, seq: (event?.seq ?? 0) - 1 }))
    stream.raw(JSON.stringify({ type: 'record.archived', seq: 9999, portfolioManagerId: id }))
    stream.raw('not json')
    t.frame()
    expect(t.records()?.map((r) => r.portfolioManagerId)).not.toContain(id)
    expect(t.records()).toHaveLength(3)
  })

  it('seeds the runs of a tab opened mid-run from the hello, and tells the progress', () => {
    const going = runOf('pm-0005')
    stream.openAndHello([going])
    expect(t.queryClient.getQueryData<RunListAnswer>(keys.runs('pm-0005'))?.runs[0]).toEqual(going)
    expect(t.client.getRun('pm-0005')).toMatchObject({
      runId: going.runId,
      status: 'InProgress',
      progress: { done: 4, total: 8, currentCase: 'DFS channel switching' },
    })
    stream.emit(fixtureEvents.runCancelled(going, 'Priya Sharma'))
    t.frame()
    expect(t.client.getRun('pm-0005')).toBeNull()
    expect(t.queryClient.getQueryData<RunListAnswer>(keys.runs('pm-0005'))?.runs[0]?.status).toBe('Cancelled')
  })

  it('reconnecting after an error the browser retries; live again on open; lost after 30 s', () => {
    stream.openAndHello()
    stream.drop()
    expect(t.client.getConnection().status).toBe('reconnecting')
    stream.open()
    expect(t.client.getConnection().status).toBe('live')
    stream.drop()
    t.clock.advance(LOST_AFTER_MS - 1)
    expect(t.client.getConnection().status).toBe('reconnecting')
    t.clock.advance(1)
    expect(t.client.getConnection().status).toBe('lost')
    expect(stream.current.closed).toBe(true)
  })

  it('lost at once when the browser gives up; Reconnect opens a new stream and reads the lists again', async () => {
    stream.openAndHello()
    stream.fail()
    expect(t.client.getConnection().status).toBe('lost')
    const reads: string[] = []
    t.queryClient.getQueryCache().subscribe((notice) => {
      if (notice.type === 'updated' && notice.action.type === 'invalidate')
        reads.push(readName(notice.query.queryKey))
    })
    t.client.reconnect()
    expect(stream.sources).toHaveLength(2)
    expect(t.client.getConnection().status).toBe('connecting')
    expect(reads).toEqual([])
    stream.openAndHello()
    expect(t.client.getConnection().status).toBe('live')
    expect(reads).toEqual(['records'])
  })

  it('reads the lists again on reset, and only then', () => {
    stream.openAndHello()
    t.queryClient.setQueryData(keys.runs('pm-0005'), { runs: [] })
    const invalidated: string[] = []
    t.queryClient.getQueryCache().subscribe((notice) => {
      if (notice.type === 'updated' && notice.action.type === 'invalidate')
        invalidated.push(readName(notice.query.queryKey))
    })
    stream.emit(fixtureEvents.deleted('pm-0001'))
    t.frame()
    expect(invalidated).toEqual([])
    stream.reset()
    expect(invalidated.sort()).toEqual(['records', 'runs'])
  })

  it('closes on ended and does not reconnect', () => {
    stream.openAndHello()
    stream.end()
    expect(t.client.getConnection().status).toBe('ended')
    expect(stream.current.closed).toBe(true)
    stream.drop()
    t.clock.advance(LOST_AFTER_MS)
    expect(t.client.getConnection().status).toBe('ended')
    expect(stream.sources).toHaveLength(1)
  })

  it('applies again the events that arrived while the list was being read', async () => {
    stream.openAndHello()
    let answer: (value: RecordListAnswer) => void = () => {}
    const read = t.queryClient.fetchQuery({
      queryKey: keys.records(VENDOR),
      queryFn: () => new Promise<RecordListAnswer>((resolve) => (answer = resolve)),
    })
    const [first] = rows()
    const run = { ...runOf('pm-0005'), portfolioManagerId: first?.portfolioManagerId ?? '' }
    stream.emit(fixtureEvents.runStarted(run))
    t.frame()
    // The answer was made before the event: it still says Submitted.
    answer({ portfolioManagerSubmittedDetailsList: rows() })
    await read
    expect(t.records()?.[0]?.status).toBe('InProgress')
  })

  it('stays off without an EventSource', () => {
    const queryClient = new QueryClient()
    const off = new LiveClient({
      queryClient,
      organizationId: ORGANIZATION,
      vendorUserId: VENDOR,
      createEventSource: null,
      clock: t.clock,
    })
    off.start()
    expect(off.getConnection().status).toBe('off')
  })
})

describe('LiveClient: a list read before the hello (decision 0022)', () => {
  let t: ReturnType<typeof setup>
  let stream: FakeEventStream
  /** The list's reads: each answers the next of `seqs` as its X-Events-Seq (the last one again after). */
  let reads: number
  let seqs: number[]
  let hold: boolean
  let release: () => void
  let observer: QueryObserver<RecordListRead> | null
  let unsubscribe: () => void

  beforeEach(() => {
    t = setup()
    stream = t.stream
    reads = 0
    seqs = []
    hold = false
    release = () => {}
    observer = null
    unsubscribe = () => {}
    t.client.start()
  })

  /** The dashboard's list, on screen: read at once, and again when invalidated. */
  function showList() {
    observer = new QueryObserver<RecordListRead>(t.queryClient, {
      queryKey: keys.records(VENDOR),
      queryFn: async () => {
        const eventsSeq = seqs[Math.min(reads, seqs.length - 1)] ?? 0
        reads += 1
        if (hold) await new Promise<void>((resolve) => (release = resolve))
        return { portfolioManagerSubmittedDetailsList: rows(), eventsSeq }
      },
      staleTime: Infinity,
    })
    unsubscribe = observer.subscribe(() => {})
  }
  const settled = async () => {
    await vi.waitFor(() => expect(t.queryClient.isFetching()).toBe(0))
    // Anything a late answer would start has had its turn.
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(t.queryClient.isFetching()).toBe(0)
  }
  const cachedSeq = () => t.queryClient.getQueryData<RecordListRead>(keys.records(VENDOR))?.eventsSeq

  it('reads again, exactly once, a list answered before the hello with an older seq', async () => {
    seqs = [103, 107]
    showList()
    await settled()
    expect(reads).toBe(1)
    stream.openAndHello([], 107)
    await settled()
    expect(reads).toBe(2)
    expect(cachedSeq()).toBe(107)
    unsubscribe()
  })

  it('reads again, once, a list asked before the hello and answered after it with an older seq', async () => {
    seqs = [103, 107]
    hold = true
    showList()
    expect(reads).toBe(1)
    stream.openAndHello([], 107)
    // Nothing more while the read is under way: its answer is checked when it comes.
    expect(reads).toBe(1)
    hold = false
    release()
    await settled()
    expect(reads).toBe(2)
    expect(cachedSeq()).toBe(107)
    unsubscribe()
  })

  it('does not read again a list as recent as the hello', async () => {
    seqs = [107]
    showList()
    await settled()
    stream.openAndHello([], 107)
    await settled()
    expect(reads).toBe(1)
    unsubscribe()
  })

  it('does not read again a list read after the hello', async () => {
    stream.openAndHello([], 107)
    seqs = [107]
    showList()
    await settled()
    expect(reads).toBe(1)
    // Live events after the hello do not make it older.
    stream.emit(fixtureEvents.deleted('pm-0001'))
    t.frame()
    await settled()
    expect(reads).toBe(1)
    unsubscribe()
  })

  it('never loops: a read again that answers the same older seq is kept, and so is a later one', async () => {
    seqs = [103]
    showList()
    await settled()
    stream.openAndHello([], 107)
    await settled()
    expect(reads).toBe(2)
    // The sync icon's read, still older: no more for this hello.
    await observer?.refetch()
    await settled()
    expect(reads).toBe(3)
    unsubscribe()
  })

  it('a resume (the browser reconnects with Last-Event-ID: no hello) reads nothing; a new hello is checked anew', async () => {
    seqs = [103]
    showList()
    await settled()
    stream.openAndHello([], 103)
    await settled()
    expect(reads).toBe(1)
    stream.drop()
    stream.open()
    await settled()
    expect(reads).toBe(1)
    // A reset's hello: the lists are read again for the reset; that read, asked before the hello's
    // snapshot, is older than it, so the list is read once more.
    seqs = [103, 103, 110]
    stream.reset()
    stream.hello([], 110)
    await settled()
    expect(reads).toBe(3)
    expect(cachedSeq()).toBe(110)
    unsubscribe()
  })

  it('keeps the events that came while the list was read again, and the answer’s seq', async () => {
    seqs = [103]
    showList()
    await settled()
    hold = true
    stream.openAndHello([], 107)
    expect(reads).toBe(2)
    stream.emit(fixtureEvents.deleted('pm-0001'))
    t.frame()
    hold = false
    release()
    await settled()
    expect(t.records()?.map((row) => row.portfolioManagerId)).not.toContain('pm-0001')
    expect(cachedSeq()).toBe(103)
    expect(reads).toBe(2)
    unsubscribe()
  })
})
