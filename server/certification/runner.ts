import { randomUUID } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import pg from 'pg'
import type { RunKind } from '@/contract/certification'
import { AWAITING_REVIEW_REFUSAL_MESSAGE, AWAITING_REVIEW_STATUS } from '@/contract/lab'
import { VALIDATION_FAILURE } from '@/contract/records'
import {
  FORBIDDEN_MESSAGE,
  NO_FAILED_CASES_MESSAGE,
  RECORD_NOT_FOUND_MESSAGE,
  RERUN_STARTED_MESSAGE,
  RUN_ALREADY_ACTIVE_MESSAGE,
  RUN_STARTED_MESSAGE,
} from '@/contract/server-messages'
import { isUniqueViolation } from '../platform/db/database.ts'
import type { Database, DeviceRow, RunTestCaseRow } from '../platform/db/schema.ts'
import { appendEvent } from '../events/index.ts'
import { logActivity, recordSubject } from '../organizations/index.ts'
import type { IssueOptions } from './issue-certificate.ts'
import { log } from '../platform/log.ts'
import { pause, type CaseOutcome, type CertificationHarness } from './harness.ts'
import {
  ACTIVE_STATUSES,
  type ActiveStatus,
  accountName,
  labActorName,
  cancelActiveRun,
  type CancelRunResult,
  endInterruptedRun,
  finishCase,
  finishRun,
  isActive,
  runEventBase,
  runNow,
  type RunRef,
  setActiveStatus,
  startCase,
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
 *   every case passed → Completed + CERTIFIED-OK; any case failed → Completed + Validation failure
 *   (a re-run: CERTIFIED-OK when every case of the plan passed in its latest attempt, run-store.ts
 *   planOutcome).
 * While the lab is in maintenance, a run finishes the case at hand, then waits in Maintenance
 * and polls until maintenance ends; it then goes on in InProgress.
 *
 * One run at a time per record: the partial unique index certification_runs_one_active refuses a
 * second InProgress/Maintenance run, even one started by another process at the same instant.
 *
 * Attempts, re-runs and cancel (issue 17, docs/decisions/0021): every run is an attempt of its
 * record, numbered from 1 under the record's row lock, 'full' (Start Certify: the whole plan) or
 * 'rerun' (the cases of the latest attempt that did not pass, at their plan positions). A run in
 * progress may be cancelled: run and record become Cancelled; this process aborts the run's
 * harness call at once (each run has its own AbortController, linked to the executor's), an
 * executor in another process finds the run no longer active at its next lease check
 * (DEFAULT_CHECK_MS) and stops. Every write of a run (run-store.ts) is one transaction, only while
 * the run is active and this executor's, ending with its live event (run.started, run.status,
 * case.started, case.finished, run.finished, run.cancelled).
 *
 * Processes (docs/decisions/0018): the executor that runs a run holds a lease on it (lease_owner,
 * lease_expires_at), renewed every check (DEFAULT_CHECK_MS). Each executor also holds a
 * session-level advisory lock on its lease owner id for as long as it lives — on PGlite through
 * the one session of this process, on PostgreSQL on a dedicated connection of its own — and
 * PostgreSQL drops that lock the moment the session ends: a process that dies (kill -9 closes
 * its socket) or a PGlite that is no longer open holds none. resumeRuns() claims, in one UPDATE,
 * the active runs whose lease was released, has lapsed, or whose owner holds no lock (pg_locks) —
 * at start, and again on every check — so a run of a process that died is taken up at the next
 * start or by a live process within DEFAULT_CHECK_MS, and a run whose executor lives is never
 * taken. The lease's expiry stays as the fallback for an executor that lives but is stuck, and
 * for an executor that could not take its lock (then only leases count, as before).
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
/** How often a run that may resume checks whether an earlier-started one still waits. */
export const RESUME_ORDER_POLL_MS = 100
/** How long a run waits at most for earlier-started runs to resume first. */
export const RESUME_ORDER_LIMIT_MS = 30_000

/** Whether a run started before `run` still waits in maintenance (issue 19: resume in order). */
async function earlierRunWaits(db: Kysely<Database>, run: { run_id: string; started_at: Date }) {
  const earlier = await db
    .selectFrom('certification_runs')
    .select('run_id')
    .where('status', '=', 'Maintenance')
    .where((eb) =>
      eb.or([
        eb('started_at', '<', run.started_at),
        eb.and([eb('started_at', '=', run.started_at), eb('run_id', '<', run.run_id)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst()
  return earlier !== undefined
}
/** How long a run stays this executor's without a renewal, even when its owner lock looks held. */
export const DEFAULT_LEASE_MS = 30_000
/** How often an executor renews its leases and looks for runs whose executor is gone. */
export const DEFAULT_CHECK_MS = 2000
/** The first key of every owner lock (pg_advisory_lock(int4, int4)); the second is hashtext(owner). */
export const OWNER_LOCK_SPACE = 0x43455254 // 'CERT'

export const INTERRUPTED_RUN_REASON = 'The run was interrupted by a restart of the certification service.'
export const HARNESS_CHANGED_REASON =
  'The run was interrupted by a restart of the certification service, and the lab harness that started it is no longer configured.'
export const RESTARTED_CASE_NOTE =
  'The certification service restarted during this case; the case runs again.'

export type StartRunInput = {
  portfolioManagerId: string
  /** The organization the caller acts for: the record must be its (docs/decisions/0023). */
  organizationId: string
  /** The member starting it (the run's started_by). */
  accountId: string
  /** Issue 19: the lab starts it on the organization's behalf (accountId is then not read). */
  lab?: { name: string }
  /** 'full' (default): Start Certify, the whole plan. 'rerun': the cases the latest attempt did not pass. */
  kind?: RunKind
}

export type StartRunResult =
  | { ok: true; runId: string; status: ActiveStatus; attempt: number; message: string }
  | {
      ok: false
      reason: 'record-not-found' | 'forbidden' | 'already-active' | 'no-failed-cases'
      message: string
    }

export type CancelRunInput = {
  portfolioManagerId: string
  organizationId: string
  accountId: string
  /** Issue 19: the lab cancels it on the organization's behalf. */
  lab?: { name: string }
}
export type { CancelRunResult }

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
  /** Issue 20: the key and validity of the certificate a certifying run gets (none without it). */
  certificates?: IssueOptions | null
}

export type ResumeReport = { resumed: string[]; ended: string[] }

export interface RunExecutor {
  /** Creates the run (an attempt: full, or a re-run of the failed cases) and executes it in the background. */
  startRun(input: StartRunInput): Promise<StartRunResult>
  /**
   * Cancels the record's active run (run-store.ts cancelActiveRun) and, when this executor runs
   * it, aborts its case in flight at once. Another process's executor stops it at its next check.
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

export function createRunExecutor(options: RunExecutorOptions): RunExecutor {
  const { db, harness } = options
  const maintenance = options.maintenance ?? maintenanceFromEnv()
  const pollMs = options.maintenancePollMs ?? DEFAULT_MAINTENANCE_POLL_MS
  const onError =
    options.onError ??
    ((error: unknown, runId: string) =>
      log.error({ runId, err: error }, 'certification run stopped on an error'))
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS
  const checkMs = Math.max(10, Math.min(options.checkMs ?? DEFAULT_CHECK_MS, Math.floor(leaseMs / 3)))
  const owner = randomUUID()
  const leaseUntil = () => new Date(Date.now() + leaseMs)
  const controller = new AbortController()
  const executing = new Map<string, Promise<void>>()
  /**
   * Each executing run's own AbortController, aborted when the executor stops (linked to
   * `controller`), when the run is cancelled through this process, or when a lease check finds
   * the run no longer this executor's active run (cancelled through another process, or taken over
   * by another executor): the harness call in flight is aborted and the loop ends at once.
   */
  const runControllers = new Map<string, AbortController>()
  const lock = ownerLock({
    db,
    owner,
    mode: options.ownerLock ?? 'auto',
    url: options.ownerLockUrl ?? process.env.DATABASE_URL,
    onError: (error) => onError(error, 'owner lock'),
  })
  let renewals: NodeJS.Timeout | undefined
  let renewing: Promise<void> | undefined
  let abandoned = false

  /**
   * Every checkMs: keeps the owner lock, renews this executor's leases on its active runs, stops
   * the runs that are no longer its active ones, and takes up runs nobody executes.
   */
  function keepLeases() {
    if (renewals || controller.signal.aborted) return
    renewals = setInterval(() => {
      if (renewing || controller.signal.aborted) return
      renewing = (async () => {
        await lock.check()
        const ids = [...executing.keys()]
        if (ids.length > 0) {
          const kept = await db
            .updateTable('certification_runs')
            .set({ lease_expires_at: leaseUntil() })
            .where('run_id', 'in', ids)
            .where('lease_owner', '=', owner)
            .where('status', 'in', ACTIVE_STATUSES)
            .returning('run_id')
            .execute()
          const keptIds = new Set(kept.map((row) => row.run_id))
          // Cancelled (another process), ended, or taken over: stop it now; its writes would be refused anyway.
          for (const id of ids) if (!keptIds.has(id)) runControllers.get(id)?.abort()
        }
        await executor.resumeRuns()
      })()
        .catch((error: unknown) => {
          if (!controller.signal.aborted) onError(error, 'lease renewal')
        })
        .finally(() => {
          renewing = undefined
        })
    }, checkMs)
    renewals.unref()
  }

  function launch(runId: string) {
    keepLeases()
    const runController = new AbortController()
    const stopRun = () => runController.abort()
    controller.signal.addEventListener('abort', stopRun, { once: true })
    runControllers.set(runId, runController)
    const execution = executeRun(runId, runController.signal)
      .catch((error: unknown) => {
        // A database that closes under a stopping process, or a cancelled run, is not an error.
        if (!runController.signal.aborted) onError(error, runId)
      })
      .finally(() => {
        controller.signal.removeEventListener('abort', stopRun)
        executing.delete(runId)
        runControllers.delete(runId)
      })
    executing.set(runId, execution)
  }

  async function executeRun(runId: string, signal: AbortSignal) {
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
    const ref: RunRef = {
      runId,
      portfolioManagerId: record.portfolio_manager_id,
      organizationId: record.organization_id,
      attempt: run.attempt,
    }
    let status: ActiveStatus = run.status

    // Every write below happens only while the run is active and this executor's (run-store.ts):
    // false means it was cancelled or taken over meanwhile, and the loop ends without writing.
    // When maintenance ends, waiting runs resume in the order they started (issue 19): a run goes
    // back to InProgress only once no earlier-started run still waits — whichever process runs it —
    // or after RESUME_ORDER_LIMIT_MS, so that a run stuck elsewhere holds nobody back for long.
    let resumeAskedAt: number | null = null
    while (!signal.aborted) {
      const wanted: ActiveStatus = maintenance() ? 'Maintenance' : 'InProgress'
      if (wanted !== status) {
        if (wanted === 'InProgress' && status === 'Maintenance') {
          resumeAskedAt ??= Date.now()
          if (Date.now() - resumeAskedAt < RESUME_ORDER_LIMIT_MS && (await earlierRunWaits(db, run))) {
            await pause(Math.min(pollMs, RESUME_ORDER_POLL_MS), signal)
            continue
          }
        }
        resumeAskedAt = null
        if (!(await setActiveStatus(db, ref, wanted, owner))) return
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
        await finishRun(db, ref, owner, options.certificates ?? null)
        return
      }

      if (!(await startCase(db, ref, next.position, owner))) return
      const outcome = await runCase(ref, next, record, signal)
      // Stopping or cancelled: the outcome of a cut-off case is not a verdict.
      if (signal.aborted) return
      if (!(await finishCase(db, ref, next.position, outcome, owner))) return
    }
  }

  async function runCase(
    ref: RunRef,
    testCase: RunTestCaseRow,
    record: DeviceRow,
    signal: AbortSignal,
  ): Promise<CaseOutcome> {
    try {
      return await harness.runCase({
        run: { runId: ref.runId, attempt: ref.attempt },
        testCase: { position: testCase.position, name: testCase.name },
        record,
        signal,
      })
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      return { passed: false, log: [`The lab harness failed on this case: ${reason}`] }
    }
  }

  const executor: RunExecutor = {
    async startRun({ portfolioManagerId, organizationId, accountId, kind = 'full', lab }) {
      // Other executors must see this one live before it writes a lease.
      await lock.ready()
      keepLeases()
      let result: StartRunResult
      try {
        result = await db.transaction().execute(async (trx): Promise<StartRunResult> => {
          const record = await trx
            .selectFrom('device_records')
            .select([
              'portfolio_manager_id',
              'organization_id',
              'device_type',
              'product_class',
              'status',
              'is_certified',
              'vendor',
              'device_name',
            ])
            .where('portfolio_manager_id', '=', portfolioManagerId)
            .forUpdate()
            .executeTakeFirst()
          if (!record) return { ok: false, reason: 'record-not-found', message: RECORD_NOT_FOUND_MESSAGE }
          if (record.organization_id !== organizationId)
            return { ok: false, reason: 'forbidden', message: FORBIDDEN_MESSAGE }
          if (isActive(record.status))
            return { ok: false, reason: 'already-active', message: RUN_ALREADY_ACTIVE_MESSAGE }
          // Issue 19: a result the lab has not decided yet is not started over.
          if (record.status === AWAITING_REVIEW_STATUS)
            return { ok: false, reason: 'already-active', message: AWAITING_REVIEW_REFUSAL_MESSAGE }
          // The record's row is locked: no other start numbers an attempt meanwhile.
          const latest = await trx
            .selectFrom('certification_runs')
            .select(['run_id', 'attempt'])
            .where('portfolio_manager_id', '=', portfolioManagerId)
            .orderBy('attempt', 'desc')
            .limit(1)
            .executeTakeFirst()
          let cases: Array<{ position: number; name: string }>
          if (kind === 'rerun') {
            // Only a record whose latest attempt ended in Validation failure has failed cases to run.
            const failed =
              latest && record.status === 'Completed' && record.is_certified === VALIDATION_FAILURE
                ? await trx
                    .selectFrom('run_test_cases')
                    .select(['position', 'name'])
                    .where('run_id', '=', latest.run_id)
                    .where('state', '!=', 'passed')
                    .orderBy('position')
                    .execute()
                : []
            if (failed.length === 0)
              return { ok: false, reason: 'no-failed-cases', message: NO_FAILED_CASES_MESSAGE }
            cases = failed
          } else {
            const plan = testPlanFor(record.device_type, record.product_class)
            cases = plan.cases.map((name, position) => ({ position, name }))
          }
          const status: ActiveStatus = maintenance() ? 'Maintenance' : 'InProgress'
          const attempt = (latest?.attempt ?? 0) + 1
          const { run_id: runId } = await trx
            .insertInto('certification_runs')
            .values({
              portfolio_manager_id: portfolioManagerId,
              attempt,
              kind,
              started_by: lab ? labActorName(lab.name) : await accountName(trx, accountId),
              status,
              harness: harness.name,
              lease_owner: owner,
              lease_expires_at: leaseUntil(),
            })
            .returning('run_id')
            .executeTakeFirstOrThrow()
          // A re-run's cases keep their positions in the plan.
          await trx
            .insertInto('run_test_cases')
            .values(cases.map(({ position, name }) => ({ run_id: runId, position, name })))
            .execute()
          await trx
            .updateTable('device_records')
            .set({ status, is_certified: '' })
            .where('portfolio_manager_id', '=', portfolioManagerId)
            .execute()
          const ref: RunRef = { runId, portfolioManagerId, organizationId, attempt }
          await logActivity(trx, {
            organizationId,
            actorAccountId: lab ? null : accountId,
            ...(lab ? { actorName: labActorName(lab.name), actorKind: 'lab' as const } : {}),
            action: kind === 'rerun' ? 'run.rerun' : 'run.started',
            subject: recordSubject(record),
          })
          await appendEvent(trx, organizationId, {
            ...(await runEventBase(trx, ref)),
            type: 'run.started',
            run: await runNow(trx, runId),
          })
          const message = kind === 'rerun' ? RERUN_STARTED_MESSAGE : RUN_STARTED_MESSAGE
          return { ok: true, runId, status, attempt, message }
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

    async cancelRun(input) {
      const result = await cancelActiveRun(db, input)
      // This process runs it: its case in flight stops now (another process's at its next check).
      if (result.ok) runControllers.get(result.runId)?.abort()
      return result
    },
    async resumeRuns() {
      const report: ResumeReport = { resumed: [], ended: [] }
      if (controller.signal.aborted) return report
      await lock.ready()
      keepLeases()
      // Claiming is one statement: of two processes looking at once, one gets each run. A run is
      // free when its lease was released or lapsed, or (owner locks in use) its owner is gone.
      const now = new Date()
      const claimed = await db
        .updateTable('certification_runs')
        .set({ lease_owner: owner, lease_expires_at: leaseUntil() })
        .where('status', 'in', ACTIVE_STATUSES)
        .where((eb) =>
          eb.or([
            eb('lease_expires_at', 'is', null),
            eb('lease_expires_at', '<=', now),
            ...(lock.inUse()
              ? [sql<boolean>`not exists (${ownerLockRows(sql.ref('certification_runs.lease_owner'))})`]
              : []),
          ]),
        )
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
      // A process that died releases nothing afterwards.
      if (abandoned) return
      controller.abort()
      clearInterval(renewals)
      await Promise.all([...executing.values(), renewing])
      try {
        // Released, so that the next process takes the runs up at once.
        await db
          .updateTable('certification_runs')
          .set({ lease_expires_at: null })
          .where('lease_owner', '=', owner)
          .where('status', 'in', ACTIVE_STATUSES)
          .execute()
      } finally {
        await lock.release()
      }
    },

    async abandon() {
      abandoned = true
      controller.abort()
      clearInterval(renewals)
      await Promise.all([...executing.values(), renewing])
      await lock.release()
    },

    holdsOwnerLock: () => lock.held(),
  }
  return executor
}

/*
 * The owner lock (docs/decisions/0018): pg_advisory_lock(OWNER_LOCK_SPACE, hashtext(owner)), held
 * by a session that lives exactly as long as the executor. PostgreSQL releases a session's
 * advisory locks when the session ends, however it ends, so "the owner's lock is not in pg_locks"
 * means "the owner is gone".
 *
 * - PGlite: one process owns the database and has its one session; the lock is taken through it
 *   and let go at stop. A PGlite opened again (a restart) has none of the old locks.
 * - PostgreSQL: the lock needs a session of its own, so a dedicated connection (not the pool's,
 *   whose idle connections come and go) to ownerLockUrl, DATABASE_URL by default. It is checked
 *   at start to be the same database as the pool's (the lock must show in the pool's pg_locks);
 *   if not, or without a URL, owner locks are not used and only leases count. A connection that
 *   breaks is made again at the next check; meanwhile other executors may take this one's runs,
 *   and its renewal then finds them lost and stops them at once (their writes would be refused).
 */

/** The pg_locks rows of the owner lock of `owner` (an SQL expression), in this database. */
function ownerLockRows(owner: ReturnType<typeof sql.ref> | ReturnType<typeof sql.val>) {
  return sql`select 1 from pg_catalog.pg_locks l
    where l.locktype = 'advisory' and l.granted
      and l.classid = ${sql.lit(OWNER_LOCK_SPACE)}::oid
      and l.objid = (hashtext(${owner})::bigint & 4294967295)::oid
      and l.objsubid = 2
      and l.database = (select oid from pg_catalog.pg_database where datname = current_database())`
}

type OwnerLock = {
  /** Resolves once the lock is taken, or known not to be (never rejects). */
  ready(): Promise<void>
  /** Whether the lock is held now. */
  held(): boolean
  /** Whether runs are judged by their owners' locks (the lock could be taken and seen). */
  inUse(): boolean
  /** Takes the lock again after a lost connection. */
  check(): Promise<void>
  /**
   * Lets the lock go, for good: at a stop, and at abandon() as the end of a dying process's
   * session would (on PGlite the session lives on in this process, so it unlocks).
   */
  release(): Promise<void>
}

function ownerLock({
  db,
  owner,
  mode,
  url,
  onError,
}: {
  db: Kysely<Database>
  owner: string
  mode: 'auto' | 'none'
  url: string | undefined
  onError: (error: unknown) => void
}): OwnerLock {
  let taking: Promise<void> | undefined
  let engine: 'pglite' | 'postgres' | undefined
  let held = false
  let inUse = false
  let ended = false
  let client: pg.Client | undefined

  const visible = async () => {
    const row = await db
      .selectNoFrom(sql<boolean>`exists (${ownerLockRows(sql.val(owner))})`.as('held'))
      .executeTakeFirstOrThrow()
    return row.held
  }

  async function connect(connectionString: string) {
    const connection = new pg.Client({ connectionString, keepAlive: true })
    connection.on('error', () => {
      // The session, and with it the lock, is gone; check() connects again.
      if (client === connection) {
        held = false
        client = undefined
      }
    })
    await connection.connect()
    // The lock's connection alone must not keep a process alive.
    ;(
      connection as unknown as { connection?: { stream?: { unref?: () => void } } }
    ).connection?.stream?.unref?.()
    const { rows } = await connection.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1, hashtext($2)) as locked',
      [OWNER_LOCK_SPACE, owner],
    )
    if (ended || !rows[0]?.locked) {
      await connection.end().catch(() => {})
      if (!ended) throw new Error('The owner lock is held by another session (a hash collision).')
      return
    }
    client = connection
    held = true
  }

  async function take() {
    if (mode === 'none' || ended) return
    const { version } = await db.selectNoFrom(sql<string>`version()`.as('version')).executeTakeFirstOrThrow()
    engine = version.includes('PGlite') ? 'pglite' : 'postgres'
    if (engine === 'pglite') {
      const { locked } = await db
        .selectNoFrom(
          sql<boolean>`pg_try_advisory_lock(${sql.lit(OWNER_LOCK_SPACE)}, hashtext(${owner}))`.as('locked'),
        )
        .executeTakeFirstOrThrow()
      held = locked
    } else {
      if (!url) return
      await connect(url)
    }
    // Same database as the pool's: only then can the pool's pg_locks tell whether owners live.
    if (held && (await visible())) {
      inUse = true
    } else if (held) {
      await letGo()
      onError(new Error('The owner lock is not visible from the database the runs are in; leases only.'))
    }
  }

  async function letGo() {
    held = false
    if (engine === 'pglite') {
      await db
        .selectNoFrom(
          sql<boolean>`pg_advisory_unlock(${sql.lit(OWNER_LOCK_SPACE)}, hashtext(${owner}))`.as('unlocked'),
        )
        .execute()
    } else if (client) {
      const connection = client
      client = undefined
      await connection.end().catch(() => {})
    }
  }

  const lock: OwnerLock = {
    ready() {
      taking ??= take().catch((error: unknown) => onError(error))
      return taking
    },
    held: () => held,
    inUse: () => inUse,
    async check() {
      await lock.ready()
      if (!inUse || held || ended || engine !== 'postgres' || !url) return
      try {
        await connect(url)
      } catch (error) {
        onError(error)
      }
    },
    async release() {
      ended = true
      if (!taking) return
      await taking
      await letGo()
    },
  }
  return lock
}
