import { sql, type Kysely, type Migration } from 'kysely'

/*
 * docs/decisions/0028: e-mail notifications.
 *
 * - notification_settings: a member's switch per kind, per organization (scope = the
 *   organization's id), or the account's own for invitations (scope ''). No row: on.
 * - notification_address_optouts: addresses without an account that turned invitations off from
 *   an invitation mail's link (lower(trim(email))).
 * - notification_cursor: one row, the last live event (table events) turned into notification
 *   jobs. A process claims it with SELECT … FOR UPDATE SKIP LOCKED, so one process at a time reads
 *   the events and the jobs and the cursor commit together. It starts at the newest event, so the
 *   history before this migration is not mailed.
 * - notification_jobs: one mail to send, written in the cursor's transaction, unique per
 *   dedupe_key (kind, what it is about, the recipient) so that no event is mailed twice to one
 *   person. A sender leases a job (lease_owner, lease_expires_at), sends it and marks it sent;
 *   a failure waits next_attempt_at (backoff), and a job failing 8 times is given up (failed_at).
 * - mail_outbox.headers: the mail's extra headers (List-Unsubscribe), JSON, for the development
 *   mailbox.
 */

const up = [
  `create table notification_settings (
    account_id text not null references vendor_accounts (id) on delete cascade,
    scope text not null,
    kind text not null check (kind in ('runFinished', 'certificateIssued', 'commentReceived', 'maintenance', 'invitation')),
    enabled boolean not null,
    updated_at timestamptz not null default now(),
    primary key (account_id, scope, kind)
  )`,
  `create table notification_address_optouts (
    email_key text primary key,
    created_at timestamptz not null default now()
  )`,
  `create table notification_cursor (
    id integer primary key check (id = 1),
    last_seq bigint not null,
    updated_at timestamptz not null default now()
  )`,
  'insert into notification_cursor (id, last_seq) select 1, coalesce(max(seq), 0) from events',
  `create table notification_jobs (
    id bigint generated always as identity primary key,
    dedupe_key text not null unique,
    kind text not null,
    topic text not null,
    account_id text references vendor_accounts (id) on delete cascade,
    organization_id text references organizations (id) on delete cascade,
    to_address text not null,
    subject text not null,
    text_body text not null,
    html_body text not null,
    headers text not null,
    created_at timestamptz not null default now(),
    next_attempt_at timestamptz not null default now(),
    attempts integer not null default 0,
    lease_owner text,
    lease_expires_at timestamptz,
    sent_at timestamptz,
    failed_at timestamptz,
    last_error text
  )`,
  'create index notification_jobs_due on notification_jobs (next_attempt_at, id) where sent_at is null and failed_at is null',
  'create index notification_jobs_topic on notification_jobs (organization_id, kind, topic)',
  'alter table mail_outbox add column headers text',
]

const down = [
  'alter table mail_outbox drop column headers',
  'drop table notification_jobs',
  'drop table notification_cursor',
  'drop table notification_address_optouts',
  'drop table notification_settings',
]

export const notificationsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db)
  },
  async down(db: Kysely<unknown>) {
    for (const statement of down) await sql.raw(statement).execute(db)
  },
}
