import { sql, type Kysely, type Migration } from 'kysely'

/*
 * The programme's catalogue, kept by the lab (docs/decisions/0034). Every entry gets an id the
 * console names it by. An organization's 'Add New …' entry gets a review: pending until a Lab
 * manager approves it (the shared catalogue), maps it onto an entry the catalogue has, or declines
 * it with a reason. A new name's pairing with a type the catalogue already knows has no review of
 * its own: it follows its name. A manufacturer may belong to an organization (approved by the
 * lab): only that organization's members see it.
 *
 * Today's additions become pending, so that nothing a vendor sees changes until the lab decides.
 */

const REVIEWED_TABLES = ['catalogue_device_names', 'catalogue_device_types', 'catalogue_product_classes']

const up = [
  'alter table catalogue_vendors add column entry_id text not null default gen_random_uuid()::text',
  'create unique index catalogue_vendors_entry_id on catalogue_vendors (entry_id)',
  'alter table catalogue_vendors add column organization_id text references organizations (id)',
  'create unique index catalogue_vendors_organization on catalogue_vendors (organization_id)',
  'alter table catalogue_vendors add column approved_by text',
  ...REVIEWED_TABLES.flatMap((table) => [
    `alter table ${table} add column entry_id text not null default gen_random_uuid()::text`,
    `create unique index ${table}_entry_id on ${table} (entry_id)`,
    `alter table ${table} add column review_state text
       check (review_state in ('pending', 'approved', 'mapped', 'declined'))`,
    `alter table ${table} add column reviewed_by text`,
    `alter table ${table} add column reviewed_at timestamptz`,
    `alter table ${table} add column review_reason text`,
    `alter table ${table} add column mapped_to text`,
  ]),
  `update catalogue_device_names set review_state = 'pending' where added_by is not null`,
  `update catalogue_product_classes set review_state = 'pending' where added_by is not null`,
  // A type is reviewed when the catalogue does not know it; a known type under a new name follows the name.
  `update catalogue_device_types t set review_state = 'pending'
     where t.added_by is not null and not exists (
       select 1 from catalogue_device_types s where s.added_by is null and lower(s.device_type) = lower(t.device_type))`,
]

const down = [
  ...REVIEWED_TABLES.flatMap((table) =>
    ['entry_id', 'review_state', 'reviewed_by', 'reviewed_at', 'review_reason', 'mapped_to'].map(
      (column) => `alter table ${table} drop column ${column}`,
    ),
  ),
  // An approved manufacturer is an organization's name, not the programme's: it goes with its review.
  `delete from catalogue_device_names n using catalogue_vendors v
     where n.vendor = v.vendor and v.organization_id is not null`,
  'delete from catalogue_vendors where organization_id is not null',
  'alter table catalogue_vendors drop column approved_by',
  'alter table catalogue_vendors drop column organization_id',
  'alter table catalogue_vendors drop column entry_id',
]

export const catalogueReviewMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // One statement per call: PGlite's extended protocol takes a single statement.
    for (const statement of up) await sql.raw(statement).execute(db)
  },
  async down(db: Kysely<unknown>) {
    for (const statement of down) await sql.raw(statement).execute(db)
  },
}
