import type { QueryClient, QueryKey } from '@tanstack/react-query'
import {
  EVENTS_PATH,
  parsePortalEvent,
  type PortalEvent,
  streamHelloSchema,
  streamResetSchema,
} from '@/contract/events'
import type { Maintenance } from '@/contract/lab'
import type { RecordListAnswer, RecordListRead } from '@/contract/records'
import type { Clock } from '@/lib/clock'
import { applyRecordListEvents, withCommentsRead } from '@/lib/live/apply-events'
import { type LiveRun, liveRunsAfter, readJson, writeBatch, writeHelloRuns } from '@/lib/live/cache-writes'
import { type LabAnswer, labAnswersOf } from '@/lib/live/lab-answers'
import {
  type ConnectionEvent,
  type ConnectionState,
  INITIAL_CONNECTION,
  LOST_AFTER_MS,
  nextConnection,
} from '@/lib/live/connection'
import { queryKeys } from '@/lib/query-keys'

/*
 * One live stream per browser tab while a vendor is logged in (docs/decisions/0022): it follows
 * GET /api/events and writes what happens into TanStack Query's cache, where the screens already
 * read: the records list (rows patched, inserted, removed), each record's runs, its comments.
 * Events are applied once per animation frame, all those that arrived since the last one
 * together. The lists are read again only when the server says events were missed (`reset`), the
 * vendor reconnects a lost stream, or the records list was read before the stream's hello and is
 * older than it (its X-Events-Seq below the hello's accountSeq: a change committed between the
 * two is in neither; read again once per hello).
 */

/** What the client needs of an EventSource: the browser's, or a fake in stories and tests. */
export interface EventSourceLike {
  readonly readyState: number
  addEventListener(type: string, listener: (event: MessageEvent) => void): void
  close(): void
}
export type EventSourceFactory = (url: string) => EventSourceLike

export type { LiveRun } from '@/lib/live/cache-writes'

type Listener = () => void

/** A records list this long gets its events at most every LARGE_LIST_FLUSH_MS (scheduleFlush). */
export const LARGE_LIST_ROWS = 10_000
export const LARGE_LIST_FLUSH_MS = 250

/** More events than this waiting (a tab in the background draws no frames): applied at once. */
const MAX_QUEUED = 5000

export type LiveClientOptions = {
  queryClient: QueryClient
  vendorUserId: string
  /** null where the browser has no EventSource: the client stays off. */
  createEventSource: EventSourceFactory | null
  clock: Clock
  /** Runs `callback` before the next paint; the returned function cancels it. */
  requestFrame?: (callback: () => void) => () => void
  url?: string
  /**
   * Told of each record the lab commented on (a `comment.added` of authorKind 'lab'),
   * once per record and batch, after the batch is applied and that record's comments are read
   * again. LiveUpdates toasts it.
   */
  onLabAnswer?: (answer: LabAnswer) => void
}

function browserFrame(callback: () => void) {
  if (typeof requestAnimationFrame !== 'function') {
    const id = setTimeout(callback, 16)
    return () => clearTimeout(id)
  }
  const id = requestAnimationFrame(callback)
  return () => cancelAnimationFrame(id)
}

const sameKey = (a: QueryKey, b: QueryKey) => a.length === b.length && a.every((part, i) => part === b[i])

export class LiveClient {
  private readonly options: Required<Omit<LiveClientOptions, 'createEventSource' | 'onLabAnswer'>> &
    Pick<LiveClientOptions, 'createEventSource' | 'onLabAnswer'>
  private source: EventSourceLike | null = null
  private connection: ConnectionState = INITIAL_CONNECTION
  private readonly connectionListeners = new Set<Listener>()
  private runs = new Map<string, LiveRun>()
  private readonly runListeners = new Set<Listener>()
  private maintenance: Maintenance | null = null
  private readonly maintenanceListeners = new Set<Listener>()
  private lastSeq: number | null = null
  private queue: PortalEvent[] = []
  private cancelFrame: (() => void) | null = null
  private lastFlushAt = Number.NEGATIVE_INFINITY
  private cancelLostTimer: (() => void) | null = null
  private rereadOnHello = false
  /** The accountSeq of the current stream's hello; null before it (or when the server sent none). */
  private helloAccountSeq: number | null = null
  /** Whether the records list was read again for the current hello (once per hello, never a loop). */
  private rereadForHello = false
  /** Record events applied while the list is being read, to apply again on the answer. */
  private recordLog: PortalEvent[] | null = null
  private unsubscribeCache: (() => void) | null = null

