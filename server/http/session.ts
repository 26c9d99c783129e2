import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import type { CompiledQuery, Kysely, Transaction } from 'kysely'
import { EVENTS_PATH } from '@/contract/events'
import { LAB_EVENTS_PATH, type LabRole } from '@/contract/lab'
import type { Role } from '@/contract/roles'
import type { Database } from '../platform/db/schema.ts'
import type { WriteWatch } from '../platform/db/write-watch.ts'
import { isSessionExpired, newToken, SESSION_COOKIE, SESSION_IDLE_MS, tokenDigest } from './session-token.ts'
import type { LiveSession, MainEnv } from './context.ts'

/*
 * Server-side sessions (ARCHITECTURE.md decisions 2 and 4). The cookie holds a random token; the
 * sessions table holds only its digest. A vendor's session idle for SESSION_IDLE_MS is over: its
 * row is deleted and the request goes on as a visitor's.
 *
 * Ending a vendor's session (idle or Logout) leaves a new visitor's session with a new cookie but
 * the same Token, so that the open page can still sign in again, and a protected call answers 401
 * "Your session has ended" rather than the CSRF guard's 403. A visitor's session (Token fetched,
 * nobody logged in) lives VISITOR_IDLE_MS without activity: the client fetches its Token once at
 * start, and a slow registration form must not fail on a Token that died after five minutes.
 *
 * Every request with a live session counts as activity, but last_seen_at is written at most once
 * per TOUCH_INTERVAL_MS so that a burst of reads costs one write. The idle clock may therefore
 * start up to 15 s early — the session never lives longer than 300 s after the last request.
 * Continue session (keep-alive) always writes. The live events' stream (GET /api/events) is no
 * activity: a tab that only listens is still signed out after SESSION_IDLE_MS (decision 0020).
 */

/** Requests that read a session without counting as its activity. */
const PASSIVE_PATHS: ReadonlySet<string> = new Set([EVENTS_PATH, LAB_EVENTS_PATH])

export const TOUCH_INTERVAL_MS = 15_000
export const VISITOR_IDLE_MS = 2 * 60 * 60 * 1000

/** A vendor's or a lab staff member's session idles out after SESSION_IDLE_MS; a visitor's after VISITOR_IDLE_MS. */
const idleLimit = (signedIn: string | null | boolean) => (signedIn ? SESSION_IDLE_MS : VISITOR_IDLE_MS)

type Db = Kysely<Database> | Transaction<Database>

/** Looks up the cookie's session, ends it when idle too long, and records the activity. */
export const loadSession = createMiddleware<MainEnv>(async (c, next) => {
  // A call with an API token was identified by its Authorization header (bearer.ts): no cookie.
  if (c.var.session?.apiToken) return next()
  c.set('session', null)
  const token = getCookie(c, SESSION_COOKIE)
  if (token) {
    const { db, writes } = c.var.services
    const id = tokenDigest(token)
    // Read before the session: an answer built after it is never older than this version.
    const portfolioEpoch = writes?.epoch('portfolio')
    const row = await lookUpSession(db, writes, id)
    const now = new Date()
    // A vendor's session ends when idle too long, or when the membership it acts for is gone
    // (removed, left); a lab staff member's when idle too long or when they were removed (disabled).
    // A vendor's session that acts for no organization (issue 31: the account belongs to none) has
    // no membership to lose.
    const signedIn = row !== undefined && (row.account_id !== null || row.lab_staff_id !== null)
    const gone =
      row !== undefined &&
      (row.lab_staff_id !== null ? row.lab_role === null : row.organization_id !== null && row.role === null)
    if (row && signedIn && (isSessionExpired(row.last_seen_at, now) || gone)) {
      await endVendorSession(c, db, { id, csrfTokenHash: row.csrf_token_hash })
    } else if (row && now.getTime() - row.last_seen_at.getTime() >= VISITOR_IDLE_MS) {
      await db.deleteFrom('sessions').where('id', '=', id).execute()
    } else if (row) {
      let lastSeenAt = row.last_seen_at
      if (now.getTime() - lastSeenAt.getTime() >= TOUCH_INTERVAL_MS && !PASSIVE_PATHS.has(c.req.path)) {
        await touchSession(db, id, row.account_id ?? row.lab_staff_id !== null, now, row.organization_id)
        lastSeenAt = now
      }
      c.set('session', {
        id,
        accountId: row.account_id,
        organizationId: row.organization_id,
        role: row.role,
        labStaffId: row.lab_staff_id,
        labRole: row.lab_role,
        csrfTokenHash: row.csrf_token_hash,
        lastSeenAt,
        dataVersion: portfolioEpoch ?? row.data_version ?? null,
      })
    }
  }
  await next()
})

/*
 * The one query every API request makes: the session, with the caller's role in the organization
 * it acts for (docs/decisions/0023) and the account's and organization's data versions for the
 * answer cache (server/http/answer-cache.ts). It is compiled once per database and run with the
 * id as its only parameter — building a Kysely query costs about as much as PGlite takes to run
 * this one.
 */
const sessionQueries = new WeakMap<Kysely<Database>, CompiledQuery<SessionLookupRow>>()

