import { sql, type Kysely, type Transaction } from 'kysely'
import type { CertificationRun } from '@/contract/certification'
import type { Maintenance } from '@/contract/lab'
import type { Database } from '../platform/db/schema.ts'
import { isSessionExpired } from '../http/session-token.ts'

/*
 * The reads and the pruning of the stored live events (table `events`, migration 0008;
 * docs/decisions/0020). Every statement here is a select or a delete on `events` built with
 * Kysely: the write watch (server/platform/db/write-watch.ts) counts `events` in no area, so reading and
 * pruning events never drops the session rows or the answer cache.
 */

/** A stored event as the readers need it. */
export type StoredEventRow = {
  seq: number
  organization_id: string
  data: Record<string, unknown>
  created_at: Date
}

const EVENT_COLUMNS = ['seq', 'organization_id', 'data', 'created_at'] as const

/** The stream's line for a stored event: `id: <seq>` and the PortalEvent as `data:`. */
export function storedEventText(row: StoredEventRow, { withOrganization = false } = {}): string {
  // The lab's stream carries every organization's events: each names its organization.
  const event = {
    seq: row.seq,
    at: row.created_at.toISOString(),
    ...row.data,
    ...(withOrganization ? { organizationId: row.organization_id } : {}),
  }
  return `id: ${row.seq}\ndata: ${JSON.stringify(event)}\n\n`
}

/**
 * The stored window: the oldest and the newest seq (null, 0 when nothing was ever stored).
 * Pruning removes a prefix of seqs and always keeps the newest, so every seq from `oldest` to
 * `head` that committed is there.
 */
export async function eventWindow(db: Kysely<Database>) {
  const row = await db
    .selectFrom('events')
    .select((eb) => [eb.fn.min('seq').as('oldest'), eb.fn.max('seq').as('head')])
    .executeTakeFirst()
  return { oldest: row?.oldest ?? null, head: row?.head ?? 0 }
}

/** The organization key of the lab's streams: every organization's events. */
export const ALL_ORGANIZATIONS = '*'
/**
 * The organization key of an event every organization's stream carries (the bench's maintenance,
 * docs/decisions/0037); no organization's own seq (the hello's accountSeq, X-Events-Seq) counts it.
 */
export const EVERY_ORGANIZATION = '+'
/**
 * The organization key of an event only the lab's streams carry (a record's assignment,
 * docs/decisions/0045): no vendor's stream or replay reads it, and no organization's seq counts it.
 */
export const LAB_ONLY_EVENTS = '#'

/**
 * Events after `after` in seq order, of every organization (the hub) or of one (a stream's
 * replay: its own and those for every organization).
 */
export function eventsAfter(
  db: Kysely<Database>,
  { after, limit, organizationId }: { after: number; limit: number; organizationId?: string },
): Promise<StoredEventRow[]> {
  let query = db.selectFrom('events').select(EVENT_COLUMNS).where('seq', '>', after)
  if (organizationId !== undefined)
    query = query.where('organization_id', 'in', [organizationId, EVERY_ORGANIZATION])
  return query.orderBy('seq').limit(limit).execute()
}
/** The most active runs a lab stream's hello lists (the console reads the rest from the queue). */
export const LAB_HELLO_RUNS = 200

/**
 * The active runs (InProgress, Maintenance) a hello lists for an organization (ALL_ORGANIZATIONS:
 * the lab's), read in the hello's snapshot. The certification domain reads them
 * (server/certification/run-store.ts helloActiveRuns); events only knows when.
 */
export type ActiveRunsReader = (
  trx: Transaction<Database>,
  organizationId: string,
) => Promise<CertificationRun[]>

/** The bench's maintenance a vendor's hello tells (the certification domain's read), null when off. */
export type MaintenanceReader = (trx: Transaction<Database>) => Promise<Maintenance | null>

/** What a hello reads beyond the seqs: the active runs, and the maintenance (vendors' streams). */
export type HelloReaders = { activeRuns: ActiveRunsReader; maintenance?: MaintenanceReader | undefined }

/**
 * What `event: hello` says, read in one snapshot so that the runs are exactly as of `seq`: the
 * newest seq, the organization's own newest seq (at or below it; index events_organization_seq_idx;
 * the hello calls it accountSeq), the organization's active runs (`activeRuns`) and, for a
 * vendor's stream, the bench's maintenance when it is on.
 */
