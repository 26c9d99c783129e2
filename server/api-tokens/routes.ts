import { Hono } from 'hono'
import {
  API_TOKEN_LIMIT_MESSAGE,
  API_TOKEN_NOT_FOUND_MESSAGE,
  type ApiToken,
  apiTokenCreatedMessage,
  apiTokenNameTakenMessage,
  apiTokenRevokedMessage,
} from '@/contract/api-tokens'
import type { MainEnv } from '../http/context.ts'
import { newApiTokenSecret } from '../http/bearer-token.ts'
import { vendorRoute } from '../http/route.ts'
import { createToken, listTokens, revokeToken, type TokenRow } from './store.ts'

/*
 * docs/decisions/0026: a member's personal API tokens. Every member lists their
 * own and revokes them; an Owner lists and revokes every member's in the organization. Creating
 * needs the `tokens` permission (Owner, Engineer). The secret is answered once, by create, and
 * kept only as its SHA-256. These calls need a signed-in session: a token cannot make them
 * (src/contract/endpoints apiTokenAccess). Creating and revoking write the activity log in
 * their transaction (store.ts).
 */

export const apiTokenRoutes = new Hono<MainEnv>()

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

vendorRoute(apiTokenRoutes, 'listApiTokens', async (c) => {
  const now = new Date()
  const { accountId, organizationId, role } = c.var
  const rows = await listTokens(c.var.services.db, organizationId, role !== 'Owner' ? accountId : null)
  return c.json({ tokens: rows.map((row) => toApiToken(row, now)) })
})

vendorRoute(apiTokenRoutes, 'createApiToken', async (c) => {
  const { name, scope, expiresInDays } = c.var.body
  const { accountId, organizationId } = c.var
  const secret = newApiTokenSecret()
  const now = new Date()
  const nameTaken = () => c.json({ message: apiTokenNameTakenMessage(name), field: 'name' }, 409)
  try {
    const token = { organizationId, accountId, name, scope, expiresInDays, secret, now }
    const outcome = await createToken(c.var.services.db, token)
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
  const revoker = { organizationId, accountId, isOwner: role === 'Owner' }
  const answer = await revokeToken(c.var.services.db, revoker, tokenId, now)
  if (!answer) return c.json({ message: API_TOKEN_NOT_FOUND_MESSAGE, field: 'tokenId' }, 404)
  return c.json({ message: apiTokenRevokedMessage(answer.name), token: toApiToken(answer, now) })
})
