import { sql, type Kysely, type Migration } from 'kysely'

/*
 * docs/decisions/0027: webhook deliveries are sent by the one job runner (server/platform/jobs),
 * one job per delivery (kind webhook.delivery, topic the delivery's id), whose lease is the
 * delivery's: the deliveries' own lease columns and their due index go. The deliveries still to
 * send (pending, or delivering when a process stopped mid-attempt) of enabled endpoints get their
 * jobs, due when they were; a disabled endpoint's get theirs when it is enabled again.
 * Down: the columns come back empty (a delivering row is then taken again at once).
 */

const up = [
  `insert into jobs (kind, topic, payload, max_attempts, run_at)
    select 'webhook.delivery', d.id, jsonb_build_object('deliveryId', d.id), 25, d.next_attempt_at
    from webhook_deliveries d
    join webhook_endpoints e on e.id = d.endpoint_id
    where d.status in ('pending', 'delivering') and e.enabled
    order by d.next_attempt_at`,
  'drop index webhook_deliveries_due_idx',
  'alter table webhook_deliveries drop column lease_owner',
  'alter table webhook_deliveries drop column lease_until',
]

const down = [
  'alter table webhook_deliveries add column lease_owner text',
  'alter table webhook_deliveries add column lease_until timestamptz',
  `create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at)
    where status in ('pending', 'delivering')`,
  `delete from jobs where kind = 'webhook.delivery'`,
]

export const webhookJobsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db)
  },
  async down(db: Kysely<unknown>) {
    for (const statement of down) await sql.raw(statement).execute(db)
  },
}
