import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase, testsUsePostgres, type TestDatabase } from './test-database.ts'
import type { WriteWatch } from './write-watch.ts'

/* The write watch of PGlite (server/platform/db/write-watch.ts); PostgreSQL has none. */

let database: TestDatabase
let writes: WriteWatch

beforeAll(async () => {
  database = await openTestDatabase({ seeds: { catalogue: false, addresses: false, demoAccount: false } })
  if (database.writes) writes = database.writes
}, 60_000)

afterAll(async () => {
  await database?.close()
})

const epochs = () => ({ sessions: writes.epoch('sessions'), portfolio: writes.epoch('portfolio') })

describe.skipIf(testsUsePostgres())('the write watch', () => {
  it('is installed on PGlite', () => {
    expect(database.engine).toBe('pglite')
    expect(database.writes).not.toBeNull()
  })

  it('counts writes by area, not reads, and raw SQL as every area', async () => {
    const { db } = database
    let before = epochs()
    await db.selectFrom('sessions').selectAll().execute()
    await db.selectFrom('device_records as r').selectAll().execute()
    expect(epochs()).toEqual(before)

    await db
      .insertInto('sessions')
      .values({
        id: 'watch-session',
        account_id: null,
        csrf_token_hash: null,
        created_at: new Date(),
        last_seen_at: new Date(),
        expires_at: new Date(Date.now() + 60_000),
      })
      .execute()
    expect(epochs()).toEqual({ ...before, sessions: before.sessions + 1 })

    before = epochs()
    await db
      .updateTable('portfolio_drafts as d')
      .set({ description: 'x' })
      .where('d.account_id', '=', 'nobody')
      .execute()
    expect(epochs()).toEqual({ ...before, portfolio: before.portfolio + 1 })

    before = epochs()
    await db.deleteFrom('mail_outbox').where('id', '=', 'none').execute()
    expect(epochs()).toEqual(before)

    before = epochs()
    await sql`select 1`.execute(db)
    expect(epochs()).toEqual({ sessions: before.sessions + 1, portfolio: before.portfolio + 1 })
  })

  it('does not count a write that failed', async () => {
    const before = epochs()
    await expect(
      database.db
        .insertInto('device_records')
        .values({
          organization_id: 'no-such-organization',
          vendor: 'Nokia',
          device_name: 'Beacon 6',
          device_type: 'Router',
          product_class: 'Wi-Fi 6',
          base_firmware_version: '1.0',
          business_domain: 'Wireline',
          created_by: 'Nobody',
        })
        .execute(),
    ).rejects.toThrow()
    expect(epochs()).toEqual(before)
  })
})
