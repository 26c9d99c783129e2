import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { Kysely } from 'kysely'
import pg from 'pg'
import {
  migrateToLatest,
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
 * test:pg) — a fresh schema on that PostgreSQL, dropped again on close, so that test files run
 * side by side without seeing each other's rows.
 */

export type TestDatabase = PortalDatabase & {
  /** The PostgreSQL schema in use, or undefined on PGlite. */
  schema: string | undefined
}

export async function openTestDatabase(
  options: Pick<OpenDatabaseOptions, 'seeds'> = {},
  env: NodeJS.ProcessEnv = process.env,
): Promise<TestDatabase> {
  const databaseUrl = env.DATABASE_URL
  if (!databaseUrl) {
    const template = options.seeds?.demoAccount ? undefined : await pgliteTemplate(options.seeds)
    const database = await openDatabase({ memory: true, template, ...options })
    return { ...database, schema: undefined }
  }
  const schema = `test_${randomBytes(6).toString('hex')}`
  const database = await openDatabase({ databaseUrl, schema, ...options })
  return {
    ...database,
    schema,
    async close() {
      await database.close()
      await dropSchema(databaseUrl, schema)
    },
  }
}

/*
 * A new PGlite cluster costs seconds of CPU (its initdb, then every migration and seed); loading
 * the dump of one already migrated and seeded costs a fraction of it. The first test database of
 * each seed set is built once and dumped to a file in the run's temporary folder (TMPDIR, one per
 * Vitest run: src/test/temp-folder.ts), which every later one, in any worker, starts from. Two
 * workers that build it at once each write their own file and rename it into place: both are the
 * same. A demo vendor's seed (a password hash, its records) is never templated.
 */
const templates = new Map<string, Promise<Blob>>()

function pgliteTemplate(seeds: SeedOptions = {}): Promise<Blob> {
  const key = `${(seeds.catalogue ?? true) ? 'c' : ''}${(seeds.addresses ?? true) ? 'a' : ''}-${Object.keys(migrations).length}`
  let template = templates.get(key)
  if (!template) {
    template = buildTemplate(key, seeds)
    templates.set(key, template)
  }
  return template
}

async function buildTemplate(key: string, seeds: SeedOptions): Promise<Blob> {
  const file = process.env.VITEST ? path.join(tmpdir(), `pglite-template-${key}.tar`) : undefined
  if (file && existsSync(file)) return new Blob([readFileSync(file)])
  const pglite = await PGlite.create()
  const db = new Kysely<Database>({ dialect: new PgliteDialect({ pglite }) })
  try {
    await migrateToLatest(db)
    await runSeeds(db, { ...seeds, demoAccount: false })
    const dump = await pglite.dumpDataDir('none')
    if (file) {
      const partial = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
      renameSync(partial, file)
    }
    return dump
  } finally {
    await db.destroy()
    if (!pglite.closed) await pglite.close()
  }
}

/** Whether the tests run against PostgreSQL rather than PGlite. */
export const testsUsePostgres = () => Boolean(process.env.DATABASE_URL)

export async function dropSchema(databaseUrl: string, schema: string) {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error('Not a schema name this suite makes.')
  // A drop is DDL too: a migration beside it reading every schema's tables would fail.
  await withMigrationLock(databaseUrl, async () => {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      await client.query(`drop schema if exists ${schema} cascade`)
    } finally {
      await client.end()
    }
  })
}
