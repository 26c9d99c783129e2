import { sql, type Kysely, type Migration } from 'kysely'

/*
 * docs/decisions/0023: invitations to an organization and its activity log.
 *
 * An invitation's link carries a random token; only its SHA-256 is stored (as sessions'). It works
 * until expires_at (INVITATION_VALID_DAYS after it was sent or resent), once (accepted_at), and not
 * after it was revoked (revoked_at). The activity log is written in the transaction of each change
 * it records; the actor's name is kept as it was, so a removed member's entries still read well.
 */

const up = [
  `create table invitations (
    id text primary key default gen_random_uuid()::text,
    organization_id text not null references organizations (id) on delete cascade,
    email text not null,
    email_key text not null,
    role text not null check (role in ('Owner', 'Engineer', 'Viewer')),
    token_hash text not null unique,
    invited_by text references vendor_accounts (id) on delete set null,
    sent_at timestamptz not null default now(),
    expires_at timestamptz not null,
    accepted_at timestamptz,
    accepted_by text references vendor_accounts (id) on delete set null,
    revoked_at timestamptz
  )`,
  'create index invitations_organization_idx on invitations (organization_id, email_key)',
  `create table activity_log (
    id bigint generated always as identity primary key,
    organization_id text not null references organizations (id) on delete cascade,
    at timestamptz not null default now(),
    actor_account_id text references vendor_accounts (id) on delete set null,
    actor_name text not null,
    action text not null,
    subject text not null
  )`,
  'create index activity_log_organization_idx on activity_log (organization_id, id desc)',
]

const down = ['drop table activity_log', 'drop table invitations']

export const invitationsAndActivityMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // One statement per call: PGlite's extended protocol takes a single statement.
    for (const statement of up) await sql.raw(statement).execute(db)
  },
  async down(db: Kysely<unknown>) {
    for (const statement of down) await sql.raw(statement).execute(db)
  },
}
