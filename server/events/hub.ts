import { sql, type Kysely } from 'kysely'
import pg from 'pg'
import { STREAM_KEEP_ALIVE_MS } from '@/contract/events'
import {
  MAX_STREAMS_PER_ACCOUNT,
  NOT_SIGNED_IN_MESSAGE,
  RESET_AHEAD_REASON,
  RESET_PRUNED_REASON,
} from '@/contract/server-messages'
import type { Database } from '../platform/db/schema.ts'
import { log } from '../platform/log.ts'
import { EVENTS_CHANNEL, onAppended } from './append.ts'
import {
  eventsAfter,
  ALL_ORGANIZATIONS,
  eventWindow,
  helloSnapshot,
  liveSessionIds,
  pruneEvents,
  storedEventText,
  type StoredEventRow,
  type ActiveRunsReader,
} from './store.ts'
import { EventStream, streamMessage } from './stream.ts'

/*
 * The event hub of one server process (docs/decisions/0020). One reader per process reads the
 * events committed since it last read (`seq > lastRead`, in seq order, in batches) once, and hands
 * each to the open streams of its vendor, in memory. It is woken:
 * - in this process, by appendEvent (onAppended), at once. On PGlite that is enough: the process
 *   has the database's one session, and the read waits for the writing transaction to commit
 *   (server/platform/db/pglite-dialect.ts hands the connection to one holder at a time). On PostgreSQL the
 *   read may run before the commit and find nothing; the commit's NOTIFY wakes it again;
 * - on PostgreSQL, by NOTIFY portal_events, on a dedicated connection (not the pool's) that
 *   LISTENs. A connection that breaks is made again with backoff, and the reader reads from its
 *   last seq when it is back, so nothing written meanwhile is missed;
 * - every `safetyReadMs` (5 s), in case a notification was lost.
 * Reads never overlap: a wake during a read makes one more read after it.
 *
 * Events commit in seq order (appendEvent's ordering lock), so once the reader has read seq N it
 * has read every event up to N, and no later read can turn up an older one.
 *
 * The hub also keeps the streams alive (a comment every keepAliveMs) and, in the same round,
 * checks their sessions in one query: a stream whose session ended (logout, idle past 300 s,
 * removed) gets `event: ended` and is closed. The stream itself is no activity of the session.
 * And it prunes events older than the retention (EVENTS_RETENTION_HOURS, 24 h) every pruneEveryMs.
 */

export const DEFAULT_SAFETY_READ_MS = 5000
export const DEFAULT_RETENTION_HOURS = 24
export const DEFAULT_PRUNE_EVERY_MS = 10 * 60 * 1000
export const DEFAULT_MAX_QUEUED_BYTES = 1024 * 1024
const READ_BATCH = 500
const LISTEN_BACKOFF_MS = [250, 500, 1000, 2000, 5000, 10_000] as const

export type EventHubOptions = {
  db: Kysely<Database>
  /** The active runs a hello lists (the certification domain's read). */
  activeRuns: ActiveRunsReader
  /**
   * PostgreSQL: the database the LISTEN connection goes to (default DATABASE_URL); null: no
   * LISTEN (events of other processes then arrive within safetyReadMs). Unused on PGlite.
   */
  listenUrl?: string | null
  safetyReadMs?: number
  keepAliveMs?: number
  retentionHours?: number
  pruneEveryMs?: number
  maxStreamsPerAccount?: number
  /** A stream whose socket has not taken this many bytes is closed (the tab resumes later). */
  maxQueuedBytes?: number
  /**
   * Whether appendEvent in this process wakes the reader (default true). Off only in tests where
   * two portals share one Node process but stand for two processes (NOTIFY alone must carry).
   */
  wakeOnAppend?: boolean
  /** Where the hub's errors go (default: the server's log). */
  onError?: (error: unknown, what: string) => void
}

export type OpenStream = {
  /** The organization whose events the stream carries (docs/decisions/0023). */
  organizationId: string
  /**
   * The member whose tab it is (a lab staff member's id on the lab's stream): maxStreamsPerAccount
   * counts per member, in every organization together, in this process.
   */
  accountId: string
  sessionId: string
  /** The seq the tab resumes after (Last-Event-ID, ?after=), or null for a fresh tab (hello). */
  after: number | null
}

