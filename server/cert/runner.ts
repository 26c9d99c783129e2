import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import {
  FORBIDDEN_MESSAGE,
  RECORD_NOT_FOUND_MESSAGE,
  RUN_ALREADY_ACTIVE_MESSAGE,
  RUN_STARTED_MESSAGE,
} from '@/contract/server-messages'
import { isUniqueViolation } from '../db/database.ts'
import type { Database, DeviceRow, RunTestCaseRow } from '../db/schema.ts'
import { log } from '../log.ts'
import { pause, type CaseOutcome, type CertificationHarness } from './harness.ts'
import {
  ACTIVE_STATUSES,
  type ActiveStatus,
  endInterruptedRun,
  finishRun,
  isActive,
  setActiveStatus,
} from './run-store.ts'
import { testPlanFor } from './test-plans.ts'

/*
 * The run executor (ARCHITECTURE.md decision 7). A run is a row of certification_runs with one
 * run_test_cases row per case of the device's test plan. The executor works through the cases in
 * order and stores each one's state, times and log as soon as the case ends, so the dashboard
 * and the results can follow a run while it goes.
 *
 * Statuses, on the run and on its record alike (spec §4):
 *   start → InProgress (Maintenance while the lab is in maintenance), is_certified cleared;
 *   every case passed → Completed + CERTIFIED-OK; any case failed → Completed + Validation failure.
 * While the lab is in maintenance, a run finishes the case at hand, then waits in Maintenance
 * and polls until maintenance ends; it then goes on in InProgress.
 *
 * One run at a time per record: the partial unique index certification_runs_one_active refuses a
 * second InProgress/Maintenance run, even one started by another process at the same instant.
 *
 * Processes: the executor that runs a run holds a lease on it (lease_owner, lease_expires_at),
 * renewed every leaseMs/3. A process that stops releases its leases; one that dies lets them
 * lapse. resumeRuns() claims, in one UPDATE, only active runs without a live lease — at start,
 * and again on every renewal — so a run is never executed by two processes at once, and a run of
 * a process that died is taken up by a live one within leaseMs.
 *
 * Restarts: a process that stops leaves its runs InProgress/Maintenance. `resumeRuns()` at the
 * next start takes them up again from the first unfinished case (a case cut off in the middle
 * runs again, with a note in its log). A run cannot honestly go on when the harness that
 * started it is no longer configured (or when the executor is told to end interrupted runs):
 * such a run ends as Completed + Validation failure, its unfinished cases 'skipped' and
 * failure_reason saying why — so it never stays InProgress, the dashboard counts it under
 * Validation Failure (the device was not validated), Download Results explains the reason, and
 * the vendor can start a new run at once.
 *
 * On PGlite every multi-row change uses `trx` only inside its transaction (see pglite-dialect.ts).
 */

export const DEFAULT_MAINTENANCE_POLL_MS = 5000
/** How long a run stays this executor's without a renewal; renewed every third of it. */
export const DEFAULT_LEASE_MS = 30_000

export const INTERRUPTED_RUN_REASON = 'The run was interrupted by a restart of the certification service.'
export const HARNESS_CHANGED_REASON =
  'The run was interrupted by a restart of the certification service, and the lab harness that started it is no longer configured.'
export const RESTARTED_CASE_NOTE =
  'The certification service restarted during this case; the case runs again.'

export type StartRunInput = { portfolioManagerId: string; accountId: string }

export type StartRunResult =
  | { ok: true; runId: string; status: ActiveStatus; message: string }
  | { ok: false; reason: 'record-not-found' | 'forbidden' | 'already-active'; message: string }

export type RunExecutorOptions = {
  db: Kysely<Database>
  harness: CertificationHarness
  /** Whether the lab is in maintenance now; read before each case. Default: CERT_MAINTENANCE=1. */
  maintenance?: () => boolean
  /** How often a waiting run checks whether maintenance has ended. */
  maintenancePollMs?: number
  /** What resumeRuns does with a run a previous process left: go on (default) or end it. */
  onRestart?: 'resume' | 'end'
  /** Where errors of a run in the background go (default: the server's log, server/log.ts). */
  onError?: (error: unknown, runId: string) => void
  /** The lease on the runs this executor runs (default DEFAULT_LEASE_MS). */
  leaseMs?: number
}

export type ResumeReport = { resumed: string[]; ended: string[] }

