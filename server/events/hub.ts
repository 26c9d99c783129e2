import { sql, type Kysely } from 'kysely'
import { STREAM_KEEP_ALIVE_MS, STREAM_RESTART_RETRY_MS } from '@/contract/events'
import { MAX_STREAMS_PER_ACCOUNT, NOT_SIGNED_IN_MESSAGE } from '@/contract/server-messages'
import type { Database } from '../platform/db/schema.ts'
import { log } from '../platform/log.ts'
import { eventDeliveryLag } from '../platform/metrics.ts'
import { onAppended } from './append.ts'
import { catchUp, READ_BATCH } from './catch-up.ts'
import { EventListener } from './listener.ts'
import {
  ALL_ORGANIZATIONS,
  eventsAfter,
  eventWindow,
  liveSessionIds,
  pruneEvents,
  storedEventText,
  type StoredEventRow,
  type ActiveRunsReader,
  EVERY_ORGANIZATION,
  type HelloReaders,
  type MaintenanceReader,
} from './store.ts'
import { type EventStream, streamMessage } from './stream.ts'
import { StreamRegistry } from './stream-registry.ts'

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

export type EventHubOptions = {
  db: Kysely<Database>
  /** The active runs a hello lists (the certification domain's read). */
  activeRuns: ActiveRunsReader
  /** The bench's maintenance a vendor's hello tells (the certification domain's read; none: not told). */
  maintenance?: MaintenanceReader
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
  /** Started, not stopped, and listening when it listens for other processes (PostgreSQL). */
  alive(): boolean
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
  const settings = hubSettings(options)
  const streams = new StreamRegistry()
  const timers: NodeJS.Timeout[] = []
  const catchUps = new Set<Promise<void>>()
  const life: HubLife = { started: false, stopped: false }
  let stopAppended: (() => void) | undefined
  let listener: EventListener | undefined
  const reader = createReader(db, streams, {
    isLive: () => life.started && !life.stopped,
    onError: (error) => {
      if (!life.stopped) settings.onError(error, 'reading new events')
    },
  })
  const wake = reader.wake
  const readers = { activeRuns: options.activeRuns, maintenance: options.maintenance }
  const open = streamOpener({ db, streams, settings, readers, life, catchUps })
  const sessionEnded = (sessionId: string) => streams.endSession(sessionId, NOT_SIGNED_IN_MESSAGE)
  const keepAliveRound = () => keepStreamsAlive(db, streams)
  const prune = () => pruneEvents(db, settings.retentionHours)

  async function start() {
    if (life.started) return
    reader.from((await eventWindow(db)).head)
    life.started = true
    if (options.wakeOnAppend !== false) stopAppended = onAppended(() => void wake())
    listener = await listenForOtherProcesses(db, settings.listenUrl, () => void wake())
    timers.push(...hubTimers(settings, life, { wake, keepAliveRound, prune }))
  }

  async function stop() {
    if (life.stopped) return
    life.stopped = true
    stopAppended?.()
    for (const timer of timers) clearTimeout(timer)
    // Each tab told to come back soon, spread so that they do not all come back at once.
    for (const stream of streams.all())
      stream.closeForRestart(STREAM_RESTART_RETRY_MS * (0.25 + 0.75 * Math.random()))
    await listener?.stop()
    await Promise.allSettled([reader.current(), ...catchUps])
  }

  return {
    start,
    stop,
    open,
    sessionEnded,
    wake,
    keepAliveRound,
    prune,
    streamCount: (organizationId?: string) => streams.count(organizationId),
    lastRead: reader.lastRead,
    listening: () => listener?.listening ?? false,
    listenerPid: () => listener?.pid ?? null,
    alive: () => life.started && !life.stopped && (listener === undefined || listener.listening),
  }
}

/** Whether the hub has started, and whether it has stopped (for good). */
type HubLife = { started: boolean; stopped: boolean }
type HubSettings = ReturnType<typeof hubSettings>

/**
 * EventHub.open: a stream subscribed at once, then caught up (hello or the missed events) in the
 * background; `catchUps` holds the catch-ups under way, for stop to wait for.
 */
function streamOpener(hub: {
  db: Kysely<Database>
  streams: StreamRegistry
  settings: HubSettings
  readers: HelloReaders
  life: HubLife
  catchUps: Set<Promise<void>>
}) {
  const { streams, settings, life, catchUps } = hub
  return (request: OpenStream): EventStream | 'full' | 'stopped' => {
    if (!life.started || life.stopped) return 'stopped'
    if (streams.heldBy(request) >= settings.maxStreams) return 'full'
    // Subscribed first: from now on every event read goes to it (kept aside during the catch-up).
    const stream = streams.open(request, settings.maxQueuedBytes)
    const running = catchUp(hub.db, stream, request.after, hub.readers)
      .catch((error: unknown) => {
        if (!stream.closed && !life.stopped) settings.onError(error, 'a stream catching up')
        stream.close()
      })
      .finally(() => catchUps.delete(running))
    catchUps.add(running)
    return stream
  }
}

