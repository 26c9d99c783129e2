import type { Kysely } from 'kysely'
import { CERTIFIED_OK, VALIDATION_FAILURE } from '@/contract/records'
import { AWAITING_REVIEW_STATUS, type ActiveStatus } from '@/contract/run-status'
import type { IssueOptions } from './issue-certificate.ts'
import type { CertificationRunRow, Database, RunTestCaseRow } from '../platform/db/schema.ts'
import { appendEvent } from '../events/index.ts'
import { reviewRequired } from './lab-state.ts'
import { certify, lockRun, MOVED, type Moved, type Trx } from './lifecycle-guard.ts'
import { planOutcome, type RunRef, runEventBase, runNow } from './run-store.ts'

/*
 * The certification lifecycle: the one writer of a run's and its record's status. Each transition
 * runs in the caller's transaction, locks and checks first (lifecycle-guard.ts: refused, it writes
 * nothing and says why), writes the run, its cases and its record, and ends with its live event
 * (server/events/append.ts), so the event exists exactly when the change does.
 *
 *   start (lifecycle-requests.ts) → InProgress, or Maintenance while the lab is in maintenance;
 *   InProgress ↔ Maintenance (statusChanged), case started, case finished, resume: while active;
 *   finish: Completed + the plan's result (planOutcome), the certificate when it certifies; with
 *     the lab's review on, AwaitingReview and no result yet, until review decided
 *     (lifecycle-requests.ts) makes it Completed;
 *   interrupt: Completed + Validation failure with the reason, for a run that cannot go on;
 *   cancel (lifecycle-requests.ts): Cancelled.
 * A run that loses its lease or whose executor stops changes no status: the run stays active for
 * resume (runner.ts).
 */

export { cancelRun, startRun } from './lifecycle-requests.ts'
export { decideReview, reviewRun } from './review.ts'
export type { CancelRunInput, CancelRunResult, StartRunInput, StartRunResult } from './lifecycle-requests.ts'
export type { ReviewInput, ReviewResult } from './review.ts'

export const SKIPPED_CASE_NOTE = 'Not run: the run was interrupted.'
export const RESTARTED_CASE_NOTE =
  'The certification service restarted during this case; the case runs again.'

/** InProgress ↔ Maintenance, on the run and its record (run.status). */
export async function changeActiveStatus(
  trx: Trx,
  ref: RunRef,
  status: ActiveStatus,
  owner?: string,
): Promise<Moved> {
  const locked = await lockRun(trx, ref, 'statusChanged', { owner, withRecord: true })
  if (!locked.ok) return locked
  await trx.updateTable('certification_runs').set({ status }).where('run_id', '=', ref.runId).execute()
  await trx
    .updateTable('device_records')
    .set({ status })
    .where('portfolio_manager_id', '=', ref.portfolioManagerId)
    .execute()
  await appendEvent(trx, ref.organizationId, {
    ...(await runEventBase(trx, ref)),
    type: 'run.status',
    status,
  })
  return MOVED
}

/** Marks the case running (case.started). */
export async function startCase(trx: Trx, ref: RunRef, position: number, owner?: string): Promise<Moved> {
  const locked = await lockRun(trx, ref, 'caseStarted', { owner, withRecord: false })
  if (!locked.ok) return locked
  const startedAt = new Date()
  const row = await trx
    .updateTable('run_test_cases')
    .set({ state: 'running', started_at: startedAt, finished_at: null })
    .where('run_id', '=', ref.runId)
    .where('position', '=', position)
    .returning('name')
    .executeTakeFirstOrThrow()
  await appendEvent(trx, ref.organizationId, {
    ...(await runEventBase(trx, ref)),
    type: 'case.started',
    position,
    name: row.name,
    startedAt: startedAt.toISOString(),
  })
  return MOVED
}

/** Stores a case's outcome and its log (case.finished). */
export async function finishCase(
  trx: Trx,
  ref: RunRef,
  position: number,
  outcome: { passed: boolean; log: readonly string[] },
  owner?: string,
): Promise<Moved> {
  const locked = await lockRun(trx, ref, 'caseFinished', { owner, withRecord: false })
  if (!locked.ok) return locked
  const before = await trx
    .selectFrom('run_test_cases')
    .select('log')
    .where('run_id', '=', ref.runId)
    .where('position', '=', position)
    .executeTakeFirstOrThrow()
  const row = await trx
    .updateTable('run_test_cases')
    .set({
      state: outcome.passed ? 'passed' : 'failed',
      finished_at: new Date(),
      log: [...before.log, ...outcome.log],
    })
    .where('run_id', '=', ref.runId)
    .where('position', '=', position)
    .returningAll()
    .executeTakeFirstOrThrow()
  await appendEvent(trx, ref.organizationId, {
    ...(await runEventBase(trx, ref)),
    type: 'case.finished',
    ...caseFields(row),
  })
  return MOVED
}

function caseFields(row: RunTestCaseRow) {
  return {
    position: row.position,
    name: row.name,
    state: row.state,
    startedAt: row.started_at?.toISOString() ?? null,
    finishedAt: row.finished_at?.toISOString() ?? null,
    log: [...row.log],
  }
}

/**
 * The run's cases are done: Completed with the result the plan has after this attempt
 * (planOutcome: for a full run, every case passed; for a re-run, every case of the plan passed in
 * its latest attempt), on the run and its record, and the certificate of a certifying run — or,
 * with the lab's review on (docs/decisions/0024), AwaitingReview with no result yet. run.finished.
 */
