import { sql, type Kysely, type Migration } from 'kysely'

/*
 * The development mailbox lists mail newest first. Two mails written within the same clock tick
 * (PGlite's clock is coarse) tied on created_at, and their random ids ordered them by chance; a
 * sequence number orders them as they were written.
 */

export const outboxOrderMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql.raw('alter table mail_outbox add column seq bigint generated always as identity').execute(db)
  },
  async down(db: Kysely<unknown>) {
    await sql.raw('alter table mail_outbox drop column if exists seq').execute(db)
  },
}
