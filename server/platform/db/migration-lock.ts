import pg from 'pg'

/*
 * One migration at a time on a PostgreSQL server, whatever its schema. Kysely's migrator finds
 * its bookkeeping tables by reading every table of every schema (its introspector), and that read
 * fails ("column … does not exist") when another session drops a column or table meanwhile: two
 * portal processes starting together, or two test workers migrating schemas of their own up and
 * down on one server (npm run test:pg). A session-level advisory lock, held on a connection of
 * its own for the length of the migration, makes them take turns. PGlite needs none: one process
 * holds its folder.
 */
export async function withMigrationLock<T>(databaseUrl: string | undefined, migrate: () => Promise<T>) {
  if (!databaseUrl) return migrate()
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(`select pg_advisory_lock(hashtext('certification-portal migrations'))`)
    return await migrate()
  } finally {
    // Ending the session releases the lock.
    await client.end()
  }
}
