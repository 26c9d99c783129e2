import { sql, type Kysely, type Migration } from 'kysely'

/*
 * docs/decisions/0024: the lab's side.
 *
 * - lab_staff: the programme's staff, accounts of their own (never vendor_accounts, never members of
 *   an organization). A set-password link's token is stored as its SHA-256 until it is used.
 * - sessions.lab_staff_id: a lab staff member's session (account_id and organization_id stay null).
 * - lab_state: one row, the bench's maintenance (on while maintenance_reason is not null) and
 *   whether finished runs wait for a review. Every process reads it; none keeps it only in memory.
 * - comments: the conversation — which side wrote it and the author's role; a lab comment has
 *   lab_staff_id and no account_id.
 * - certification_runs and device_records: status AwaitingReview (review on), and the run's
 *   review: its decision, reviewer, time and reason.
 * - activity_log.actor_kind: 'lab' for what the lab did on the vendor's behalf.
 */

const STATUSES = `'Submitted', 'InProgress', 'Completed', 'Maintenance', 'Cancelled', 'AwaitingReview'`
const OLD_STATUSES = `'Submitted', 'InProgress', 'Completed', 'Maintenance', 'Cancelled'`

const up = [
  `create table lab_staff (
    id text primary key default gen_random_uuid()::text,
    email text not null,
    email_key text generated always as (lower(email)) stored,
    name text not null,
    role text not null check (role in ('Lab engineer', 'Lab manager')),
    password_hash text,
    password_changed_at timestamptz,
    set_password_token_hash text unique,
    set_password_expires_at timestamptz,
    created_at timestamptz not null default now(),
    last_active_at timestamptz,
    disabled_at timestamptz
  )`,
  'create unique index lab_staff_email_key on lab_staff (email_key)',
  'alter table sessions add column lab_staff_id text references lab_staff (id) on delete cascade',
  `create table lab_state (
    id integer primary key default 1 check (id = 1),
    maintenance_reason text,
    maintenance_started_at timestamptz,
    maintenance_expected_end timestamptz,
    maintenance_started_by text,
    review_required boolean not null default false,
    updated_at timestamptz not null default now()
  )`,
  'insert into lab_state (id) values (1)',
  `alter table comments add column author_kind text not null default 'vendor' check (author_kind in ('vendor', 'lab'))`,
  `alter table comments add column author_role text not null default ''`,
  'alter table comments add column lab_staff_id text references lab_staff (id) on delete set null',
  'alter table comments alter column account_id drop not null',
  'alter table certification_runs drop constraint certification_runs_status_check',
  `alter table certification_runs add constraint certification_runs_status_check check (status in (${STATUSES}))`,
  'alter table device_records drop constraint device_records_status_check',
  `alter table device_records add constraint device_records_status_check check (status in (${STATUSES}))`,
  `alter table certification_runs add column review_state text check (review_state in ('pending', 'approved', 'rejected'))`,
  'alter table certification_runs add column reviewed_by text',
  'alter table certification_runs add column reviewed_at timestamptz',
  'alter table certification_runs add column review_reason text',
  `alter table activity_log add column actor_kind text not null default 'member' check (actor_kind in ('member', 'lab'))`,
]

const down = [
  'alter table activity_log drop column actor_kind',
  'alter table certification_runs drop column review_reason',
  'alter table certification_runs drop column reviewed_at',
  'alter table certification_runs drop column reviewed_by',
  'alter table certification_runs drop column review_state',
  'alter table device_records drop constraint device_records_status_check',
  `alter table device_records add constraint device_records_status_check check (status in (${OLD_STATUSES}))`,
  'alter table certification_runs drop constraint certification_runs_status_check',
  `alter table certification_runs add constraint certification_runs_status_check check (status in (${OLD_STATUSES}))`,
  'alter table comments drop column lab_staff_id',
  'alter table comments drop column author_role',
  'alter table comments drop column author_kind',
  'drop table lab_state',
  'alter table sessions drop column lab_staff_id',
  'drop table lab_staff',
]

export const labMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // One statement per call: PGlite's extended protocol takes a single statement.
    for (const statement of up) await sql.raw(statement).execute(db)
  },
  async down(db: Kysely<unknown>) {
    for (const statement of down) await sql.raw(statement).execute(db)
  },
}
