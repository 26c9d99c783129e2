import { sql, type Kysely, type Migration } from 'kysely'

/*
 * Limits on logins and on mail-sending calls, kept in the database so that every portal process
 * on one PostgreSQL counts the same attempts (docs/decisions/0016). One row per counted key —
 * e.g. an account-and-address pair, an address, an account, the mail sent for a client address or
 * to a recipient — replaces login_attempts' row per failure: a counter is updated in one atomic
 * statement, which is also what stops parallel requests from slipping past a limit together.
 */

const up = [
  'drop table if exists login_attempts',
  `create table rate_limits (
    key text primary key,
    count integer not null default 0,
    window_started_at timestamptz not null default now(),
    last_counted_at timestamptz not null default now(),
    blocked_until timestamptz,
    succeeded_at timestamptz
  )`,
  'create index rate_limits_last_counted_idx on rate_limits (last_counted_at)',
]

const down = [
  'drop table if exists rate_limits',
  `create table login_attempts (
    id bigint generated always as identity primary key,
    key text not null,
    attempted_at timestamptz not null default now()
  )`,
  'create index login_attempts_key_idx on login_attempts (key, attempted_at desc)',
]

export const rateLimitsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // One statement per call: PGlite's extended protocol takes a single statement.
    for (const statement of up) await sql.raw(statement).execute(db)
  },
  async down(db: Kysely<unknown>) {
    for (const statement of down) await sql.raw(statement).execute(db)
  },
}
