import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { IssueOptions } from './issue-certificate.ts'
import type { Database } from '../platform/db/schema.ts'
import { log } from '../platform/log.ts'
import type { CertificationHarness } from './harness.ts'
import {
  cancelRun,
  type CancelRunInput,
  type CancelRunResult,
  interruptRun,
  resumeRun,
  startRun,
  type StartRunInput,
  type StartRunResult,
} from './lifecycle.ts'
import { concurrentStartRefusal } from './lifecycle-requests.ts'
import { ownerLock, type OwnerLock } from './owner-lock.ts'
import { claimFreeRuns, releaseLeases, renewLeases } from './run-leases.ts'
import { executeRun, type RunLoopContext } from './run-loop.ts'

/*
 * The run executor (ARCHITECTURE.md decision 7). A run is a row of certification_runs with one
 * run_test_cases row per case of the device's test plan. The executor works through the cases in
 * order (run-loop.ts) and stores each one's state, times and log as soon as the case ends, so the
 * dashboard and the results can follow a run while it goes. Every status a run and its record
 * take, and every write of them, is the lifecycle's (lifecycle.ts): each is one transaction, only
 * while the transition is allowed and the run this executor's, ending with its live event.
 *
 * One run at a time per record: the partial unique index certification_runs_one_active refuses a
 * second InProgress/Maintenance run, even one started by another process at the same instant.
 *
 * Cancel (docs/decisions/0021): this process aborts the run's harness call at once (each run has
 * its own AbortController, linked to the executor's); an executor in another process finds the
 * run no longer its active run at its next lease check (DEFAULT_CHECK_MS) and stops.
 *
 * Processes (docs/decisions/0018): the executor that runs a run holds a lease on it
 * (run-leases.ts), renewed every check (DEFAULT_CHECK_MS). Each executor also holds an owner lock
 * (owner-lock.ts) for as long as it lives, which PostgreSQL drops the moment its session ends: a
 * process that dies (kill -9 closes its socket) or a PGlite that is no longer open holds none.
 * resumeRuns() claims, in one UPDATE, the active runs whose lease was released, has lapsed, or
 * whose owner holds no lock — at start, and again on every check — so a run of a process that died
 * is taken up at the next start or by a live process within DEFAULT_CHECK_MS, and a run whose
 * executor lives is never taken. The lease's expiry stays as the fallback for an executor that
 * lives but is stuck, and for an executor that could not take its lock.
 *
 * Restarts: a process that stops leaves its runs InProgress/Maintenance. `resumeRuns()` at the
 * next start takes them up again from the first unfinished case (a case cut off in the middle
 * runs again, with a note in its log). A run cannot honestly go on when the harness that
 * started it is no longer configured (or when the executor is told to end interrupted runs):
 * such a run is interrupted — Completed + Validation failure, its unfinished cases 'skipped' and
 * failure_reason saying why — so it never stays InProgress, the dashboard counts it under
 * Validation Failure (the device was not validated), Download Results explains the reason, and
 * the vendor can start a new run at once.
 *
 * On PGlite every multi-row change uses `trx` only inside its transaction (see pglite-dialect.ts).
 */

export const DEFAULT_MAINTENANCE_POLL_MS = 5000
/** How long a run stays this executor's without a renewal, even when its owner lock looks held. */
export const DEFAULT_LEASE_MS = 30_000
/** How often an executor renews its leases and looks for runs whose executor is gone. */
export const DEFAULT_CHECK_MS = 2000

export const INTERRUPTED_RUN_REASON = 'The run was interrupted by a restart of the certification service.'
export const HARNESS_CHANGED_REASON =
  'The run was interrupted by a restart of the certification service, and the lab harness that started it is no longer configured.'

export type RunExecutorOptions = {
  db: Kysely<Database>
  harness: CertificationHarness
  /** Whether the lab is in maintenance now; read before each case. Default: CERT_MAINTENANCE=1. */
  maintenance?: () => boolean
  /** How often a waiting run checks whether maintenance has ended. */
  maintenancePollMs?: number
  /** What resumeRuns does with a run a previous process left: go on (default) or end it. */
  onRestart?: 'resume' | 'end'
  /** Where errors of a run in the background go (default: the server's log, server/platform/log.ts). */
  onError?: (error: unknown, runId: string) => void
  /** The lease on the runs this executor runs (default DEFAULT_LEASE_MS). */
  leaseMs?: number
  /** How often leases are renewed and runs of gone executors looked for (default DEFAULT_CHECK_MS). */
  checkMs?: number
  /**
   * Where this executor holds its owner lock (docs/decisions/0018). 'auto' (default): PGlite's
   * own session, or on PostgreSQL a dedicated connection to `ownerLockUrl` (default DATABASE_URL).
   * 'none': leases only — a run of a process that died waits for its lease to lapse.
   */
  ownerLock?: 'auto' | 'none'
  /** PostgreSQL only: the database for the owner lock's connection (default DATABASE_URL). */
  ownerLockUrl?: string
  /** The key and validity of the certificate a certifying run gets (none without it). */
  certificates?: IssueOptions | null
}

