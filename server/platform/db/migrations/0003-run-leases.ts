import { sql, type Kysely, type Migration } from 'kysely'

/*
 * Which process executes an active certification run (ARCHITECTURE.md: several processes may
 * share one PostgreSQL). The executing process holds a lease it renews every few seconds; another
 * process takes a run up only once its lease has lapsed (its process died) or was released (its
 * process stopped), so no run is ever executed twice at once. Runs from before this migration
 * have no lease and are taken up by the next process that looks.
 */

const statements = [
  `alter table certification_runs add column lease_owner text`,
  `alter table certification_runs add column lease_expires_at timestamptz`,
]

export const runLeasesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of statements) await sql.raw(statement).execute(db)
  },
  async down(db: Kysely<unknown>) {
    await sql.raw('alter table certification_runs drop column if exists lease_expires_at').execute(db)
    await sql.raw('alter table certification_runs drop column if exists lease_owner').execute(db)
  },
}
