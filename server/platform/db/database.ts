import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, Migrator, PostgresDialect, type Dialect, type Migration } from 'kysely'
import pg from 'pg'
import { initialMigration } from './migrations/0001-initial.ts'
import { dataVersionMigration } from './migrations/0002-data-version.ts'
import { runLeasesMigration } from './migrations/0003-run-leases.ts'
import { oneRecordPerDraftMigration } from './migrations/0004-one-record-per-draft.ts'
import { outboxOrderMigration } from './migrations/0005-outbox-order.ts'
import { inputRulesMigration } from './migrations/0006-input-rules.ts'
import { rateLimitsMigration } from './migrations/0007-rate-limits.ts'
import { eventsAndAttemptsMigration } from './migrations/0008-events-and-attempts.ts'
import { organizationsMigration } from './migrations/0009-organizations.ts'
import { invitationsAndActivityMigration } from './migrations/0010-invitations-and-activity.ts'
import { labMigration } from './migrations/0011-lab.ts'
import { certificatesMigration } from './migrations/0012-certificates.ts'
import { directorySequenceMigration } from './migrations/0013-directory-sequence.ts'
import { notificationsMigration } from './migrations/0016-notifications.ts'
import { labNotificationsMigration } from './migrations/0017-lab-notifications.ts'
import { apiTokensMigration } from './migrations/0014-api-tokens.ts'
import { webhooksMigration } from './migrations/0015-webhooks.ts'
import { webhookDestinationMigration } from './migrations/0018-webhook-destination.ts'
import { organizationIdsMigration } from './migrations/0019-organization-ids.ts'
import { jobsMigration } from './migrations/0020-jobs.ts'
import { webhookJobsMigration } from './migrations/0021-webhook-jobs.ts'
import { notificationRecordMigration } from './migrations/0022-notification-record.ts'
import { testPlansMigration } from './migrations/0023-test-plans.ts'
import { recordRevisionsMigration } from './migrations/0024-record-revisions.ts'
import { catalogueReviewMigration } from './migrations/0025-catalogue-review.ts'
import { webhookDeliveryBodiesMigration } from './migrations/0026-webhook-delivery-bodies.ts'
import { labAssignmentMigration } from './migrations/0027-lab-assignment.ts'
import { activityRetentionMigration } from './migrations/0028-activity-retention.ts'
import { WriteWatch } from './write-watch.ts'
import { PgliteDialect } from './pglite-dialect.ts'
import { withMigrationLock } from './migration-lock.ts'
import type { Database } from './schema.ts'
import { runSeeds, type SeedOptions, type SeedReport } from './seed.ts'

/*
 * The portal's storage: embedded PGlite in DATA_DIR when DATABASE_URL is unset, PostgreSQL when
 * it is set — one SQL dialect, one set of migrations. The tables are described in schema.ts.
 */

/** Every migration, in order. Imported rather than read from a folder, so tsx and bundles agree. */
export const migrations: Record<string, Migration> = {
  '0001-initial': initialMigration,
  '0002-data-version': dataVersionMigration,
  '0003-run-leases': runLeasesMigration,
  '0004-one-record-per-draft': oneRecordPerDraftMigration,
  '0005-outbox-order': outboxOrderMigration,
  '0006-input-rules': inputRulesMigration,
  '0007-rate-limits': rateLimitsMigration,
  '0008-events-and-attempts': eventsAndAttemptsMigration,
  '0009-organizations': organizationsMigration,
  '0010-invitations-and-activity': invitationsAndActivityMigration,
  '0011-lab': labMigration,
  '0012-certificates': certificatesMigration,
  '0013-directory-sequence': directorySequenceMigration,
  '0014-api-tokens': apiTokensMigration,
  '0015-webhooks': webhooksMigration,
  '0016-notifications': notificationsMigration,
  '0017-lab-notifications': labNotificationsMigration,
  '0018-webhook-destination': webhookDestinationMigration,
  '0019-organization-ids': organizationIdsMigration,
  '0020-jobs': jobsMigration,
  '0021-webhook-jobs': webhookJobsMigration,
  '0022-notification-record': notificationRecordMigration,
  '0023-test-plans': testPlansMigration,
  '0024-record-revisions': recordRevisionsMigration,
  '0025-catalogue-review': catalogueReviewMigration,
  '0026-webhook-delivery-bodies': webhookDeliveryBodiesMigration,
  '0027-lab-assignment': labAssignmentMigration,
  '0028-activity-retention': activityRetentionMigration,
}

