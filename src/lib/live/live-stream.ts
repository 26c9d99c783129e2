import { streamHelloSchema, streamResetSchema, type StreamHello } from '@/contract/events'
import type { Clock } from '@/lib/clock'
import { readJson } from '@/lib/live/cache-writes'
import {
  type ConnectionEvent,
  type ConnectionState,
  INITIAL_CONNECTION,
  LOST_AFTER_MS,
  nextConnection,
} from '@/lib/live/connection'

/*
 * One live-stream client for every tab (docs/decisions/0022, 0045): a vendor's (GET /api/events,
 * LiveClient) and a lab staff member's (GET /api/lab/events, the lab console's LabLiveClient) are
 * this one class with their own use of the events. It owns the connection — open, the browser's
 * own reconnect with Last-Event-ID (resume), `lost` after LOST_AFTER_MS or a refused stream, the
 * Reconnect of the status line, `ended` when the server ends the session — and batches the events
 * that arrive, applying them together once per animation frame. What the events change is the
 * subclass's: `applyEvents`, `applyHello`, `rereadLists`.
 */

/** What the client needs of an EventSource: the browser's, or a fake in stories and tests. */
export interface EventSourceLike {
  readonly readyState: number
  addEventListener(type: string, listener: (event: MessageEvent) => void): void
  close(): void
}
export type EventSourceFactory = (url: string) => EventSourceLike

type Listener = () => void

/** More events than this waiting (a tab in the background draws no frames): applied at once. */
const MAX_QUEUED = 5000

export type LiveStreamOptions = {
  /** null where the browser has no EventSource: the client stays off. */
  createEventSource: EventSourceFactory | null
  clock: Clock
  url: string
  /** Runs `callback` before the next paint; the returned function cancels it. */
  requestFrame?: (callback: () => void) => () => void
}

function browserFrame(callback: () => void) {
  if (typeof requestAnimationFrame !== 'function') {
    const id = setTimeout(callback, 16)
    return () => clearTimeout(id)
  }
  const id = requestAnimationFrame(callback)
  return () => cancelAnimationFrame(id)
}

export abstract class LiveStream<E extends { seq: number }> {
  protected readonly stream: Required<Omit<LiveStreamOptions, 'createEventSource'>> &
    Pick<LiveStreamOptions, 'createEventSource'>
  private source: EventSourceLike | null = null
  private connection: ConnectionState = INITIAL_CONNECTION
  private readonly connectionListeners = new Set<Listener>()
  private lastSeq: number | null = null
  private queue: E[] = []
  private cancelFrame: (() => void) | null = null
  private cancelLostTimer: (() => void) | null = null
  private rereadOnHello = false
  protected lastFlushAt = Number.NEGATIVE_INFINITY

  constructor(options: LiveStreamOptions) {
    this.stream = { requestFrame: browserFrame, ...options }
  }

  /** The stream's event, or null for one this client does not know (passed over). */
  protected abstract parseEvent(data: string): E | null
  /** A batch of events, in seq order, applied together. */
  protected abstract applyEvents(events: E[]): void
  /** The stream's hello; `reread`: after the user's Reconnect, read the lists again. */
  protected abstract applyHello(hello: StreamHello, reread: boolean): void
  /** Events were missed (`reset`): read what the screens show again. */
  protected abstract rereadLists(): void
  /** A new stream opens (the last one's hello no longer counts). */
  protected onConnect(): void {}
  /** Started once, before the first stream; its return is called at stop. */
  protected follow(): (() => void) | null {
    return null
  }

  getConnection = (): ConnectionState => this.connection
  subscribeConnection = (listener: Listener) => {
    this.connectionListeners.add(listener)
    return () => void this.connectionListeners.delete(listener)
  }

  private unfollow: (() => void) | null = null

  start() {
    this.unfollow ??= this.follow()
    this.connect()
  }

  /** The status line's Reconnect: a new stream, and the lists read again once it is live. */
  reconnect() {
    this.rereadOnHello = true
    this.connect()
  }