type SessionLookupRow = {
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

async function lookUpSession(db: Kysely<Database>, writes: WriteWatch | null, id: string) {
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

/** How often a member's last activity (the team page's) is written at most. */
export const MEMBER_ACTIVITY_INTERVAL_MS = 60_000

/** Records activity now: the idle clock restarts, and the member's last activity moves on. */
export async function touchSession(
  db: Db,
  id: string,
  /** The vendor's account id, or true for a lab staff member's session; null or false for a visitor's. */
  accountId: string | null | boolean,
  now = new Date(),
  organizationId: string | null = null,
) {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now, expires_at: new Date(now.getTime() + idleLimit(accountId)) })
    .where('id', '=', id)
    .execute()
  if (typeof accountId === 'string' && organizationId) {
    await db
      .updateTable('memberships')
      .set({ last_active_at: now })
      .where('organization_id', '=', organizationId)
      .where('account_id', '=', accountId)
      .where((eb) =>
        eb.or([
          eb('last_active_at', 'is', null),
          eb('last_active_at', '<', new Date(now.getTime() - MEMBER_ACTIVITY_INTERVAL_MS)),
        ]),
      )
      .execute()
  }
}

/**
 * Creates a session row and sets its cookie. Sessions idle past their end are swept here, so the
 * table does not grow with abandoned visits.
 */
export async function startSession(
  c: Context,
  db: Db,
  {
    accountId,
    organizationId = null,
    role = null,
    labStaffId = null,
    labRole = null,
    csrfTokenHash,
  }: {
    accountId: string | null
    organizationId?: string | null
    role?: Role | null
    /** A lab staff member's session (issue 19): accountId null. */
    labStaffId?: string | null
    labRole?: LabRole | null
    csrfTokenHash: string | null
  },
): Promise<LiveSession> {
  const token = newToken()
  const id = tokenDigest(token)
  const now = new Date()
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute()
  await db
    .insertInto('sessions')
    .values({
      id,
      account_id: accountId,
      organization_id: organizationId,
      lab_staff_id: labStaffId,
      csrf_token_hash: csrfTokenHash,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + idleLimit(accountId ?? labStaffId)),
    })
    .execute()
  setSessionCookie(c, token)
  const session: LiveSession = {
    id,
    accountId,
    organizationId,
    role,
    labStaffId,
    labRole,
    csrfTokenHash,
    lastSeenAt: now,
    dataVersion: null,
  }
  c.set('session', session)
  return session
}

/**
 * Ends a (vendor's) session: its row goes, and a visitor's session with a new cookie and the same
 * Token takes its place (see the top of this file).
 */
export async function endVendorSession(
  c: Context,
  db: Db,
  { id, csrfTokenHash }: { id: string; csrfTokenHash: string | null },
) {
  await db.deleteFrom('sessions').where('id', '=', id).execute()
  // Its live event streams in this process end now; other processes' at their next check.
  ;(c.var as Partial<MainEnv['Variables']>).services?.events?.sessionEnded(id)
  return startSession(c, db, { accountId: null, csrfTokenHash })
}

/**
 * Replaces the session's token (login): a token that an attacker planted or saw before login is
 * worth nothing after it. The Token stays, so the page keeps working.
 */
export async function rotateToLabSession(
  c: Context,
  trx: Db,
  { id, csrfTokenHash }: { id: string; csrfTokenHash: string | null },
  { labStaffId, labRole }: { labStaffId: string; labRole: LabRole },
) {
  await trx.deleteFrom('sessions').where('id', '=', id).execute()
  return startSession(c, trx, { accountId: null, labStaffId, labRole, csrfTokenHash })
}

/** As rotateToLabSession, for a vendor's login: the session acts for one organization with a role. */
export async function rotateSession(
  c: Context,
  trx: Db,
  { id, csrfTokenHash }: { id: string; csrfTokenHash: string | null },
  { accountId, organizationId, role }: { accountId: string; organizationId: string; role: Role },
) {
  await trx.deleteFrom('sessions').where('id', '=', id).execute()
  return startSession(c, trx, { accountId, organizationId, role, csrfTokenHash })
}

/**
 * As rotateSession, for an account that belongs to no organization: the session acts
 * for none, so every call of an organization refuses it (requireVendor); it may list and accept the
 * invitations to the account's address.
 */
export async function rotateToAccountSession(
  c: Context,
  trx: Db,
  { id, csrfTokenHash }: { id: string; csrfTokenHash: string | null },
  accountId: string,
) {
  await trx.deleteFrom('sessions').where('id', '=', id).execute()
  return startSession(c, trx, { accountId, csrfTokenHash })
}

function setSessionCookie(c: Context, token: string) {
  // No Max-Age: the browser forgets it when closed; the server's idle limit ends it sooner.
  setCookie(c, SESSION_COOKIE, token, cookieOptions(c))
}

function cookieOptions(c: Context) {
  return { httpOnly: true, sameSite: 'Lax', path: '/', secure: isHttps(c) } as const
}

/**
 * Secure only over https, so that the portal also works on http://localhost. Behind a TLS
 * proxy X-Forwarded-Proto says https; trusting it can only add Secure, never remove it.
 */
function isHttps(c: Context) {
  const forwarded = c.req.header('X-Forwarded-Proto')?.split(',')[0]?.trim().toLowerCase()
  return new URL(c.req.url).protocol === 'https:' || forwarded === 'https'
}