export interface EventHub {
  /** Reads the head, starts listening and the timers. */
  start(): Promise<void>
  /** Closes every stream (the tabs reconnect, to this process's successor or another one) and stops. */
  stop(): Promise<void>
  /**
   * Opens a stream for a vendor's session; 'full' when the member has maxStreamsPerAccount open
   * here (in any organization), 'stopped' when the hub is not running (the process is stopping).
   */
  open(request: OpenStream): EventStream | 'full' | 'stopped'
  /** A session ended in this process (logout, idle): its streams get `ended` at once. */
  sessionEnded(sessionId: string): void
  /** Reads new events now (and again after a read in progress). */
  wake(): Promise<void>
  /** The keep-alive round now: comments, and `ended` for the streams whose session is over. */
  keepAliveRound(): Promise<void>
  /** Prunes now; resolves to how many events went. */
  prune(): Promise<number>
  /** Open streams, of one organization or of all. */
  streamCount(organizationId?: string): number
  /** The last seq read. */
  lastRead(): number
  /** Whether a LISTEN connection is up (PostgreSQL). */
  listening(): boolean
  /** The backend pid of the LISTEN connection, for tests that break it. */
  listenerPid(): number | null
}

/** EVENTS_RETENTION_HOURS: hours, more than 0; the default when unset. */
export function retentionHoursFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const value = env.EVENTS_RETENTION_HOURS
  if (value === undefined || value.trim() === '') return DEFAULT_RETENTION_HOURS
  const hours = Number(value)
  if (!Number.isFinite(hours) || hours <= 0) {
    throw new Error(`EVENTS_RETENTION_HOURS must be a number of hours above 0, not "${value}".`)
  }
  return hours
}