export type ResumeReport = { resumed: string[]; ended: string[] }

export interface RunExecutor {
  /** Creates the run (an attempt: full, or a re-run of the failed cases) and executes it in the background. */
  startRun(input: StartRunInput): Promise<StartRunResult>
  /**
   * Cancels the record's active run (lifecycle.ts cancelRun) and, when this executor runs it,
   * aborts its case in flight at once. Another process's executor stops it at its next check.
   */
  cancelRun(input: CancelRunInput): Promise<CancelRunResult>
  /**
   * Takes up the active runs nobody executes: left by a process that stopped (lease released) or
   * died (lease lapsed). Called at start; afterwards the executor looks again on every renewal.
   */
  resumeRuns(): Promise<ResumeReport>
  /** Resolves when this process stops executing the run (finished, or stopped). */
  settled(runId: string): Promise<void>
  /**
   * Stops executing: aborts the harness calls in flight, waits for the loops to end and releases
   * the leases. The runs stay InProgress/Maintenance in the database, for resumeRuns() of the
   * next process (or of another one running now).
   */
  stop(): Promise<void>
  /**
   * Stops as a process that dies would (kill -9): the loops end, no lease is released, and the
   * owner lock goes as a closed session's does. For tests of crashes.
   */
  abandon(): Promise<void>
  /** Whether the owner lock is held, i.e. other executors can tell that this one lives. */
  holdsOwnerLock(): boolean
}

/** CERT_MAINTENANCE=1, read each time so a test or an operator tool may change it. */
export const maintenanceFromEnv =
  (env: NodeJS.ProcessEnv = process.env) =>
  () =>
    env.CERT_MAINTENANCE === '1'

/** What one executor keeps while it lives. */
type Executor = {
  options: RunExecutorOptions
  loop: RunLoopContext
  owner: string
  checkMs: number
  leaseUntil: () => Date
  onError: (error: unknown, runId: string) => void
  controller: AbortController
  executing: Map<string, Promise<void>>
  /**
   * Each executing run's own AbortController, aborted when the executor stops (linked to
   * `controller`), when the run is cancelled through this process, or when a lease check finds
   * the run no longer this executor's active run (cancelled through another process, or taken over
   * by another executor): the harness call in flight is aborted and the loop ends at once.
   */
  runControllers: Map<string, AbortController>
  lock: OwnerLock
  renewals?: NodeJS.Timeout
  renewing?: Promise<void>
  abandoned: boolean
}

export function createRunExecutor(options: RunExecutorOptions): RunExecutor {
  const { db, harness } = options
  const onError =
    options.onError ??
    ((error: unknown, runId: string) =>
      log.error({ runId, err: error }, 'certification run stopped on an error'))
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS
  const owner = randomUUID()
  const executor: Executor = {
    options,
    loop: {
      db,
      harness,
      owner,
      maintenance: options.maintenance ?? maintenanceFromEnv(),
      pollMs: options.maintenancePollMs ?? DEFAULT_MAINTENANCE_POLL_MS,
      certificates: options.certificates ?? null,
    },
    owner,
    checkMs: Math.max(10, Math.min(options.checkMs ?? DEFAULT_CHECK_MS, Math.floor(leaseMs / 3))),
    leaseUntil: () => new Date(Date.now() + leaseMs),
    onError,
    controller: new AbortController(),
    executing: new Map(),
    runControllers: new Map(),
    lock: ownerLock({
      db,
      owner,
      mode: options.ownerLock ?? 'auto',
      url: options.ownerLockUrl ?? process.env.DATABASE_URL,
      onError: (error) => onError(error, 'owner lock'),
    }),
    abandoned: false,
  }
  return {
    startRun: (input) => startRunOf(executor, input),
    cancelRun: (input) => cancelRunOf(executor, input),
    resumeRuns: () => resumeRunsOf(executor),
    settled: async (runId) => {
      await executor.executing.get(runId)
    },
    stop: () => stopExecutor(executor),
    abandon: () => abandonExecutor(executor),
    holdsOwnerLock: () => executor.lock.held(),
  }
}

