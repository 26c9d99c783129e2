import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { EVENTS_PATH, parsePortalEvent, type PortalEvent, type StreamHello } from '@/contract/events'
import type { Maintenance } from '@/contract/lab'
import type { RecordListAnswer, RecordListRead } from '@/contract/records'
import { applyRecordListEvents, withCommentsRead } from '@/lib/live/apply-events'
import { type LiveRun, liveRunsAfter, writeBatch, writeHelloRuns } from '@/lib/live/cache-writes'
import { type LabAnswer, labAnswersOf } from '@/lib/live/lab-answers'
import { LiveStream, type LiveStreamOptions } from '@/lib/live/live-stream'
import { type OrganizationId, type OrganizationKeys, organizationKeys } from '@/lib/query-keys'

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

export type { EventSourceFactory, EventSourceLike } from '@/lib/live/live-stream'
export type { LiveRun } from '@/lib/live/cache-writes'

type Listener = () => void

/** A records list this long gets its events at most every LARGE_LIST_FLUSH_MS (flushDelay). */
export const LARGE_LIST_ROWS = 10_000
export const LARGE_LIST_FLUSH_MS = 250

export type LiveClientOptions = Omit<LiveStreamOptions, 'url'> & {
  queryClient: QueryClient
  /** The organization the session acts for: the stream's events are its (docs/decisions/0023). */
  organizationId: OrganizationId
  vendorUserId: string
  url?: string
  /**
   * Told of each record the lab commented on (a `comment.added` of authorKind 'lab'),
   * once per record and batch, after the batch is applied and that record's comments are read
   * again. LiveUpdates toasts it.
   */
  onLabAnswer?: (answer: LabAnswer) => void
}

const sameKey = (a: QueryKey, b: QueryKey) => a.length === b.length && a.every((part, i) => part === b[i])

/** The vendor's stream (the connection is LiveStream's): the records list, runs and comments. */
export class LiveClient extends LiveStream<PortalEvent> {
  private readonly options: Pick<LiveClientOptions, 'queryClient' | 'vendorUserId' | 'onLabAnswer'>
  /** The keys of the organization's reads this stream writes. */
  private readonly keys: OrganizationKeys
  private runs = new Map<string, LiveRun>()
  private readonly runListeners = new Set<Listener>()
  private maintenance: Maintenance | null = null
  private readonly maintenanceListeners = new Set<Listener>()
  /** The accountSeq of the current stream's hello; null before it (or when the server sent none). */
  private helloAccountSeq: number | null = null
  /** Whether the records list was read again for the current hello (once per hello, never a loop). */
  private rereadForHello = false
  /** Record events applied while the list is being read, to apply again on the answer. */
  private recordLog: PortalEvent[] | null = null

  constructor({
    queryClient,
    organizationId,
    vendorUserId,
    onLabAnswer,
    url = EVENTS_PATH,
    ...stream
  }: LiveClientOptions) {
    super({ ...stream, url })
    this.options = { queryClient, vendorUserId, onLabAnswer }
    this.keys = organizationKeys(organizationId)
  }

  // ---- what the screens read ----

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
    queryClient.setQueryData<RecordListAnswer>(this.keys.records(vendorUserId), (cached) =>
      cached ? withCommentsRead(cached, portfolioManagerId) : cached,
    )
  }

  private setMaintenance(maintenance: Maintenance | null) {
    if (maintenance === this.maintenance) return
    this.maintenance = maintenance
    for (const listener of this.maintenanceListeners) listener()
  }

  // ---- the stream's events ----

  protected parseEvent(data: string): PortalEvent | null {
    return parsePortalEvent(data)
  }

  /** A new stream: its hello, not the last one's, says how recent the list must be. */
  protected override onConnect() {
    this.helloAccountSeq = null
    this.rereadForHello = false
  }

  protected override follow() {
    return this.followRecordReads()
  }

  protected applyHello(hello: StreamHello, reread: boolean) {
    const { queryClient } = this.options
    this.runs = writeHelloRuns(queryClient, this.keys, hello)
    for (const listener of this.runListeners) listener()
    this.setMaintenance(hello.maintenance ?? null)
    this.helloAccountSeq = hello.accountSeq ?? null
    this.rereadForHello = false
    if (reread) {
      this.rereadLists()
      return
    }
    // A list read under way is checked when it answers (followRecordReads).
    const key = this.keys.records(this.options.vendorUserId)
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
    void queryClient.invalidateQueries({ queryKey: this.keys.records(vendorUserId) })
  }

  /** The records list, the open runs and the open comments read again; the rest marked stale. */
  protected rereadLists() {
    const { queryClient, vendorUserId } = this.options
    void queryClient.invalidateQueries({ queryKey: this.keys.records(vendorUserId) })
    void queryClient.invalidateQueries({ queryKey: this.keys.allRuns() })
    void queryClient.invalidateQueries({ queryKey: this.keys.allComments() })
    void queryClient.invalidateQueries({ queryKey: this.keys.allRecordRevisions() })
  }

  /**
   * The next flush: at the next frame, but for a long records list no sooner than
   * LARGE_LIST_FLUSH_MS after the last one. Each flush makes a new list, which the dashboard
   * filters, counts and indexes again in full: at 100,000 rows, once a frame under 100 events a
   * second took most of the main thread and keys waited hundreds of ms (bench:live); four times a
   * second leaves it to the typing.
   */
  protected override flushDelay(): number {
    const { queryClient, vendorUserId } = this.options
    const rows =
      queryClient.getQueryData<RecordListAnswer>(this.keys.records(vendorUserId))
        ?.portfolioManagerSubmittedDetailsList.length ?? 0
    return rows >= LARGE_LIST_ROWS ? this.lastFlushAt + LARGE_LIST_FLUSH_MS - this.stream.clock.now() : 0
  }

  /** Applies a batch of events: one cache update per list they touch. */
  protected applyEvents(events: PortalEvent[]) {
    const { queryClient, vendorUserId } = this.options
    this.recordLog?.push(...events)
    const { runEvents, commented, maintenance } = writeBatch(queryClient, this.keys, vendorUserId, events)
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
      const list = queryClient.getQueryData<RecordListAnswer>(this.keys.records(vendorUserId))
      return (
        list?.portfolioManagerSubmittedDetailsList.find((row) => row.portfolioManagerId === id)?.deviceName ??
        null
      )
    })
    for (const answer of answers) {
      void queryClient.invalidateQueries({ queryKey: this.keys.comments(answer.portfolioManagerId) })
      onLabAnswer?.(answer)
    }
  }

  /**
   * A read of the records list that was asked before some events and answered after them would
   * undo them: the events that arrived while it was under way are applied again to its answer.
   */
  private followRecordReads() {
    const { queryClient, vendorUserId } = this.options
    const key = this.keys.records(vendorUserId)
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