export async function finishRun(
  trx: Trx,
  ref: RunRef,
  { owner, certificates = null }: { owner?: string; certificates?: IssueOptions | null } = {},
): Promise<Moved> {
  const locked = await lockRun(trx, ref, 'finish', { owner, withRecord: true })
  if (!locked.ok) return locked
  if (await reviewRequired(trx)) return awaitReview(trx, ref)
  const { certified } = await planOutcome(trx, ref.portfolioManagerId, ref.attempt, ref.runId)
  const isCertified = certified ? CERTIFIED_OK : VALIDATION_FAILURE
  const finishedAt = new Date()
  await trx
    .updateTable('certification_runs')
    .set({ status: 'Completed', is_certified: isCertified, finished_at: finishedAt })
    .where('run_id', '=', ref.runId)
    .execute()
  await trx
    .updateTable('device_records')
    .set({ status: 'Completed', is_certified: isCertified })
    .where('portfolio_manager_id', '=', ref.portfolioManagerId)
    .execute()
  // A certifying run's certificate, in the same transaction as the result.
  if (certified) await certify(trx, ref.runId, certificates)
  await appendEvent(trx, ref.organizationId, {
    ...(await runEventBase(trx, ref)),
    type: 'run.finished',
    status: 'Completed',
    isCertified,
    failureReason: null,
    finishedAt: finishedAt.toISOString(),
    run: await runNow(trx, ref.runId),
  })
  return MOVED
}

/**
 * The programme reviews results: run and record wait in AwaitingReview with no result (the vendor
 * sees none until a lab engineer decides, decideReview), and run.finished tells the tabs.
 */
async function awaitReview(trx: Trx, ref: RunRef): Promise<Moved> {
  const finishedAt = new Date()
  await trx
    .updateTable('certification_runs')
    .set({
      status: AWAITING_REVIEW_STATUS,
      is_certified: '',
      finished_at: finishedAt,
      review_state: 'pending',
    })
    .where('run_id', '=', ref.runId)
    .execute()
  await trx
    .updateTable('device_records')
    .set({ status: AWAITING_REVIEW_STATUS, is_certified: '' })
    .where('portfolio_manager_id', '=', ref.portfolioManagerId)
    .execute()
  await appendEvent(trx, ref.organizationId, {
    ...(await runEventBase(trx, ref)),
    type: 'run.finished',
    status: AWAITING_REVIEW_STATUS,
    isCertified: '',
    failureReason: null,
    finishedAt: finishedAt.toISOString(),
    run: await runNow(trx, ref.runId),
  })
  return MOVED
}

/**
 * A run that cannot go on (its harness is gone, or the executor ends interrupted runs): Completed +
 * Validation failure with the reason, its unfinished cases skipped (decision 7), and run.finished
 * with the reason.
 */
export async function interruptRun(trx: Trx, run: CertificationRunRow, reason: string): Promise<Moved> {
  const record = await trx
    .selectFrom('device_records')
    .select('organization_id')
    .where('portfolio_manager_id', '=', run.portfolio_manager_id)
    .executeTakeFirst()
  if (!record) return { ok: false, reason: 'not-found' }
  const ref: RunRef = {
    runId: run.run_id,
    portfolioManagerId: run.portfolio_manager_id,
    organizationId: record.organization_id,
    attempt: run.attempt,
  }
  const locked = await lockRun(trx, ref, 'interrupt', { withRecord: true })
  if (!locked.ok) return locked
  await trx
    .updateTable('run_test_cases')
    .set({ state: 'skipped', finished_at: null, log: [SKIPPED_CASE_NOTE] })
    .where('run_id', '=', run.run_id)
    .where('state', 'in', ['pending', 'running'])
    .execute()
  const finishedAt = new Date()
  await trx
    .updateTable('certification_runs')
    .set({
      status: 'Completed',
      is_certified: VALIDATION_FAILURE,
      failure_reason: reason,
      finished_at: finishedAt,
    })
    .where('run_id', '=', run.run_id)
    .execute()
  await trx
    .updateTable('device_records')
    .set({ status: 'Completed', is_certified: VALIDATION_FAILURE })
    .where('portfolio_manager_id', '=', run.portfolio_manager_id)
    .execute()
  await appendEvent(trx, ref.organizationId, {
    ...(await runEventBase(trx, ref)),
    type: 'run.finished',
    status: 'Completed',
    isCertified: VALIDATION_FAILURE,
    failureReason: reason,
    finishedAt: finishedAt.toISOString(),
    run: await runNow(trx, ref.runId),
  })
  return MOVED
}

/**
 * An executor takes up a run another one left (runner.ts): the run stays as it is, and a case cut
 * off in the middle has no verdict, so it runs again with a note in its log. No event: the tabs
 * see the case start again.
 */
export async function resumeRun(trx: Trx, run: CertificationRunRow, owner: string): Promise<Moved> {
  const ref = { runId: run.run_id, portfolioManagerId: run.portfolio_manager_id }
  const locked = await lockRun(trx, ref, 'resume', { owner, withRecord: false })
  if (!locked.ok) return locked
  await trx
    .updateTable('run_test_cases')
    .set({ state: 'pending', started_at: null, log: [RESTARTED_CASE_NOTE] })
    .where('run_id', '=', run.run_id)
    .where('state', '=', 'running')
    .execute()
  return MOVED
}

/**
 * The certificate of a run that certified its record before certificates were issued (the PDF
 * asks for it): issued now, once; nothing for a run that certified nothing.
 */
export async function certifyEarlierRun(db: Kysely<Database>, runId: string, certificates: IssueOptions) {
  return db.transaction().execute((trx) => certify(trx, runId, certificates))
}
