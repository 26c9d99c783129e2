import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import {
  Kysely,
  Migrator,
  PostgresDialect,
  type ColumnType,
  type Dialect,
  type Generated,
  type GeneratedAlways,
  type Migration,
  type Selectable,
} from 'kysely'
import pg from 'pg'
import type { TestCaseState } from '@/contract/certification'
import type { RecordStatus } from '@/contract/records'
import { initialMigration } from './migrations/0001-initial.ts'
import { dataVersionMigration } from './migrations/0002-data-version.ts'
import { runLeasesMigration } from './migrations/0003-run-leases.ts'
import { oneRecordPerDraftMigration } from './migrations/0004-one-record-per-draft.ts'
import { outboxOrderMigration } from './migrations/0005-outbox-order.ts'
import { WriteWatch } from './write-watch.ts'
import { PgliteDialect } from './pglite-dialect.ts'
import { demoAccountFromEnv, runSeeds, type SeedOptions, type SeedReport } from './seed.ts'

/*
 * The portal's storage: embedded PGlite in DATA_DIR when DATABASE_URL is unset, PostgreSQL when
 * it is set — one SQL dialect, one set of migrations. Tables and columns are snake_case and the
 * interfaces below use the same names (no name-mapping plugin), so raw `sql` and the query
 * builder read alike.
 *
 * Both drivers read timestamptz as Date, text[] as string[], jsonb as parsed JSON and bigint
 * (e.g. count(*)) as number. Write jsonb as a JSON string (JSON.stringify): node-postgres would
 * otherwise send a JS array as a PostgreSQL array.
 */

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>
type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
type Time = ColumnType<Date, Date | string, Date | string>
type TextList = ColumnType<string[], string[] | undefined, string[]>
type CertificationResult = '' | 'CERTIFIED-OK' | 'Validation failure'

export interface SeedRunsTable {
  name: string
  version: string
  applied_at: CreatedAt
}

export interface VendorAccountsTable {
  id: Generated<string>
  /** As the vendor typed it. */
  email: string
  /** lower(email), computed by the database: look accounts up with `email_key = lower(…)`. */
  email_key: GeneratedAlways<string>
  first_name: string
  last_name: string
  organization: string
  /** 'Wireline', 'Wireless' or 'Wireline,Wireless'. */
  lob: string
  phone_number: string
  country_code: string
  country: string
  state: string
  city: string
  /** Null until the Create Password dialog sets it; such an account cannot log in. */
  password_hash: string | null
  password_changed_at: NullableTime
  created_at: CreatedAt
  /** Raised by triggers on every change of the account's portfolio data (migration 0002). */
  data_version: ColumnType<number, never, never>
}

export type OneTimeCodePurpose = 'create-password' | 'reset-password'

export interface OneTimeCodesTable {
  id: Generated<string>
  account_id: string
  purpose: OneTimeCodePurpose
  code_hash: string
  expires_at: Time
  attempts: Generated<number>
  used_at: NullableTime
  created_at: CreatedAt
}

export interface SessionsTable {
  /** SHA-256 (hex) of the session token; the token itself is only in the cookie. */
  id: string
  /** Null for a visitor's session before login. */
  account_id: string | null
  csrf_token_hash: string | null
  created_at: CreatedAt
  last_seen_at: CreatedAt
  expires_at: Time
}

export interface LoginAttemptsTable {
  id: GeneratedAlways<number>
  /** e.g. 'account:<email_key>' or 'address:<ip>'. */
  key: string
  attempted_at: CreatedAt
}

/** Draft text fields default to '' in the database, so a section save may leave the others out. */
type DraftText = ColumnType<string, string | undefined, string>

export interface PortfolioDraftsTable {
  account_id: string
  saved_portfolio_manager_id: Generated<string>
  organization_name: DraftText
  description: DraftText
  business_contact_name: DraftText
  email_id: DraftText
  country_code: DraftText
  phone_number: DraftText
  best_time_to_reach: DraftText
  days: DraftText
  address: DraftText
  country: DraftText
  state: DraftText
  city: DraftText
  business_domain: DraftText
  vendor: DraftText
  device_name: DraftText
  device_type: DraftText
  product_class: DraftText
  devices_to_be_certified: DraftText
  device_number_list: TextList
  base_firmware_version: DraftText
  year_of_manufacturing: DraftText
  is_eng_build_available: DraftText
  /** True once the draft was submitted; the next save starts a new draft. */
  is_submitted: ColumnType<boolean, boolean | undefined, boolean>
  created_at: CreatedAt
  updated_at: CreatedAt
}

