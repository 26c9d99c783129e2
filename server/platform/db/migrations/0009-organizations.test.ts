import { Kysely, Migrator, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrations } from '../database.ts'
import { PgliteDialect } from '../pglite-dialect.ts'
import { openEmptyPGlite } from '../test-database.ts'
import type { Database } from '../schema.ts'

/*
 * Migration 0009 over a database that already holds vendors' data (docs/decisions/0023): every
 * account becomes the Owner of an organization of the same id and name, its records, events,
 * catalogue additions and sessions follow, and the records' version trigger counts for the
 * organization from then on. The data is written as a portal at migration 0008 wrote it.
 */

let db: Kysely<Database>

const migrator = () => new Migrator({ db, provider: { getMigrations: async () => migrations } })

beforeAll(async () => {
  db = new Kysely<Database>({ dialect: new PgliteDialect({ pglite: openEmptyPGlite }) })
  const before = await migrator().migrateTo('0008-events-and-attempts')
  if (before.error) throw before.error
  const statements = [
    `insert into vendor_accounts (id, email, first_name, last_name, organization, lob, phone_number,
       country_code, country, state, city, created_at)
     values ('acc-1', 'asha@example.com', 'Asha', 'Rao', 'Rao Devices', 'Wireline', '9876543210',
       '+91', 'India', 'Karnataka', 'Bengaluru', '2026-01-02T03:04:05Z'),
       ('acc-2', 'ravi@example.com', 'Ravi', 'Iyer', 'Iyer Labs', 'Wireless', '9876543211',
       '+91', 'India', 'Karnataka', 'Mysuru', '2026-02-03T04:05:06Z')`,
    `insert into device_records (portfolio_manager_id, account_id, vendor, device_name, device_type,
       product_class, base_firmware_version, business_domain, created_by)
     values ('rec-1', 'acc-1', 'Nokia', 'Beacon 6', 'Wi-Fi Mesh Device', 'Wi-Fi 6 Mesh', '1.0', 'Wireline', 'Asha Rao'),
       ('rec-2', 'acc-2', 'Nokia', 'Beacon 10', 'Wi-Fi Mesh Device', 'Wi-Fi 6 Mesh', '1.0', 'Wireless', 'Ravi Iyer')`,
    `insert into events (account_id, type, portfolio_manager_id, data)
     values ('acc-1', 'record.submitted', 'rec-1', '{}'::jsonb)`,
    `insert into catalogue_vendors (vendor) values ('Nokia')`,
    `insert into catalogue_device_names (vendor, device_name, added_by) values ('Nokia', 'Beacon 99', 'acc-2')`,
    `insert into sessions (id, account_id, csrf_token_hash, expires_at)
     values ('session-1', 'acc-1', null, now() + interval '5 minutes'), ('visitor-1', null, null, now() + interval '5 minutes')`,
  ]
  for (const statement of statements) await sql.raw(statement).execute(db)
  // Up to the migration before 0019, which gives these organizations ids of their own (issue 31;
  // its test, 0019-organization-ids.test.ts, starts where this one ends).
  const after = await migrator().migrateTo('0017-lab-notifications')
  if (after.error) throw after.error
}, 60_000)

afterAll(async () => {
  await db?.destroy()
})

describe('migration 0009 over existing data', () => {
  it('makes each account the Owner of an organization of its own id and name', async () => {
    expect(await db.selectFrom('organizations').select(['id', 'name']).orderBy('id').execute()).toEqual([
      { id: 'acc-1', name: 'Rao Devices' },
      { id: 'acc-2', name: 'Iyer Labs' },
    ])
    expect(
      await db
        .selectFrom('memberships')
        .select(['organization_id', 'account_id', 'role'])
        .orderBy('account_id')
        .execute(),
    ).toEqual([
      { organization_id: 'acc-1', account_id: 'acc-1', role: 'Owner' },
      { organization_id: 'acc-2', account_id: 'acc-2', role: 'Owner' },
    ])
  })

  it('gives the records, events, catalogue additions and sessions to the organizations', async () => {
    expect(
      await db
        .selectFrom('device_records')
        .select(['portfolio_manager_id', 'organization_id', 'submitted_by'])
        .orderBy('portfolio_manager_id')
        .execute(),
    ).toEqual([
      { portfolio_manager_id: 'rec-1', organization_id: 'acc-1', submitted_by: 'acc-1' },
      { portfolio_manager_id: 'rec-2', organization_id: 'acc-2', submitted_by: 'acc-2' },
    ])
    expect(await db.selectFrom('events').select(['organization_id', 'type']).execute()).toEqual([
      { organization_id: 'acc-1', type: 'record.submitted' },
    ])
    expect(await db.selectFrom('catalogue_device_names').select('added_by').execute()).toEqual([
      { added_by: 'acc-2' },
    ])
    expect(await db.selectFrom('sessions').select(['id', 'organization_id']).orderBy('id').execute()).toEqual(
      [
        { id: 'session-1', organization_id: 'acc-1' },
        { id: 'visitor-1', organization_id: null },
      ],
    )
  })

  it('raises the organization’s version, not the account’s, when a record changes', async () => {
    const versions = async () => ({
      account: Number(
        (
          await db
            .selectFrom('vendor_accounts')
            .select('data_version')
            .where('id', '=', 'acc-1')
            .executeTakeFirstOrThrow()
        ).data_version,
      ),
      organization: Number(
        (
          await db
            .selectFrom('organizations')
            .select('data_version')
            .where('id', '=', 'acc-1')
            .executeTakeFirstOrThrow()
        ).data_version,
      ),
    })
    const before = await versions()
    await db
      .updateTable('device_records')
      .set({ status: 'InProgress' })
      .where('portfolio_manager_id', '=', 'rec-1')
      .execute()
    const after = await versions()
    expect(after.account).toBe(before.account)
    expect(after.organization).toBeGreaterThan(before.organization)
  })

  it('refuses a record of an organization that does not exist', async () => {
    await expect(
      sql`insert into device_records (organization_id, vendor, device_name, device_type, product_class,
            base_firmware_version, business_domain, created_by)
          values ('nobody', 'Nokia', 'X', 'Router', 'Wi-Fi 6', '1.0', 'Wireline', 'Nobody')`.execute(db),
    ).rejects.toThrow(/device_records_organization_id_fkey/)
  })
})
