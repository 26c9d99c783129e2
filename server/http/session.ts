import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import type { Kysely, Transaction } from 'kysely'
import { EVENTS_PATH } from '@/contract/events'
import { LAB_EVENTS_PATH, type LabRole } from '@/contract/lab'
import type { Role } from '@/contract/roles'
import type { Database } from '../platform/db/schema.ts'
import { isSessionExpired, newToken, SESSION_COOKIE, SESSION_IDLE_MS, tokenDigest } from './session-token.ts'
import type { LiveSession, MainEnv } from './context.ts'
import { lookUpSession, type SessionLookupRow } from './session-lookup.ts'

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
    // A vendor's session that acts for no organization (the account belongs to none) has
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
      const session = liveSession(id, row, portfolioEpoch ?? row.data_version ?? null)
      if (!PASSIVE_PATHS.has(c.req.path)) session.lastSeenAt = await touchWhenDue(db, session, now)
      c.set('session', session)
    }
  }
  await next()
})

/**
 * The cookie's session as the certification listener reads it: null without one, or when it is
 * idle past SESSION_IDLE_MS. It is not ended here — the main service ends it on its next request.
 */
export async function cookieSession(c: Context, db: Kysely<Database>): Promise<LiveSession | null> {
  const token = getCookie(c, SESSION_COOKIE)
  if (!token) return null
  const id = tokenDigest(token)
  const row = await lookUpSession(db, null, id)
  if (!row || isSessionExpired(row.last_seen_at)) return null
  return liveSession(id, row, null)
}

function liveSession(id: string, row: SessionLookupRow, dataVersion: number | null): LiveSession {
  return {
    id,
    accountId: row.account_id,
    organizationId: row.organization_id,
    role: row.role,
    labStaffId: row.lab_staff_id,
    labRole: row.lab_role,
    csrfTokenHash: row.csrf_token_hash,
    lastSeenAt: row.last_seen_at,
    dataVersion,
  }
}

/**
 * Records the session's activity when its last write is TOUCH_INTERVAL_MS old or more; answers
 * the activity as stored now.
 */
export async function touchWhenDue(db: Db, session: LiveSession, now = new Date()): Promise<Date> {
  if (now.getTime() - session.lastSeenAt.getTime() < TOUCH_INTERVAL_MS) return session.lastSeenAt
  const { id, accountId, labStaffId, organizationId } = session
  await touchSession(db, id, accountId ?? labStaffId !== null, now, organizationId)
  return now
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
    /** A lab staff member's session: accountId null. */
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
