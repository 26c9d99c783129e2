import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { openTestDatabase, type TestDatabase } from '../db/test-database.ts'
import { enqueueJob, jobStates, listDeadJobs } from './queue.ts'
import { jobBackoffMs } from './backoff.ts'
import { pruneDoneJobs } from './prune.ts'
import { createJobRunner, type JobHandler } from './runner.ts'

/*
 * The job runner on one database: a job exists only when its transaction committed, runs once,
 * is retried after a doubling wait, and dies (kept, readable) after its last attempt; a handler
 * with its own schedule answers when to run again, or settles its job in its own transaction.
 */

let database: TestDatabase
const quiet = { warn: () => {} }
const T0 = new Date('2026-03-01T10:00:00.000Z')

beforeAll(async () => {
  database = await openTestDatabase({ seeds: { addresses: false, demoAccount: false } })
}, 60_000)

afterAll(async () => {
  await database?.close()
})

beforeEach(async () => {
  await database.db.deleteFrom('jobs').execute()
})

/** A runner whose clock the test moves, and jitter off (random 0.5 is × 1). */
function runnerAt(handlers: Record<string, JobHandler>) {
  let now = T0
  const runner = createJobRunner({
    db: database.db,
    handlers,
    clock: () => now,
    random: () => 0.5,
    log: quiet,
  })
  return { runner, advance: (ms: number) => void (now = new Date(now.getTime() + ms)) }
}

