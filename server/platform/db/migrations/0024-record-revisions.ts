import { sql, type Kysely, type Migration } from 'kysely'

/*
 * Revisions of a device record (docs/decisions/0033). device_records keeps the current revision
 * (its number, and who made it when it is not the original); record_revisions keeps each earlier
 * one as it was when the next replaced it, with the status and result it ended with. Every record
 * so far is revision 1 of itself, every run and certificate so far belongs to revision 1.
 * A recertification's case carried from an earlier certificate names it (run_test_cases.carried_from);
 * a certificate names the firmware it covers and, for a recertification, its source certificate.
 * A lab engineer may require the full plan for a record's next run (full_plan_required). The lab's
 * staff may be mailed when a vendor makes a revision (lab_notification_settings kind 'recordRevised').
 */

const up = [
  'alter table device_records add column revision integer not null default 1 check (revision >= 1)',
  'alter table device_records add column revised_at timestamptz',
  'alter table device_records add column revised_by text',
  'alter table device_records add column full_plan_required boolean not null default false',
  `create table record_revisions (
    portfolio_manager_id text not null references device_records (portfolio_manager_id) on delete cascade,
    revision integer not null check (revision >= 1),
    devices_to_be_certified text not null,
    device_number_list text[] not null,
    base_firmware_version text not null,
    year_of_manufacturing text not null,
    is_eng_build_available text not null,
    created_at timestamptz not null,
    created_by text not null,
    status text not null,
    is_certified text not null,
    superseded_at timestamptz not null default now(),
    primary key (portfolio_manager_id, revision)
  )`,
  'alter table certification_runs add column revision integer not null default 1',
  'alter table run_test_cases add column carried_from text',
  'alter table certificates add column revision integer not null default 1',
  `alter table certificates add column firmware text not null default ''`,
  `update certificates set firmware = coalesce((payload::jsonb) -> 'device' ->> 'firmware', '')`,
  'alter table certificates add column source_number text',
  // The lab's new kind of mail: a vendor made a new revision.
  'alter table lab_notification_settings drop constraint lab_notification_settings_kind_check',
  `alter table lab_notification_settings add constraint lab_notification_settings_kind_check
     check (kind in ('vendorComment', 'recordRevised'))`,
]

export const recordRevisionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db)
  },
  async down(db: Kysely<unknown>) {
    for (const statement of [
      `delete from lab_notification_settings where kind = 'recordRevised'`,
      'alter table lab_notification_settings drop constraint lab_notification_settings_kind_check',
      `alter table lab_notification_settings add constraint lab_notification_settings_kind_check
         check (kind in ('vendorComment'))`,
      'alter table certificates drop column source_number',
      'alter table certificates drop column firmware',
      'alter table certificates drop column revision',
      'alter table run_test_cases drop column carried_from',
      'alter table certification_runs drop column revision',
      'drop table record_revisions',
      'alter table device_records drop column full_plan_required',
      'alter table device_records drop column revised_by',
      'alter table device_records drop column revised_at',
      'alter table device_records drop column revision',
    ])
      await sql.raw(statement).execute(db)
  },
}
