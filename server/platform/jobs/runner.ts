import { randomUUID } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { Database, JobStatus } from '../db/schema.ts'
import { log as serverLog } from '../log.ts'
import { createAlarm } from './alarm.ts'
import { consumeEachReader, type EventReader } from './event-log.ts'
import { jobBackoffMs } from './backoff.ts'
import { createPruner, type Prune } from './prune.ts'
import { onJobEnqueued } from './queue.ts'

/*
 * The one loop that does work after a commit, in every portal process. Jobs (queue.ts) are
 * claimed with `update … where id in (select … for update skip locked)`: two runners — in one
 * process or in two on one PostgreSQL — never take the same job, and the claimed row carries the
 * runner's id and a lease. A runner that dies mid-job leaves the lease to run out; the job is then
 * claimed again (at least once). The outcome is written only while the row still holds this
 * runner's lease and attempt, so a runner that stalled past its lease cannot overwrite the attempt
 * another has taken over.
 *
 * A failed attempt is tried again after the kind's backoff (base × 2^(attempt−1), capped, ±25 % at
 * random); after max_attempts the job is dead: kept with its last error (listDeadJobs).
 *
 * A handler whose work has its own schedule (a webhook delivery retried by its own rules for 24 h)
 * answers `{ retryAt }`: the job is pending again until then, and that attempt is no failure (it
 * does not count against max_attempts). A handler that writes its outcome in its own transaction
 * settles the job there (JobContext.settle), so that its writes and the job's next state commit
 * together, and only while its lease holds (JobContext.held).
 */

/** What an attempt may answer besides done: run the job again at retryAt. */
export type JobVerdict = { retryAt: Date }

export type JobContext = {
  id: number
  attempts: number
  maxAttempts: number
  topic: string | null
  /**
   * In the handler's transaction: locks the job's row and answers whether this attempt still
   * holds its lease (false: another runner took the job over; this attempt must write nothing).
   */
  held(trx: Transaction<Database>): Promise<boolean>
  /**
   * In the handler's transaction: the job done, or pending again at `verdict.retryAt`, written
   * with the handler's own writes if this attempt still holds its lease (answered). The runner then
   * writes nothing more of this attempt.
   */
  settle(trx: Transaction<Database>, verdict?: JobVerdict): Promise<boolean>
}

export type JobHandler =
  /** Done when it resolves (unless it answers a verdict or settled the job itself); failed when it throws. */
  (
    | { run(payload: unknown, job: JobContext): Promise<void | JobVerdict> }
    /**
     * Work that only writes to the database: done in one transaction with the job's mark, so it is
     * done exactly once.
     */
    | { write(trx: Transaction<Database>, payload: unknown, job: JobContext): Promise<void> }
  ) & {
    /** The first retry's wait (default 10 s); each next one doubles. */
    backoffBaseMs?: number
    /** The longest wait between attempts (default 1 h). */
    backoffMaxMs?: number
  }

export type JobRunnerOptions = {
  db: Kysely<Database>
  /** The handler of each kind; a runner claims only the kinds it has. */
  handlers: Record<string, JobHandler>
  /** Readers of the events log by cursor name (event-log.ts), run at each round before the jobs. */
  readers?: Record<string, EventReader>
  /** The domains' own pruning (prune.ts), run with the done jobs' at most once an hour. */
  prunes?: readonly Prune[]
  pollMs?: number
  leaseMs?: number
  /** How many jobs one round claims (and runs side by side). */
  batch?: number
  clock?: () => Date
  random?: () => number
  log?: { warn(fields: object, message: string): void }
}

export type JobOutcome = Exclude<JobStatus, 'running'>

export type JobRunner = {
  readonly processId: string
  start(): void
  /** Stops claiming; waits for the jobs under way. */
  stop(): Promise<void>
  /** One round: reads the new events, claims what is due and runs it; answers how much was done. */
  runOnce(): Promise<number>
  /**
   * Runs one pending job now, due or not (a handler that wants its mail out before it answers,
   * enqueued to run later should this process die first); answers what became of it, or null when
   * it was not there to take.
   */
  runNow(id: number): Promise<JobOutcome | null>
  /** Looks for due jobs soon. */
  wake(): void
  /**
   * Whether the loop runs and went round lately: it began a round or a wait within the lease
   * (a round that takes longer has jobs past their lease). For /readyz.
   */
  alive(): boolean
}

export const DEFAULT_JOB_LEASE_MS = 60_000
const ERROR_LENGTH = 500