export interface RunExecutor {
  /** Creates the run and starts executing it in the background. */
  startRun(input: StartRunInput): Promise<StartRunResult>
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
}

/** CERT_MAINTENANCE=1, read each time so a test or an operator tool may change it. */
export const maintenanceFromEnv =
  (env: NodeJS.ProcessEnv = process.env) =>
  () =>
    env.CERT_MAINTENANCE === '1'

export function createRunExecutor(options: RunExecutorOptions): RunExecutor {
  const { db, harness } = options
  const maintenance = options.maintenance ?? maintenanceFromEnv()
  const pollMs = options.maintenancePollMs ?? DEFAULT_MAINTENANCE_POLL_MS
  const onError =
    options.onError ??
    ((error: unknown, runId: string) =>
      log.error({ runId, err: error }, 'certification run stopped on an error'))
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS
  const owner = randomUUID()
  const leaseUntil = () => new Date(Date.now() + leaseMs)
  const controller = new AbortController()
  const executing = new Map<string, Promise<void>>()
  /** Runs whose lease another executor took (this one stalled past it): they stop after the case. */
  const lost = new Set<string>()
  let renewals: NodeJS.Timeout | undefined
  let renewing: Promise<void> | undefined

  /** Renews this executor's leases, notes the lost ones, and takes up runs nobody executes. */
  function keepLeases() {
    if (renewals || controller.signal.aborted) return
    renewals = setInterval(
      () => {
        if (renewing || controller.signal.aborted) return
        renewing = (async () => {
          const ids = [...executing.keys()]
          if (ids.length > 0) {
            const kept = await db
              .updateTable('certification_runs')
              .set({ lease_expires_at: leaseUntil() })
              .where('run_id', 'in', ids)
              .where('lease_owner', '=', owner)
              .returning('run_id')
              .execute()
            const keptIds = new Set(kept.map((row) => row.run_id))
            for (const id of ids) if (!keptIds.has(id)) lost.add(id)
          }
          await executor.resumeRuns()
        })()
          .catch((error: unknown) => {
            if (!controller.signal.aborted) onError(error, 'lease renewal')
          })
          .finally(() => {
            renewing = undefined
          })
      },
      Math.max(10, Math.floor(leaseMs / 3)),
    )
    renewals.unref()
  }

  function launch(runId: string) {
    keepLeases()
    const execution = executeRun(runId)
      .catch((error: unknown) => {
        // A database that closes under a stopping process is not the run's fault.
        if (!controller.signal.aborted) onError(error, runId)
      })
      .finally(() => {
        executing.delete(runId)
        lost.delete(runId)
      })
    executing.set(runId, execution)
  }

  async function executeRun(runId: string) {
    const { signal } = controller
    const run = await db
      .selectFrom('certification_runs')
      .selectAll()
      .where('run_id', '=', runId)
      .executeTakeFirst()
    if (!run || !isActive(run.status)) return
    const record = await db
      .selectFrom('device_records')
      .selectAll()
      .where('portfolio_manager_id', '=', run.portfolio_manager_id)
      .executeTakeFirst()
    if (!record) return
    let status: ActiveStatus = run.status

    while (!signal.aborted && !lost.has(runId)) {
      const wanted: ActiveStatus = maintenance() ? 'Maintenance' : 'InProgress'
      if (wanted !== status) {
        if (!(await setActiveStatus(db, runId, record.portfolio_manager_id, wanted))) return
        status = wanted
      }
      if (status === 'Maintenance') {
        await pause(pollMs, signal)
        continue
      }

      const next = await db
        .selectFrom('run_test_cases')
        .selectAll()
        .where('run_id', '=', runId)
        .where('state', 'in', ['pending', 'running'])
        .orderBy('position')
        .executeTakeFirst()
      if (!next) {
        await finishRun(db, runId, record.portfolio_manager_id)
        return
      }

      await db
        .updateTable('run_test_cases')
        .set({ state: 'running', started_at: new Date(), finished_at: null })
        .where('run_id', '=', runId)
        .where('position', '=', next.position)
        .execute()
      const outcome = await runCase(runId, next, record, signal)
      // Stopping: the outcome of a cut-off case is not a verdict; the next process runs it again.
      if (signal.aborted) return
      await db
        .updateTable('run_test_cases')
        .set({
          state: outcome.passed ? 'passed' : 'failed',
          finished_at: new Date(),
          log: [...next.log, ...outcome.log],
        })
        .where('run_id', '=', runId)
        .where('position', '=', next.position)
        .execute()
    }
  }

  async function runCase(
    runId: string,
    testCase: RunTestCaseRow,
    record: DeviceRow,
    signal: AbortSignal,
  ): Promise<CaseOutcome> {
    try {
      return await harness.runCase({
        run: { runId },
        testCase: { position: testCase.position, name: testCase.name },
        record,
        signal,
      })
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      return { passed: false, log: [`The lab harness failed on this case: ${reason}`] }
    }
  }

  /** Moves an active run and its record between InProgress and Maintenance; false when the run is no longer active. */
  const executor: RunExecutor = {
    async startRun({ portfolioManagerId, accountId }) {
      let result: StartRunResult
      try {
        result = await db.transaction().execute(async (trx): Promise<StartRunResult> => {
          const record = await trx
            .selectFrom('device_records')
            .select(['portfolio_manager_id', 'account_id', 'device_type', 'product_class'])
            .where('portfolio_manager_id', '=', portfolioManagerId)
            .forUpdate()
            .executeTakeFirst()
          if (!record) return { ok: false, reason: 'record-not-found', message: RECORD_NOT_FOUND_MESSAGE }
          if (record.account_id !== accountId)
            return { ok: false, reason: 'forbidden', message: FORBIDDEN_MESSAGE }
          const status: ActiveStatus = maintenance() ? 'Maintenance' : 'InProgress'
          const { run_id: runId } = await trx
            .insertInto('certification_runs')
            .values({
              portfolio_manager_id: portfolioManagerId,
              status,
              harness: harness.name,
              lease_owner: owner,
              lease_expires_at: leaseUntil(),
            })
            .returning('run_id')
            .executeTakeFirstOrThrow()
          const plan = testPlanFor(record.device_type, record.product_class)
          await trx
            .insertInto('run_test_cases')
            .values(plan.cases.map((name, position) => ({ run_id: runId, position, name })))
            .execute()
          await trx
            .updateTable('device_records')
            .set({ status, is_certified: '' })
            .where('portfolio_manager_id', '=', portfolioManagerId)
            .execute()
          return { ok: true, runId, status, message: RUN_STARTED_MESSAGE }
        })
      } catch (error) {
        if (isUniqueViolation(error, 'certification_runs_one_active')) {
          return { ok: false, reason: 'already-active', message: RUN_ALREADY_ACTIVE_MESSAGE }
        }
        throw error
      }
      if (result.ok && !controller.signal.aborted) launch(result.runId)
      return result
    },

    async resumeRuns() {
      const report: ResumeReport = { resumed: [], ended: [] }
      if (controller.signal.aborted) return report
      keepLeases()
      // Claiming is one statement: of two processes looking at once, one gets each run.
      const now = new Date()
      const claimed = await db
        .updateTable('certification_runs')
        .set({ lease_owner: owner, lease_expires_at: leaseUntil() })
        .where('status', 'in', ACTIVE_STATUSES)
        .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<=', now)]))
        .returningAll()
        .execute()
      const runs = claimed.sort((a, b) => a.started_at.getTime() - b.started_at.getTime())
      for (const run of runs) {
        if (executing.has(run.run_id)) continue
        if (options.onRestart === 'end' || run.harness !== harness.name) {
          await endInterruptedRun(
            db,
            run,
            run.harness === harness.name ? INTERRUPTED_RUN_REASON : HARNESS_CHANGED_REASON,
          )
          report.ended.push(run.run_id)
          continue
        }
        // A case cut off in the middle has no verdict: it runs again, and its log says so.
        await db
          .updateTable('run_test_cases')
          .set({ state: 'pending', started_at: null, log: [RESTARTED_CASE_NOTE] })
          .where('run_id', '=', run.run_id)
          .where('state', '=', 'running')
          .execute()
        if (!controller.signal.aborted) launch(run.run_id)
        report.resumed.push(run.run_id)
      }
      return report
    },

    async settled(runId) {
      await executing.get(runId)
    },

    async stop() {
      controller.abort()
      clearInterval(renewals)
      await Promise.all([...executing.values(), renewing])
      // Released, so that the next process takes the runs up at once instead of after the lease.
      await db
        .updateTable('certification_runs')
        .set({ lease_expires_at: null })
        .where('lease_owner', '=', owner)
        .where('status', 'in', ACTIVE_STATUSES)
        .execute()
    },
  }
  return executor
}
