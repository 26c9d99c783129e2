import { sql, type Kysely, type Migration } from 'kysely'

/*
 * A record's assignment to a lab staff member (docs/decisions/0045): at most one per record,
 * in a table of its own (the lab's split of the work, no part of the vendor's record), gone with
 * the record, or with the staff member's row. assigned_by names who assigned it (themselves or
 * another member), for the "assigned to you" notification.
 */

const up = [
  `create table lab_assignments (
    portfolio_manager_id text primary key references device_records (portfolio_manager_id) on delete cascade,
    staff_id text not null references lab_staff (id) on delete cascade,
    assigned_at timestamptz not null default now(),
    assigned_by text not null
  )`,
  'create index lab_assignments_staff on lab_assignments (staff_id)',
]

export const labAssignmentMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db)
  },
  async down(db: Kysely<unknown>) {
    await sql.raw('drop table lab_assignments').execute(db)
  },
}
