import { sql, type Kysely, type Migration } from 'kysely'

/*
 * Input rules (docs/decisions/0015).
 *
 * 1. Submit answers by idempotency key. The page sends an Idempotency-Key with each press of
 *    Submit; the first request with a key holds the row (account, key) for its transaction and
 *    stores its answer there. A repeat — concurrent, or from another process sharing the
 *    database — waits on the primary key until the first commits, then reads the stored answer and
 *    writes nothing. A first attempt that fails rolls its row back, so a retry runs anew.
 *
 * 2. A vendor's 'Add New ...' names are the vendor's own: the catalogue lists the seeded names
 *    (added_by null) and the caller's additions only. Two vendors may add the same name, so the
 *    uniqueness of names, types and classes now includes who added them.
 */

const statements = [
  `create table submit_answers (
    account_id text not null references vendor_accounts (id) on delete cascade,
    idempotency_key text not null,
    status integer not null,
    answer jsonb not null,
    created_at timestamptz not null default now(),
    primary key (account_id, idempotency_key)
  )`,
  `alter table catalogue_device_names drop constraint catalogue_device_names_pkey`,
  `drop index catalogue_device_names_unique`,
  `create unique index catalogue_device_names_unique
    on catalogue_device_names (vendor, lower(device_name), coalesce(added_by, ''))`,
  `alter table catalogue_device_types drop constraint catalogue_device_types_pkey`,
  `drop index catalogue_device_types_unique`,
  `create unique index catalogue_device_types_unique
    on catalogue_device_types (lower(device_name), lower(device_type), coalesce(added_by, ''))`,
  `alter table catalogue_product_classes drop constraint catalogue_product_classes_pkey`,
  `drop index catalogue_product_classes_unique`,
  `create unique index catalogue_product_classes_unique
    on catalogue_product_classes (lower(device_type), lower(product_class), coalesce(added_by, ''))`,
]

export const inputRulesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of statements) await sql.raw(statement).execute(db)
  },
  async down(db: Kysely<unknown>) {
    await sql.raw('drop table if exists submit_answers').execute(db)
    // Additions of several vendors under one name cannot all stay: keep the first of each.
    for (const [table, parent, child] of [
      ['catalogue_device_names', 'vendor', 'device_name'],
      ['catalogue_device_types', 'device_name', 'device_type'],
      ['catalogue_product_classes', 'device_type', 'product_class'],
    ] as const) {
      await sql
        .raw(
          `delete from ${table} a using ${table} b
            where lower(a.${parent}) = lower(b.${parent}) and lower(a.${child}) = lower(b.${child})
              and a.ctid > b.ctid`,
        )
        .execute(db)
      await sql.raw(`drop index ${table}_unique`).execute(db)
      const parentKey = table === 'catalogue_device_names' ? parent : `lower(${parent})`
      await sql
        .raw(`create unique index ${table}_unique on ${table} (${parentKey}, lower(${child}))`)
        .execute(db)
      await sql.raw(`alter table ${table} add primary key (${parent}, ${child})`).execute(db)
    }
  },
}
