import { Country } from 'country-state-city'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATALOGUE_MODELS, DEVICE_TYPES, PRODUCT_CLASSES } from '@/contract/catalogue-seed'
import { isUniqueViolation, migrateToLatest, migrations } from './database.ts'
import type { Database } from './schema.ts'
import { verifyPassword } from '../passwords.ts'
import { normaliseCallingCode, runSeeds, type SeedOptions } from './seed.ts'
import { createAccountWithOrganization } from '../../organizations/memberships.ts'
import { seedDemoAccount } from '../../accounts/demo-account.ts'
import { openTestDatabase, testsUsePostgres, type TestDatabase } from './test-database.ts'
import { GENERIC_PLAN_RUN } from '../../test/plans.ts'

/* One database for the whole file (PGlite in memory, or a fresh PostgreSQL schema). */

const DEMO = { email: 'Demo.Tester@Example.com', password: 'Test#Demo2025' }
const SEEDS: SeedOptions = { demoAccount: DEMO, seedDemoAccount }

let database: TestDatabase

beforeAll(async () => {
  database = await openTestDatabase({ seeds: SEEDS })
}, 60_000)

afterAll(async () => {
  await database?.close()
})

const TABLES = [
  'activity_log',
  'api_tokens',
  'catalogue_device_names',
  'catalogue_device_types',
  'catalogue_product_classes',
  'catalogue_vendors',
  'certificate_keys',
  'certificates',
  'certification_runs',
  'cities',
  'comments',
  'countries',
  'device_records',
  'event_cursors',
  'events',
  'invitations',
  'jobs',
  'kysely_migration',
  'kysely_migration_lock',
  // Migration 0027: a record's assignment to a lab staff member.
  'lab_assignments',
  // Migration 0017: a lab staff member's notification switches.
  'lab_notification_settings',
  'lab_staff',
  'lab_state',
  'mail_outbox',
  'memberships',
  // Migration 0016: notification settings, opt-outs, the cursor and the jobs.
  'notification_address_optouts',
  'notification_jobs',
  'notification_settings',
  'one_time_codes',
  // Migration 0019: the organizations' ids before and after.
  'organization_id_changes',
  'organizations',
  'portfolio_drafts',
  'rate_limits',
  // Migration 0024: the earlier revisions of device records.
  'record_revisions',
  'run_test_cases',
  'seed_runs',
  'sessions',
  'states',
  'submit_answers',
  // Migration 0023: the test plans and their versions.
  'test_plan_versions',
  'test_plans',
  'vendor_accounts',
  'webhook_attempts',
  'webhook_deliveries',
  'webhook_endpoints',
]

const SEEDED_TABLES = [
  'catalogue_vendors',
  'catalogue_device_names',
  'catalogue_device_types',
  'catalogue_product_classes',
  'countries',
  'states',
  'cities',
  'vendor_accounts',
  'device_records',
  'portfolio_drafts',
  'certification_runs',
  'run_test_cases',
  'comments',
] as const satisfies ReadonlyArray<keyof Database>

async function count(table: keyof Database) {
  const { db } = database
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('rows'))
    .executeTakeFirstOrThrow()
  return row.rows
}

async function counts() {
  const result: Record<string, number> = {}
  for (const table of SEEDED_TABLES) result[table] = await count(table)
  return result
}

let accountNumber = 0
async function addAccount(email = `vendor${(accountNumber += 1)}@example.com`) {
  const made = await database.db.transaction().execute((trx) =>
    createAccountWithOrganization(trx, {
      email,
      first_name: 'Asha',
      last_name: 'Rao',
      organization: 'Rao Devices',
      lob: 'Wireline',
      phone_number: '9876543210',
      country_code: '+91',
      country: 'India',
      state: 'Karnataka',
      city: 'Bengaluru',
      password_hash: null,
    }),
  )
  if (!made) throw new Error(`${email} exists already.`)
  return { id: made.accountId, organizationId: made.organizationId }
}

async function addRecord(organizationId: string) {
  return database.db
    .insertInto('device_records')
    .values({
      organization_id: organizationId,
      vendor: 'Nokia',
      device_name: 'Beacon 6',
      device_type: 'Wi-Fi Mesh Device',
      product_class: 'Wi-Fi 6 Mesh',
      base_firmware_version: '1.0.0',
      business_domain: 'Wireless',
      created_by: 'Asha Rao',
    })
    .returning('portfolio_manager_id')
    .executeTakeFirstOrThrow()
}