export async function helloSnapshot(
  db: Kysely<Database>,
  organizationId: string,
  readers: HelloReaders,
): Promise<{ seq: number; accountSeq: number; activeRuns: CertificationRun[]; maintenance?: Maintenance }> {
  const all = organizationId === ALL_ORGANIZATIONS
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const head = await trx
        .selectFrom('events')
        .select((eb) => eb.fn.max('seq').as('head'))
        .executeTakeFirst()
      const own = all
        ? head
        : await trx
            .selectFrom('events')
            .select((eb) => eb.fn.max('seq').as('head'))
            .where('organization_id', '=', organizationId)
            .executeTakeFirst()
      const maintenance = all ? null : await readers.maintenance?.(trx)
      return {
        seq: Number(head?.head ?? 0),
        accountSeq: Number(own?.head ?? 0),
        activeRuns: await readers.activeRuns(trx, organizationId),
        ...(maintenance ? { maintenance } : {}),
      }
    })
}

/**
 * For the records list (docs/decisions/0022): the organization's newest event seq (0 when none)
 * and its data_version, in one statement and so one snapshot. Read before the list is answered,
 * from the cache or built: an answer cached under this version (or newer) holds every change of
 * the organization up to this seq, since each change's event commits with the change that raises
 * the version.
 */
export async function organizationEventsSeq(
  db: Kysely<Database>,
  organizationId: string,
): Promise<{ seq: number; dataVersion: number | null }> {
  const row = await db
    .selectFrom('organizations as o')
    .select((eb) => [
      eb
        .selectFrom('events as e')
        .select((inner) => inner.fn.max('e.seq').as('seq'))
        .where('e.organization_id', '=', organizationId)
        .as('seq'),
      'o.data_version',
    ])
    .where('o.id', '=', organizationId)
    .executeTakeFirst()
  return { seq: Number(row?.seq ?? 0), dataVersion: row ? Number(row.data_version) : null }
}

/**
 * Deletes the events older than `retentionHours`, as a prefix of seqs (every event up to the
 * newest old one), and never the newest event: the head stays known, so a tab resuming from a
 * seq beyond it is told to reset. Returns how many went.
 */
export async function pruneEvents(db: Kysely<Database>, retentionHours: number): Promise<number> {
  const cutoff = sql<Date>`now() - make_interval(secs => ${retentionHours * 3600})`
  const result = await db
    .deleteFrom('events')
    .where('seq', '<=', (eb) =>
      eb.selectFrom('events').select(eb.fn.max('seq').as('until')).where('created_at', '<', cutoff),
    )
    .where('seq', '<', (eb) => eb.selectFrom('events').select(eb.fn.max('seq').as('newest')))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/**
 * Of the given session ids, those whose session is a live vendor session of the given account
 * acting for the given organization (not logged out, not idle past SESSION_IDLE_MS, not ended by
 * the member's removal), read in one query.
 */
export async function liveSessionIds(
  db: Kysely<Database>,
  sessions: ReadonlyArray<{ sessionId: string; accountId: string; organizationId: string }>,
  now = new Date(),
): Promise<Set<string>> {
  const ids = [...new Set(sessions.map((session) => session.sessionId))]
  if (ids.length === 0) return new Set()
  const rows = await db
    .selectFrom('sessions as s')
    // A lab session lives while its staff member is not removed.
    .leftJoin('lab_staff as l', (join) =>
      join.onRef('l.id', '=', 's.lab_staff_id').on('l.disabled_at', 'is', null),
    )
    .select(['s.id', 's.account_id', 's.organization_id', 's.last_seen_at', 'l.id as lab_staff_id'])
    .where(sql<boolean>`s.id = any(${ids}::text[])`)
    .execute()
  const live = new Map<string, { accountId: string; organizationId: string | null }>()
  for (const row of rows) {
    if (isSessionExpired(row.last_seen_at, now)) continue
    if (row.account_id !== null) {
      live.set(row.id, { accountId: row.account_id, organizationId: row.organization_id })
    } else if (row.lab_staff_id !== null) {
      // A lab stream: the staff member's session, for every organization.
      live.set(row.id, { accountId: row.lab_staff_id, organizationId: ALL_ORGANIZATIONS })
    }
  }
  return new Set(
    sessions
      .filter((session) => {
        const found = live.get(session.sessionId)
        return found?.accountId === session.accountId && found.organizationId === session.organizationId
      })
      .map((session) => session.sessionId),
  )
}
