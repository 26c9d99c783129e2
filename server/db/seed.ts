import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import { sql, type Kysely, type Transaction } from 'kysely'
import * as v from 'valibot'
import { CATALOGUE_MODELS, DEVICE_TYPES, PRODUCT_CLASSES } from '@/contract/catalogue-seed'
import { CERTIFIED_OK, VALIDATION_FAILURE } from '@/contract/records'
import { loginEmailSchema } from '@/contract/validation/login'
import { newPasswordSchema } from '@/contract/validation/password'
import type { Database } from './schema.ts'
import { hashPassword, verifyPassword } from './passwords.ts'

/*
 * Seeds run at every start and are idempotent: each records its version in seed_runs and runs
 * again only when that version changes (new catalogue data, a new country-state-city release);
 * every insert says "on conflict do nothing", so a re-run only adds what is missing and never
 * undoes what vendors added or changed. Each seed is one transaction under an advisory lock, so
 * several processes starting together on one PostgreSQL do not trip over each other.
 */

export type DemoAccount = { email: string; password: string }

export type SeedOptions = {
  /** The device catalogue of src/contract/catalogue-seed.ts. Default true. */
  catalogue?: boolean
  /** Countries, states and cities from country-state-city. Default true. */
  addresses?: boolean
  /** The demo vendor and its device records; false for none. Default: demoAccountFromEnv(). */
  demoAccount?: DemoAccount | false
}

export type SeedReport = {
  /** The demo vendor's credentials, for the start-up message; null when not seeded. */
  demoAccount: DemoAccount | null
  /** The seeds that had work to do in this start (empty on a restart). */
  ran: string[]
  durationMs: number
}

export const DEFAULT_DEMO_EMAIL = 'demo.vendor@example.com'
export const DEFAULT_DEMO_PASSWORD = 'Certify#Demo2025'

/** The demo account from DEMO_EMAIL and DEMO_PASSWORD, checked by the rules the login screen applies. */
export function demoAccountFromEnv(env: NodeJS.ProcessEnv = process.env): DemoAccount {
  const email = (env.DEMO_EMAIL || DEFAULT_DEMO_EMAIL).trim()
  const password = env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD
  if (!v.is(loginEmailSchema, email)) throw new Error('DEMO_EMAIL is not a valid e-mail address.')
  if (!v.is(newPasswordSchema, password)) {
    // The password itself is never printed.
    throw new Error(
      'DEMO_PASSWORD must be 8 to 20 characters with an upper-case letter, a lower-case letter, a digit and a special character, and no spaces.',
    )
  }
  return { email, password }
}

const SEED_LOCK = 'certification-portal-seeds'

export async function runSeeds(db: Kysely<Database>, options: SeedOptions = {}): Promise<SeedReport> {
  const started = performance.now()
  const ran: string[] = []
  if (options.catalogue ?? true) {
    if (await seedCatalogue(db)) ran.push('catalogue')
  }
  if (options.addresses ?? true) {
    if (await seedAddresses(db)) ran.push('addresses')
  }
  const demo = options.demoAccount === undefined ? demoAccountFromEnv() : options.demoAccount
  if (demo) {
    if (await seedDemoAccount(db, demo)) ran.push('demo-account')
  }
  return { demoAccount: demo || null, ran, durationMs: Math.round(performance.now() - started) }
}

/**
 * Runs `seed` in a transaction unless the named seed already ran at this version.
 * Answers whether it ran.
 */
