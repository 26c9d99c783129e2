import { sql, type Kysely, type Migration } from 'kysely'

/*
 * docs/decisions/0026: personal API tokens. A token belongs to one member of
 * one organization (account and organization); its secret is never stored, only its SHA-256
 * (token_hash), with the secret's last four characters (hint) to tell tokens apart on the page.
 * A revoked token stays (revoked_at, revoked_by) so that the list and the activity log still name
 * it. last_used_at moves at most once a minute. Calls per token are counted in rate_limits
 * (migration 0007) under the key 'api-token:<id>'.
 *
 * A member removed from the organization and invited again must not get their old tokens back:
 * a token works only while a membership exists that began before the token was created
 * (server/http/bearer-token.ts compares memberships.created_at with created_at).
 */

const up = [
  `create table api_tokens (
    id text primary key default gen_random_uuid()::text,
    organization_id text not null references organizations (id) on delete cascade,
    account_id text not null references vendor_accounts (id) on delete cascade,
    name text not null,
    scope text not null check (scope in ('read', 'read-write')),
    token_hash text not null unique,
    hint text not null,
    created_at timestamptz not null default now(),
    expires_at timestamptz,
    last_used_at timestamptz,
    revoked_at timestamptz,
    revoked_by text references vendor_accounts (id) on delete set null
  )`,
  'create index api_tokens_member_idx on api_tokens (organization_id, account_id)',
  // One token not revoked per name and member: a pipeline's secret is found again by its name.
  `create unique index api_tokens_member_name_idx on api_tokens (organization_id, account_id, lower(name))
    where revoked_at is null`,
]

const down = ['drop table api_tokens']

export const apiTokensMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // One statement per call: PGlite's extended protocol takes a single statement.
    for (const statement of up) await sql.raw(statement).execute(db)
  },
  async down(db: Kysely<unknown>) {
    for (const statement of down) await sql.raw(statement).execute(db)
  },
}