/** The hub's rounds: the safety read, the keep-alive round and pruning, plus one prune soon after start. */
function hubTimers(
  settings: HubSettings,
  life: HubLife,
  tasks: { wake: () => Promise<void>; keepAliveRound: () => Promise<void>; prune: () => Promise<number> },
) {
  const every = (ms: number, task: () => Promise<unknown>, what: string) =>
    repeat(
      ms,
      task,
      (error) => !life.stopped && settings.onError(error, what),
      () => life.stopped,
    )
  const timers = [
    every(settings.safetyReadMs, tasks.wake, 'the safety read'),
    every(settings.keepAliveMs, tasks.keepAliveRound, 'the keep-alive round'),
    every(settings.pruneEveryMs, tasks.prune, 'pruning events'),
  ]
  // One prune soon after start, out of the way of the start itself.
  const first = setTimeout(() => {
    if (!life.stopped) tasks.prune().catch((error: unknown) => settings.onError(error, 'pruning events'))
  }, 1000)
  first.unref()
  return [...timers, first]
}

/**
 * On PostgreSQL, the events other processes write arrive by NOTIFY (on PGlite this process has the
 * database's one session: appendEvent's own wake is enough).
 */
async function listenForOtherProcesses(
  db: Kysely<Database>,
  url: string | null | undefined,
  wake: () => void,
) {
  const { version } = await db.selectNoFrom(sql<string>`version()`.as('version')).executeTakeFirstOrThrow()
  if (version.includes('PGlite')) return undefined
  if (!url) {
    log.warn(
      'event hub: no DATABASE_URL to LISTEN on; events written by other processes reach this one within the safety read',
    )
    return undefined
  }
  const listener = new EventListener(url, wake)
  await listener.start()
  return listener
}

/** Comments to every open stream, and `ended` for the streams whose session is over, in one query. */
async function keepStreamsAlive(db: Kysely<Database>, streams: StreamRegistry) {
  const open = streams.all()
  if (open.length === 0) return
  for (const stream of open) stream.keepAlive()
  const live = await liveSessionIds(db, open)
  for (const stream of open) {
    if (!live.has(stream.sessionId)) stream.end({ message: NOT_SIGNED_IN_MESSAGE })
  }
}

/** Runs the task every `ms`, never two at once, until stopped; the timer keeps no process alive. */
function repeat(
  ms: number,
  task: () => Promise<unknown>,
  onError: (error: unknown) => void,
  isStopped: () => boolean,
) {
  let busy = false
  const timer = setInterval(() => {
    if (busy || isStopped()) return
    busy = true
    task()
      .catch(onError)
      .finally(() => {
        busy = false
      })
  }, ms)
  timer.unref()
  return timer
}

function hubSettings(options: EventHubOptions) {
  return {
    safetyReadMs: options.safetyReadMs ?? DEFAULT_SAFETY_READ_MS,
    keepAliveMs: options.keepAliveMs ?? STREAM_KEEP_ALIVE_MS,
    retentionHours: options.retentionHours ?? DEFAULT_RETENTION_HOURS,
    pruneEveryMs: options.pruneEveryMs ?? DEFAULT_PRUNE_EVERY_MS,
    maxStreams: options.maxStreamsPerAccount ?? MAX_STREAMS_PER_ACCOUNT,
    maxQueuedBytes: options.maxQueuedBytes ?? DEFAULT_MAX_QUEUED_BYTES,
    listenUrl: options.listenUrl === undefined ? process.env.DATABASE_URL : options.listenUrl,
    onError:
      options.onError ??
      ((error: unknown, what: string) => log.error({ err: error, what }, 'event hub: failed')),
  }
}

/**
 * The process's one reader: reads the events committed since it last read, in seq order and in
 * batches, and hands each to the open streams of its organization and to the lab's. Reads never
 * overlap: a wake during a read makes one more read after it.
 */
function createReader(
  db: Kysely<Database>,
  streams: StreamRegistry,
  { isLive, onError }: { isLive: () => boolean; onError: (error: unknown) => void },
) {
  let lastRead = 0
  let reading: Promise<void> | undefined
  let readAgain = false

  function deliver(row: StoredEventRow) {
    // An event for every organization (the bench's maintenance) goes to every vendor's stream.
    const own =
      row.organization_id === EVERY_ORGANIZATION ? streams.vendors() : streams.of(row.organization_id)
    const lab = streams.of(ALL_ORGANIZATIONS)
    if ((own?.size ?? 0) + (lab?.size ?? 0) > 0)
      eventDeliveryLag.observe(Math.max(0, Date.now() - row.created_at.getTime()) / 1000)
    if (own && own.size > 0) {
      const message = streamMessage(row.seq, storedEventText(row))
      for (const stream of own) stream.deliver(message)
    }
    // The lab's streams: every organization's events, each naming its organization.
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
    if (!isLive()) return Promise.resolve()
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
          onError(error)
          return
        }
      } while (readAgain && isLive())
    })().finally(() => {
      reading = undefined
    })
    return reading
  }

  return {
    wake,
    from: (seq: number) => {
      lastRead = seq
    },
    lastRead: () => lastRead,
    current: () => reading,
  }
}
