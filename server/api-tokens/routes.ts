import { Hono } from 'hono'
import type { Kysely, Selectable, Transaction } from 'kysely'
import {
  API_TOKEN_LIMIT_MESSAGE,
  API_TOKEN_NOT_FOUND_MESSAGE,
  API_TOKEN_SCOPE_LABELS,
  API_TOKENS_PER_MEMBER,
  type ApiToken,
  apiTokenCreatedMessage,
  apiTokenNameTakenMessage,
  apiTokenRevokedMessage,
} from '@/contract/api-tokens'
import type { ApiTokensTable, Database } from '../platform/db/schema.ts'
import type { MainEnv } from '../http/context.ts'
import { apiTokenDigest, apiTokenHint, newApiTokenSecret } from '../http/bearer-token.ts'
import { logActivity } from '../organizations/index.ts'
import { vendorRoute } from '../http/route.ts'

/*
 * docs/decisions/0026: a member's personal API tokens. Every member lists their
 * own and revokes them; an Owner lists and revokes every member's in the organization. Creating
 * needs the `tokens` permission (Owner, Engineer). The secret is answered once, by create, and
 * kept only as its SHA-256. These calls need a signed-in session: a token cannot make them
 * (src/contract/endpoints apiTokenAccess). Creating and revoking write the activity log in
 * their transaction.
 */

export const apiTokenRoutes = new Hono<MainEnv>()

type Db = Kysely<Database> | Transaction<Database>
type TokenRow = Selectable<ApiTokensTable> & { first_name: string; last_name: string }

const DAY_MS = 24 * 60 * 60 * 1000
const UNIQUE_VIOLATION = '23505'

function stateOf(row: Pick<TokenRow, 'revoked_at' | 'expires_at'>, now: Date): ApiToken['state'] {
  if (row.revoked_at) return 'revoked'
  if (row.expires_at && row.expires_at.getTime() <= now.getTime()) return 'expired'
  return 'active'
}

function toApiToken(row: TokenRow, now: Date): ApiToken {
  return {
    tokenId: row.id,
    name: row.name,
    scope: row.scope,
    hint: row.hint,
    ownerAccountId: row.account_id,
    ownerName: `${row.first_name} ${row.last_name}`,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at?.toISOString() ?? null,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
    state: stateOf(row, now),
  }
}

function tokenRows(db: Db, organizationId: string) {
  return db
    .selectFrom('api_tokens as t')
    .innerJoin('vendor_accounts as a', 'a.id', 't.account_id')
    .selectAll('t')
    .select(['a.first_name', 'a.last_name'])
    .where('t.organization_id', '=', organizationId)
}

/** The activity log's subject: '“CI pipeline” (Read and write)', and whose when not the actor's. */
function tokenSubject(row: Pick<TokenRow, 'name' | 'scope' | 'first_name' | 'last_name'>, own: boolean) {
  const base = `“${row.name}” (${API_TOKEN_SCOPE_LABELS[row.scope]})`
  return own ? base : `${base} of ${row.first_name} ${row.last_name}`
}

vendorRoute(apiTokenRoutes, 'listApiTokens', async (c) => {
  const now = new Date()
  let query = tokenRows(c.var.services.db, c.var.organizationId)
  if (c.var.role !== 'Owner') query = query.where('t.account_id', '=', c.var.accountId)
  const rows = await query.orderBy('t.created_at', 'desc').orderBy('t.id').execute()
  return c.json({ tokens: rows.map((row) => toApiToken(row, now)) })
})

vendorRoute(apiTokenRoutes, 'createApiToken', async (c) => {
  const { name, scope, expiresInDays } = c.var.body
  const { accountId, organizationId } = c.var
  const secret = newApiTokenSecret()
  const now = new Date()
  const nameTaken = () => c.json({ message: apiTokenNameTakenMessage(name), field: 'name' }, 409)
  try {
    const outcome = await c.var.services.db.transaction().execute(async (trx) => {
      // The member's row is locked so that two creates at once count each other.
      await trx
        .selectFrom('memberships')
        .select('role')
        .where('organization_id', '=', organizationId)
        .where('account_id', '=', accountId)
        .forUpdate()
        .executeTakeFirst()
      const held = await trx
        .selectFrom('api_tokens')
        .select(['name'])
        .where('organization_id', '=', organizationId)
        .where('account_id', '=', accountId)
        .where('revoked_at', 'is', null)
        .execute()
      if (held.some((row) => row.name.toLowerCase() === name.toLowerCase())) return 'name-taken' as const
      if (held.length >= API_TOKENS_PER_MEMBER) return 'too-many' as const
      const { id } = await trx
        .insertInto('api_tokens')
        .values({
          organization_id: organizationId,
          account_id: accountId,
          name,
          scope,
          token_hash: apiTokenDigest(secret),
          hint: apiTokenHint(secret),
          created_at: now,
          expires_at: expiresInDays ? new Date(now.getTime() + expiresInDays * DAY_MS) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const row = await tokenRows(trx, organizationId).where('t.id', '=', id).executeTakeFirstOrThrow()
      await logActivity(trx, {
        organizationId,
        actorAccountId: accountId,
        action: 'token.created',
        subject: tokenSubject(row, true),
      })
      return row
    })
    if (outcome === 'name-taken') return nameTaken()
    if (outcome === 'too-many') return c.json({ message: API_TOKEN_LIMIT_MESSAGE, field: 'name' }, 409)
    return c.json({ message: apiTokenCreatedMessage(name), secret, token: toApiToken(outcome, now) })
  } catch (error) {
    // The same name created at once by another request: the unique index decides.
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) return nameTaken()
    throw error
  }
})

vendorRoute(apiTokenRoutes, 'revokeApiToken', async (c) => {
  const { tokenId } = c.var.body
  const { accountId, organizationId, role } = c.var
  const now = new Date()
  const answer = await c.var.services.db.transaction().execute(async (trx) => {
    let query = tokenRows(trx, organizationId).where('t.id', '=', tokenId)
    // A member reaches their own tokens; an Owner every member's. Others' are answered as unknown.
    if (role !== 'Owner') query = query.where('t.account_id', '=', accountId)
    const row = await query.forUpdate('t').executeTakeFirst()
    if (!row) return null
    // Revoking again changes nothing and answers alike: a retried call is not an error.
    if (row.revoked_at) return row
    await trx
      .updateTable('api_tokens')
      .set({ revoked_at: now, revoked_by: accountId })
      .where('id', '=', row.id)
      .execute()
    await logActivity(trx, {
      organizationId,
      actorAccountId: accountId,
      action: 'token.revoked',
      subject: tokenSubject(row, row.account_id === accountId),
    })
    return { ...row, revoked_at: now, revoked_by: accountId }
  })
  if (!answer) return c.json({ message: API_TOKEN_NOT_FOUND_MESSAGE, field: 'tokenId' }, 404)
  return c.json({ message: apiTokenRevokedMessage(answer.name), token: toApiToken(answer, now) })
})
