import type { CompiledQuery, Kysely } from 'kysely'
import type { LabRole } from '@/contract/lab'
import type { Role } from '@/contract/roles'
import type { Database } from '../platform/db/schema.ts'
import type { WriteWatch } from '../platform/db/write-watch.ts'

/*
 * The one query every API request makes: the session, with the caller's role in the organization
 * it acts for (docs/decisions/0023) and the account's and organization's data versions for the
 * answer cache (server/http/answer-cache.ts). It is compiled once per database and run with the
 * id as its only parameter — building a Kysely query costs about as much as PGlite takes to run
 * this one.
 */
const sessionQueries = new WeakMap<Kysely<Database>, CompiledQuery<SessionLookupRow>>()

export type SessionLookupRow = {
  account_id: string | null
  organization_id: string | null
  csrf_token_hash: string | null
  last_seen_at: Date
  data_version: number | null
  /** Null when the account is no member of the organization (any more). */
  role: Role | null
  /** A lab staff member's session: their id, and their role (null once they were removed). */
  lab_staff_id: string | null
  lab_role: LabRole | null
}

/*
 * With PGlite this process is the database's only writer, so a session row read once stays true
 * until this process writes to the sessions table (server/platform/db/write-watch.ts): the rows are kept
 * in memory and dropped, all at once, at any such write (a login, a logout, a touch every 15 s).
 * The version of the answer cache is then this process's count of portfolio writes. On
 * PostgreSQL (writes: null) every request asks the database, which knows about other processes.
 */
type SessionMemory = { epoch: number; rows: Map<string, SessionLookupRow> }
const sessionMemories = new WeakMap<WriteWatch, SessionMemory>()
const REMEMBERED_SESSIONS = 10_000

export async function lookUpSession(db: Kysely<Database>, writes: WriteWatch | null, id: string) {
  if (!writes) return findSession(db, id)
  const epoch = writes.epoch('sessions')
  let memory = sessionMemories.get(writes)
  if (!memory) {
    memory = { epoch, rows: new Map() }
    sessionMemories.set(writes, memory)
  }
  if (memory.epoch !== epoch) {
    memory.rows.clear()
    memory.epoch = epoch
  }
  const remembered = memory.rows.get(id)
  if (remembered) return remembered
  const row = await findSession(db, id)
  // Kept only if no write to sessions happened while it was read.
  if (row && writes.epoch('sessions') === epoch && memory.epoch === epoch) {
    if (memory.rows.size >= REMEMBERED_SESSIONS) memory.rows.clear()
    memory.rows.set(id, row)
  }
  return row
}

async function findSession(db: Kysely<Database>, id: string): Promise<SessionLookupRow | undefined> {
  let query = sessionQueries.get(db)
  if (!query) {
    query = db
      .selectFrom('sessions as s')
      .leftJoin('vendor_accounts as a', 'a.id', 's.account_id')
      .leftJoin('organizations as o', 'o.id', 's.organization_id')
      .leftJoin('memberships as m', (join) =>
        join.onRef('m.organization_id', '=', 's.organization_id').onRef('m.account_id', '=', 's.account_id'),
      )
      .leftJoin('lab_staff as l', (join) =>
        join.onRef('l.id', '=', 's.lab_staff_id').on('l.disabled_at', 'is', null),
      )
      .select((eb) => [
        's.account_id',
        's.organization_id',
        's.csrf_token_hash',
        's.last_seen_at',
        eb(eb.ref('a.data_version'), '+', eb.fn.coalesce('o.data_version', eb.lit(0))).as('data_version'),
        'm.role',
        's.lab_staff_id',
        'l.role as lab_role',
      ])
      .where('s.id', '=', '')
      .compile()
    sessionQueries.set(db, query)
  }
  const { rows } = await db.executeQuery<SessionLookupRow>({ ...query, parameters: [id] })
  return rows[0]
}
