import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import type { LabRole } from '@/contract/lab'
import type { Role } from '@/contract/roles'
import type { ApiTokenScope } from '@/contract/api-tokens'
import type { Kysely } from 'kysely'
import type { Database } from '../platform/db/schema.ts'
import type { WriteWatch } from '../platform/db/write-watch.ts'
import type { AnswerCache } from './answer-cache.ts'
import type { Mailer } from '../platform/mailer.ts'

/*
 * What every handler of the main service reaches through `c.var`: here what the platform gives.
 * A domain that adds a service declares it beside its public module (`declare module
 * '../http/context.ts'`), so this file knows no domain, not even its types, and no import loop
 * runs from here through a domain's routes back to here.
 */
export interface MainServices {
  db: Kysely<Database>
  mailer: Mailer
  /** Keys the hashes of one-time codes (server/accounts/one-time-code.ts). */
  secret: string
  /** The get and list answers per account and data version (server/http/answer-cache.ts). */
  answers: AnswerCache
  /** This process's writes, when it is the database's only writer (PGlite); else null. */
  writes: WriteWatch | null
  /**
   * The portal's public address (PORTAL_URL, server/platform/portal-url.ts), the origin of every
   * link a mail or an answer carries; never the request's Host. Known once the service listens.
   */
  publicUrl: () => string
}

/** A session that is live for this request (not idle past SESSION_IDLE_MS). */
export type LiveSession = {
  /** tokenDigest of the cookie's token: the row's id. */
  id: string
  /** Null for a visitor who fetched a Token but has not logged in. */
  accountId: string | null
  /** The organization the session acts for, and the account's role there (docs/decisions/0023); null for a visitor. */
  organizationId: string | null
  role: Role | null
  /**
   * A lab staff member's session (docs/decisions/0024): their id and lab role; then
   * accountId, organizationId and role are null. Null for a vendor's or a visitor's.
   */
  labStaffId: string | null
  labRole: LabRole | null
  csrfTokenHash: string | null
  lastSeenAt: Date
  /**
   * The account's and its organization's data_version read with the session, added (both only
   * rise, so the sum changes whenever either does); null for a visitor, or not read.
   */
  dataVersion: number | null
  /**
   * A call made with an API token (docs/decisions/0026): no session row stands behind
   * it (id is 'api-token:<token id>'), the CSRF guard does not apply, and the scope limits it.
   */
  apiToken?: { id: string; scope: ApiTokenScope }
}

export type MainEnv = {
  Variables: {
    services: MainServices
    session: LiveSession | null
    /** The dist/ file an answer is ('/'-separated, from dist/), for its page policy (page-policy.ts). */
    builtPage?: string
  }
}

/**
 * The caller's address, for the login and mail limits (docs/decisions/0016) and the development
 * mailbox's loopback check: the socket's peer. Behind a reverse proxy every request comes from
 * the proxy, so with TRUST_PROXY=1 the address is the last entry of X-Forwarded-For — the one the
 * proxy itself appended; entries before it are whatever the client sent and are never read. Set
 * it only when a proxy that appends X-Forwarded-For is the one way in. Requests made without a
 * socket (app.request in tests) share one key, which only makes their limit stricter.
 */
export function remoteAddress(c: Context, env: NodeJS.ProcessEnv = process.env): string {
  if (env.TRUST_PROXY === '1') {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',').at(-1)?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}
