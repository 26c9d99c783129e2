import { type Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogueLists, newInCatalogue } from '../../../portfolio/catalogue.ts'
import type { Database } from '../schema.ts'
import { openMigrationTestDatabase } from '../migration-test-database.ts'

/*
 * Migration 0025 over a catalogue holding the programme's rows and an organization's additions
 * (a new name with a known type, a new type, a new class) and a record submitted with them: every
 * entry gets an id, each addition awaits review — the pairing of a new name with a known type
 * follows its name — and the organization's cascades and newness checks answer as before.
 */

let db: Kysely<Database>
let opened: Awaited<ReturnType<typeof openMigrationTestDatabase>>
const migrator = () => opened.migrator()

const SEED = [
  `insert into vendor_accounts (id, email, first_name, last_name, organization, lob, phone_number, country_code, country, state, city)
     values ('acc-1', 'mia@example.com', 'Mia', 'Wave', 'MeshWave Networks', 'Wireline', '9876543210', '+91', 'India', 'Karnataka', 'Bengaluru')`,
  `insert into organizations (id, name) values ('org-1', 'MeshWave Networks'), ('org-2', 'Other Networks')`,
  `insert into memberships (organization_id, account_id, role) values ('org-1', 'acc-1', 'Owner')`,
  `insert into catalogue_vendors (vendor) values ('TP-Link'), ('Nokia')`,
  `insert into catalogue_device_names (vendor, device_name, added_by) values
     ('TP-Link', 'Deco X50', null), ('Nokia', 'Beacon 6', null), ('TP-Link', 'Deco X60', 'org-1')`,
  `insert into catalogue_device_types (device_name, device_type, added_by) values
     ('Deco X50', 'Wi-Fi Mesh Device', null), ('Beacon 6', 'Wi-Fi Mesh Device', null),
     ('Deco X60', 'wi-fi mesh device', 'org-1'), ('Beacon 6', 'Mesh Node', 'org-1')`,
  `insert into catalogue_product_classes (device_type, product_class, added_by) values
     ('Wi-Fi Mesh Device', 'Wi-Fi 6 Mesh', null), ('Mesh Node', 'Mesh Class A', 'org-1')`,
  `insert into device_records (portfolio_manager_id, organization_id, submitted_by, vendor, device_name, device_type,
       product_class, base_firmware_version, business_domain, created_by, status, is_certified)
     values ('rec-1', 'org-1', 'acc-1', 'TP-Link', 'Deco X60', 'Wi-Fi Mesh Device', 'Wi-Fi 6 Mesh', '1.0', 'Wireline', 'Mia Wave', 'Submitted', '')`,
]

let before: Awaited<ReturnType<typeof legacyLists>>

beforeAll(async () => {
  opened = await openMigrationTestDatabase()
  db = opened.db
  const first = await migrator().migrateTo('0023-test-plans')
  if (first.error) throw first.error
  for (const statement of SEED) await sql.raw(statement).execute(db)
  // What the lists held before (as the code before 0025 read them: the seeded rows and the organization's own).
  before = await legacyLists()
  const after = await migrator().migrateToLatest()
  if (after.error) throw after.error
}, 60_000)

afterAll(async () => {
  await opened?.close()
})

async function legacyLists() {
  const rows = async (table: string, parent: string, value: string) =>
    (
      await sql<Record<string, string>>`select ${sql.ref(parent)}, ${sql.ref(value)} from ${sql.table(table)}
        where added_by is null or added_by = 'org-1' order by ${sql.ref(parent)}, ${sql.ref(value)}`.execute(
        db,
      )
    ).rows
  return {
    vendors: (await sql<{ vendor: string }>`select vendor from catalogue_vendors order by vendor`.execute(db))
      .rows,
    deviceNames: await rows('catalogue_device_names', 'vendor', 'device_name'),
    deviceTypes: await rows('catalogue_device_types', 'device_name', 'device_type'),
    productClasses: await rows('catalogue_product_classes', 'device_type', 'product_class'),
  }
}

