import type { Kysely } from 'kysely'
import { type ActiveStatus, isActiveStatus } from '@/contract/run-status'
import type { IssueOptions } from './issue-certificate.ts'
import type { Database, DeviceRow, RunTestCaseRow } from '../platform/db/schema.ts'
import { pause, type CaseOutcome, type CertificationHarness } from './harness.ts'
import { changeActiveStatus, finishCase, finishRun, startCase } from './lifecycle.ts'
import type { Trx } from './lifecycle-guard.ts'
import type { RunRef } from './run-store.ts'

/*
 * One run's loop in its executor (runner.ts): the cases in plan order, each one's start and end
 * written through the lifecycle as soon as they happen, then the run's end. While the lab is in
 * maintenance, the run finishes the case at hand, then waits in Maintenance and polls until
 * maintenance ends; it then goes on in InProgress.
 */

/** How often a run that may resume checks whether an earlier-started one still waits. */
export const RESUME_ORDER_POLL_MS = 100
/** How long a run waits at most for earlier-started runs to resume first. */
export const RESUME_ORDER_LIMIT_MS = 30_000

export type RunLoopContext = {
  db: Kysely<Database>
  harness: CertificationHarness
  /** The executor's lease owner id: every write is refused once the run is no longer its. */
  owner: string
  maintenance: () => boolean
  pollMs: number
  certificates: IssueOptions | null
}

/** Whether a run started before `run` still waits in maintenance (resume in order). */
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

/**
 * Runs the run to its end, or until `signal` (stop, cancel, lease lost) or a refused write (the
 * run was cancelled or taken over meanwhile): the loop then ends without writing.
 */
export async function executeRun(context: RunLoopContext, runId: string, signal: AbortSignal) {
  const { db, owner, maintenance, pollMs } = context
  const run = await db
    .selectFrom('certification_runs')
    .selectAll()
    .where('run_id', '=', runId)
    .executeTakeFirst()
  if (!run || !isActiveStatus(run.status)) return
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
  const write = <T>(change: (trx: Trx) => Promise<T>) => db.transaction().execute(change)
  let status: ActiveStatus = run.status
  // When maintenance ends, waiting runs resume in the order they started: a run goes back to
  // InProgress only once no earlier-started run still waits — whichever process runs it — or
  // after RESUME_ORDER_LIMIT_MS, so that a run stuck elsewhere holds nobody back for long.
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
      if (!(await write((trx) => changeActiveStatus(trx, ref, wanted, owner))).ok) return
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
      await write((trx) => finishRun(trx, ref, { owner, certificates: context.certificates }))
      return
    }
    if (!(await write((trx) => startCase(trx, ref, next.position, owner))).ok) return
    const plan = { planId: run.plan_id, name: run.plan_name, version: run.plan_version }
    const outcome = await runCase(context.harness, { ...ref, plan }, next, record, signal)
    // Stopping or cancelled: the outcome of a cut-off case is not a verdict.
    if (signal.aborted) return
    if (!(await write((trx) => finishCase(trx, ref, next.position, outcome, owner))).ok) return
  }
}

async function runCase(
  harness: CertificationHarness,
  ref: RunRef & { plan: { planId: string; name: string; version: number } },
  testCase: RunTestCaseRow,
  record: DeviceRow,
  signal: AbortSignal,
): Promise<CaseOutcome> {
  try {
    return await harness.runCase({
      run: { runId: ref.runId, attempt: ref.attempt, plan: ref.plan },
      testCase: { position: testCase.position, name: testCase.name },
      record,
      signal,
    })
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return { passed: false, log: [`The lab harness failed on this case: ${reason}`] }
  }
}