  constructor(options: LiveClientOptions) {
    this.options = { requestFrame: browserFrame, url: EVENTS_PATH, ...options }
  }

  // ---- what the screens read ----

  getConnection = (): ConnectionState => this.connection
  subscribeConnection = (listener: Listener) => {
    this.connectionListeners.add(listener)
    return () => void this.connectionListeners.delete(listener)
  }
  getRun = (portfolioManagerId: string): LiveRun | null => this.runs.get(portfolioManagerId) ?? null
  subscribeRuns = (listener: Listener) => {
    this.runListeners.add(listener)
    return () => void this.runListeners.delete(listener)
  }

  /** The bench's maintenance as the stream tells it (the hello, then lab.maintenance), or null. */
  getMaintenance = (): Maintenance | null => this.maintenance
  subscribeMaintenance = (listener: Listener) => {
    this.maintenanceListeners.add(listener)
    return () => void this.maintenanceListeners.delete(listener)
  }

  /** The vendor opened the record's comments: its row's unread mark goes. */
  markCommentsRead(portfolioManagerId: string) {
    const { queryClient, vendorUserId } = this.options
    queryClient.setQueryData<RecordListAnswer>(queryKeys.records(vendorUserId), (cached) =>
      cached ? withCommentsRead(cached, portfolioManagerId) : cached,
    )
  }

  private setMaintenance(maintenance: Maintenance | null) {
    if (maintenance === this.maintenance) return
    this.maintenance = maintenance
    for (const listener of this.maintenanceListeners) listener()
  }

  // ---- life ----

  start() {
    this.unsubscribeCache ??= this.followRecordReads()
    this.connect()
  }

  /** The vendor's Reconnect: a new stream, and the lists read again once it is live. */
  reconnect() {
    this.rereadOnHello = true
    this.connect()
  }

  stop() {
    this.closeSource()
    this.cancelFrame?.()
    this.cancelFrame = null
    this.queue = []
    this.unsubscribeCache?.()
    this.unsubscribeCache = null
  }