async function versioned(
  db: Kysely<Database>,
  name: string,
  version: string,
  seed: (trx: Transaction<Database>) => Promise<void>,
) {
  const current = await db
    .selectFrom('seed_runs')
    .select('version')
    .where('name', '=', name)
    .executeTakeFirst()
  if (current?.version === version) return false
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${SEED_LOCK}))`.execute(trx)
    // Another process may have seeded while this one waited for the lock.
    const again = await trx
      .selectFrom('seed_runs')
      .select('version')
      .where('name', '=', name)
      .executeTakeFirst()
    if (again?.version === version) return false
    await seed(trx)
    await trx
      .insertInto('seed_runs')
      .values({ name, version })
      .onConflict((oc) => oc.column('name').doUpdateSet({ version, applied_at: new Date() }))
      .execute()
    return true
  })
}

/* ---------------------------------------------------------------- catalogue */

export function catalogueSeedRows() {
  const vendors = [...new Set(CATALOGUE_MODELS.map(([vendor]) => vendor))]
  return {
    vendors: vendors.map((vendor) => ({ vendor })),
    deviceNames: CATALOGUE_MODELS.map(([vendor, device_name]) => ({ vendor, device_name })),
    deviceTypes: CATALOGUE_MODELS.flatMap(([, device_name, types]) =>
      types.map((device_type) => ({ device_name, device_type })),
    ),
    productClasses: DEVICE_TYPES.flatMap((device_type) =>
      PRODUCT_CLASSES[device_type].map((product_class) => ({ device_type, product_class })),
    ),
  }
}

async function seedCatalogue(db: Kysely<Database>) {
  const rows = catalogueSeedRows()
  const version = createHash('sha256').update(JSON.stringify(rows)).digest('hex').slice(0, 16)
  return versioned(db, 'catalogue', version, async (trx) => {
    await trx
      .insertInto('catalogue_vendors')
      .values(rows.vendors)
      .onConflict((oc) => oc.doNothing())
      .execute()
    await trx
      .insertInto('catalogue_device_names')
      .values(rows.deviceNames)
      .onConflict((oc) => oc.doNothing())
      .execute()
    await trx
      .insertInto('catalogue_device_types')
      .values(rows.deviceTypes)
      .onConflict((oc) => oc.doNothing())
      .execute()
    await trx
      .insertInto('catalogue_product_classes')
      .values(rows.productClasses)
      .onConflict((oc) => oc.doNothing())
      .execute()
  })
}

/* ---------------------------------------------------------------- addresses */

/**
 * country-state-city writes most calling codes as digits ('91') but some with a plus and an area
 * code ('+1-684' American Samoa, '+44-1481' Guernsey) and two with alternatives
 * ('+1-809 and 1-829' Dominican Republic, '+1-787 and 1-939' Puerto Rico). Every code becomes
 * '+' followed by the digits and the hyphenated area code, keeping the first alternative.
 */
export function normaliseCallingCode(phonecode: string) {
  const first = phonecode.split(/\s+and\s+/i)[0] ?? ''
  const digits = first.replace(/[^\d-]/g, '').replace(/^-+|-+$/g, '')
  return digits ? `+${digits}` : ''
}

/**
 * The package names two Taiwanese states twice (Chiayi and Hsinchu: the county and the city).
 * Cities are listed per state name, so such names get their ISO code appended: 'Chiayi (CYQ)'.
 */
export function distinctStateNames<T extends { name: string; isoCode: string }>(states: readonly T[]) {
  const seen = new Map<string, number>()
  for (const { name } of states) seen.set(name, (seen.get(name) ?? 0) + 1)
  return states.map((state) =>
    (seen.get(state.name) ?? 0) > 1 ? `${state.name} (${state.isoCode})` : state.name,
  )
}

/** Rows per statement: the rows travel as three array parameters, so batches may be large. */
const CITY_BATCH = 25_000

function addressDataVersion() {
  const { version } = createRequire(import.meta.url)('country-state-city/package.json') as { version: string }
  return `country-state-city@${version}`
}

type AddressRow = { country_code: string; state_code: string; name: string }

/**
 * The rows of the address tables from the package's data. Registration requires a state and a
 * city (spec §5), but the package has no states for 53 countries (Aruba, Cayman Islands, …) and
 * no cities for about 1,500 states. So that a vendor from anywhere can register, such a country
 * gets one state named like the country (its code the country's ISO code), and such a state one
 * city named like the state.
 */
export function addressRows(data: {
  countries: ReadonlyArray<{ isoCode: string; name: string; phonecode: string }>
  states: ReadonlyArray<{ countryCode: string; isoCode: string; name: string }>
  cities: ReadonlyArray<{ countryCode: string; stateCode: string; name: string }>
}) {
  const countries = data.countries.map((country) => ({
    country_code: country.isoCode,
    name: country.name,
    calling_code: normaliseCallingCode(country.phonecode),
  }))

  const statesOf = new Map<string, Array<{ isoCode: string; name: string }>>()
  for (const country of data.countries) statesOf.set(country.isoCode, [])
  for (const state of data.states) statesOf.get(state.countryCode)?.push(state)
  const states: AddressRow[] = data.countries.flatMap((country) => {
    const ofCountry = statesOf.get(country.isoCode) ?? []
    if (ofCountry.length === 0)
      return [{ country_code: country.isoCode, state_code: country.isoCode, name: country.name }]
    const names = distinctStateNames(ofCountry)
    return ofCountry.map((state, index) => ({
      country_code: country.isoCode,
      state_code: state.isoCode,
      name: names[index] ?? state.name,
    }))
  })

  const key = (countryCode: string, stateCode: string) => `${countryCode}/${stateCode}`
  const stateKeys = new Set(states.map((state) => key(state.country_code, state.state_code)))
  const cities: AddressRow[] = data.cities
    .filter((city) => stateKeys.has(key(city.countryCode, city.stateCode)))
    .map((city) => ({ country_code: city.countryCode, state_code: city.stateCode, name: city.name }))
  const withCities = new Set(cities.map((city) => key(city.country_code, city.state_code)))
  for (const state of states) {
    if (!withCities.has(key(state.country_code, state.state_code))) cities.push({ ...state })
  }
  return { countries, states, cities }
}

async function seedAddresses(db: Kysely<Database>) {
  return versioned(db, 'addresses', addressDataVersion(), async (trx) => {
    // Loaded only when seeding: the package holds some 8 MB of JSON.
    const { Country, State, City } = await import('country-state-city')
    const { countries, states, cities } = addressRows({
      countries: Country.getAllCountries(),
      states: State.getAllStates(),
      cities: City.getAllCities(),
    })
    await insertColumns(trx, 'countries', countries, ['country_code', 'name', 'calling_code'])
    await insertColumns(trx, 'states', states, ['country_code', 'state_code', 'name'])
    for (let start = 0; start < cities.length; start += CITY_BATCH) {
      await insertColumns(trx, 'cities', cities.slice(start, start + CITY_BATCH), [
        'country_code',
        'state_code',
        'name',
      ])
    }
  })
}

/**
 * Inserts many rows in one statement, one text[] parameter per column: far fewer parameters
 * and round trips than a VALUES list, on PGlite and PostgreSQL alike.
 */
async function insertColumns<Row extends Record<string, string>>(
  trx: Transaction<Database>,
  table: 'countries' | 'states' | 'cities',
  rows: readonly Row[],
  columns: ReadonlyArray<keyof Row & string>,
) {
  const arrays = sql.join(columns.map((column) => sql`${rows.map((row) => row[column])}::text[]`))
  await sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
    select * from unnest(${arrays}) on conflict do nothing`.execute(trx)
}

