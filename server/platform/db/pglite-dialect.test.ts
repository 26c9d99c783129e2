import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parameterText } from './pglite-dialect.ts'
import { openTestDatabase, testsUsePostgres, type TestDatabase } from './test-database.ts'

/* The PGlite dialect's one-round-trip queries: parameters as text, values read back as they went in. */

describe('parameterText', () => {
  it.each([
    [null, null],
    [undefined, null],
    ['text', 'text'],
    ['', ''],
    [42, '42'],
    [-1.5, '-1.5'],
    [true, 'true'],
    [false, 'false'],
    [new Date('2026-11-21T10:00:00.123Z'), '2026-11-21T10:00:00.123Z'],
    [new Uint8Array([0, 15, 255]), '\\x000fff'],
    [[], '{}'],
    [['a', 'b'], '{"a","b"}'],
    [['a,b', 'quote"d', 'back\\slash', 'NULL', ''], '{"a,b","quote\\"d","back\\\\slash","NULL",""}'],
    [[null, 'x'], '{NULL,"x"}'],
    [[['a'], ['b']], '{{"a"},{"b"}}'],
    [{ key: 'value' }, '{"key":"value"}'],
  ] as const)('%j → %j', (value, text) => {
    expect(parameterText(value)).toBe(text)
  })

  it('writes a bigint in full', () => {
    expect(parameterText(12345678901234567890n)).toBe('12345678901234567890')
  })
})

describe.skipIf(testsUsePostgres())('queries on PGlite', () => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await openTestDatabase({ seeds: { catalogue: false, addresses: false, demoAccount: false } })
  }, 60_000)

  afterAll(async () => {
    await database?.close()
  })

  it('read back every kind of value as it was written', async () => {
    const list = ['', ' spaced ', 'a,b', 'quote"d', 'back\\slash', 'NULL', '{braces}', '日本語 🚀']
    const when = new Date('2026-11-21T10:00:00.123Z')
    const { rows } = await sql<{
      list: string[]
      empty: string[]
      yes: boolean
      count: number
      when: Date
      nothing: string | null
      json: { a: number[] }
    }>`select ${list}::text[] as list, ${[]}::text[] as empty, ${true}::boolean as yes,
        ${7}::int8 as count, ${when}::timestamptz as when, ${null}::text as nothing,
        ${JSON.stringify({ a: [1, 2] })}::jsonb as json`.execute(database.db)
    expect(rows[0]).toEqual({
      list,
      empty: [],
      yes: true,
      count: 7,
      when,
      nothing: null,
      json: { a: [1, 2] },
    })
  })

  it('reports affected rows and keeps a transaction whole', async () => {
    const { db } = database
    await sql`create temporary table dialect_probe (n int)`.execute(db)
    const inserted = await db
      .insertInto('dialect_probe' as never)
      .values([{ n: 1 }, { n: 2 }] as never)
      .execute()
    expect(inserted[0]?.numInsertedOrUpdatedRows).toBe(2n)
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into dialect_probe values (3)`.execute(trx)
        await sql`select 1 / 0`.execute(trx)
      }),
    ).rejects.toThrow(/division by zero/)
    const { rows } = await sql<{ n: number }>`select n from dialect_probe order by n`.execute(db)
    expect(rows.map((row) => row.n)).toEqual([1, 2])
  })
})
