import { sql, type Kysely, type Migration } from 'kysely'

/*
 * Issue 17 (docs/decisions/0020, 0021).
 *
 * events: what happened to a vendor's records and runs, one row per event, written in the same
 * transaction as the change (server/events/append.ts). `seq` orders every event of the portal:
 * appendEvent takes a transaction-level advisory lock before it draws the number, so events
 * commit in seq order and a reader that has seen seq N has seen every event before it. The stream
 * resumes from a tab's Last-Event-ID by `account_id, seq`; rows older than the stored window are
 * pruned.
 *
 * certification_runs: a run is one attempt of a record — its number, whether it ran the whole
 * plan or re-ran the cases that had not passed, and who started it. A run (and its record) may end
 * Cancelled: the vendor stopped it.
 */

const up = [
  `create table events (
    seq bigint generated always as identity primary key,
    account_id text not null,
    type text not null,
    portfolio_manager_id text,
    run_id text,
    data jsonb not null,
    created_at timestamptz not null default now()
  )`,
  'create index events_account_seq_idx on events (account_id, seq)',
  'create index events_created_idx on events (created_at)',
  `alter table certification_runs add column attempt integer not null default 1 check (attempt >= 1)`,
  `alter table certification_runs add column kind text not null default 'full' check (kind in ('full', 'rerun'))`,
  `alter table certification_runs add column started_by text not null default ''`,
  // Existing runs get their numbers in start order.
  `update certification_runs r set attempt = n.attempt
    from (select run_id, row_number() over (partition by portfolio_manager_id order by started_at, run_id) as attempt
          from certification_runs) n
    where n.run_id = r.run_id`,
  'create unique index certification_runs_attempt_idx on certification_runs (portfolio_manager_id, attempt)',
  'alter table certification_runs drop constraint certification_runs_status_check',
  `alter table certification_runs add constraint certification_runs_status_check
    check (status in ('Submitted', 'InProgress', 'Completed', 'Maintenance', 'Cancelled'))`,
  'alter table device_records drop constraint device_records_status_check',
  `alter table device_records add constraint device_records_status_check
    check (status in ('Submitted', 'InProgress', 'Completed', 'Maintenance', 'Cancelled'))`,
]

const down = [
  `update device_records set status = 'Submitted' where status = 'Cancelled'`,
  `update certification_runs set status = 'Completed' where status = 'Cancelled'`,
  'alter table device_records drop constraint device_records_status_check',
  `alter table device_records add constraint device_records_status_check
    check (status in ('Submitted', 'InProgress', 'Completed', 'Maintenance'))`,
  'alter table certification_runs drop constraint certification_runs_status_check',
  `alter table certification_runs add constraint certification_runs_status_check
    check (status in ('Submitted', 'InProgress', 'Completed', 'Maintenance'))`,
  'drop index if exists certification_runs_attempt_idx',
  'alter table certification_runs drop column if exists started_by',
  'alter table certification_runs drop column if exists kind',
  'alter table certification_runs drop column if exists attempt',
  'drop table if exists events',
]

export const eventsAndAttemptsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // One statement per call: PGlite's extended protocol takes a single statement.
    for (const statement of up) await sql.raw(statement).execute(db)
  },
  async down(db: Kysely<unknown>) {
    for (const statement of down) await sql.raw(statement).execute(db)
  },
}
