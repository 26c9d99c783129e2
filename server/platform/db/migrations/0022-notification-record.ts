import { sql, type Kysely, type Migration } from 'kysely'

/*
 * notification_jobs is the record of each planned notification (its rendered mail, whether it was
 * sent or given up); sending it is a job of the one job runner (server/platform/jobs/). The
 * table's own schedule and lease (next_attempt_at, lease_owner, lease_expires_at, and the index
 * that found due rows) belonged to a sender loop that no longer exists: a column nothing writes
 * would mislead whoever reads the table.
 */

const up = [
  'drop index notification_jobs_due',
  'alter table notification_jobs drop column next_attempt_at',
  'alter table notification_jobs drop column lease_owner',
  'alter table notification_jobs drop column lease_expires_at',
]

const down = [
  'alter table notification_jobs add column next_attempt_at timestamptz not null default now()',
  'alter table notification_jobs add column lease_owner text',
  'alter table notification_jobs add column lease_expires_at timestamptz',
  'create index notification_jobs_due on notification_jobs (next_attempt_at, id) where sent_at is null and failed_at is null',
]

export const notificationRecordMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db)
  },
  async down(db: Kysely<unknown>) {
    for (const statement of down) await sql.raw(statement).execute(db)
  },
}