describe('migrations', () => {
  it('create every table on an empty database', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'
      order by table_name`.execute(database.db)
    expect(rows.map((row) => row.table_name)).toEqual(TABLES)
  })

  it('are recorded once and not applied again', async () => {
    await migrateToLatest(database.db, database.schema)
    const applied = await database.db
      .selectFrom(sql<{ name: string }>`kysely_migration`.as('m'))
      .select('name')
      .execute()
    expect(applied.map((row) => row.name)).toEqual(Object.keys(migrations))
  })
})

describe('seeds', () => {
  it('seed the catalogue, the address data and the demo vendor on the first start', async () => {
    expect(database.seeded.ran).toEqual(['catalogue', 'addresses', 'demo-account'])
    expect(database.seeded.demoAccount).toEqual(DEMO)
  })

  it('are idempotent: a second run does nothing, and a forced re-run adds nothing', async () => {
    const before = await counts()
    expect(before.cities).toBeGreaterThan(100_000)

    const again = await runSeeds(database.db, SEEDS)
    expect(again.ran).toEqual([])
    expect(await counts()).toEqual(before)

    // Forget the versions, as after a package update: every insert meets its row again.
    await database.db.deleteFrom('seed_runs').execute()
    const forced = await runSeeds(database.db, SEEDS)
    expect(forced.ran).toEqual(['catalogue', 'addresses'])
    expect(await counts()).toEqual(before)
  }, 30_000)

  it('fill the catalogue from the data the MSW fixtures use', async () => {
    const { db } = database
    const vendors = await db.selectFrom('catalogue_vendors').select('vendor').orderBy('vendor').execute()
    expect(vendors.map((row) => row.vendor)).toEqual(
      [...new Set(CATALOGUE_MODELS.map(([vendor]) => vendor))].sort(),
    )
    expect(await count('catalogue_device_names')).toBe(CATALOGUE_MODELS.length)
    const classes = await db.selectFrom('catalogue_product_classes').selectAll().execute()
    for (const deviceType of DEVICE_TYPES) {
      expect(classes.filter((row) => row.device_type === deviceType).map((row) => row.product_class)).toEqual(
        expect.arrayContaining([...PRODUCT_CLASSES[deviceType]]),
      )
    }
  })

  it("take 'Add New ...' values once, whatever their case", async () => {
    const { db } = database
    const { organizationId } = await addAccount()
    for (const deviceName of ['Beacon 99', 'BEACON 99', 'Beacon 99']) {
      await db
        .insertInto('catalogue_device_names')
        .values({ vendor: 'Nokia', device_name: deviceName, added_by: organizationId })
        .onConflict((oc) => oc.doNothing())
        .execute()
    }
    const names = await db
      .selectFrom('catalogue_device_names')
      .select('device_name')
      .where('vendor', '=', 'Nokia')
      .where(sql<string>`lower(device_name)`, '=', 'beacon 99')
      .execute()
    expect(names).toEqual([{ device_name: 'Beacon 99' }])
  })

  it('hold every country of the package, each with a calling code that starts with +', async () => {
    const { db } = database
    const countries = await db.selectFrom('countries').selectAll().execute()
    expect(countries).toHaveLength(Country.getAllCountries().length)
    for (const country of countries) expect(country.calling_code).toMatch(/^\+\d+(-\d+)?$/)
    const byName = new Map(countries.map((country) => [country.name, country.calling_code]))
    expect(byName.get('India')).toBe('+91')
    expect(byName.get('United Kingdom')).toBe('+44')
    expect(byName.get('American Samoa')).toBe('+1-684')
    expect(byName.get('Dominican Republic')).toBe('+1-809')
  })

  it('hold the states and cities of a country, with distinct state names', async () => {
    const { db } = database
    const cities = await db
      .selectFrom('cities')
      .innerJoin('states', (join) =>
        join
          .onRef('states.country_code', '=', 'cities.country_code')
          .onRef('states.state_code', '=', 'cities.state_code'),
      )
      .innerJoin('countries', 'countries.country_code', 'cities.country_code')
      .select(['states.name as state', 'cities.name as city'])
      .where('countries.name', '=', 'India')
      .where('states.name', '=', 'Karnataka')
      .execute()
    expect(cities).toContainEqual({ state: 'Karnataka', city: 'Bengaluru' })

    const taiwan = await db.selectFrom('states').select('name').where('country_code', '=', 'TW').execute()
    const names = taiwan.map((state) => state.name)
    expect(new Set(names).size).toBe(names.length)
    expect(names).toEqual(expect.arrayContaining(['Chiayi (CYQ)', 'Chiayi (CYI)']))
  })

  it('give every country a state and every state a city, so that anyone can register', async () => {
    const { db } = database
    const countriesWithoutStates = await db
      .selectFrom('countries')
      .select('name')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('states')
              .select('state_code')
              .whereRef('states.country_code', '=', 'countries.country_code'),
          ),
        ),
      )
      .execute()
    expect(countriesWithoutStates).toEqual([])
    const statesWithoutCities = await db
      .selectFrom('states')
      .select('name')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('cities')
              .select('name')
              .whereRef('cities.country_code', '=', 'states.country_code')
              .whereRef('cities.state_code', '=', 'states.state_code'),
          ),
        ),
      )
      .execute()
    expect(statesWithoutCities).toEqual([])
    // The package has no states for Aruba: the country stands in as its state and city.
    const aruba = await db
      .selectFrom('cities')
      .innerJoin('states', (join) =>
        join
          .onRef('states.country_code', '=', 'cities.country_code')
          .onRef('states.state_code', '=', 'cities.state_code'),
      )
      .select(['states.name as state', 'cities.name as city'])
      .where('cities.country_code', '=', 'AW')
      .execute()
    expect(aruba).toEqual([{ state: 'Aruba', city: 'Aruba' }])
  })

  it.each([
    ['91', '+91'],
    ['+44', '+44'],
    ['1-684', '+1-684'],
    ['+358-18', '+358-18'],
    ['+1-809 and 1-829', '+1-809'],
    ['', ''],
  ])('write the calling code %j as %j', (phonecode, callingCode) => {
    expect(normaliseCallingCode(phonecode)).toBe(callingCode)
  })

  it('create a demo vendor that can log in, with records in several states', async () => {
    const { db } = database
    const account = await db
      .selectFrom('vendor_accounts')
      .selectAll()
      .where('email_key', '=', DEMO.email.toLowerCase())
      .executeTakeFirstOrThrow()
    expect(account.email).toBe(DEMO.email)
    expect(await verifyPassword(DEMO.password, account.password_hash)).toBe(true)

    const { organization_id: organizationId } = await db
      .selectFrom('memberships')
      .select('organization_id')
      .where('account_id', '=', account.id)
      .executeTakeFirstOrThrow()
    const records = await db
      .selectFrom('device_records')
      .select(['portfolio_manager_id', 'status', 'is_certified'])
      .where('organization_id', '=', organizationId)
      .orderBy('creation_time', 'desc')
      .execute()
    expect(records.map(({ status, is_certified }) => [status, is_certified])).toEqual([
      ['Submitted', ''],
      ['Submitted', ''],
      ['Completed', 'Validation failure'],
      ['Completed', 'CERTIFIED-OK'],
    ])
    const completed = records.filter((record) => record.status === 'Completed')
    const cases = await db
      .selectFrom('run_test_cases')
      .innerJoin('certification_runs', 'certification_runs.run_id', 'run_test_cases.run_id')
      .select(['certification_runs.portfolio_manager_id', 'run_test_cases.state', 'run_test_cases.log'])
      .where(
        'certification_runs.portfolio_manager_id',
        'in',
        completed.map((record) => record.portfolio_manager_id),
      )
      .execute()
    expect(cases.length).toBeGreaterThan(0)
    expect(cases.some((testCase) => testCase.state === 'failed')).toBe(true)
    expect(cases.every((testCase) => testCase.log.length > 0)).toBe(true)
  })

  it('set the demo password again when the configured one changes', async () => {
    const changed = { ...DEMO, password: 'Other#Demo2026' }
    const report = await runSeeds(database.db, { ...SEEDS, demoAccount: changed })
    expect(report.ran).toEqual(['demo-account'])
    const { password_hash } = await database.db
      .selectFrom('vendor_accounts')
      .select('password_hash')
      .where('email_key', '=', DEMO.email.toLowerCase())
      .executeTakeFirstOrThrow()
    expect(await verifyPassword(changed.password, password_hash)).toBe(true)
    expect(await verifyPassword(DEMO.password, password_hash)).toBe(false)
    // The records were created with the account, once.
    expect(await count('device_records')).toBeGreaterThanOrEqual(4)
  })
})

describe('constraints', () => {
  it('keep e-mail addresses unique whatever their case', async () => {
    await addAccount('Priya.Sharma@Example.com')
    const duplicate = database.db
      .insertInto('vendor_accounts')
      .values({
        email: 'priya.sharma@EXAMPLE.com',
        first_name: 'Priya',
        last_name: 'Sharma',
        organization: 'Sharma Devices',
        lob: 'Wireline',
        phone_number: '9876543210',
        country_code: '+91',
        country: 'India',
        state: 'Karnataka',
        city: 'Bengaluru',
      })
      .execute()
    await expect(duplicate).rejects.toSatisfy((error) =>
      isUniqueViolation(error, 'vendor_accounts_email_key_unique'),
    )
    const found = await database.db
      .selectFrom('vendor_accounts')
      .select(['email', 'email_key'])
      .where('email_key', '=', 'PRIYA.SHARMA@example.com'.toLowerCase())
      .execute()
    expect(found).toEqual([{ email: 'Priya.Sharma@Example.com', email_key: 'priya.sharma@example.com' }])
  })

  it('allow one active certification run per record, and a new one once it completed', async () => {
    const { db } = database
    const { organizationId } = await addAccount()
    const { portfolio_manager_id } = await addRecord(organizationId)
    let attempt = 0
    const startRun = (status: 'InProgress' | 'Maintenance' = 'InProgress') =>
      db
        .insertInto('certification_runs')
        .values({
          ...GENERIC_PLAN_RUN,
          portfolio_manager_id,
          status,
          harness: 'simulated-lab',
          attempt: (attempt += 1),
        })
        .returning('run_id')
        .executeTakeFirstOrThrow()

    const first = await startRun()
    for (const status of ['InProgress', 'Maintenance'] as const) {
      await expect(startRun(status)).rejects.toSatisfy((error) =>
        isUniqueViolation(error, 'certification_runs_one_active'),
      )
    }
    await db
      .updateTable('certification_runs')
      .set({ status: 'Completed', is_certified: 'CERTIFIED-OK', finished_at: new Date() })
      .where('run_id', '=', first.run_id)
      .execute()
    const second = await startRun()
    expect(second.run_id).not.toBe(first.run_id)

    // Another record may run at the same time.
    const other = await addRecord(organizationId)
    await db
      .insertInto('certification_runs')
      .values({
        ...GENERIC_PLAN_RUN,
        portfolio_manager_id: other.portfolio_manager_id,
        harness: 'simulated-lab',
      })
      .execute()
  })

  it.each([
    ['an unknown record status', { status: 'Bogus' }],
    ['an unknown certification result', { is_certified: 'maybe' }],
  ])('refuse %s', async (_case, change) => {
    const { organizationId } = await addAccount()
    const { portfolio_manager_id } = await addRecord(organizationId)
    await expect(
      sql`update device_records set ${sql.join(
        Object.entries(change).map(([column, value]) => sql`${sql.ref(column)} = ${value}`),
      )} where portfolio_manager_id = ${portfolio_manager_id}`.execute(database.db),
    ).rejects.toMatchObject({ code: '23514' })
  })

  it("remove a record's runs, test cases and comments with it", async () => {
    const { db } = database
    const { id, organizationId } = await addAccount()
    const { portfolio_manager_id } = await addRecord(organizationId)
    const { run_id } = await db
      .insertInto('certification_runs')
      .values({ ...GENERIC_PLAN_RUN, portfolio_manager_id, harness: 'simulated-lab' })
      .returning('run_id')
      .executeTakeFirstOrThrow()
    await db.insertInto('run_test_cases').values({ run_id, position: 0, name: 'Power-on and boot' }).execute()
    await db
      .insertInto('comments')
      .values({ portfolio_manager_id, account_id: id, author: 'Asha Rao', text: 'Looks good.' })
      .execute()

    const deleted = await db
      .deleteFrom('device_records')
      .where('portfolio_manager_id', '=', portfolio_manager_id)
      .executeTakeFirst()
    expect(deleted.numDeletedRows).toBe(1n)
    expect(
      await db.selectFrom('run_test_cases').select('name').where('run_id', '=', run_id).execute(),
    ).toEqual([])
    expect(
      await db
        .selectFrom('comments')
        .select('text')
        .where('portfolio_manager_id', '=', portfolio_manager_id)
        .execute(),
    ).toEqual([])
  })
})

describe('data_version (migrations 0002, 0009)', () => {
  it('rises on every change of what the portfolio answers show, and only then', async () => {
    const { db } = database
    const made = await db.transaction().execute((trx) =>
      createAccountWithOrganization(trx, {
        email: 'version@example.com',
        first_name: 'Vera',
        last_name: 'Sion',
        organization: 'Version Networks',
        lob: 'Wireline',
        phone_number: '98450 12345',
        country_code: '+91',
        country: 'India',
        state: 'Karnataka',
        city: 'Bengaluru',
      }),
    )
    if (!made) throw new Error('version@example.com exists already.')
    const id = made.accountId
    // What the session reads (server/http/session.ts): the account's version (its
    // details and draft) and its organization's (the records), added.
    const version = async () => {
      const account = await db
        .selectFrom('vendor_accounts')
        .select('data_version')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      const organization = await db
        .selectFrom('organizations')
        .select('data_version')
        .where('id', '=', made.organizationId)
        .executeTakeFirstOrThrow()
      return Number(account.data_version) + Number(organization.data_version)
    }
    let last = await version()
    const expectRise = async (what: string) => {
      const now = await version()
      expect(now, what).toBeGreaterThan(last)
      last = now
    }
    const expectSame = async (what: string) => expect(await version(), what).toBe(last)

    await db.insertInto('portfolio_drafts').values({ account_id: id, description: 'first' }).execute()
    await expectRise('a draft saved')
    await db
      .updateTable('portfolio_drafts')
      .set({ description: 'second' })
      .where('account_id', '=', id)
      .execute()
    await expectRise('a draft changed')
    const { portfolio_manager_id: record } = await db
      .insertInto('device_records')
      .values({
        organization_id: made.organizationId,
        vendor: 'Nokia',
        device_name: 'Beacon 6',
        device_type: 'Wi-Fi Mesh Device',
        product_class: 'Wi-Fi 6 Mesh',
        base_firmware_version: '1.0.0',
        business_domain: 'Wireline',
        created_by: 'Vera Sion',
      })
      .returning('portfolio_manager_id')
      .executeTakeFirstOrThrow()
    await expectRise('a record submitted')
    await db
      .updateTable('device_records')
      .set({ status: 'InProgress' })
      .where('portfolio_manager_id', '=', record)
      .execute()
    await expectRise('a record’s status moved by a run')
    await db.updateTable('vendor_accounts').set({ city: 'Mysuru' }).where('id', '=', id).execute()
    await expectRise('a registration detail changed')
    await db
      .updateTable('vendor_accounts')
      .set({ password_hash: 'not-a-real-hash', password_changed_at: new Date() })
      .where('id', '=', id)
      .execute()
    await expectSame('a password changed')
    await db.deleteFrom('device_records').where('portfolio_manager_id', '=', record).execute()
    await expectRise('a record deleted')
    await db.deleteFrom('portfolio_drafts').where('account_id', '=', id).execute()
    await expectRise('a draft removed')
  })
})

describe('transactions', () => {
  it('leave nothing behind when they throw', async () => {
    const before = await counts()
    const attempt = database.db.transaction().execute(async (trx) => {
      const account = await trx
        .insertInto('vendor_accounts')
        .values({
          email: 'half.done@example.com',
          first_name: 'Half',
          last_name: 'Done',
          organization: 'Nowhere',
          lob: 'Wireless',
          phone_number: '1234567',
          country_code: '+1',
          country: 'United States',
          state: 'Texas',
          city: 'Austin',
          password_hash: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx
        .insertInto('portfolio_drafts')
        .values({ account_id: account.id, organization_name: 'Nowhere' })
        .execute()
      throw new Error('the mail could not be queued')
    })
    await expect(attempt).rejects.toThrow('the mail could not be queued')
    expect(await counts()).toEqual(before)
    const left = await database.db
      .selectFrom('vendor_accounts')
      .select('id')
      .where('email_key', '=', 'half.done@example.com')
      .execute()
    expect(left).toEqual([])
  })

  it('leave nothing behind when a later statement breaks a constraint', async () => {
    const before = await counts()
    const attempt = database.db.transaction().execute(async (trx) => {
      await trx.insertInto('catalogue_vendors').values({ vendor: 'Brand New Vendor' }).execute()
      await trx.insertInto('catalogue_vendors').values({ vendor: 'BRAND NEW VENDOR' }).execute()
    })
    await expect(attempt).rejects.toSatisfy((error) => isUniqueViolation(error))
    expect(await counts()).toEqual(before)
  })

  it('report how many rows an update and a delete touched', async () => {
    const { db } = database
    const { organizationId } = await addAccount()
    await addRecord(organizationId)
    await addRecord(organizationId)
    const updated = await db
      .updateTable('device_records')
      .set({ base_firmware_version: '2.0.0' })
      .where('organization_id', '=', organizationId)
      .executeTakeFirst()
    expect(updated.numUpdatedRows).toBe(2n)
    const none = await db
      .deleteFrom('device_records')
      .where('organization_id', '=', 'no-such-organization')
      .executeTakeFirst()
    expect(none.numDeletedRows).toBe(0n)
  })

  it.skipIf(testsUsePostgres())(
    'take turns on PGlite, so no transaction sees another half done',
    async () => {
      const { db } = database
      await db.insertInto('seed_runs').values({ name: 'counter', version: '0' }).execute()
      // Read-then-write in 20 concurrent transactions: serialised, none of the increments is lost.
      await Promise.all(
        Array.from({ length: 20 }, () =>
          db.transaction().execute(async (trx) => {
            const { version } = await trx
              .selectFrom('seed_runs')
              .select('version')
              .where('name', '=', 'counter')
              .executeTakeFirstOrThrow()
            await trx
              .updateTable('seed_runs')
              .set({ version: String(Number(version) + 1) })
              .where('name', '=', 'counter')
              .execute()
          }),
        ),
      )
      const { version } = await db
        .selectFrom('seed_runs')
        .select('version')
        .where('name', '=', 'counter')
        .executeTakeFirstOrThrow()
      expect(version).toBe('20')
      await db.deleteFrom('seed_runs').where('name', '=', 'counter').execute()
    },
  )
})

describe('text from vendors', () => {
  const hostile = [
    "'; DROP TABLE device_records; --",
    "Robert'); DELETE FROM vendor_accounts WHERE ('1'='1",
    '<script>alert("x")</script>',
    'back\\slash, "quotes", {braces}, commas',
    'NULL',
    'Ünïcödé — 日本語 🚀',
  ]

  it('is stored and read back verbatim, in text, text[] and jsonb columns', async () => {
    const { db } = database
    const [first = '', second = ''] = hostile
    const { id, organizationId } = await addAccount(`${first.replace(/\W/g, '')}@example.com`)
    await db
      .updateTable('vendor_accounts')
      .set({ organization: first, city: second })
      .where('id', '=', id)
      .execute()
    const { portfolio_manager_id } = await addRecord(organizationId)
    await db
      .updateTable('device_records')
      .set({ device_name: first, device_number_list: hostile })
      .where('portfolio_manager_id', '=', portfolio_manager_id)
      .execute()
    for (const text of hostile) {
      await db
        .insertInto('comments')
        .values({ portfolio_manager_id, account_id: id, author: text, text })
        .execute()
    }
    const attachments = hostile.map((text, index) => ({
      filename: text,
      contentType: 'text/plain',
      content: String(index),
    }))
    const { id: mailId } = await db
      .insertInto('mail_outbox')
      .values({
        to_address: first,
        subject: second,
        text_body: hostile.join('\n'),
        attachments: JSON.stringify(attachments),
      })
      .returning('id')
      .executeTakeFirstOrThrow()

    const account = await db
      .selectFrom('vendor_accounts')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect([account.organization, account.city]).toEqual([first, second])
    const record = await db
      .selectFrom('device_records')
      .selectAll()
      .where('device_name', '=', first)
      .executeTakeFirstOrThrow()
    expect(record.device_number_list).toEqual(hostile)
    const comments = await db
      .selectFrom('comments')
      .select(['author', 'text'])
      .where('portfolio_manager_id', '=', portfolio_manager_id)
      .orderBy('created_at')
      .orderBy('comment_id')
      .execute()
    expect(comments.map((comment) => comment.text).sort()).toEqual([...hostile].sort())
    expect(comments.every((comment) => comment.author === comment.text)).toBe(true)
    const mail = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', mailId)
      .executeTakeFirstOrThrow()
    expect(mail).toMatchObject({
      to_address: first,
      subject: second,
      text_body: hostile.join('\n'),
      attachments,
    })

    expect(await count('device_records')).toBeGreaterThan(0)
  })
})
