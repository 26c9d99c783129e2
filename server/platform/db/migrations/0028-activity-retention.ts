import { sql, type Kysely, type Migration } from 'kysely'

/*
 * docs/decisions/0044: the activity log keeps a line ACTIVITY_RETENTION_YEARS, then the job
 * runner deletes it (server/platform/jobs/prune.ts). The delete looks for the oldest lines of every
 * organization by time: an index on `at` keeps that a short range read rather than a scan of the
 * whole log once an hour. (The screen's reads go by organization_id and id, the index of 0010.)
 */

const up = ['create index activity_log_at_idx on activity_log (at)']

const down = ['drop index activity_log_at_idx']

export const activityRetentionMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db)
  },
  async down(db: Kysely<unknown>) {
    for (const statement of down) await sql.raw(statement).execute(db)
  },
}
