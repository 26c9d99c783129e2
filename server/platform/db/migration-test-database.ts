import { randomBytes } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { migrations } from './database.ts'
import { PgliteDialect } from './pglite-dialect.ts'
import type { Database } from './schema.ts'
import { dropSchema } from './test-database.ts'

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
      : new Kysely<Database>({ dialect: new PgliteDialect({ pglite: () => PGlite.create() }) })
  if (schema) await sql.raw(`create schema ${schema}`).execute(db)
  const migrator = () =>
    new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      ...(schema ? { migrationTableSchema: schema } : {}),
    })
  async function close() {
    await db.destroy()
    if (databaseUrl && schema) await dropSchema(databaseUrl, schema)
  }
  return { db, migrator, close }
}
