import { sql, type Kysely, type Migration } from 'kysely'

/*
 * The one queue of work done after a commit (server/platform/jobs/): mails, and the consumers of
 * the events log. A job is inserted in the transaction of the change it follows, so it exists
 * exactly when the change does.
 *
 * - status: pending (due at run_at), running (leased to lease_owner until lease_until; a lease
 *   that ran out is taken again), done, or dead (max_attempts failed; last_error says why).
 * - topic: what the job is about, for a reader of its state (e.g. an invitation's mail); optional.
 * - payload: what the handler needs; emptied once the job is done (a mail's body may hold a code).
 * - event_cursors: per reader of the events log (notifications, webhooks), the last event it has
 *   turned into work. A reader claims its row with FOR UPDATE SKIP LOCKED, so one process at a
 *   time reads the events, and the work and the cursor commit together. The notifications'
 *   cursor moves here from notification_cursor; the webhooks' starts at the newest event (the
 *   events before were turned into deliveries as they were appended).
 */

const up = [
  `create table jobs (
    id bigint generated always as identity primary key,
    kind text not null,
    topic text,
    payload jsonb,
    status text not null default 'pending' check (status in ('pending', 'running', 'done', 'dead')),
    attempts integer not null default 0,
    max_attempts integer not null check (max_attempts >= 1),
    run_at timestamptz not null default now(),
    lease_owner text,
    lease_until timestamptz,
    last_error text,
    created_at timestamptz not null default now(),
    finished_at timestamptz
  )`,
  `create index jobs_due on jobs (run_at) where status in ('pending', 'running')`,
  `create index jobs_topic on jobs (topic) where topic is not null`,
  `create index jobs_dead on jobs (id) where status = 'dead'`,
  `create table event_cursors (
    consumer text primary key,
    last_seq bigint not null,
    updated_at timestamptz not null default now()
  )`,
  `insert into event_cursors (consumer, last_seq) select 'notifications', last_seq from notification_cursor`,
  `insert into event_cursors (consumer, last_seq) select 'webhooks', coalesce(max(seq), 0) from events`,
  'drop table notification_cursor',
]

const down = [
  `create table notification_cursor (
    id integer primary key check (id = 1),
    last_seq bigint not null,
    updated_at timestamptz not null default now()
  )`,
  `insert into notification_cursor (id, last_seq)
    select 1, coalesce((select last_seq from event_cursors where consumer = 'notifications'), 0)`,
  'drop table event_cursors',
  'drop table jobs',
]

export const jobsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db)
  },
  async down(db: Kysely<unknown>) {
    for (const statement of down) await sql.raw(statement).execute(db)
  },
}