type Claimed = {
  id: number
  kind: string
  topic: string | null
  payload: unknown
  attempts: number
  max_attempts: number
}

/** What the steps of one runner share. */
type Runner = {
  db: Kysely<Database>
  handlers: Record<string, JobHandler>
  readers: Record<string, EventReader>
  kinds: string[]
  clock: () => Date
  leaseMs: number
  batch: number
  random: () => number
  logger: NonNullable<JobRunnerOptions['log']>
  processId: string
}

/** Leases the due jobs (or the pending job `only`, due or not) to this runner. */
async function claim(runner: Runner, only?: number): Promise<Claimed[]> {
  const { db, kinds, processId } = runner
  if (kinds.length === 0) return []
  const now = runner.clock()
  const due = (from: ReturnType<typeof db.selectFrom<'jobs'>>) =>
    only === undefined
      ? from
          .where('kind', 'in', kinds)
          .where((w) =>
            w.or([
              w.and([w('status', '=', 'pending'), w('run_at', '<=', now)]),
              w.and([w('status', '=', 'running'), w('lease_until', '<=', now)]),
            ]),
          )
      : from.where('kind', 'in', kinds).where('id', '=', only).where('status', '=', 'pending')
  // A read first, so that an idle poll writes nothing and takes no lock.
  if (!(await due(db.selectFrom('jobs')).select('id').limit(1).executeTakeFirst())) return []
  return db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'running',
      lease_owner: processId,
      lease_until: new Date(now.getTime() + runner.leaseMs),
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', 'in', (eb) =>
      due(eb.selectFrom('jobs'))
        .select('id')
        .orderBy('run_at')
        .orderBy('id')
        .limit(runner.batch)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'kind', 'topic', 'payload', 'attempts', 'max_attempts'])
    .execute()
}

/** The job's row while it is still this runner's attempt. */
const attemptOf = (runner: Runner, job: Claimed, db: Kysely<Database> | Transaction<Database> = runner.db) =>
  db
    .updateTable('jobs')
    .where('id', '=', job.id)
    .where('lease_owner', '=', runner.processId)
    .where('attempts', '=', job.attempts)
    .where('status', '=', 'running')

const cleared = { lease_owner: null, lease_until: null }

/** Marks the attempt done; in a writing job's own transaction `trx`, refuses a lost lease. */
async function markDone(runner: Runner, job: Claimed, trx?: Transaction<Database>) {
  const marked = await attemptOf(runner, job, trx)
    .set({ ...cleared, status: 'done', payload: null, last_error: null, finished_at: runner.clock() })
    .executeTakeFirst()
  // Another runner took the job over after this one's lease ran out: its attempt counts.
  if (trx && Number(marked.numUpdatedRows) === 0)
    throw new Error('The job’s lease ran out before its work was written.')
}

/** The job pending again at `retryAt`, asked for by its handler: that attempt is given back. */
const rescheduled = (runner: Runner, job: Claimed, retryAt: Date, db?: Transaction<Database>) =>
  attemptOf(runner, job, db)
    .set((eb) => ({
      ...cleared,
      status: 'pending',
      run_at: retryAt,
      last_error: null,
      max_attempts: eb('max_attempts', '+', 1),
    }))
    .executeTakeFirst()

/** Writes the attempt's outcome, if the job is still this runner's attempt. */
async function finish(
  runner: Runner,
  job: Claimed,
  error: unknown,
  verdict?: JobVerdict,
): Promise<JobOutcome> {
  const { logger } = runner
  const now = runner.clock()
  const mine = attemptOf(runner, job)
  if (error === undefined && verdict) {
    await rescheduled(runner, job, verdict.retryAt)
    return 'pending'
  }
  if (error === undefined) {
    await markDone(runner, job)
    return 'done'
  }
  const message = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_LENGTH)
  const fields = { jobId: job.id, kind: job.kind, attempts: job.attempts, error: message }
  if (job.attempts >= job.max_attempts) {
    await mine.set({ ...cleared, status: 'dead', last_error: message, finished_at: now }).execute()
    logger.warn(fields, 'A job is dead.')
    return 'dead'
  }
  const handler = runner.handlers[job.kind]
  const waitMs = jobBackoffMs(
    job.attempts,
    { baseMs: handler?.backoffBaseMs, maxMs: handler?.backoffMaxMs },
    runner.random,
  )
  await mine
    .set({ ...cleared, status: 'pending', last_error: message, run_at: new Date(now.getTime() + waitMs) })
    .execute()
  logger.warn(fields, 'A job failed; it is tried again.')
  return 'pending'
}

