import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import {
  API_TOKEN_CALLS_PER_MINUTE,
  API_TOKEN_EXPIRED_MESSAGE,
  API_TOKEN_MEMBER_GONE_MESSAGE,
  API_TOKEN_PATTERN,
  API_TOKEN_PREFIX,
  API_TOKEN_RATE_LIMITED_MESSAGE,
  API_TOKEN_REVOKED_MESSAGE,
  API_TOKEN_UNKNOWN_MESSAGE,
  type ApiTokenScope,
  AUTHORIZATION_MALFORMED_MESSAGE,
} from '@/contract/api-tokens'
import type { Role } from '@/contract/roles'
import type { Database } from '../platform/db/schema.ts'
import { countAttempt, type WindowPolicy } from './rate-limit.ts'

/*
 * docs/decisions/0026: who a call with `Authorization: Bearer <token>` is, for
 * both services. The token is 32 random bytes (256 bits) after the dcp_ prefix; only its SHA-256
 * is stored, which is enough for a secret of that entropy (nobody can search the space a slow hash
 * would protect). One query finds the token with its member's role as it is now; a token whose
 * member left, was removed, or joined again after the token was made is refused. Every accepted
 * call is counted per token in rate_limits, so every process on one database counts alike, and
 * last_used_at is written at most once a minute per token.
 */

export const newApiTokenSecret = () => `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
export const apiTokenDigest = (secret: string) => createHash('sha256').update(secret).digest('hex')
/** What the page shows of a secret: the prefix and its last four characters. */
export const apiTokenHint = (secret: string) => `${API_TOKEN_PREFIX}…${secret.slice(-4)}`

/** How often last_used_at is written for one token, at most. */
export const LAST_USED_INTERVAL_MS = 60_000

/** The caller a valid token names. */
export type BearerCaller = {
  tokenId: string
  accountId: string
  organizationId: string
  role: Role
  scope: ApiTokenScope
}

export type BearerVerdict =
  | { ok: true; caller: BearerCaller }
  | { ok: false; status: 401 | 429; message: string; retryAfterSeconds?: number }

/** Calls per token: API_TOKEN_CALLS_PER_MINUTE, or the positive whole number in the variable of that name. */
export function apiTokenPolicy(env: NodeJS.ProcessEnv = process.env): WindowPolicy {
  const configured = Number(env.API_TOKEN_CALLS_PER_MINUTE)
  const limit = Number.isInteger(configured) && configured > 0 ? configured : API_TOKEN_CALLS_PER_MINUTE
  return { kind: 'window', limit, windowMs: 60_000 }
}

/** The secret of an Authorization header, or null when the header is not `Bearer <one word>`. */
export function bearerSecret(header: string): string | null {
  const match = /^Bearer +(\S+) *$/i.exec(header)
  return match?.[1] ?? null
}

const refused = (message: string): BearerVerdict => ({ ok: false, status: 401, message })

/** The caller of a request that sent `header` as its Authorization. */
export async function authenticateBearer(
  db: Kysely<Database>,
  header: string,
  now = new Date(),
): Promise<BearerVerdict> {
  const secret = bearerSecret(header)
  if (secret === null) return refused(AUTHORIZATION_MALFORMED_MESSAGE)
  // A secret of another shape names no token: no query for it.
  if (!API_TOKEN_PATTERN.test(secret)) return refused(API_TOKEN_UNKNOWN_MESSAGE)
  const row = await db
    .selectFrom('api_tokens as t')
    .leftJoin('memberships as m', (join) =>
      join.onRef('m.organization_id', '=', 't.organization_id').onRef('m.account_id', '=', 't.account_id'),
    )
    .select([
      't.id',
      't.account_id',
      't.organization_id',
      't.scope',
      't.created_at',
      't.expires_at',
      't.revoked_at',
      't.last_used_at',
      'm.role',
      'm.created_at as member_since',
    ])
    .where('t.token_hash', '=', apiTokenDigest(secret))
    .executeTakeFirst()
  if (!row) return refused(API_TOKEN_UNKNOWN_MESSAGE)
  if (row.revoked_at) return refused(API_TOKEN_REVOKED_MESSAGE)
  if (row.expires_at && row.expires_at.getTime() <= now.getTime()) return refused(API_TOKEN_EXPIRED_MESSAGE)
  // Removed or left (no membership), or removed and invited again since the token was made.
  if (!row.role || !row.member_since || row.member_since.getTime() > row.created_at.getTime()) {
    return refused(API_TOKEN_MEMBER_GONE_MESSAGE)
  }
  const verdict = await countAttempt(db, `api-token:${row.id}`, apiTokenPolicy())
  if (!verdict.allowed) {
    return {
      ok: false,
      status: 429,
      message: API_TOKEN_RATE_LIMITED_MESSAGE,
      retryAfterSeconds: verdict.retryAfterSeconds,
    }
  }
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() >= LAST_USED_INTERVAL_MS) {
    // The condition again in SQL: two processes (or two calls) at once write once.
    await db
      .updateTable('api_tokens')
      .set({ last_used_at: now })
      .where('id', '=', row.id)
      .where((eb) =>
        eb.or([
          eb('last_used_at', 'is', null),
          eb('last_used_at', '<=', new Date(now.getTime() - LAST_USED_INTERVAL_MS)),
        ]),
      )
      .execute()
  }
  return {
    ok: true,
    caller: {
      tokenId: row.id,
      accountId: row.account_id,
      organizationId: row.organization_id,
      role: row.role,
      scope: row.scope,
    },
  }
}
