import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openDatabase, type OpenDatabaseOptions, type PortalDatabase } from './database.ts'

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
    const database = await openDatabase({ memory: true, ...options })
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

/** Whether the tests run against PostgreSQL rather than PGlite. */
export const testsUsePostgres = () => Boolean(process.env.DATABASE_URL)

export async function dropSchema(databaseUrl: string, schema: string) {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error('Not a schema name this suite makes.')
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(`drop schema if exists ${schema} cascade`)
  } finally {
    await client.end()
  }
}
