import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase, type TestDatabase } from '../platform/db/test-database.ts'
import {
  blockedNow,
  countAttempt,
  delayAfter,
  forgetOldCounts,
  LOGIN_PAIR_POLICY,
  MAIL_CLIENT_POLICY,
  mailClientPolicy,
  type DelayPolicy,
  type WindowPolicy,
} from './rate-limit.ts'

/* The counters of the login and mail limits, in the database (PGlite here, PostgreSQL under test:pg). */

let database: TestDatabase
beforeAll(async () => {
  database = await openTestDatabase()
}, 60_000)
afterAll(async () => {
  await database?.close()
})

const MINUTE = 60_000
const delays: DelayPolicy = {
  kind: 'delay',
  free: 3,
  firstDelayMs: MINUTE,
  maxDelayMs: 5 * MINUTE,
  forgetAfterMs: 60 * MINUTE,
}
const window: WindowPolicy = { kind: 'window', limit: 2, windowMs: 10 * MINUTE }

/** Moves a key's clock back, as if `ms` had passed. */
async function passTime(key: string, ms: number) {
  const back = (date: Date | null) => (date ? new Date(date.getTime() - ms) : null)
  const row = await database.db
    .selectFrom('rate_limits')
    .selectAll()
    .where('key', '=', key)
    .executeTakeFirstOrThrow()
  await database.db
    .updateTable('rate_limits')
    .set({
      window_started_at: back(row.window_started_at) ?? new Date(),
      last_counted_at: back(row.last_counted_at) ?? new Date(),
      blocked_until: back(row.blocked_until),
    })
    .where('key', '=', key)
    .execute()
}

describe('growing delays', () => {
  it('are none for the free counts, then double per count up to the cap', () => {
    expect(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((count) => delayAfter(count, LOGIN_PAIR_POLICY) / MINUTE),
    ).toEqual([0, 0, 0, 0, 1, 2, 4, 8, 15, 15])
  })

  it('let the free counts pass, then refuse with the wait until it is over', async () => {
    const key = 'test:delays'
    for (let i = 0; i < 3; i += 1)
      expect(await countAttempt(database.db, key, delays)).toEqual({ allowed: true })
    const first = await countAttempt(database.db, key, delays)
    expect(first.allowed).toBe(false)
    expect(first.allowed === false && first.retryAfterSeconds).toBeGreaterThan(55)
    expect(first.allowed === false && first.retryAfterSeconds).toBeLessThanOrEqual(60)

    await passTime(key, MINUTE)
    expect(await countAttempt(database.db, key, delays)).toEqual({ allowed: true })
    const second = await countAttempt(database.db, key, delays)
    expect(second.allowed === false && second.retryAfterSeconds).toBeGreaterThan(115)
    expect(second.allowed === false && second.retryAfterSeconds).toBeLessThanOrEqual(120)
    // A refused attempt is not counted: the wait stays the same.
    const again = await blockedNow(database.db, [key])
    expect(again?.retryAfterSeconds).toBeLessThanOrEqual(120)
    expect(again?.retryAfterSeconds).toBeGreaterThan(115)
  })

  it('start again after an hour without a count', async () => {
    const key = 'test:forget'
    for (let i = 0; i < 3; i += 1) await countAttempt(database.db, key, delays)
    await passTime(key, 61 * MINUTE)
    expect(await countAttempt(database.db, key, delays)).toEqual({ allowed: true })
    expect(await countAttempt(database.db, key, delays)).toEqual({ allowed: true })
  })

  it('count an attempt that already happened even while the key waits (gate off)', async () => {
    const key = 'test:ungated'
    for (let i = 0; i < 3; i += 1) await countAttempt(database.db, key, delays, { gate: false })
    expect(await countAttempt(database.db, key, delays, { gate: false })).toEqual({ allowed: true })
    const row = await database.db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', key)
      .executeTakeFirstOrThrow()
    expect(row.count).toBe(4)
    expect((await blockedNow(database.db, [key]))?.retryAfterSeconds).toBeGreaterThan(115)
  })

  it('let no more than the free counts through when the attempts come at once', async () => {
    const key = 'test:parallel'
    const verdicts = await Promise.all(
      Array.from({ length: 12 }, () => countAttempt(database.db, key, delays)),
    )
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(3)
  })
})

describe('a window', () => {
  it('allows its limit, then refuses until the window is over', async () => {
    const key = 'test:window'
    expect(await countAttempt(database.db, key, window)).toEqual({ allowed: true })
    expect(await countAttempt(database.db, key, window)).toEqual({ allowed: true })
    const refused = await countAttempt(database.db, key, window)
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(590)
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeLessThanOrEqual(600)
    await passTime(key, 10 * MINUTE)
    expect(await countAttempt(database.db, key, window)).toEqual({ allowed: true })
  })
})

describe('the mail-call limit per address', () => {
  it('is 10 per 15 minutes unless MAIL_CALLS_PER_IP is a positive whole number', () => {
    expect(mailClientPolicy({})).toEqual({ kind: 'window', limit: 10, windowMs: 15 * MINUTE })
    expect(mailClientPolicy({ MAIL_CALLS_PER_IP: '1000' })).toEqual({
      ...MAIL_CLIENT_POLICY,
      limit: 1000,
    })
    for (const odd of ['0', '-3', '2.5', 'many', '']) {
      expect(mailClientPolicy({ MAIL_CALLS_PER_IP: odd })).toBe(MAIL_CLIENT_POLICY)
    }
  })
})

describe('old counts', () => {
  it('are dropped after a quiet day, unless blocked or a recent success marks a known address', async () => {
    const dayAgo = new Date(Date.now() - 25 * 60 * MINUTE)
    await database.db
      .insertInto('rate_limits')
      .values([
        { key: 'test:old', count: 3, last_counted_at: dayAgo },
        { key: 'test:old-known', count: 0, last_counted_at: dayAgo, succeeded_at: new Date() },
        {
          key: 'test:old-blocked',
          count: 9,
          last_counted_at: dayAgo,
          blocked_until: new Date(Date.now() + MINUTE),
        },
        { key: 'test:recent', count: 1 },
      ])
      .execute()
    await forgetOldCounts(database.db)
    const kept = await database.db
      .selectFrom('rate_limits')
      .select('key')
      .where('key', 'in', ['test:old', 'test:old-known', 'test:old-blocked', 'test:recent'])
      .orderBy('key')
      .execute()
    expect(kept.map((row) => row.key)).toEqual(['test:old-blocked', 'test:old-known', 'test:recent'])
  })
})