/**
 * PGlite in memory holds a test's database of a few megabytes. Its default buffer pool (128 MB) is
 * zeroed at every start, a quarter of a start's CPU; 16 MB holds such a database whole. Its
 * write-ahead log comes in 1 MB files rather than 16 MB ones, and a checkpoint keeps two of them
 * rather than the 80 MB PostgreSQL keeps by default: a dump to start from is that much smaller,
 * and each start unpacks it (server/platform/db/test-database.ts).
 */
const MEMORY_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  '-c',
  'min_wal_size=2MB',
  '-c',
  'max_wal_size=8MB',
]

/** PGlite in memory: from a dump of a data folder (`dumpDataDir`), or else a new cluster (its initdb). */
export function memoryPGlite(dump?: Blob) {
  return PGlite.create({
    ...(dump ? { loadDataDir: dump } : { initDbStartParams: ['--wal-segsize=1'] }),
    startParams: MEMORY_START_PARAMS,
  })
}

export type OpenDatabaseOptions = {
  /** PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string
  /** PGlite's folder (its files go to `<dataDir>/pglite`); default ./data. */
  dataDir?: string
  /** PGlite in memory, for tests. */
  memory?: boolean
  /**
   * PGlite in memory only: start from this dump of a data folder (`dumpDataDir`) instead of an
   * empty cluster; the test suites' template of a migrated, seeded database (test-database.ts).
   */
  template?: Blob
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
   * the only writer (server/platform/db/write-watch.ts); null on PostgreSQL.
   */
  writes: WriteWatch | null
  /**
   * PGlite in a data folder only: its consistent copy as an uncompressed tar, taken between two
   * queries (pglite-dialect.ts; the backups of docs/decisions/0048). Null on PostgreSQL (pg_dump)
   * and in memory.
   */
  snapshot: (() => Promise<Blob>) | null
  close(): Promise<void>
}

/**
 * Reads the environment the way `npm start` is configured (DATABASE_URL, DATA_DIR); the demo
 * vendor's seeds (DEMO_*) are the composition's (server/index.ts).
 */
export function databaseOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): OpenDatabaseOptions {
  return { databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR || './data' }
}

/** Opens the database, brings its schema up to date and runs the seeds. */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<PortalDatabase> {
  const { dialect, engine, release, folder } = await createDialect(options)
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
    await withMigrationLock(options.databaseUrl, () =>
      migrateToLatest(db, options.databaseUrl ? options.schema : undefined),
    )
    const seeded = await runSeeds(db, options.seeds)
    const snapshot = folder && dialect instanceof PgliteDialect ? () => dialect.snapshot() : null
    return { db, engine, seeded, writes, snapshot, close }
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

/** The names of this build's migrations that the database has not applied (none after a start). */
export async function pendingMigrations(db: Kysely<Database>, schema?: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  })
  return (await migrator.getMigrations())
    .filter((migration) => migration.executedAt === undefined)
    .map((migration) => migration.name)
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
): Promise<{ dialect: Dialect; engine: PortalDatabase['engine']; release: () => void; folder?: boolean }> {
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
      dialect: new PgliteDialect({
        pglite: () => memoryPGlite(options.template),
      }),
      engine: 'pglite',
      release: () => {},
    }
  }
  const dataDir = path.resolve(options.dataDir ?? './data')
  mkdirSync(dataDir, { recursive: true })
  const release = lockDataDir(dataDir)
  const dialect = new PgliteDialect({ pglite: () => PGlite.create(path.join(dataDir, PGLITE_FOLDER)) })
  return { dialect, engine: 'pglite', release, folder: true }
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

/** PGlite's own folder inside DATA_DIR. */
export const PGLITE_FOLDER = 'pglite'

/**
 * PGlite's files must have one writer: a second process on the same folder would corrupt them.
 * A lock file names the owning process; a lock left by a process that died is taken over.
 */
export function lockDataDir(dataDir: string) {
  const lockFile = path.join(dataDir, LOCK_FILE)
  if (!takeLock(lockFile)) {
    const owner = dataDirOwner(dataDir)
    if (owner !== null) {
      throw new Error(
        `The data folder ${dataDir} is in use by process ${owner}. Stop it, or set DATA_DIR to another folder.`,
      )
    }
    rmSync(lockFile, { force: true })
    if (!takeLock(lockFile)) throw new Error(`The data folder ${dataDir} was taken by another process.`)
  }
  return () => rmSync(lockFile, { force: true })
}

export const LOCK_FILE = 'pglite.lock'

/** The running process whose lock is on the data folder, or null (no lock, or a dead process's). */
export function dataDirOwner(dataDir: string): number | null {
  let owner: number
  try {
    owner = Number(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').trim())
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  return Number.isInteger(owner) && owner > 0 && isRunning(owner) ? owner : null
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