/**
 * Every checkMs: keeps the owner lock, renews this executor's leases on its active runs, stops
 * the runs that are no longer its active ones, and takes up runs nobody executes.
 */
function keepLeases(executor: Executor) {
  const { controller, executing, runControllers } = executor
  if (executor.renewals || controller.signal.aborted) return
  executor.renewals = setInterval(() => {
    if (executor.renewing || controller.signal.aborted) return
    executor.renewing = (async () => {
      await executor.lock.check()
      const ids = [...executing.keys()]
      if (ids.length > 0) {
        const kept = await renewLeases(executor.loop.db, executor.owner, ids, executor.leaseUntil())
        // Cancelled (another process), ended, or taken over: stop it now; its writes would be refused anyway.
        for (const id of ids) if (!kept.has(id)) runControllers.get(id)?.abort()
      }
      await resumeRunsOf(executor)
    })()
      .catch((error: unknown) => {
        if (!controller.signal.aborted) executor.onError(error, 'lease renewal')
      })
      .finally(() => {
        executor.renewing = undefined
      })
  }, executor.checkMs)
  executor.renewals.unref()
}

function launch(executor: Executor, runId: string) {
  const { controller, executing, runControllers } = executor
  keepLeases(executor)
  const runController = new AbortController()
  const stopRun = () => runController.abort()
  controller.signal.addEventListener('abort', stopRun, { once: true })
  runControllers.set(runId, runController)
  const execution = executeRun(executor.loop, runId, runController.signal)
    .catch((error: unknown) => {
      // A database that closes under a stopping process, or a cancelled run, is not an error.
      if (!runController.signal.aborted) executor.onError(error, runId)
    })
    .finally(() => {
      controller.signal.removeEventListener('abort', stopRun)
      executing.delete(runId)
      runControllers.delete(runId)
    })
  executing.set(runId, execution)
}

async function startRunOf(executor: Executor, input: StartRunInput): Promise<StartRunResult> {
  // Other executors must see this one live before it writes a lease.
  await executor.lock.ready()
  keepLeases(executor)
  const starting = {
    harness: executor.loop.harness.name,
    owner: executor.owner,
    leaseUntil: executor.leaseUntil,
    maintenance: executor.loop.maintenance,
  }
  let result: StartRunResult
  try {
    result = await executor.loop.db.transaction().execute((trx) => startRun(trx, input, starting))
  } catch (error) {
    const refused = concurrentStartRefusal(error)
    if (refused) return refused
    throw error
  }
  if (result.ok && !executor.controller.signal.aborted) launch(executor, result.runId)
  return result
}

async function cancelRunOf(executor: Executor, input: CancelRunInput): Promise<CancelRunResult> {
  const result = await executor.loop.db.transaction().execute((trx) => cancelRun(trx, input))
  // This process runs it: its case in flight stops now (another process's at its next check).
  if (result.ok) executor.runControllers.get(result.runId)?.abort()
  return result
}

async function resumeRunsOf(executor: Executor): Promise<ResumeReport> {
  const { db, harness } = executor.loop
  const report: ResumeReport = { resumed: [], ended: [] }
  if (executor.controller.signal.aborted) return report
  await executor.lock.ready()
  keepLeases(executor)
  const runs = await claimFreeRuns(db, executor.owner, executor.leaseUntil(), executor.lock.inUse())
  for (const run of runs) {
    if (executor.executing.has(run.run_id)) continue
    if (executor.options.onRestart === 'end' || run.harness !== harness.name) {
      const reason = run.harness === harness.name ? INTERRUPTED_RUN_REASON : HARNESS_CHANGED_REASON
      await db.transaction().execute((trx) => interruptRun(trx, run, reason))
      report.ended.push(run.run_id)
      continue
    }
    await db.transaction().execute((trx) => resumeRun(trx, run, executor.owner))
    if (!executor.controller.signal.aborted) launch(executor, run.run_id)
    report.resumed.push(run.run_id)
  }
  return report
}

async function stopExecutor(executor: Executor) {
  // A process that died releases nothing afterwards.
  if (executor.abandoned) return
  executor.controller.abort()
  clearInterval(executor.renewals)
  await Promise.all([...executor.executing.values(), executor.renewing])
  try {
    // Released, so that the next process takes the runs up at once.
    await releaseLeases(executor.loop.db, executor.owner)
  } finally {
    await executor.lock.release()
  }
}

async function abandonExecutor(executor: Executor) {
  executor.abandoned = true
  executor.controller.abort()
  clearInterval(executor.renewals)
  await Promise.all([...executor.executing.values(), executor.renewing])
  await executor.lock.release()
}
