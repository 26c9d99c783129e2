import type { CertificationRun } from '@/contract/certification'
import type { PortalEvent } from '@/contract/events'
import { type EventDraft, followWorldEvents } from '@/mocks/fixtures/events'
import { FIXTURE_EVENTS_SEQ, world } from '@/mocks/fixtures/world'

/*
 * A fake of the live stream GET /api/events for stories and unit tests: an EventSource-shaped
 * object (the one the live client is given through EventSourceProvider) and a controller that
 * plays the server's part: open, hello (with the fixture world's seq as its accountSeq, as the list
 * handler's X-Events-Seq), stored events numbered in order, reset, ended, a dropped
 * connection the browser retries (readyState CONNECTING) or gives up (CLOSED).
 */

const CONNECTING = 0
const OPEN = 1
const CLOSED = 2

type Listener = (event: MessageEvent) => void

export class FakeEventSource {
  readyState = CONNECTING
  closed = false
  private readonly listeners = new Map<string, Set<Listener>>()

  constructor(readonly url: string) {}

  addEventListener(type: string, listener: Listener) {
    const set = this.listeners.get(type) ?? new Set()
    set.add(listener)
    this.listeners.set(type, set)
  }

  close() {
    this.readyState = CLOSED
    this.closed = true
  }

  /** Delivers one event of this type (a closed source delivers nothing, as a real one). */
  dispatch(type: string, data?: string, lastEventId = '') {
    if (this.closed && type !== 'error') return
    const event = new MessageEvent(type, { data, lastEventId })
    for (const listener of this.listeners.get(type) ?? []) listener(event)
  }
}

export type FakeStreamOptions = {
  /** Open and say hello as soon as a source is made (the usual stream); false: the story does. */
  autoOpen?: boolean
  /** The active runs the hello tells (default: the fixture world's runs in progress, at hello time). */
  activeRuns?: () => CertificationRun[]
  /** Forward the events the fixture world's handlers publish (a re-run, a cancel). */
  followWorld?: boolean
  /** The seq the stream starts after. */
  startSeq?: number
}

const worldActiveRuns = () =>
  world.runs.filter((run) => run.status === 'InProgress' || run.status === 'Maintenance')

export type FakeEventStream = ReturnType<typeof createFakeEventStream>

/** A fake stream: `createEventSource` goes to EventSourceProvider, the rest drives it. */
export function createFakeEventStream(options: FakeStreamOptions = {}) {
  const { autoOpen = true, activeRuns = worldActiveRuns, followWorld = true } = options
  const sources: FakeEventSource[] = []
  let seq = options.startSeq ?? FIXTURE_EVENTS_SEQ
  let stopFollowing: (() => void) | null = null

  const current = () => {
    const source = sources.at(-1)
    if (!source) throw new Error('No live stream has been opened.')
    return source
  }

  const stream = {
    sources,
    /** The source the page holds now (the latest made). */
    get current() {
      return current()
    },
    get seq() {
      return seq
    },
    createEventSource: (url: string) => {
      const source = new FakeEventSource(url)
      sources.push(source)
      if (autoOpen) queueMicrotask(() => stream.openAndHello())
      if (followWorld && !stopFollowing) stopFollowing = followWorldEvents((draft) => stream.emit(draft))
      return source
    },
    open() {
      const source = current()
      source.readyState = OPEN
      source.dispatch('open')
    },
    /**
     * `event: hello` at the stream's seq. Its accountSeq is the seq the fixture world is as of (what
     * the list handler answers as X-Events-Seq), at most the hello's seq, unless given.
     */
    hello(runs: CertificationRun[] = activeRuns(), accountSeq = Math.min(seq, world.eventsSeq)) {
      current().dispatch('hello', JSON.stringify({ seq, accountSeq, activeRuns: runs }))
    },
    openAndHello(runs?: CertificationRun[], accountSeq?: number) {
      stream.open()
      stream.hello(runs, accountSeq)
    },
    /** Stored events, each with the next seq, in one go (they arrive together). */
    emit(...drafts: EventDraft[]): PortalEvent[] {
      const source = current()
      return drafts.map((draft) => {
        seq += 1
        const event = { ...draft, seq } as PortalEvent
        source.dispatch('message', JSON.stringify(event), String(seq))
        return event
      })
    },
    /** Sends an event as it is (a repeated or unknown one). */
    raw(data: string, type = 'message') {
      current().dispatch(type, data)
    },
    reset(reason = 'Events were missed.') {
      current().dispatch('reset', JSON.stringify({ seq, reason }))
    },
    end(message = 'Your session has ended. Please sign in again.') {
      current().dispatch('ended', JSON.stringify({ message }))
    },
    /** The connection drops; the browser retries (readyState CONNECTING). */
    drop() {
      const source = current()
      source.readyState = CONNECTING
      source.dispatch('error')
    },
    /** The connection drops and the browser gives up (readyState CLOSED). */
    fail() {
      const source = current()
      source.readyState = CLOSED
      source.dispatch('error')
    },
    stop() {
      stopFollowing?.()
      stopFollowing = null
    },
  }
  return stream
}
