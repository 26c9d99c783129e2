import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import { sql, type Kysely, type Transaction } from 'kysely'
import { CATALOGUE_MODELS, DEVICE_TYPES, PRODUCT_CLASSES } from '@/contract/catalogue-seed'
import type { Database } from './schema.ts'

/*
 * Seeds run at every start and are idempotent: each records its version in seed_runs and runs
 * again only when that version changes (new catalogue data, a new country-state-city release);
 * every insert says "on conflict do nothing", so a re-run only adds what is missing and never
 * undoes what vendors added or changed. Each seed is one transaction under an advisory lock, so
 * several processes starting together on one PostgreSQL do not trip over each other.
 */

export type SeedOptions = {
  /** The device catalogue of src/contract/catalogue-seed.ts. Default true. */
  catalogue?: boolean
  /** Countries, states and cities from country-state-city. Default true. */
  addresses?: boolean
  /** The demo vendor to seed, with its device records; false or absent for none. */
  demoAccount?: DemoAccount | false
  /**
   * The demo vendor's seed (server/accounts/demo-account.ts seedDemoAccount), brought in by whoever
   * opens the database: the platform knows no vendor. Needed with `demoAccount`.
   */
  seedDemoAccount?: (db: Kysely<Database>, demo: DemoAccount) => Promise<boolean>
}

/** The demo vendor's login, published on start (DEMO_EMAIL, DEMO_PASSWORD). */
export type DemoAccount = { email: string; password: string }

export type SeedReport = {
  /** The demo vendor's credentials, for the start-up message; null when not seeded. */
  demoAccount: DemoAccount | null
  /** The seeds that had work to do in this start (empty on a restart). */
  ran: string[]
  durationMs: number
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
  const demo = options.demoAccount || null
  if (demo) {
    if (!options.seedDemoAccount)
      throw new Error('A demo vendor is seeded with its seed: pass seedDemoAccount.')
    if (await options.seedDemoAccount(db, demo)) ran.push('demo-account')
  }
  return { demoAccount: demo, ran, durationMs: Math.round(performance.now() - started) }
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