/* ---------------------------------------------------------------- demo vendor */

const DAY_MS = 24 * 60 * 60 * 1000

const DEMO_PROFILE = {
  first_name: 'Demo',
  last_name: 'Vendor',
  organization: 'Demo Networks',
  lob: 'Wireline,Wireless',
  phone_number: '4155550142',
  country_code: '+1',
  country: 'United States',
  state: 'California',
  city: 'San Jose',
}

type DemoRecord = {
  vendor: string
  device_name: string
  device_type: string
  product_class: string
  base_firmware_version: string
  business_domain: string
  device_number_list: string[]
  year_of_manufacturing: string
  is_eng_build_available: 'Yes' | 'No'
  daysAgo: number
  /** A finished run with this verdict, or none (the record stays Submitted). */
  verdict?: typeof CERTIFIED_OK | typeof VALIDATION_FAILURE
}

/*
 * Two records await Start Certify, one is certified and one failed validation, so the dashboard
 * shows its cards, filters, menu rules and Download Results at once. No record is seeded in
 * InProgress or Maintenance: those belong to a live run of the certification service, which
 * would have to resume a run it never started.
 */
const DEMO_RECORDS: DemoRecord[] = [
  {
    vendor: 'Nokia',
    device_name: 'Beacon 10',
    device_type: 'Wi-Fi Router',
    product_class: 'Wi-Fi 6',
    base_firmware_version: '3.4.12',
    business_domain: 'Wireless',
    device_number_list: ['BN10A0001'],
    year_of_manufacturing: '2024',
    is_eng_build_available: 'No',
    daysAgo: 21,
    verdict: CERTIFIED_OK,
  },
  {
    vendor: 'Huawei',
    device_name: 'OptiXstar K662C',
    device_type: 'ONT',
    product_class: 'XGS-PON',
    base_firmware_version: '1.0.7',
    business_domain: 'Wireline',
    device_number_list: ['K662C00017', 'K662C00018'],
    year_of_manufacturing: '2023',
    is_eng_build_available: 'Yes',
    daysAgo: 12,
    verdict: VALIDATION_FAILURE,
  },
  {
    vendor: 'TP-Link',
    device_name: 'Deco X50',
    device_type: 'Wi-Fi Mesh Device',
    product_class: 'Wi-Fi 6 Mesh',
    base_firmware_version: '1.2.0',
    business_domain: 'Wireless',
    device_number_list: ['DX50Z0042'],
    year_of_manufacturing: '2025',
    is_eng_build_available: 'No',
    daysAgo: 3,
  },
  {
    vendor: 'ZTE',
    device_name: 'ZXV10 B866V2',
    device_type: 'Set-top Box',
    product_class: 'Android TV',
    base_firmware_version: '9.0.2',
    business_domain: 'Wireline,Wireless',
    device_number_list: ['B866V2A113'],
    year_of_manufacturing: '2024',
    is_eng_build_available: 'Yes',
    daysAgo: 1,
  },
]

