import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Kysely } from 'kysely'
import pg from 'pg'
import {
  migrateToLatest,
  memoryPGlite,
  migrations,
  openDatabase,
  type OpenDatabaseOptions,
  type PortalDatabase,
} from './database.ts'
import { withMigrationLock } from './migration-lock.ts'
import { PgliteDialect } from './pglite-dialect.ts'
import type { Database } from './schema.ts'
import { runSeeds, type SeedOptions } from './seed.ts'

/*
 * A database for one test file: PGlite in memory, or — when DATABASE_URL is set (npm run
 * test:pg) — a database of its own on that PostgreSQL server (a copy of a migrated template, see
 * postgresTemplate), or a fresh schema where the role may not create databases; dropped again on
 * close, so that test files run side by side without seeing each other's rows.
 */

export type TestDatabase = PortalDatabase & {
  /** The PostgreSQL schema in use, or undefined on PGlite. */
  schema: string | undefined
  /**
   * On PostgreSQL, the connection URL of the database the tables are in: a second portal process
   * of the test opens this one, with `schema`.
   */
  databaseUrl?: string
}

export async function openTestDatabase(
  options: Pick<OpenDatabaseOptions, 'seeds'> = {},
  env: NodeJS.ProcessEnv = process.env,
): Promise<TestDatabase> {
  const databaseUrl = env.DATABASE_URL
  if (!databaseUrl) {
    const template = options.seeds?.demoAccount ? await emptyCluster() : await pgliteTemplate(options.seeds)
    const database = await openDatabase({ memory: true, template, ...options })
    return { ...database, schema: undefined }
  }
  if (!options.seeds?.demoAccount && (await mayCreateDatabases(databaseUrl))) {
    const template = await postgresTemplate(databaseUrl, options.seeds)
    const name = `test_${randomBytes(6).toString('hex')}`
    await adminQuery(databaseUrl, `create database ${name} template ${template}`)
    const url = withDatabaseName(databaseUrl, name)
    const database = await openDatabase({ databaseUrl: url, schema: TEMPLATE_SCHEMA, ...options })
    return {
      ...database,
      schema: TEMPLATE_SCHEMA,
      databaseUrl: url,
      async close() {
        await database.close()
        await dropDatabase(databaseUrl, name)
      },
    }
  }
  const schema = `test_${randomBytes(6).toString('hex')}`
  const database = await openDatabase({ databaseUrl, schema, ...options })
  return {
    ...database,
    schema,
    databaseUrl,
    async close() {
      await database.close()
      await dropSchema(databaseUrl, schema)
    },
  }
}

/**
 * The same test database as a second portal process opens it: a connection pool of its own on the
 * first one's PostgreSQL database and schema. Closing it closes only its pool.
 */
export async function openSecondProcessDatabase(
  first: TestDatabase,
  seeds: SeedOptions,
): Promise<TestDatabase> {
  const { databaseUrl, schema } = first
  if (!databaseUrl || !schema) throw new Error('Runs on PostgreSQL only.')
  const second = await openDatabase({ databaseUrl, schema, seeds })
  return { ...second, schema, databaseUrl }
}

/*
 * On PostgreSQL a new schema costs about 1.8 s: every migration, then the seeds, one test file at
 * a time (withMigrationLock), since Kysely's migrator reads every schema of the database. Copying
 * a database (CREATE DATABASE … TEMPLATE) costs a fraction of that and reads no other file's
 * tables. The template of a seed set is made once per server and migration set, under the
 * migration lock: built under a name of its own, then renamed, so no worker copies it half made.
 * Its name carries a digest of the migrations, so a server kept between runs makes a new one
 * when a migration changes.
 */
const TEMPLATE_SCHEMA = 'portal'
const postgresTemplates = new Map<string, Promise<string>>()
const databaseRights = new Map<string, Promise<boolean>>()

async function adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(databaseUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return await client.query<T>(sql)
  } finally {
    await client.end()
  }
}

/**
 * Drops a test file's database once its connections have ended (PostgreSQL waits a few seconds for
 * those still closing). Only one a test left open is cut off (WITH (FORCE)); cutting them all off
 * at once raised "terminating connection" in pools that were closing.
 */
async function dropDatabase(databaseUrl: string, name: string) {
  try {
    await adminQuery(databaseUrl, `drop database if exists ${name}`)
  } catch (error) {
    if ((error as { code?: string }).code !== '55006') throw error
    await adminQuery(databaseUrl, `drop database if exists ${name} with (force)`)
  }
}

function withDatabaseName(databaseUrl: string, name: string) {
  const url = new URL(databaseUrl)
  url.pathname = `/${name}`
  return url.toString()
}

function mayCreateDatabases(databaseUrl: string) {
  let rights = databaseRights.get(databaseUrl)
  if (!rights) {
    rights = adminQuery<{ allowed: boolean }>(
      databaseUrl,
      'select rolcreatedb or rolsuper as allowed from pg_roles where rolname = current_user',
    ).then((result) => result.rows[0]?.allowed === true)
    databaseRights.set(databaseUrl, rights)
  }
  return rights
}