  private connect() {
    this.closeSource()
    const create = this.options.createEventSource
    if (!create) {
      this.dispatch({ type: 'unavailable' })
      return
    }
    this.dispatch({ type: 'connect' })
    // A new stream: its hello, not the last one's, says how recent the list must be.
    this.helloAccountSeq = null
    this.rereadForHello = false
    const source = create(this.options.url)
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
      this.cancelLostTimer = this.options.clock.after(LOST_AFTER_MS, () => {
        this.cancelLostTimer = null
        this.dispatch({ type: 'tick' })
      })
    }
    if (this.connection.status === 'lost') this.closeSource()
  }

  private dispatch(event: ConnectionEvent) {
    const next = nextConnection(this.connection, event, this.options.clock.now())
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

  // ---- the stream's events ----

  private onMessage(message: MessageEvent) {
    const event = typeof message.data === 'string' ? parsePortalEvent(message.data) : null
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
    const { queryClient } = this.options
    this.runs = writeHelloRuns(queryClient, hello)
    for (const listener of this.runListeners) listener()
    this.setMaintenance(hello.maintenance ?? null)
    this.helloAccountSeq = hello.accountSeq ?? null
    this.rereadForHello = false
    if (this.rereadOnHello) {
      this.rereadOnHello = false
      this.rereadLists()
      return
    }
    // A list read under way is checked when it answers (followRecordReads).
    const key = queryKeys.records(this.options.vendorUserId)
    if (queryClient.getQueryState(key)?.fetchStatus === 'fetching') return
    this.rereadIfOlder(queryClient.getQueryData<RecordListRead>(key))
  }

  /**
   * A records list read before the stream's hello misses a change committed between its read and
   * the hello (the stream starts after the hello's head): when its X-Events-Seq is below the
   * hello's accountSeq it is read again, once per hello. A list without the seq (an older server)
   * is taken as it is.
   */
  private rereadIfOlder(answer: RecordListRead | undefined) {
    const accountSeq = this.helloAccountSeq
    if (accountSeq === null || this.rereadForHello) return
    if (answer?.eventsSeq === undefined || answer.eventsSeq >= accountSeq) return
    this.rereadForHello = true
    const { queryClient, vendorUserId } = this.options
    void queryClient.invalidateQueries({ queryKey: queryKeys.records(vendorUserId) })
  }

  private onReset(message: MessageEvent) {
    const reset = readJson(streamResetSchema, message.data)
    this.flush()
    if (reset) this.lastSeq = Math.max(this.lastSeq ?? reset.seq, reset.seq)
    this.rereadLists()
  }

  /** The records list, the open runs and the open comments read again; the rest marked stale. */
  private rereadLists() {
    const { queryClient, vendorUserId } = this.options
    void queryClient.invalidateQueries({ queryKey: queryKeys.records(vendorUserId) })
    void queryClient.invalidateQueries({ queryKey: queryKeys.allRuns() })
    void queryClient.invalidateQueries({ queryKey: queryKeys.allComments() })
    void queryClient.invalidateQueries({ queryKey: queryKeys.allRecordRevisions() })
  }

  /**
   * The next flush: at the next frame, but for a long records list no sooner than
   * LARGE_LIST_FLUSH_MS after the last one. Each flush makes a new list, which the dashboard
   * filters, counts and indexes again in full: at 100,000 rows, once a frame under 100 events a
   * second took most of the main thread and keys waited hundreds of ms (bench:live); four times a
   * second leaves it to the typing.
   */
  private scheduleFlush(): () => void {
    const { queryClient, vendorUserId, clock, requestFrame } = this.options
    const rows =
      queryClient.getQueryData<RecordListAnswer>(queryKeys.records(vendorUserId))
        ?.portfolioManagerSubmittedDetailsList.length ?? 0
    const wait = rows >= LARGE_LIST_ROWS ? this.lastFlushAt + LARGE_LIST_FLUSH_MS - clock.now() : 0
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

  /** Applies the waiting events: one cache update per list they touch. */
  flush = () => {
    this.cancelFrame?.()
    this.cancelFrame = null
    const events = this.queue
    if (events.length === 0) return
    this.lastFlushAt = this.options.clock.now()
    this.queue = []
    const { queryClient, vendorUserId } = this.options

    this.recordLog?.push(...events)
    const { runEvents, commented, maintenance } = writeBatch(queryClient, vendorUserId, events)
    if (maintenance !== undefined) this.setMaintenance(maintenance)
    if (runEvents.size > 0) {
      this.runs = liveRunsAfter(this.runs, runEvents)
      for (const listener of this.runListeners) listener()
    }
    if (commented) this.tellLabAnswers(events)
  }

  /**
   * The lab's comments of the batch — each record's comments read again (the event put
   * the comment at their head already; the read brings the thread as the server has it) and the
   * answer told (onLabAnswer), with the device name from the records list when the tab holds it.
   */
  private tellLabAnswers(events: ReadonlyArray<PortalEvent>) {
    const { queryClient, vendorUserId, onLabAnswer } = this.options
    const answers = labAnswersOf(events, (id) => {
      const list = queryClient.getQueryData<RecordListAnswer>(queryKeys.records(vendorUserId))
      return (
        list?.portfolioManagerSubmittedDetailsList.find((row) => row.portfolioManagerId === id)?.deviceName ??
        null
      )
    })
    for (const answer of answers) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.comments(answer.portfolioManagerId) })
      onLabAnswer?.(answer)
    }
  }

  /**
   * A read of the records list that was asked before some events and answered after them would
   * undo them: the events that arrived while it was under way are applied again to its answer.
   */
  private followRecordReads() {
    const { queryClient, vendorUserId } = this.options
    const key = queryKeys.records(vendorUserId)
    return queryClient.getQueryCache().subscribe((notice) => {
      if (notice.type !== 'updated' || !sameKey(notice.query.queryKey, key)) return
      const { action } = notice
      if (action.type === 'fetch') this.recordLog ??= []
      else if (action.type === 'error') this.recordLog = null
      else if (action.type === 'success' && !action.manual) {
        const missed = this.recordLog
        this.recordLog = null
        if (missed && missed.length > 0) {
          queryClient.setQueryData<RecordListAnswer>(key, (cached) =>
            cached ? applyRecordListEvents(cached, missed) : cached,
          )
        }
        this.rereadIfOlder(action.data as RecordListRead | undefined)
      }
    })
  }
}
