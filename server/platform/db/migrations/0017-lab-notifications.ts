import { sql, type Kysely, type Migration } from 'kysely'

/*
 * docs/decisions/0028 point 9: a vendor's comment mails the lab
 * staff, as a lab comment mails the vendor's members.
 *
 * - lab_notification_settings: a staff member's switch per lab kind. No row: on.
 * - notification_jobs.lab_staff_id: the staff member a job mails (account_id is then null); a
 *   removed staff member's unsent jobs go with the row.
 */

const up = [
  `create table lab_notification_settings (
    staff_id text not null references lab_staff (id) on delete cascade,
    kind text not null check (kind in ('vendorComment')),
    enabled boolean not null,
    updated_at timestamptz not null default now(),
    primary key (staff_id, kind)
  )`,
  'alter table notification_jobs add column lab_staff_id text references lab_staff (id) on delete cascade',
]

const down = [
  'alter table notification_jobs drop column lab_staff_id',
  'drop table lab_notification_settings',
]

export const labNotificationsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db)
  },
  async down(db: Kysely<unknown>) {
    for (const statement of down) await sql.raw(statement).execute(db)
  },
}