function postgresTemplate(databaseUrl: string, seeds: SeedOptions = {}) {
  const digest = createHash('sha256')
  digest.update(JSON.stringify({ catalogue: seeds.catalogue ?? true, addresses: seeds.addresses ?? true }))
  for (const [name, migration] of Object.entries(migrations))
    digest.update(`${name}\n${String(migration.up)}`)
  const name = `portal_template_${digest.digest('hex').slice(0, 16)}`
  let template = postgresTemplates.get(name)
  if (!template) {
    template = buildPostgresTemplate(databaseUrl, name, seeds).then(() => name)
    postgresTemplates.set(name, template)
  }
  return template
}

async function buildPostgresTemplate(databaseUrl: string, name: string, seeds: SeedOptions) {
  await withMigrationLock(databaseUrl, async () => {
    const found = await adminQuery(databaseUrl, `select 1 from pg_database where datname = '${name}'`)
    if (found.rowCount) return
    const building = `${name}_${randomBytes(4).toString('hex')}`
    await adminQuery(databaseUrl, `create database ${building}`)
    const database = await openDatabase({
      databaseUrl: withDatabaseName(databaseUrl, building),
      schema: TEMPLATE_SCHEMA,
      seeds: { ...seeds, demoAccount: false },
    })
    await database.close()
    await adminQuery(databaseUrl, `alter database ${building} rename to ${name}`)
  })
}

/*
 * A new PGlite cluster costs seconds of CPU (its initdb, then every migration and seed); loading
 * the dump of one already migrated and seeded costs a fraction of it. The first test database of
 * each seed set is built once and dumped to a file in the run's temporary folder (TMPDIR, one per
 * Vitest run: src/test/temp-folder.ts), which every later one, in any worker, starts from. Two
 * workers that build it at once each write their own file and rename it into place: both are the
 * same. A demo vendor's seed (a password hash, its records) is never templated: that database,
 * the templates and the migrations' tests start from the dump of an empty cluster, made the same
 * way, instead of an initdb each.
 */
const dumps = new Map<string, Promise<Blob>>()

function pgliteTemplate(seeds: SeedOptions = {}): Promise<Blob> {
  const key = `${(seeds.catalogue ?? true) ? 'c' : ''}${(seeds.addresses ?? true) ? 'a' : ''}-${Object.keys(migrations).length}`
  return cachedDump(`template-${key}`, async () => {
    const pglite = await memoryPGlite(await emptyCluster())
    const db = new Kysely<Database>({ dialect: new PgliteDialect({ pglite }) })
    try {
      await migrateToLatest(db)
      await runSeeds(db, { ...seeds, demoAccount: false })
      await pglite.exec('CHECKPOINT')
      return await pglite.dumpDataDir('none')
    } finally {
      await db.destroy()
      if (!pglite.closed) await pglite.close()
    }
  })
}

/**
 * The dump of a new, empty PGlite cluster, without its template databases: every test database is
 * the cluster's `postgres`, and none makes a database of its own. With them and the write-ahead
 * log initdb leaves (a checkpoint keeps two files, MEMORY_START_PARAMS in database.ts), a template
 * dumped 77 MB and took 0.67 s to start from; without, 34 MB and 0.25 s, once per test file.
 */
function emptyCluster(): Promise<Blob> {
  return cachedDump('empty', async () => {
    const pglite = await memoryPGlite()
    try {
      await pglite.exec(`UPDATE pg_database SET datistemplate = false WHERE datname <> 'postgres'`)
      // One statement each: DROP DATABASE runs outside a transaction block.
      await pglite.exec('DROP DATABASE template0')
      await pglite.exec('DROP DATABASE template1')
      await pglite.exec('CHECKPOINT')
      return await pglite.dumpDataDir('none')
    } finally {
      await pglite.close()
    }
  })
}

/** A new, empty PGlite cluster in memory, as a migration's test starts from. */
export async function openEmptyPGlite() {
  return memoryPGlite(await emptyCluster())
}

function cachedDump(name: string, build: () => Promise<Blob>): Promise<Blob> {
  let dump = dumps.get(name)
  if (!dump) {
    dump = readOrBuild(name, build)
    dumps.set(name, dump)
  }
  return dump
}

async function readOrBuild(name: string, build: () => Promise<Blob>): Promise<Blob> {
  const file = process.env.VITEST ? path.join(tmpdir(), `pglite-${name}.tar`) : undefined
  if (file && existsSync(file)) return new Blob([readFileSync(file)])
  const dump = await build()
  if (file) {
    const partial = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
    renameSync(partial, file)
  }
  return dump
}

/** Whether the tests run against PostgreSQL rather than PGlite. */
export const testsUsePostgres = () => Boolean(process.env.DATABASE_URL)

export async function dropSchema(databaseUrl: string, schema: string) {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error('Not a schema name this suite makes.')
  // A drop is DDL too: a migration beside it reading every schema's tables would fail.
  await withMigrationLock(databaseUrl, () =>
    adminQuery(databaseUrl, `drop schema if exists ${schema} cascade`),
  )
}
