import { sql, type Kysely, type Migration } from 'kysely'

/*
 * docs/decisions/0027: webhook endpoints, their outbox of deliveries and each attempt.
 *
 * - webhook_endpoints: an organization's URL, the events it wants, its secret encrypted with the
 *   server's secret (AES-256-GCM, server/webhooks/secrets.ts), enabled or disabled with the reason,
 *   and failing_since (the first failed attempt since the last success), from which the portal
 *   disables an endpoint that failed for 24 hours.
 * - webhook_deliveries: the outbox. A row is inserted in the transaction of the change it tells
 *   (server/events/append.ts, server/certification/issue-certificate.ts), so a change and its deliveries commit
 *   together or not at all. A worker claims due rows with a lease (status 'delivering',
 *   lease_until); a row whose lease ran out (its process died) is due again. body is the JSON sent,
 *   written once at insert.
 * - webhook_attempts: one row per attempt (time, duration, HTTP status or error).
 */

const up = [
  `create table webhook_endpoints (
    id text primary key,
    organization_id text not null references organizations (id) on delete cascade,
    url text not null,
    events text[] not null,
    secret_encrypted text not null,
    secret_hint text not null,
    enabled boolean not null default true,
    disabled_reason text check (disabled_reason in ('owner', 'failing')),
    disabled_at timestamptz,
    failing_since timestamptz,
    created_by text references vendor_accounts (id) on delete set null,
    created_at timestamptz not null default now(),
    unique (organization_id, url)
  )`,
  'create index webhook_endpoints_organization_idx on webhook_endpoints (organization_id) where enabled',
  `create table webhook_deliveries (
    id text primary key,
    endpoint_id text not null references webhook_endpoints (id) on delete cascade,
    event_id text not null,
    type text not null,
    body text not null,
    status text not null default 'pending' check (status in ('pending', 'delivering', 'succeeded', 'failed')),
    created_at timestamptz not null default now(),
    next_attempt_at timestamptz not null default now(),
    retry_until timestamptz,
    lease_owner text,
    lease_until timestamptz,
    attempts integer not null default 0,
    last_attempt_at timestamptz,
    last_response_code integer,
    last_error text,
    delivered_at timestamptz,
    unique (endpoint_id, event_id)
  )`,
  `create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at)
    where status in ('pending', 'delivering')`,
  'create index webhook_deliveries_log_idx on webhook_deliveries (endpoint_id, created_at desc, id desc)',
  `create table webhook_attempts (
    id bigint generated always as identity primary key,
    delivery_id text not null references webhook_deliveries (id) on delete cascade,
    attempt integer not null,
    started_at timestamptz not null,
    duration_ms integer not null,
    response_code integer,
    error text,
    process_id text not null
  )`,
  'create index webhook_attempts_delivery_idx on webhook_attempts (delivery_id, attempt)',
]

const down = ['drop table webhook_attempts', 'drop table webhook_deliveries', 'drop table webhook_endpoints']

export const webhooksMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // One statement per call: PGlite's extended protocol takes a single statement.
    for (const statement of up) await sql.raw(statement).execute(db)
  },
  async down(db: Kysely<unknown>) {
    for (const statement of down) await sql.raw(statement).execute(db)
  },
}