export function createEventHub(options: EventHubOptions): EventHub {
  const { db } = options
  const safetyReadMs = options.safetyReadMs ?? DEFAULT_SAFETY_READ_MS
  const keepAliveMs = options.keepAliveMs ?? STREAM_KEEP_ALIVE_MS
  const retentionHours = options.retentionHours ?? DEFAULT_RETENTION_HOURS
  const pruneEveryMs = options.pruneEveryMs ?? DEFAULT_PRUNE_EVERY_MS
  const maxStreams = options.maxStreamsPerAccount ?? MAX_STREAMS_PER_ACCOUNT
  const maxQueuedBytes = options.maxQueuedBytes ?? DEFAULT_MAX_QUEUED_BYTES
  const listenUrl = options.listenUrl === undefined ? process.env.DATABASE_URL : options.listenUrl
  const onError =
    options.onError ??
    ((error: unknown, what: string) => log.error({ err: error, what }, 'event hub: failed'))

  /** The open streams by organization (ALL_ORGANIZATIONS: the lab's), for the deliveries. */
  const streams = new Map<string, Set<EventStream>>()
  /** The same streams by whose tabs they are, for the cap: a member's in every organization together. */
  const streamsOf = new Map<string, Set<EventStream>>()
  const holderOf = (stream: { organizationId: string; accountId: string }) =>
    `${stream.organizationId === ALL_ORGANIZATIONS ? 'staff' : 'account'}:${stream.accountId}`
  let lastRead = 0
  let started = false
  let stopped = false
  let reading: Promise<void> | undefined
  let readAgain = false
  const timers: NodeJS.Timeout[] = []
  let stopAppended: (() => void) | undefined
  let listener: pg.Client | undefined
  let listenerPid: number | null = null
  let reconnect: NodeJS.Timeout | undefined
  let failures = 0
  const catchUps = new Set<Promise<void>>()

  function deliver(row: StoredEventRow) {
    const open = streams.get(row.organization_id)
    if (open && open.size > 0) {
      const message = streamMessage(row.seq, storedEventText(row))
      for (const stream of open) stream.deliver(message)
    }
    // The lab's streams (issue 19): every organization's events, each naming its organization.
    const lab = streams.get(ALL_ORGANIZATIONS)
    if (lab && lab.size > 0) {
      const message = streamMessage(row.seq, storedEventText(row, { withOrganization: true }))
      for (const stream of lab) stream.deliver(message)
    }
  }

  async function readNew() {
    for (;;) {
      const rows = await eventsAfter(db, { after: lastRead, limit: READ_BATCH })
      for (const row of rows) {
        lastRead = row.seq
        deliver(row)
      }
      if (rows.length < READ_BATCH) return
    }
  }

  function wake(): Promise<void> {
    if (!started || stopped) return Promise.resolve()
    if (reading) {
      readAgain = true
      return reading
    }
    reading = (async () => {
      do {
        readAgain = false
        try {
          await readNew()
        } catch (error) {
          // lastRead stays: the next wake (or the safety read) reads from there.
          if (!stopped) onError(error, 'reading new events')
          return
        }
      } while (readAgain && !stopped)
    })().finally(() => {
      reading = undefined
    })
    return reading
  }

  /* ------------------------------------------------------------------ LISTEN (PostgreSQL) */

  async function listen(url: string) {
    const client = new pg.Client({ connectionString: url, keepAlive: true })
    let lost = false
    const onLost = (error?: unknown) => {
      if (lost) return
      lost = true
      if (listener === client) {
        listener = undefined
        listenerPid = null
      }
      client.end().catch(() => {})
      if (stopped) return
      if (error) {
        log.warn(
          { err: error },
          'event hub: the LISTEN connection was lost; connecting again (the safety read covers meanwhile)',
        )
      }
      scheduleListen(url)
    }
    client.on('notification', () => void wake())
    client.on('error', onLost)
    client.on('end', () => onLost())
    try {
      await client.connect()
      // The LISTEN connection alone must not keep a process alive.
      ;(
        client as unknown as { connection?: { stream?: { unref?: () => void } } }
      ).connection?.stream?.unref?.()
      await client.query(`listen ${EVENTS_CHANNEL}`)
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid')
      if (stopped || lost) {
        await client.end().catch(() => {})
        return
      }
      listener = client
      listenerPid = rows[0]?.pid ?? null
      failures = 0
      // Whatever was written while nobody listened.
      void wake()
    } catch (error) {
      onLost(error)
    }
  }

  function scheduleListen(url: string) {
    if (stopped || reconnect) return
    const delay = LISTEN_BACKOFF_MS[Math.min(failures, LISTEN_BACKOFF_MS.length - 1)] ?? 10_000
    failures += 1
    reconnect = setTimeout(() => {
      reconnect = undefined
      void listen(url)
    }, delay)
    reconnect.unref()
  }

  /* --------------------------------------------------------------------- streams */

  function remove(stream: EventStream) {
    for (const [byKey, key] of [
      [streams, stream.organizationId],
      [streamsOf, holderOf(stream)],
    ] as const) {
      const open = byKey.get(key)
      if (!open) continue
      open.delete(stream)
      if (open.size === 0) byKey.delete(key)
    }
  }

  function allStreams() {
    return [...streams.values()].flatMap((open) => [...open])
  }

  /** The stream's catch-up: hello, or the replay from the table; then the events kept aside. */
  async function catchUp(stream: EventStream, after: number | null) {
    const sendHello = async () => {
      const hello = await helloSnapshot(db, stream.organizationId, options.activeRuns)
      stream.hello(hello)
    }
    if (after === null) {
      await sendHello()
    } else {
      const window = await eventWindow(db)
      const reason =
        after > window.head
          ? RESET_AHEAD_REASON
          : window.oldest !== null && window.oldest > after + 1
            ? RESET_PRUNED_REASON
            : null
      if (reason) {
        stream.reset({ seq: window.head, reason })
        await sendHello()
      } else {
        let from = after
        for (;;) {
          const all = stream.organizationId === ALL_ORGANIZATIONS
          const rows = await eventsAfter(db, {
            after: from,
            limit: READ_BATCH,
            ...(all ? {} : { organizationId: stream.organizationId }),
          })
          if (stream.closed) return
          for (const row of rows)
            stream.replay(streamMessage(row.seq, storedEventText(row, { withOrganization: all })))
          if (rows.length < READ_BATCH) break
          from = rows[rows.length - 1]?.seq ?? from
        }
        // Pruning only ever raises the oldest seq: if it is still at most after + 1, no event this
        // replay needed was pruned while it read.
        const { oldest } = await eventWindow(db)
        if (oldest !== null && oldest > after + 1) {
          stream.reset({ seq: stream.lastSent, reason: RESET_PRUNED_REASON })
          await sendHello()
        }
      }
    }
    stream.goLive()
  }

  function open({
    organizationId,
    accountId,
    sessionId,
    after,
  }: OpenStream): EventStream | 'full' | 'stopped' {
    if (!started || stopped) return 'stopped'
    // The member's streams in every organization count together.
    const holder = holderOf({ organizationId, accountId })
    const held = streamsOf.get(holder) ?? new Set<EventStream>()
    if (held.size >= maxStreams) return 'full'
    const own = streams.get(organizationId) ?? new Set<EventStream>()
    const stream = new EventStream(organizationId, accountId, sessionId, { onClose: remove, maxQueuedBytes })
    // Subscribed first: from now on every event read goes to it (kept aside during the catch-up).
    own.add(stream)
    streams.set(organizationId, own)
    held.add(stream)
    streamsOf.set(holder, held)
    const running = catchUp(stream, after)
      .catch((error: unknown) => {
        if (!stream.closed && !stopped) onError(error, 'a stream catching up')
        stream.close()
      })
      .finally(() => catchUps.delete(running))
    catchUps.add(running)
    return stream
  }

  function sessionEnded(sessionId: string) {
    for (const stream of allStreams()) {
      if (stream.sessionId === sessionId) stream.end({ message: NOT_SIGNED_IN_MESSAGE })
    }
  }

  async function keepAliveRound() {
    const open = allStreams()
    if (open.length === 0) return
    for (const stream of open) stream.keepAlive()
    const live = await liveSessionIds(db, open)
    for (const stream of open) {
      if (!live.has(stream.sessionId)) stream.end({ message: NOT_SIGNED_IN_MESSAGE })
    }
  }

  async function prune() {
    return pruneEvents(db, retentionHours)
  }

  function every(ms: number, task: () => Promise<unknown>, what: string) {
    let busy = false
    const timer = setInterval(() => {
      if (busy || stopped) return
      busy = true
      task()
        .catch((error: unknown) => {
          if (!stopped) onError(error, what)
        })
        .finally(() => {
          busy = false
        })
    }, ms)
    timer.unref()
    timers.push(timer)
  }

  return {
    async start() {
      if (started) return
      lastRead = (await eventWindow(db)).head
      started = true
      if (options.wakeOnAppend !== false) stopAppended = onAppended(() => void wake())
      const { version } = await db
        .selectNoFrom(sql<string>`version()`.as('version'))
        .executeTakeFirstOrThrow()
      if (!version.includes('PGlite')) {
        if (listenUrl) await listen(listenUrl)
        else {
          log.warn(
            'event hub: no DATABASE_URL to LISTEN on; events written by other processes reach this one within the safety read',
          )
        }
      }
      every(safetyReadMs, wake, 'the safety read')
      every(keepAliveMs, keepAliveRound, 'the keep-alive round')
      every(pruneEveryMs, prune, 'pruning events')
      // One prune soon after start, out of the way of the start itself.
      const first = setTimeout(() => {
        if (!stopped) prune().catch((error: unknown) => onError(error, 'pruning events'))
      }, 1000)
      first.unref()
      timers.push(first)
    },

    async stop() {
      if (stopped) return
      stopped = true
      stopAppended?.()
      for (const timer of timers) clearTimeout(timer)
      if (reconnect) clearTimeout(reconnect)
      for (const stream of allStreams()) stream.close()
      const client = listener
      listener = undefined
      listenerPid = null
      await client?.end().catch(() => {})
      await Promise.allSettled([reading, ...catchUps])
    },

    open,
    sessionEnded,
    wake,
    keepAliveRound,
    prune,

    streamCount(organizationId?: string) {
      if (organizationId !== undefined) return streams.get(organizationId)?.size ?? 0
      let count = 0
      for (const open of streams.values()) count += open.size
      return count
    },
    lastRead: () => lastRead,
    listening: () => listener !== undefined,
    listenerPid: () => listenerPid,
  }
}
