import { sql, type Kysely, type Migration } from 'kysely'

/*
 * docs/decisions/0025 point 10: the directory of certified devices is served from a
 * snapshot each process keeps in memory, brought up to date from the rows changed since it last
 * looked. Every insert or update of a certificate stamps it with the next directory_seq, so
 * "what changed since n" is one indexed read, and "has anything changed" is max(directory_seq).
 *
 * The stamp and the commit must come in the same order, or a reader could see seq 11 committed
 * before seq 10 and never read 10: the trigger takes a transaction-scoped advisory lock before it
 * draws the number, so writers of certificates commit one after the other (they are rare: an
 * issue, a publish switch, a revocation). The lock is the events' own (server/events/append.ts,
 * EVENTS_LOCK_SPACE, 0): the transactions that issue a certificate append events after it, so one
 * lock for both cannot be taken in two orders by two transactions. On PGlite the lock is free.
 */

/** server/events/append.ts's EVENTS_LOCK_SPACE ('EVNT'), as it was when this migration was written. */
const EVENTS_LOCK_SPACE = 0x45564e54

const up = [
  'create sequence certificates_directory_seq',
  'alter table certificates add column directory_seq bigint not null default 0',
  `create function certificates_directory_stamp() returns trigger language plpgsql as $$
    begin
      perform pg_advisory_xact_lock(${EVENTS_LOCK_SPACE}, 0);
      new.directory_seq := nextval('certificates_directory_seq');
      return new;
    end
  $$`,
  `create trigger certificates_directory_stamp before insert or update on certificates
    for each row execute function certificates_directory_stamp()`,
  // Certificates issued before this migration get their stamps through the trigger.
  'update certificates set directory_seq = 0',
  'create index certificates_by_directory_seq on certificates (directory_seq)',
  // The directory no longer reads certificates by the partial index of migration 0012.
  'drop index certificates_directory',
]

const down = [
  `create index certificates_directory on certificates (issued_at desc, number)
    where published and revoked_at is null`,
  'drop index certificates_by_directory_seq',
  'drop trigger certificates_directory_stamp on certificates',
  'drop function certificates_directory_stamp',
  'alter table certificates drop column directory_seq',
  'drop sequence certificates_directory_seq',
]

export const directorySequenceMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db)
  },
  async down(db: Kysely<unknown>) {
    for (const statement of down) await sql.raw(statement).execute(db)
  },
}
