import { sql, type Kysely, type Migration } from 'kysely'

/*
 * docs/decisions/0043: webhooks like Stripe's.
 *
 * - webhook_endpoints.description: the Owner's note of what the endpoint is for ('' when none).
 * - webhook_attempts keeps what each attempt sent and what came back: the request's headers (a
 *   JSON object, never the signing secret) and body as sent, the first 4 KB of the answer's body
 *   (response_truncated when it was longer), and `recorded` (true from now on): an attempt that
 *   sent nothing (its URL refused, its secret unreadable) is recorded with no request, one that
 *   got no answer with no response. Attempts made before this migration are not recorded.
 * - A finished delivery (succeeded or failed) is kept 30 days after it was made, its attempts with
 *   it (the webhooks' pruning, server/webhooks/prune.ts); the index serves that pruning.
 * Down: the columns and the index go (the bodies with them).
 */

const up = [
  `alter table webhook_endpoints add column description text not null default ''`,
  'alter table webhook_attempts add column request_headers jsonb',
  'alter table webhook_attempts add column request_body text',
  'alter table webhook_attempts add column response_body text',
  'alter table webhook_attempts add column response_truncated boolean not null default false',
  'alter table webhook_attempts add column recorded boolean not null default false',
  `create index webhook_deliveries_finished_idx on webhook_deliveries (created_at)
    where status in ('succeeded', 'failed')`,
]

const down = [
  'drop index webhook_deliveries_finished_idx',
  'alter table webhook_attempts drop column recorded',
  'alter table webhook_attempts drop column response_truncated',
  'alter table webhook_attempts drop column response_body',
  'alter table webhook_attempts drop column request_body',
  'alter table webhook_attempts drop column request_headers',
  'alter table webhook_endpoints drop column description',
]

export const webhookDeliveryBodiesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // One statement per call: PGlite's extended protocol takes a single statement.
    for (const statement of up) await sql.raw(statement).execute(db)
  },
  async down(db: Kysely<unknown>) {
    for (const statement of down) await sql.raw(statement).execute(db)
  },
}
