import type { Kysely, Transaction } from 'kysely'
import type { Database, JobStatus } from '../db/schema.ts'

/*
 * Writing and reading jobs (the runner that does them is runner.ts). enqueueJob takes the caller's
 * transaction: the job is written with the change it follows and exists exactly when that change
 * committed. This process's runners are woken a moment later, when the commit is through; another
 * process's runner finds the job at its next poll.
 */

type Db = Kysely<Database> | Transaction<Database>

export const DEFAULT_MAX_ATTEMPTS = 5

export type EnqueueOptions = {
  /** What the job is about, for readers of its state (jobStates). */
  topic?: string
  maxAttempts?: number
  /** Not before this time (default: now). */
  runAt?: Date
}

const wakers = new Set<() => void>()

/** A runner of this process registers here to hear of new jobs. */
export function onJobEnqueued(wake: () => void) {
  wakers.add(wake)
  return () => void wakers.delete(wake)
}

/** Wakes this process's runners (a caller whose transaction has just committed may call it). */
export function wakeJobRunners() {
  for (const wake of wakers) wake()
}

/** Writes one job in `trx`; answers its id. */
export async function enqueueJob(
  trx: Db,
  kind: string,
  payload: unknown,
  { topic, maxAttempts = DEFAULT_MAX_ATTEMPTS, runAt }: EnqueueOptions = {},
): Promise<number> {
  const { id } = await trx
    .insertInto('jobs')
    .values({
      kind,
      topic: topic ?? null,
      payload: JSON.stringify(payload ?? null),
      max_attempts: maxAttempts,
      ...(runAt ? { run_at: runAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  // After the commit, in all likelihood: a runner that looks too soon finds it at its next poll.
  setTimeout(wakeJobRunners, 25).unref()
  return id
}

export type DeadJob = {
  id: number
  kind: string
  topic: string | null
  payload: unknown
  attempts: number
  lastError: string | null
  createdAt: Date
  diedAt: Date | null
}

/** The dead letters (jobs that failed every attempt), newest first. */
export async function listDeadJobs(db: Db, { kind, limit = 100 }: { kind?: string; limit?: number } = {}) {
  let query = db
    .selectFrom('jobs')
    .select(['id', 'kind', 'topic', 'payload', 'attempts', 'last_error', 'created_at', 'finished_at'])
    .where('status', '=', 'dead')
  if (kind) query = query.where('kind', '=', kind)
  const rows = await query.orderBy('id', 'desc').limit(limit).execute()
  return rows.map((row): DeadJob => ({
    id: row.id,
    kind: row.kind,
    topic: row.topic,
    payload: row.payload,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
    diedAt: row.finished_at,
  }))
}

export type JobState = { status: JobStatus; attempts: number; lastError: string | null }

/** The state of the latest job of each topic given (topics without a job are absent). */
export async function jobStates(db: Db, topics: readonly string[]): Promise<Map<string, JobState>> {
  if (topics.length === 0) return new Map()
  const rows = await db
    .selectFrom('jobs')
    .select(['topic', 'status', 'attempts', 'last_error'])
    .where('topic', 'in', [...topics])
    .orderBy('id', 'asc')
    .execute()
  return new Map(
    rows.map((row) => [
      row.topic ?? '',
      { status: row.status, attempts: row.attempts, lastError: row.last_error },
    ]),
  )
}
