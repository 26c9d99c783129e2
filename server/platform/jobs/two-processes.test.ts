import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PortalDatabase } from '../db/database.ts'
import {
  openSecondProcessDatabase,
  openTestDatabase,
  testsUsePostgres,
  type TestDatabase,
} from '../db/test-database.ts'
import { enqueueJob } from './queue.ts'
import { createJobRunner, type JobRunner } from './runner.ts'

/*
 * Two runners with their own database handles — under `npm run test:pg` two connection pools on
 * one PostgreSQL schema, as two portal processes have — work one queue at once, and each job runs
 * exactly once (no crash here, so no second run is allowed). On PGlite the one connection
 * serialises them; the rule is the same.
 */

const JOBS = 60
let first: TestDatabase
let second: TestDatabase

beforeAll(async () => {
  first = await openTestDatabase({ seeds: { addresses: false, demoAccount: false } })
  second = testsUsePostgres()
    ? await openSecondProcessDatabase(first, { addresses: false, demoAccount: false })
    : first
}, 60_000)

afterAll(async () => {
  if (second && second !== first) await second.close()
  await first?.close()
})

describe('two job runners on one queue', () => {
  it('run every job once, each by one of them', async () => {
    const runs: { job: number; by: string }[] = []
    const runnerOn = (db: PortalDatabase['db'], name: string): JobRunner =>
      createJobRunner({
        db,
        handlers: {
          count: {
            run: async (payload) => {
              await new Promise((resolve) => setTimeout(resolve, Math.random() * 10))
              runs.push({ job: (payload as { n: number }).n, by: name })
            },
          },
        },
        pollMs: 20,
        batch: 4,
        log: { warn: () => {} },
      })
    const runners = [runnerOn(first.db, 'one'), runnerOn(second.db, 'two')]
    for (const runner of runners) runner.start()
    await first.db.transaction().execute(async (trx) => {
      for (let n = 1; n <= JOBS; n += 1) await enqueueJob(trx, 'count', { n })
    })
    await expect
      .poll(
        async () =>
          (await first.db.selectFrom('jobs').select('id').where('status', '=', 'done').execute()).length,
        { timeout: 30_000, interval: 100 },
      )
      .toBe(JOBS)
    await Promise.all(runners.map((runner) => runner.stop()))
    expect(runs.map((run) => run.job).sort((a, b) => a - b)).toEqual(
      Array.from({ length: JOBS }, (_, index) => index + 1),
    )
    const attempts = await first.db.selectFrom('jobs').select('attempts').execute()
    expect(attempts.every((row) => row.attempts === 1)).toBe(true)
    if (second !== first) expect(new Set(runs.map((run) => run.by))).toEqual(new Set(['one', 'two']))
  }, 60_000)
})