export interface DeviceRecordsTable {
  portfolio_manager_id: Generated<string>
  account_id: string
  organization_name: DraftText
  vendor: string
  device_name: string
  device_type: string
  product_class: string
  base_firmware_version: string
  business_domain: string
  devices_to_be_certified: DraftText
  device_number_list: TextList
  year_of_manufacturing: DraftText
  is_eng_build_available: DraftText
  creation_time: CreatedAt
  /** The vendor user's name at submission. */
  created_by: string
  status: ColumnType<RecordStatus, RecordStatus | undefined, RecordStatus>
  is_certified: ColumnType<CertificationResult, CertificationResult | undefined, CertificationResult>
  /** The savedPortfolioManagerId the submit named; one record per draft (migration 0004). */
  submitted_from_draft: ColumnType<string | null, string | null | undefined, string | null>
}

export interface CatalogueVendorsTable {
  vendor: string
  created_at: CreatedAt
}

export interface CatalogueDeviceNamesTable {
  vendor: string
  device_name: string
  /** The vendor account that chose 'Add New Device Name', or null for the seeded catalogue. */
  added_by: string | null
  created_at: CreatedAt
}

export interface CatalogueDeviceTypesTable {
  device_name: string
  device_type: string
  added_by: string | null
  created_at: CreatedAt
}

export interface CatalogueProductClassesTable {
  device_type: string
  product_class: string
  added_by: string | null
  created_at: CreatedAt
}

export interface CountriesTable {
  /** ISO 3166-1 alpha-2. */
  country_code: string
  name: string
  /** '+91', '+1-684' (see server/db/seed.ts for the normalisation). */
  calling_code: string
}

export interface StatesTable {
  country_code: string
  state_code: string
  name: string
}

export interface CitiesTable {
  country_code: string
  state_code: string
  name: string
}

export interface CertificationRunsTable {
  run_id: Generated<string>
  portfolio_manager_id: string
  status: ColumnType<RecordStatus, RecordStatus | undefined, RecordStatus>
  is_certified: ColumnType<CertificationResult, CertificationResult | undefined, CertificationResult>
  /** Which harness ran it, e.g. 'simulated-lab' or 'command'. */
  harness: string
  /** Why a run ended without a verdict (e.g. the server stopped during it). */
  failure_reason: string | null
  started_at: CreatedAt
  finished_at: NullableTime
  /** The executor (one per process) running it now, while lease_expires_at is ahead (migration 0003). */
  lease_owner: string | null
  lease_expires_at: NullableTime
}

export interface RunTestCasesTable {
  run_id: string
  /** Order of the case in the test plan, from 0. */
  position: number
  name: string
  state: ColumnType<TestCaseState, TestCaseState | undefined, TestCaseState>
  started_at: NullableTime
  finished_at: NullableTime
  log: TextList
}

export interface CommentsTable {
  comment_id: Generated<string>
  portfolio_manager_id: string
  account_id: string
  author: string
  text: string
  created_at: CreatedAt
}

export type MailAttachment = {
  filename: string
  contentType: string
  /** base64 */
  content: string
}

export interface MailOutboxTable {
  id: Generated<string>
  to_address: string
  subject: string
  text_body: string
  html_body: string | null
  /** Write with JSON.stringify(attachments). */
  attachments: ColumnType<MailAttachment[] | null, string | null | undefined, string | null>
  created_at: CreatedAt
  sent_at: NullableTime
  /** Write order (migration 0005). */
  seq: GeneratedAlways<number>
}

export interface Database {
  seed_runs: SeedRunsTable
  vendor_accounts: VendorAccountsTable
  one_time_codes: OneTimeCodesTable
  sessions: SessionsTable
  login_attempts: LoginAttemptsTable
  portfolio_drafts: PortfolioDraftsTable
  device_records: DeviceRecordsTable
  catalogue_vendors: CatalogueVendorsTable
  catalogue_device_names: CatalogueDeviceNamesTable
  catalogue_device_types: CatalogueDeviceTypesTable
  catalogue_product_classes: CatalogueProductClassesTable
  countries: CountriesTable
  states: StatesTable
  cities: CitiesTable
  certification_runs: CertificationRunsTable
  run_test_cases: RunTestCasesTable
  comments: CommentsTable
  mail_outbox: MailOutboxTable
}

export type VendorAccount = Selectable<VendorAccountsTable>
export type PortfolioDraft = Selectable<PortfolioDraftsTable>
export type DeviceRow = Selectable<DeviceRecordsTable>
export type CertificationRunRow = Selectable<CertificationRunsTable>
export type RunTestCaseRow = Selectable<RunTestCasesTable>

/** Every migration, in order. Imported rather than read from a folder, so tsx and bundles agree. */
export const migrations: Record<string, Migration> = {
  '0001-initial': initialMigration,
  '0002-data-version': dataVersionMigration,
  '0003-run-leases': runLeasesMigration,
  '0004-one-record-per-draft': oneRecordPerDraftMigration,
  '0005-outbox-order': outboxOrderMigration,
}

export type OpenDatabaseOptions = {
  /** PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string
  /** PGlite's folder (its files go to `<dataDir>/pglite`); default ./data. */
  dataDir?: string
  /** PGlite in memory, for tests. */
  memory?: boolean
  /**
   * PostgreSQL only: keep every table in this schema (created when missing), so that test files
   * can share one server without seeing each other's rows.
   */
  schema?: string
  /** Which seeds run; by default all of them, with the demo account from DEMO_EMAIL / DEMO_PASSWORD. */
  seeds?: SeedOptions
}

