import { sql, type Kysely, type Migration } from 'kysely'

/*
 * A submit names the draft it comes from (savedPortfolioManagerId, spec §3). The record keeps that
 * id, and one draft makes at most one record: a second submit of the same draft — a double click,
 * a retried request — is refused by this index, even when both arrive at once.
 */

const statements = [
  `alter table device_records add column submitted_from_draft text`,
  `create unique index device_records_one_per_draft on device_records (account_id, submitted_from_draft)
    where submitted_from_draft is not null`,
]

export const oneRecordPerDraftMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of statements) await sql.raw(statement).execute(db)
  },
  async down(db: Kysely<unknown>) {
    await sql.raw('drop index if exists device_records_one_per_draft').execute(db)
    await sql.raw('alter table device_records drop column if exists submitted_from_draft').execute(db)
  },
}