const jobRow = (id: number) =>
  database.db
    .selectFrom('jobs')
    .select(['status', 'attempts', 'payload', 'last_error', 'run_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

const enqueue = (kind: string, payload: unknown, maxAttempts = 5) =>
  database.db
    .transaction()
    .execute((trx) => enqueueJob(trx, kind, payload, { maxAttempts, runAt: T0, topic: `topic:${kind}` }))

describe('jobBackoffMs', () => {
  it('doubles from the base up to the cap, ±25 % at random', () => {
    expect([1, 2, 3, 4].map((attempt) => jobBackoffMs(attempt, {}, () => 0.5))).toEqual([
      10_000, 20_000, 40_000, 80_000,
    ])
    expect(jobBackoffMs(20, {}, () => 0.5)).toBe(3_600_000)
    expect(jobBackoffMs(1, { baseMs: 30_000, maxMs: 60_000 }, () => 0)).toBe(22_500)
    expect(jobBackoffMs(3, { baseMs: 30_000, maxMs: 60_000 }, () => 0.5)).toBe(60_000)
  })
})

describe('pruning done jobs', () => {
  it('deletes done jobs finished before the mark, and keeps later ones, dead letters and work', async () => {
    const DAY = 24 * 60 * 60 * 1000
    const row = (kind: string, status: 'pending' | 'done' | 'dead', finishedDaysAgo: number | null) => ({
      kind,
      status,
      max_attempts: 1,
      finished_at: finishedDaysAgo === null ? null : new Date(T0.getTime() - finishedDaysAgo * DAY),
    })
    await database.db
      .insertInto('jobs')
      .values([
        row('done-31-days', 'done', 31),
        row('done-29-days', 'done', 29),
        row('dead-60-days', 'dead', 60),
        row('pending', 'pending', null),
      ])
      .execute()
    expect(await pruneDoneJobs(database.db, new Date(T0.getTime() - 30 * DAY))).toBe(1)
    const left = await database.db.selectFrom('jobs').select('kind').orderBy('kind').execute()
    expect(left.map((job) => job.kind)).toEqual(['dead-60-days', 'done-29-days', 'pending'])
  })

  it('is done by the runner once an hour of its clock, 30 days after a job finished', async () => {
    const [DAY, MINUTE] = [24 * 60 * 60 * 1000, 60 * 1000]
    const { runner, advance } = runnerAt({ greet: { run: async () => {} } })
    await enqueue('greet', {})
    await runner.runOnce()
    const status = async () =>
      (await database.db.selectFrom('jobs').select('status').execute()).map((j) => j.status)
    advance(30 * DAY - 30 * MINUTE)
    await runner.runOnce() // prunes: the job is not 30 days old yet
    expect(await status()).toEqual(['done'])
    advance(31 * MINUTE)
    await runner.runOnce() // old enough, but the last prune was 31 minutes ago
    expect(await status()).toEqual(['done'])
    advance(30 * MINUTE)
    await runner.runOnce()
    expect(await database.db.selectFrom('jobs').select('status').execute()).toEqual([])
  })
})

describe('the job runner', () => {
  it('runs a committed job once with its payload and empties it; a rolled-back one never exists', async () => {
    const ran: unknown[] = []
    const { runner } = runnerAt({ greet: { run: async (payload) => void ran.push(payload) } })
    await expect(
      database.db.transaction().execute(async (trx) => {
        await enqueueJob(trx, 'greet', { to: 'lost@example.com' })
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    const id = await enqueue('greet', { to: 'asha@example.com' })
    expect(await runner.runOnce()).toBe(1)
    expect(await runner.runOnce()).toBe(0)
    expect(ran).toEqual([{ to: 'asha@example.com' }])
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1, payload: null, last_error: null })
    expect(await jobStates(database.db, ['topic:greet', 'topic:none'])).toEqual(
      new Map([['topic:greet', { status: 'done', attempts: 1, lastError: null }]]),
    )
  })

  it('tries a failed job again after 10 s, then 20 s, and keeps the last error meanwhile', async () => {
    let calls = 0
    const { runner, advance } = runnerAt({
      flaky: {
        run: async () => {
          calls += 1
          if (calls < 3) throw new Error(`SMTP refused (${calls})`)
        },
      },
    })
    const id = await enqueue('flaky', {})
    expect(await runner.runOnce()).toBe(1)
    expect(await jobRow(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'SMTP refused (1)',
      run_at: new Date('2026-03-01T10:00:10.000Z'),
    })
    advance(9_999)
    expect(await runner.runOnce()).toBe(0)
    advance(1)
    expect(await runner.runOnce()).toBe(1)
    expect(await jobRow(id)).toMatchObject({
      status: 'pending',
      attempts: 2,
      last_error: 'SMTP refused (2)',
      run_at: new Date('2026-03-01T10:00:30.000Z'),
    })
    advance(20_000)
    expect(await runner.runOnce()).toBe(1)
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 3, last_error: null })
    expect(calls).toBe(3)
  })

  it('keeps a job that failed every attempt as a dead letter with its last error', async () => {
    const { runner, advance } = runnerAt({
      doomed: {
        run: async (_payload, job) => {
          throw new Error(`attempt ${job.attempts} of ${job.maxAttempts} failed`)
        },
      },
    })
    const id = await enqueue('doomed', { to: 'nobody@example.com' }, 2)
    await runner.runOnce()
    advance(10_000)
    expect(await runner.runOnce()).toBe(1)
    advance(3_600_000)
    expect(await runner.runOnce()).toBe(0)
    expect(await jobRow(id)).toMatchObject({ status: 'dead', attempts: 2 })
    expect(await listDeadJobs(database.db)).toEqual([
      {
        id,
        kind: 'doomed',
        topic: 'topic:doomed',
        payload: { to: 'nobody@example.com' },
        attempts: 2,
        lastError: 'attempt 2 of 2 failed',
        createdAt: expect.any(Date),
        diedAt: new Date('2026-03-01T10:00:10.000Z'),
      },
    ])
    expect(await listDeadJobs(database.db, { kind: 'other' })).toEqual([])
  })

  it('takes over a job whose runner died mid-attempt once its lease ran out', async () => {
    const ran: number[] = []
    const { runner, advance } = runnerAt({
      resumable: { run: async (_p, job) => void ran.push(job.attempts) },
    })
    const id = await enqueue('resumable', {})
    await database.db
      .updateTable('jobs')
      .set({
        status: 'running',
        attempts: 1,
        lease_owner: 'jobs-gone',
        lease_until: new Date('2026-03-01T10:01:00.000Z'),
      })
      .where('id', '=', id)
      .execute()
    expect(await runner.runOnce()).toBe(0)
    advance(60_000)
    expect(await runner.runOnce()).toBe(1)
    expect(ran).toEqual([2])
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 })
  })

  it('runs one job at once on request, due or not, and answers null for one no longer pending', async () => {
    const ran: string[] = []
    const { runner } = runnerAt({ now: { run: async (payload) => void ran.push(String(payload)) } })
    const first = await enqueue('now', 'first')
    const second = await database.db
      .transaction()
      .execute((trx) => enqueueJob(trx, 'now', 'second', { runAt: new Date('2026-03-01T10:05:00.000Z') }))
    expect(await runner.runNow(second)).toBe('done')
    expect(await runner.runNow(second)).toBeNull()
    expect(ran).toEqual(['second'])
    expect((await jobRow(first)).status).toBe('pending')
  })

  it('stops only after the job under way has finished, and claims only the kinds it handles', async () => {
    let release = () => {}
    const finished: string[] = []
    const runner = createJobRunner({
      db: database.db,
      handlers: {
        slow: {
          run: () =>
            new Promise<void>((resolve) => {
              release = () => {
                finished.push('slow')
                resolve()
              }
            }),
        },
      },
      pollMs: 10,
      log: quiet,
    })
    const other = await database.db.transaction().execute((trx) => enqueueJob(trx, 'someone-else', {}))
    const slow = await database.db.transaction().execute((trx) => enqueueJob(trx, 'slow', {}))
    runner.start()
    await expect.poll(async () => (await jobRow(slow)).status).toBe('running')
    const stopped = runner.stop()
    setTimeout(() => release(), 50)
    await stopped
    expect(finished).toEqual(['slow'])
    expect((await jobRow(slow)).status).toBe('done')
    expect((await jobRow(other)).status).toBe('pending')
  })
})

