import { sql, type Kysely, type Migration } from 'kysely'

/*
 * A record's assignment to a lab staff member (docs/decisions/0045): at most one per record,
 * in a table of its own (the lab's split of the work, no part of the vendor's record), gone with
 * the record, or with the staff member's row. assigned_by names who assigned it (themselves or
 * another member), for the "assigned to you" notification. The lab's staff may be mailed when a
 * run awaits review or a record is assigned to them (lab_notification_settings kinds
 * 'runAwaitingReview', 'recordAssigned').
 */

const up = [
  `create table lab_assignments (
    portfolio_manager_id text primary key references device_records (portfolio_manager_id) on delete cascade,
    staff_id text not null references lab_staff (id) on delete cascade,
    assigned_at timestamptz not null default now(),
    assigned_by text not null
  )`,
  'create index lab_assignments_staff on lab_assignments (staff_id)',
  // The lab's new kinds of mail: a run awaits review, a record was assigned to you.
  'alter table lab_notification_settings drop constraint lab_notification_settings_kind_check',
  `alter table lab_notification_settings add constraint lab_notification_settings_kind_check
     check (kind in ('vendorComment', 'recordRevised', 'runAwaitingReview', 'recordAssigned'))`,
]

export const labAssignmentMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db)
  },
  async down(db: Kysely<unknown>) {
    for (const statement of [
      `delete from lab_notification_settings where kind in ('runAwaitingReview', 'recordAssigned')`,
      'alter table lab_notification_settings drop constraint lab_notification_settings_kind_check',
      `alter table lab_notification_settings add constraint lab_notification_settings_kind_check
         check (kind in ('vendorComment', 'recordRevised'))`,
      'drop table lab_assignments',
    ])
      await sql.raw(statement).execute(db)
  },
}