/** What a handler is told of its job; `settled` is set once it settled the job itself. */
function contextOf(runner: Runner, job: Claimed) {
  const state: { settled: JobOutcome | null } = { settled: null }
  const context: JobContext = {
    id: job.id,
    attempts: job.attempts,
    maxAttempts: job.max_attempts,
    topic: job.topic,
    async held(trx) {
      const row = await trx
        .selectFrom('jobs')
        .select('id')
        .where('id', '=', job.id)
        .where('lease_owner', '=', runner.processId)
        .where('attempts', '=', job.attempts)
        .where('status', '=', 'running')
        .forUpdate()
        .executeTakeFirst()
      return row !== undefined
    },
    async settle(trx, verdict) {
      if (!(await context.held(trx))) return false
      if (verdict) await rescheduled(runner, job, verdict.retryAt, trx)
      else await markDone(runner, job, trx)
      state.settled = verdict ? 'pending' : 'done'
      return true
    },
  }
  return { context, state }
}

/** Runs one claimed job and writes what became of it. */
async function perform(runner: Runner, job: Claimed): Promise<JobOutcome> {
  const handler = runner.handlers[job.kind]
  const { context, state } = contextOf(runner, job)
  let failure: unknown = undefined
  let verdict: JobVerdict | void = undefined
  try {
    if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}.`)
    if (job.attempts > job.max_attempts) throw new Error('Its last attempt did not finish.')
    if ('write' in handler) {
      await runner.db.transaction().execute(async (trx) => {
        await handler.write(trx, job.payload, context)
        await markDone(runner, job, trx)
      })
      return 'done'
    }
    verdict = await handler.run(job.payload, context)
    // Settled in the handler's transaction (or, lease lost, left to the runner that took it over).
    if (state.settled) return state.settled
  } catch (error) {
    failure = error ?? new Error('The job failed.')
  }
  try {
    return await finish(runner, job, failure, verdict ?? undefined)
  } catch (error) {
    // The lease runs out and the job is run again.
    runner.logger.warn({ jobId: job.id, err: String(error) }, 'A job’s outcome could not be written.')
    return 'pending'
  }
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const pollMs = options.pollMs ?? 1000
  const runner: Runner = {
    db: options.db,
    handlers: options.handlers,
    readers: options.readers ?? {},
    kinds: Object.keys(options.handlers),
    clock: options.clock ?? (() => new Date()),
    leaseMs: options.leaseMs ?? DEFAULT_JOB_LEASE_MS,
    batch: options.batch ?? 5,
    random: options.random ?? Math.random,
    logger: options.log ?? { warn: (fields: object, message: string) => serverLog.warn(fields, message) },
    processId: `jobs-${randomUUID()}`,
  }
  let running = false
  let lastTurn = 0
  let loop: Promise<void> | null = null
  const alarm = createAlarm()
  const wake = alarm.wake
  let unlisten: (() => void) | null = null
  const underway = new Set<Promise<unknown>>()

  function track<T>(work: Promise<T>): Promise<T> {
    underway.add(work)
    void work.finally(() => underway.delete(work)).catch(() => {})
    return work
  }

  const prune = createPruner(runner.db, runner.clock, options.prunes)

  async function runOnce(): Promise<number> {
    await prune()
    const read = await consumeEachReader(runner.db, runner.readers, runner.logger)
    const jobs = await claim(runner)
    await Promise.all(jobs.map((job) => track(perform(runner, job))))
    return read + jobs.length
  }

  async function runNow(id: number): Promise<JobOutcome | null> {
    const [job] = await claim(runner, id)
    return job ? track(perform(runner, job)) : null
  }

  async function work() {
    while (running) {
      lastTurn = Date.now()
      let claimed = 0
      try {
        claimed = await runOnce()
      } catch (error) {
        runner.logger.warn({ err: String(error) }, 'The job runner could not read its jobs; it tries again.')
      }
      if (!running) break
      lastTurn = Date.now()
      if (claimed === 0 && running) await alarm.sleep(pollMs)
    }
  }

  return {
    processId: runner.processId,
    start() {
      if (running) return
      running = true
      unlisten = onJobEnqueued(wake)
      loop = work()
    },
    async stop() {
      running = false
      unlisten?.()
      unlisten = null
      wake()
      await loop
      loop = null
      await Promise.allSettled([...underway])
    },
    runOnce,
    runNow,
    wake,
    alive: () => running && Date.now() - lastTurn < Math.max(runner.leaseMs, pollMs * 5),
  }
}