describe('a job that only writes', () => {
  it('writes its work with its mark in one transaction, and writes nothing when it fails', async () => {
    const cursors = () =>
      database.db
        .selectFrom('event_cursors')
        .select('consumer')
        .where('consumer', 'like', 'written-%')
        .execute()
    let fail = true
    const { runner, advance } = runnerAt({
      record: {
        write: async (trx, payload) => {
          await trx
            .insertInto('event_cursors')
            .values({ consumer: `written-${String(payload)}`, last_seq: 0 })
            .execute()
          if (fail) throw new Error('the second write failed')
        },
      },
    })
    const id = await enqueue('record', 'once')
    await runner.runOnce()
    expect(await cursors()).toEqual([])
    expect(await jobRow(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'the second write failed',
    })
    fail = false
    advance(10_000)
    expect(await runner.runOnce()).toBe(1)
    expect(await cursors()).toEqual([{ consumer: 'written-once' }])
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 })
  })
})

describe('a job with its own schedule', () => {
  it('runs again when its handler answers retryAt, that attempt not counted against max_attempts', async () => {
    const answers = [{ retryAt: new Date(T0.getTime() + 300_000) }, undefined]
    const { runner, advance } = runnerAt({ poll: { run: async () => answers.shift() } })
    const id = await enqueue('poll', {}, 1)
    expect(await runner.runOnce()).toBe(1)
    expect(await jobRow(id)).toMatchObject({ status: 'pending', attempts: 1, last_error: null })
    expect((await jobRow(id)).run_at.getTime()).toBe(T0.getTime() + 300_000)
    advance(299_000)
    expect(await runner.runOnce()).toBe(0)
    advance(1000)
    expect(await runner.runOnce()).toBe(1)
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 })
  })

  it('settles in the handler’s transaction with its writes, and not at all once its lease is lost', async () => {
    const settled: boolean[] = []
    let takenOver = false
    const { runner } = runnerAt({
      send: {
        async run(_payload, job) {
          if (takenOver) {
            await database.db
              .updateTable('jobs')
              .set({ lease_owner: 'another-runner' })
              .where('id', '=', job.id)
              .execute()
          }
          await database.db.transaction().execute(async (trx) => {
            const mine = await job.settle(trx, { retryAt: new Date(T0.getTime() + 60_000) })
            settled.push(mine)
            // The handler's own write, only while its lease holds.
            if (mine) await enqueueJob(trx, 'follow-up', { of: job.id }, { runAt: T0 })
          })
        },
      },
    })
    const id = await enqueue('send', {})
    expect(await runner.runOnce()).toBe(1)
    expect(await jobRow(id)).toMatchObject({ status: 'pending', attempts: 1 })
    const followUps = () =>
      database.db.selectFrom('jobs').select('id').where('kind', '=', 'follow-up').execute()
    expect(await followUps()).toHaveLength(1)
    takenOver = true
    await database.db.updateTable('jobs').set({ run_at: T0 }).where('id', '=', id).execute()
    expect(await runner.runOnce()).toBe(1)
    expect(settled).toEqual([true, false])
    expect(await followUps()).toHaveLength(1)
    // The runner that took it over finishes it: this one wrote nothing more.
    expect(await jobRow(id)).toMatchObject({ status: 'running', attempts: 2 })
  })
})

describe('a reader of the events log', () => {
  it('gets each committed event once, in order, with its work written in the cursor’s transaction', async () => {
    const { db } = database
    await db.insertInto('event_cursors').values({ consumer: 'test-reader', last_seq: 0 }).execute()
    await db
      .updateTable('event_cursors')
      .set((eb) => ({
        last_seq: eb.selectFrom('events').select((e) => e.fn.coalesce(e.fn.max('seq'), e.lit(0)).as('m')),
      }))
      .where('consumer', '=', 'test-reader')
      .execute()
    const append = (type: string) =>
      db
        .insertInto('events')
        .values({ organization_id: 'org-reader', type, portfolio_manager_id: null, run_id: null, data: '{}' })
        .execute()
    await append('first')
    await append('second')
    const seen: string[] = []
    const reading = createJobRunner({
      db,
      handlers: { note: { run: async (payload) => void seen.push(`job ${String(payload)}`) } },
      readers: {
        'test-reader': async (trx, event) => {
          seen.push(`event ${event.type}`)
          await enqueueJob(trx, 'note', event.type)
        },
      },
      log: quiet,
    })
    // Two events read, then their two jobs run (side by side: in either order).
    expect(await reading.runOnce()).toBe(4)
    expect(seen.slice(0, 2)).toEqual(['event first', 'event second'])
    expect(seen.slice(2).sort()).toEqual(['job first', 'job second'])
    await append('third')
    expect(await reading.runOnce()).toBe(2)
    expect(await reading.runOnce()).toBe(0)
    expect(seen.slice(4)).toEqual(['event third', 'job third'])
  })
})
