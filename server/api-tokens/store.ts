import type { Kysely, Selectable, Transaction } from 'kysely'
import { API_TOKEN_SCOPE_LABELS, API_TOKENS_PER_MEMBER, type ApiTokenScope } from '@/contract/api-tokens'
import type { ApiTokensTable, Database } from '../platform/db/schema.ts'
import { apiTokenDigest, apiTokenHint } from '../http/bearer-token.ts'
import { logActivity } from '../organizations/index.ts'

/*
 * The organization's API tokens (api_tokens) as the token calls list, create and revoke them, each
 * row with its owner's name. Creating and revoking write the activity log in their transaction.
 */

type Db = Kysely<Database> | Transaction<Database>
export type TokenRow = Selectable<ApiTokensTable> & { first_name: string; last_name: string }

const DAY_MS = 24 * 60 * 60 * 1000

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

/** The organization's tokens, newest first: every member's, or only `accountId`'s when given. */
export function listTokens(db: Db, organizationId: string, accountId: string | null) {
  let query = tokenRows(db, organizationId)
  if (accountId !== null) query = query.where('t.account_id', '=', accountId)
  return query.orderBy('t.created_at', 'desc').orderBy('t.id').execute()
}

/** A token to create: the member's, in the organization it acts for, and what the member chose. */
export type NewToken = {
  organizationId: string
  accountId: string
  name: string
  scope: ApiTokenScope
  expiresInDays: number | null | undefined
  secret: string
  now: Date
}

/**
 * Creates the member's token (only the secret's digest and hint are kept) with its activity entry,
 * in one transaction: 'name-taken' when one of the member's live tokens has the name (ignoring
 * case), 'too-many' at the member's limit, else the new row. Two creates of one name at once: the
 * unique index refuses the second (a unique violation, for the caller to answer).
 */
export function createToken(
  db: Kysely<Database>,
  { organizationId, accountId, name, scope, expiresInDays, secret, now }: NewToken,
): Promise<TokenRow | 'name-taken' | 'too-many'> {
  return db.transaction().execute(async (trx) => {
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
}

/** Who revokes: the member acting, in the organization it acts for; an Owner reaches every member's. */
export type Revoker = { organizationId: string; accountId: string; isOwner: boolean }

/**
 * Revokes a token with its activity entry, in one transaction, and answers its row as revoked;
 * null when the revoker cannot reach it (another member's, for a member who is not an Owner) or
 * it does not exist. A token already revoked is answered as it is, and nothing is written.
 */
export function revokeToken(
  db: Kysely<Database>,
  { organizationId, accountId, isOwner }: Revoker,
  tokenId: string,
  now: Date,
): Promise<TokenRow | null> {
  return db.transaction().execute(async (trx) => {
    let query = tokenRows(trx, organizationId).where('t.id', '=', tokenId)
    // A member reaches their own tokens; an Owner every member's. Others' are answered as unknown.
    if (!isOwner) query = query.where('t.account_id', '=', accountId)
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
}
