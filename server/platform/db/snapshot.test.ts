import { PGlite } from '@electric-sql/pglite'
import { Kysely, sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { PgliteDialect } from './pglite-dialect.ts'
import { openEmptyPGlite, testsUsePostgres } from './test-database.ts'

/*
 * docs/decisions/0048: a backup's snapshot is taken between two queries. It waits for the
 * transaction that holds the connection, so a copy never has half of one.
 */

// PGlite's own snapshot, on PGlite whichever engine the suite runs on: once, in the PGlite run.
describe.skipIf(testsUsePostgres())('PgliteDialect.snapshot', () => {
  it('waits for the transaction under way, and its copy holds all of it', async () => {
    const dialect = new PgliteDialect({ pglite: openEmptyPGlite })
    const db = new Kysely<{ counted: { n: number } }>({ dialect })
    try {
      await sql`create table counted (n int)`.execute(db)
      let snapshot: Promise<Blob> | undefined
      let taken = false
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('counted').values({ n: 1 }).execute()
        snapshot = dialect.snapshot()
        void snapshot.then(() => (taken = true))
        await new Promise((resolve) => setTimeout(resolve, 300))
        expect(taken).toBe(false)
        await trx.insertInto('counted').values({ n: 2 }).execute()
      })
      const copy = await PGlite.create({ loadDataDir: await snapshot })
      try {
        const { rows } = await copy.query<{ n: number }>('select n from counted order by n')
        expect(rows).toEqual([{ n: 1 }, { n: 2 }])
      } finally {
        await copy.close()
      }
    } finally {
      await db.destroy()
    }
  }, 60_000)
})
