import { randomBytes } from 'node:crypto'
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { migrations } from './database.ts'
import { withMigrationLock } from './migration-lock.ts'
import { PgliteDialect } from './pglite-dialect.ts'
import type { Database } from './schema.ts'
import { dropSchema, openEmptyPGlite } from './test-database.ts'

/**
 * The migrator a migration's test steps with. On PostgreSQL, each step takes the server's
 * migration lock (migration-lock.ts): the test files beside it migrate schemas of their own.
 */
export function testMigrator(db: Kysely<Database>, schema: string | undefined) {
  const databaseUrl = schema ? process.env.DATABASE_URL : undefined
  return new (class extends Migrator {
    override migrateTo(...args: Parameters<Migrator['migrateTo']>) {
      return withMigrationLock(databaseUrl, () => super.migrateTo(...args))
    }
    override migrateToLatest() {
      return withMigrationLock(databaseUrl, () => super.migrateToLatest())
    }
  })({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  })
}

/*
 * An empty database for a migration's test, whose migrations the test runs step by step: PGlite in
 * memory, or a schema of its own on PostgreSQL under npm run test:pg (dropped on close).
 */
export async function openMigrationTestDatabase() {
  const databaseUrl = process.env.DATABASE_URL
  const schema = databaseUrl ? `test_${randomBytes(6).toString('hex')}` : undefined
  const db =
    databaseUrl && schema
      ? new Kysely<Database>({
          dialect: new PostgresDialect({
            pool: new pg.Pool({ connectionString: databaseUrl, max: 2, options: `-c search_path=${schema}` }),
          }),
        })
      : new Kysely<Database>({ dialect: new PgliteDialect({ pglite: openEmptyPGlite }) })
  if (schema) await sql.raw(`create schema ${schema}`).execute(db)
  const migrator = () => testMigrator(db, schema)
  async function close() {
    await db.destroy()
    if (databaseUrl && schema) await dropSchema(databaseUrl, schema)
  }
  return { db, migrator, close }
}