  stop() {
    this.closeSource()
    this.cancelFrame?.()
    this.cancelFrame = null
    this.queue = []
    this.unfollow?.()
    this.unfollow = null
  }

  private connect() {
    this.closeSource()
    const create = this.stream.createEventSource
    if (!create) {
      this.dispatch({ type: 'unavailable' })
      return
    }
    this.dispatch({ type: 'connect' })
    this.onConnect()
    const source = create(this.stream.url)
    this.source = source
    const mine = (listener: (event: MessageEvent) => void) => (event: MessageEvent) => {
      if (this.source === source) listener(event)
    }
    source.addEventListener(
      'open',
      mine(() => this.dispatch({ type: 'open' })),
    )
    source.addEventListener(
      'error',
      mine(() => this.onError(source)),
    )
    source.addEventListener(
      'message',
      mine((event) => this.onMessage(event)),
    )
    source.addEventListener(
      'hello',
      mine((event) => this.onHello(event)),
    )
    source.addEventListener(
      'reset',
      mine((event) => this.onReset(event)),
    )
    source.addEventListener(
      'ended',
      mine(() => {
        this.closeSource()
        this.dispatch({ type: 'ended' })
      }),
    )
  }

  private closeSource() {
    this.source?.close()
    this.source = null
    this.cancelLostTimer?.()
    this.cancelLostTimer = null
  }

  private onError(source: EventSourceLike) {
    this.dispatch({ type: 'error', readyState: source.readyState })
    if (this.connection.status === 'reconnecting' && !this.cancelLostTimer) {
      this.cancelLostTimer = this.stream.clock.after(LOST_AFTER_MS, () => {
        this.cancelLostTimer = null
        this.dispatch({ type: 'tick' })
      })
    }
    if (this.connection.status === 'lost') this.closeSource()
  }

  private dispatch(event: ConnectionEvent) {
    const next = nextConnection(this.connection, event, this.stream.clock.now())
    if (next === this.connection) return
    this.connection = next
    if (next.status !== 'reconnecting') {
      this.cancelLostTimer?.()
      this.cancelLostTimer = null
    }
    if (next.status === 'lost') {
      this.source?.close()
      this.source = null
    }
    for (const listener of this.connectionListeners) listener()
  }

  private onMessage(message: MessageEvent) {
    const event = typeof message.data === 'string' ? this.parseEvent(message.data) : null
    // An event this client does not know, or one it has applied already, is passed over.
    if (!event) return
    if (this.lastSeq !== null && event.seq <= this.lastSeq) return
    this.lastSeq = event.seq
    this.queue.push(event)
    if (this.queue.length >= MAX_QUEUED) this.flush()
    else this.cancelFrame ??= this.scheduleFlush()
  }

  private onHello(message: MessageEvent) {
    const hello = readJson(streamHelloSchema, message.data)
    if (!hello) return
    this.flush()
    this.dispatch({ type: 'open' })
    const reread = this.rereadOnHello
    this.rereadOnHello = false
    this.applyHello(hello, reread)
  }

  private onReset(message: MessageEvent) {
    const reset = readJson(streamResetSchema, message.data)
    this.flush()
    if (reset) this.lastSeq = Math.max(this.lastSeq ?? reset.seq, reset.seq)
    this.rereadLists()
  }

  /** How long after the last flush the next may come (0: the next frame). */
  protected flushDelay(): number {
    return 0
  }

  private scheduleFlush(): () => void {
    const { clock, requestFrame } = this.stream
    const wait = this.flushDelay()
    if (wait <= 0) return requestFrame(() => this.flush())
    let cancelFrame: (() => void) | null = null
    const cancelTimer = clock.after(wait, () => {
      cancelFrame = requestFrame(() => this.flush())
    })
    return () => {
      cancelTimer()
      cancelFrame?.()
    }
  }

  /** Applies the waiting events together. */
  flush = () => {
    this.cancelFrame?.()
    this.cancelFrame = null
    const events = this.queue
    if (events.length === 0) return
    this.lastFlushAt = this.stream.clock.now()
    this.queue = []
    this.applyEvents(events)
  }
}