const pairs = (items: ReadonlyArray<Record<string, unknown>>, keys: [string, string]) =>
  items.map((item) => `${String(item[keys[0]])} / ${String(item[keys[1]])}`)

describe('migration 0025 over a catalogue with an organization’s additions', () => {
  it('gives every entry an id and each addition a pending review; a known type under a new name follows its name', async () => {
    const names = await db
      .selectFrom('catalogue_device_names')
      .select(['device_name', 'added_by', 'review_state', 'entry_id'])
      .orderBy('device_name')
      .execute()
    expect(names.map(({ device_name, review_state }) => [device_name, review_state])).toEqual([
      ['Beacon 6', null],
      ['Deco X50', null],
      ['Deco X60', 'pending'],
    ])
    expect(new Set(names.map((row) => row.entry_id)).size).toBe(3)
    const types = await db
      .selectFrom('catalogue_device_types')
      .select(['device_name', 'device_type', 'review_state'])
      .where('added_by', '=', 'org-1')
      .orderBy('device_type')
      .execute()
    expect(types).toEqual([
      { device_name: 'Beacon 6', device_type: 'Mesh Node', review_state: 'pending' },
      { device_name: 'Deco X60', device_type: 'wi-fi mesh device', review_state: null },
    ])
    const classes = await db
      .selectFrom('catalogue_product_classes')
      .select(['product_class', 'review_state'])
      .execute()
    expect(classes).toContainEqual({ product_class: 'Mesh Class A', review_state: 'pending' })
    const vendors = await db
      .selectFrom('catalogue_vendors')
      .select(['vendor', 'organization_id', 'entry_id'])
      .execute()
    expect(vendors.every((row) => row.organization_id === null && row.entry_id.length > 0)).toBe(true)
  })

  it('leaves the organization’s cascades and what is new to it as they were, and another’s without its additions', async () => {
    const now = await catalogueLists(db, 'org-1')
    expect(now.vendors).toEqual(before.vendors)
    expect(pairs(now.deviceNames, ['vendor', 'device_name'])).toEqual(
      pairs(before.deviceNames, ['vendor', 'device_name']),
    )
    expect(pairs(now.deviceTypes, ['device_name', 'device_type'])).toEqual(
      pairs(before.deviceTypes, ['device_name', 'device_type']),
    )
    expect(pairs(now.productClasses, ['device_type', 'product_class'])).toEqual(
      pairs(before.productClasses, ['device_type', 'product_class']),
    )
    const values = {
      vendor: 'TP-Link',
      deviceName: 'Deco X60',
      deviceType: 'Mesh Node',
      productClass: 'Mesh Class A',
    }
    expect(await newInCatalogue(db, values, 'org-1')).toEqual({
      vendor: false,
      deviceName: false,
      deviceType: false,
      productClass: false,
    })
    expect(await newInCatalogue(db, values, 'org-2')).toEqual({
      vendor: false,
      deviceName: true,
      deviceType: true,
      productClass: true,
    })
    const record = await db.selectFrom('device_records').select('device_name').executeTakeFirstOrThrow()
    expect(record.device_name).toBe('Deco X60')
  })

  it('undoes itself, keeping the catalogue’s rows', async () => {
    const down = await migrator().migrateTo('0023-test-plans')
    expect(down.error).toBeUndefined()
    const columns = await sql<{ column_name: string }>`select column_name from information_schema.columns
      where table_schema = current_schema() and table_name like 'catalogue_%' and column_name in ('entry_id', 'review_state', 'organization_id')`.execute(
      db,
    )
    expect(columns.rows).toEqual([])
    expect(await legacyLists()).toEqual(before)
    const up = await migrator().migrateToLatest()
    expect(up.error).toBeUndefined()
  })
})