const DEMO_TEST_CASES = [
  ['Power-on and boot', 'Booted to operational state in 48 s.'],
  ['Firmware version check', 'Reported firmware matches the submission.'],
  ['Management access', 'SSH and web management reachable with the supplied credentials.'],
  ['Throughput', 'Sustained throughput within the product-class threshold.'],
  ['Security baseline', 'No default credentials, no open debug ports.'],
] as const

/** In the failed run, this case fails and the ones after it are skipped. */
const FAILING_CASE = 3

/**
 * Creates the demo vendor (with its records, once) and keeps its password equal to the
 * configured one, so that the credentials printed at start always log in.
 */
async function seedDemoAccount(db: Kysely<Database>, demo: DemoAccount) {
  const existing = await db
    .selectFrom('vendor_accounts')
    .select(['id', 'password_hash'])
    .where('email_key', '=', demo.email.toLowerCase())
    .executeTakeFirst()
  if (existing) {
    if (await verifyPassword(demo.password, existing.password_hash)) return false
    await db
      .updateTable('vendor_accounts')
      .set({ password_hash: await hashPassword(demo.password), password_changed_at: new Date() })
      .where('id', '=', existing.id)
      .execute()
    return true
  }

  const passwordHash = await hashPassword(demo.password)
  return db.transaction().execute(async (trx) => {
    const account = await trx
      .insertInto('vendor_accounts')
      .values({
        ...DEMO_PROFILE,
        email: demo.email,
        password_hash: passwordHash,
        password_changed_at: new Date(),
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst()
    // Another process created it first, with the same records.
    if (!account) return false
    await addDemoRecords(trx, account.id)
    return true
  })
}

async function addDemoRecords(trx: Transaction<Database>, accountId: string) {
  const now = Date.now()
  const createdBy = `${DEMO_PROFILE.first_name} ${DEMO_PROFILE.last_name}`
  for (const { daysAgo, verdict, ...record } of DEMO_RECORDS) {
    const creationTime = new Date(now - daysAgo * DAY_MS)
    const { portfolio_manager_id } = await trx
      .insertInto('device_records')
      .values({
        ...record,
        account_id: accountId,
        organization_name: DEMO_PROFILE.organization,
        devices_to_be_certified: String(record.device_number_list.length),
        creation_time: creationTime,
        created_by: createdBy,
        status: verdict ? 'Completed' : 'Submitted',
        is_certified: verdict ?? '',
      })
      .returning('portfolio_manager_id')
      .executeTakeFirstOrThrow()
    if (verdict) await addFinishedRun(trx, portfolio_manager_id, creationTime, verdict)
    if (verdict === VALIDATION_FAILURE) {
      await trx
        .insertInto('comments')
        .values({
          portfolio_manager_id,
          account_id: accountId,
          author: createdBy,
          text: 'Throughput fell short on the upstream test; a firmware update for a retest is on its way.',
          created_at: new Date(creationTime.getTime() + 2 * DAY_MS),
        })
        .execute()
    }
  }

  // The last submission, as the portfolio form reloads it (submitted, nothing pending).
  const last = DEMO_RECORDS.at(-1)
  if (last) {
    const { daysAgo: _daysAgo, verdict: _verdict, ...device } = last
    await trx
      .insertInto('portfolio_drafts')
      .values({
        ...device,
        account_id: accountId,
        organization_name: DEMO_PROFILE.organization,
        description: 'Demo Networks certifies home and access network devices for operators.',
        business_contact_name: createdBy,
        email_id: (
          await trx
            .selectFrom('vendor_accounts')
            .select('email')
            .where('id', '=', accountId)
            .executeTakeFirstOrThrow()
        ).email,
        country_code: DEMO_PROFILE.country_code,
        phone_number: DEMO_PROFILE.phone_number,
        best_time_to_reach: '10:00 AM',
        days: 'Monday,Wednesday,Friday',
        address: '100 Demo Way',
        country: DEMO_PROFILE.country,
        state: DEMO_PROFILE.state,
        city: DEMO_PROFILE.city,
        devices_to_be_certified: String(device.device_number_list.length),
        is_submitted: true,
      })
      .onConflict((oc) => oc.doNothing())
      .execute()
  }
}

async function addFinishedRun(
  trx: Transaction<Database>,
  portfolioManagerId: string,
  submitted: Date,
  verdict: NonNullable<DemoRecord['verdict']>,
) {
  const startedAt = new Date(submitted.getTime() + DAY_MS)
  const caseMs = 90_000
  const failed = verdict === VALIDATION_FAILURE
  const run = await trx
    .insertInto('certification_runs')
    .values({
      portfolio_manager_id: portfolioManagerId,
      status: 'Completed',
      is_certified: verdict,
      harness: 'simulated-lab',
      started_at: startedAt,
      finished_at: new Date(startedAt.getTime() + DEMO_TEST_CASES.length * caseMs),
    })
    .returning('run_id')
    .executeTakeFirstOrThrow()
  await trx
    .insertInto('run_test_cases')
    .values(
      DEMO_TEST_CASES.map(([name, passLine], position) => {
        const state =
          !failed || position < FAILING_CASE ? 'passed' : position === FAILING_CASE ? 'failed' : 'skipped'
        const caseStart = new Date(startedAt.getTime() + position * caseMs)
        const log =
          state === 'passed'
            ? [`${name}: started`, passLine, `${name}: passed`]
            : state === 'failed'
              ? [
                  `${name}: started`,
                  'Upstream throughput 612 Mbit/s, below the 900 Mbit/s threshold.',
                  `${name}: failed`,
                ]
              : [`${name}: skipped after an earlier failure`]
        return {
          run_id: run.run_id,
          position,
          name,
          state,
          started_at: state === 'skipped' ? null : caseStart,
          finished_at: state === 'skipped' ? null : new Date(caseStart.getTime() + caseMs),
          log,
        }
      }),
    )
    .execute()
}