export type PortalDatabase = {
  db: Kysely<Database>
  /** 'pglite' or 'postgres', for the start-up line and for tests. */
  engine: 'pglite' | 'postgres'
  /** What the seeds did, including the demo account's credentials for the start-up message. */
  seeded: SeedReport
  /**
   * This process's writes by area, for in-process caches: on PGlite only, where this process is
   * the only writer (server/db/write-watch.ts); null on PostgreSQL.
   */
  writes: WriteWatch | null
  close(): Promise<void>
}

/** Reads the environment the way `npm start` is configured (DATABASE_URL, DATA_DIR, DEMO_*). */
export function databaseOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): OpenDatabaseOptions {
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || './data',
    seeds: { demoAccount: demoAccountFromEnv(env) },
  }
}

/** Opens the database, brings its schema up to date and runs the seeds. */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<PortalDatabase> {
  const { dialect, engine, release } = await createDialect(options)
  const writes = engine === 'pglite' ? new WriteWatch() : null
  const db = new Kysely<Database>({ dialect, plugins: writes ? [writes] : [] })
  let closed = false
  const close = async () => {
    if (closed) return
    closed = true
    try {
      await db.destroy()
    } finally {
      release()
    }
  }
  try {
    await migrateToLatest(db, options.databaseUrl ? options.schema : undefined)
    const seeded = await runSeeds(db, options.seeds)
    return { db, engine, seeded, writes, close }
  } catch (error) {
    await close()
    throw error
  }
}

/**
 * Applies the migrations not yet applied. `schema` names the PostgreSQL schema the tables live in,
 * when not the default: Kysely looks for its bookkeeping tables in every schema unless told which.
 */
export async function migrateToLatest(db: Kysely<Database>, schema?: string) {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  })
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')
    throw new Error(`The database migration ${failed?.migrationName ?? ''} failed.`, { cause: error })
  }
}

/** PostgreSQL's code for a unique (or partial unique index) violation. */
const UNIQUE_VIOLATION = '23505'

/**
 * Whether a query failed on a unique constraint or index, optionally a named one (e.g.
 * 'vendor_accounts_email_key_unique', 'certification_runs_one_active'). Same on both databases.
 */
export function isUniqueViolation(error: unknown, constraint?: string) {
  if (typeof error !== 'object' || error === null) return false
  const { code, constraint: violated } = error as { code?: unknown; constraint?: unknown }
  return code === UNIQUE_VIOLATION && (constraint === undefined || violated === constraint)
}

const INT8 = 20

async function createDialect(
  options: OpenDatabaseOptions,
): Promise<{ dialect: Dialect; engine: PortalDatabase['engine']; release: () => void }> {
  if (options.databaseUrl) {
    const schema = options.schema
    if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
      throw new Error('The schema name must be lower-case letters, digits and underscores.')
    }
    if (schema) await createSchema(options.databaseUrl, schema)
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
      // count(*) and identity columns as numbers, as PGlite reads them.
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8 ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    })
    return { dialect: new PostgresDialect({ pool }), engine: 'postgres', release: () => {} }
  }
  if (options.memory) {
    return {
      dialect: new PgliteDialect({ pglite: () => PGlite.create() }),
      engine: 'pglite',
      release: () => {},
    }
  }
  const dataDir = path.resolve(options.dataDir ?? './data')
  mkdirSync(dataDir, { recursive: true })
  const release = lockDataDir(dataDir)
  const dialect = new PgliteDialect({ pglite: () => PGlite.create(path.join(dataDir, 'pglite')) })
  return { dialect, engine: 'pglite', release }
}

async function createSchema(databaseUrl: string, schema: string) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(`create schema if not exists ${schema}`)
  } finally {
    await client.end()
  }
}

/**
 * PGlite's files must have one writer: a second process on the same folder would corrupt them.
 * A lock file names the owning process; a lock left by a process that died is taken over.
 */
function lockDataDir(dataDir: string) {
  const lockFile = path.join(dataDir, 'pglite.lock')
  if (!takeLock(lockFile)) {
    const owner = Number(readFileSync(lockFile, 'utf8').trim())
    if (Number.isInteger(owner) && owner > 0 && isRunning(owner)) {
      throw new Error(
        `The data folder ${dataDir} is in use by process ${owner}. Stop it, or set DATA_DIR to another folder.`,
      )
    }
    rmSync(lockFile, { force: true })
    if (!takeLock(lockFile)) throw new Error(`The data folder ${dataDir} was taken by another process.`)
  }
  return () => rmSync(lockFile, { force: true })
}

/** Creates the lock file; false when it exists already. */
function takeLock(lockFile: string) {
  try {
    writeFileSync(lockFile, String(process.pid), { flag: 'wx' })
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
