import { certificateState } from '../certificates/index.ts'
import { issueCertificate, type IssueOptions } from './issue-certificate.ts'
import { sql, type Kysely, type Transaction } from 'kysely'
import { CANCELLED_STATUS } from '@/contract/certification'
import { AWAITING_REVIEW_STATUS } from '@/contract/lab'
import { progressOfCases, type RunProgress } from '@/contract/events'
import { CERTIFIED_OK, VALIDATION_FAILURE, type RecordStatus } from '@/contract/records'
import {
  CANCELLED_CASE_NOTE,
  FORBIDDEN_MESSAGE,
  NO_ACTIVE_RUN_MESSAGE,
  RECORD_NOT_FOUND_MESSAGE,
  runCancelledReason,
} from '@/contract/server-messages'
import type { CertificationRunRow, Database, RunTestCaseRow, StoredStatus } from '../platform/db/schema.ts'
import { appendEvent } from '../events/index.ts'
import { logActivity, recordSubject } from '../organizations/index.ts'
import { reviewRequired } from './lab-state.ts'
import { certificationRunResult } from './results.ts'

/*
 * The writes that move a run, its cases and its record (runner.ts), and the reads of whole runs
 * for results. Every write of a run:
 * - is one transaction that ends with its live event (server/events/append.ts), so the event
 *   exists exactly when the change does;
 * - happens only while the run is still active (InProgress or Maintenance) and, for the
 *   executor's writes, still this executor's (lease_owner): the run's row is locked first
 *   (`for update`), so a cancel, a finish and a take-over never both end a run — whichever commits
 *   first wins and the other finds the run no longer active and writes nothing.
 * Locks are taken in one order — the record's row, then the run's row, then the events lock — so
 * two writers never wait for each other in a circle.
 *
 * The record's result over attempts (docs/decisions/0021): a re-run runs only the cases the
 * latest attempt did not pass, so the record is certified when every case of the plan passed in
 * the latest attempt that ran it, counted over the Completed attempts since the last full run.
 */

export const ACTIVE_STATUSES = ['InProgress', 'Maintenance'] as const satisfies readonly RecordStatus[]
export type ActiveStatus = (typeof ACTIVE_STATUSES)[number]

export const SKIPPED_CASE_NOTE = 'Not run: the run was interrupted.'

export function isActive(status: StoredStatus): status is ActiveStatus {
  return (ACTIVE_STATUSES as readonly string[]).includes(status)
}

type Db = Kysely<Database> | Transaction<Database>

/** What names a run in its events: its record, the organization that owns it and its attempt number. */
export type RunRef = {
  runId: string
  portfolioManagerId: string
  organizationId: string
  attempt: number
}

/** Where a run stands, over its own cases. */
export async function runProgress(db: Db, runId: string): Promise<RunProgress> {
  const rows = await db
    .selectFrom('run_test_cases')
    .select(['name', 'state'])
    .where('run_id', '=', runId)
    .orderBy('position')
    .execute()
  return progressOfCases(rows)
}

/** The fields every run event carries: which run, its progress and its record's state now. */
export async function runEventBase(trx: Db, ref: RunRef) {
  const record = await trx
    .selectFrom('device_records')
    .select(['status', 'is_certified'])
    .where('portfolio_manager_id', '=', ref.portfolioManagerId)
    .executeTakeFirstOrThrow()
  return {
    portfolioManagerId: ref.portfolioManagerId,
    runId: ref.runId,
    attempt: ref.attempt,
    progress: await runProgress(trx, ref.runId),
    record: { status: record.status, isCertified: record.is_certified },
  }
}

/** The run as the run list shows it, with its cases, read in `trx`. */
export async function runNow(trx: Db, runId: string) {
  const run = await trx
    .selectFrom('certification_runs')
    .selectAll()
    .where('run_id', '=', runId)
    .executeTakeFirstOrThrow()
  const cases = await trx
    .selectFrom('run_test_cases')
    .selectAll()
    .where('run_id', '=', runId)
    .orderBy('position')
    .execute()
  return certificationRunResult(run, cases)
}

/**
 * Locks the run's row when it is still active (and, with `owner`, still that executor's); the
 * record's row first when `withRecord` (the writes that change the record too). Undefined when the
 * run has ended (finished, cancelled) or was taken over.
 */
async function lockActiveRun(
  trx: Transaction<Database>,
  ref: Pick<RunRef, 'runId' | 'portfolioManagerId'>,
  { owner, withRecord }: { owner?: string; withRecord: boolean },
) {
  if (withRecord) {
    await trx
      .selectFrom('device_records')
      .select('portfolio_manager_id')
      .where('portfolio_manager_id', '=', ref.portfolioManagerId)
      .forUpdate()
      .execute()
  }
  let query = trx
    .selectFrom('certification_runs')
    .selectAll()
    .where('run_id', '=', ref.runId)
    .where('status', 'in', ACTIVE_STATUSES)
  if (owner !== undefined) query = query.where('lease_owner', '=', owner)
  return query.forUpdate().executeTakeFirst()
}

/** InProgress ↔ Maintenance, on the run and its record; false when the run is no longer active (or ours). */
export async function setActiveStatus(
  db: Kysely<Database>,
  ref: RunRef,
  status: ActiveStatus,
  owner?: string,
) {
  return db.transaction().execute(async (trx) => {
    if (!(await lockActiveRun(trx, ref, { owner, withRecord: true }))) return false
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
    return true
  })
}

/** Marks the case running (case.started); false when the run is no longer active (or ours). */
export async function startCase(db: Kysely<Database>, ref: RunRef, position: number, owner?: string) {
  return db.transaction().execute(async (trx) => {
    if (!(await lockActiveRun(trx, ref, { owner, withRecord: false }))) return false
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
    return true
  })
}

/** Stores a case's outcome and log (case.finished); false when the run is no longer active (or ours). */
export async function finishCase(
  db: Kysely<Database>,
  ref: RunRef,
  position: number,
  outcome: { passed: boolean; log: readonly string[] },
  owner?: string,
) {
  return db.transaction().execute(async (trx) => {
    if (!(await lockActiveRun(trx, ref, { owner, withRecord: false }))) return false
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
    return true
  })
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
 * The latest outcome of every case of the plan, up to attempt `upTo` of the record: the Completed
 * attempts since the last full run (and the run `including`, while it ends), each case as the
 * newest of them that ran it left it. `certified` when every case of the plan passed there.
 */
export async function planOutcome(
  db: Db,
  portfolioManagerId: string,
  upTo: number,
  including?: string,
): Promise<{ certified: boolean; cases: RunTestCaseRow[]; attempts: number[] }> {
  const runs = await db
    .selectFrom('certification_runs')
    .select(['run_id', 'attempt', 'kind', 'status'])
    .where('portfolio_manager_id', '=', portfolioManagerId)
    .where('attempt', '<=', upTo)
    .orderBy('attempt', 'desc')
    .execute()
  const chain: typeof runs = []
  for (const run of runs) {
    if (run.run_id !== including && run.status !== 'Completed') continue
    chain.unshift(run)
    if (run.kind === 'full') break
  }
  if (chain.length === 0) return { certified: false, cases: [], attempts: [] }
  const rows = await db
    .selectFrom('run_test_cases')
    .selectAll()
    .where(
      'run_id',
      'in',
      chain.map((run) => run.run_id),
    )
    .execute()
  const latest = new Map<string, RunTestCaseRow>()
  for (const run of chain) {
    for (const row of rows.filter((candidate) => candidate.run_id === run.run_id)) latest.set(row.name, row)
  }
  const cases = [...latest.values()].sort((a, b) => a.position - b.position)
  return {
    certified: cases.length > 0 && cases.every((row) => row.state === 'passed'),
    cases,
    attempts: chain.map((run) => run.attempt),
  }
}

/**
 * Completed, with the result the plan has after this attempt (planOutcome: for a full run, every
 * case passed; for a re-run, every case of the plan passed in its latest attempt), on the run and
 * its record (run.finished). Nothing when the run is no longer active (or ours).
 */
export async function finishRun(
  db: Kysely<Database>,
  ref: RunRef,
  owner?: string,
  certificates: IssueOptions | null = null,
) {
  return db.transaction().execute(async (trx) => {
    if (!(await lockActiveRun(trx, ref, { owner, withRecord: true }))) return false
    // Issue 19 (docs/decisions/0024): with review on, the result waits for a lab engineer.
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
    // Issue 20: a certifying run's certificate, in the same transaction as the result.
    if (certified && certificates) await issueCertificate(trx, ref.runId, certificates)
    await appendEvent(trx, ref.organizationId, {
      ...(await runEventBase(trx, ref)),
      type: 'run.finished',
      status: 'Completed',
      isCertified,
      failureReason: null,
      finishedAt: finishedAt.toISOString(),
      run: await runNow(trx, ref.runId),
    })
    return true
  })
}

/**
 * Issue 19: the run's cases are done and the programme reviews results — run and record wait in
 * AwaitingReview with no result yet (the vendor sees none until a lab engineer decides;
 * server/lab/state-routes.ts), and run.finished tells the tabs.
 */
async function awaitReview(trx: Transaction<Database>, ref: RunRef) {
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
  return true
}

/**
 * Completed + Validation failure with the reason, its unfinished cases skipped (decision 7), and
 * run.finished with the reason. Nothing when the run is no longer active (a cancel came first).
 */
export async function endInterruptedRun(db: Kysely<Database>, run: CertificationRunRow, reason: string) {
  return db.transaction().execute(async (trx) => {
    const record = await trx
      .selectFrom('device_records')
      .select('organization_id')
      .where('portfolio_manager_id', '=', run.portfolio_manager_id)
      .executeTakeFirst()
    if (!record) return false
    const ref: RunRef = {
      runId: run.run_id,
      portfolioManagerId: run.portfolio_manager_id,
      organizationId: record.organization_id,
      attempt: run.attempt,
    }
    if (!(await lockActiveRun(trx, ref, { withRecord: true }))) return false
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
    return true
  })
}

export type CancelRunResult =
  | { ok: true; runId: string; message?: undefined }
  | { ok: false; reason: 'record-not-found' | 'forbidden' | 'no-active-run'; message: string }

/**
 * The vendor cancels the record's active run (docs/decisions/0021): the run and its record become
 * Cancelled (is_certified '', failure_reason 'Cancelled by <name>.'), the cases finished so far
 * stay as they are, the running case and the pending ones become 'skipped' with
 * CANCELLED_CASE_NOTE (the running one keeps its log so far, the note appended), and run.cancelled
 * is written. The executor running it stops at once in this process (runner.ts), at its next
 * lease check in another one; either way its writes find the run no longer active.
 */
export async function cancelActiveRun(
  db: Kysely<Database>,
  {
    portfolioManagerId,
    organizationId,
    accountId,
    lab,
  }: {
    portfolioManagerId: string
    organizationId: string
    accountId: string
    /** Issue 19: the lab cancels it on the organization's behalf (accountId is then not read). */
    lab?: { name: string }
  },
): Promise<CancelRunResult> {
  return db.transaction().execute(async (trx): Promise<CancelRunResult> => {
    const record = await trx
      .selectFrom('device_records')
      .select(['organization_id', 'vendor', 'device_name'])
      .where('portfolio_manager_id', '=', portfolioManagerId)
      .forUpdate()
      .executeTakeFirst()
    if (!record) return { ok: false, reason: 'record-not-found', message: RECORD_NOT_FOUND_MESSAGE }
    if (record.organization_id !== organizationId) {
      return { ok: false, reason: 'forbidden', message: FORBIDDEN_MESSAGE }
    }
    const run = await trx
      .selectFrom('certification_runs')
      .selectAll()
      .where('portfolio_manager_id', '=', portfolioManagerId)
      .where('status', 'in', ACTIVE_STATUSES)
      .forUpdate()
      .executeTakeFirst()
    if (!run) return { ok: false, reason: 'no-active-run', message: NO_ACTIVE_RUN_MESSAGE }
    const cancelledBy = lab ? labActorName(lab.name) : await accountName(trx, accountId)
    const finishedAt = new Date()
    await trx
      .updateTable('run_test_cases')
      .set((eb) => ({
        state: 'skipped',
        finished_at: sql<Date | null>`case when ${eb.ref('state')} = 'running' then ${finishedAt}::timestamptz else null end`,
        log: sql<string[]>`array_append(${eb.ref('log')}, ${CANCELLED_CASE_NOTE}::text)`,
      }))
      .where('run_id', '=', run.run_id)
      .where('state', 'in', ['pending', 'running'])
      .execute()
    await trx
      .updateTable('certification_runs')
      .set({
        status: CANCELLED_STATUS,
        is_certified: '',
        failure_reason: runCancelledReason(cancelledBy),
        finished_at: finishedAt,
      })
      .where('run_id', '=', run.run_id)
      .execute()
    await trx
      .updateTable('device_records')
      .set({ status: CANCELLED_STATUS, is_certified: '' })
      .where('portfolio_manager_id', '=', portfolioManagerId)
      .execute()
    const ref: RunRef = { runId: run.run_id, portfolioManagerId, organizationId, attempt: run.attempt }
    await logActivity(trx, {
      organizationId,
      actorAccountId: lab ? null : accountId,
      actorName: cancelledBy,
      ...(lab ? { actorKind: 'lab' as const } : {}),
      action: 'run.cancelled',
      subject: recordSubject(record),
    })
    await appendEvent(trx, organizationId, {
      ...(await runEventBase(trx, ref)),
      type: 'run.cancelled',
      finishedAt: finishedAt.toISOString(),
      cancelledBy,
      run: await runNow(trx, run.run_id),
    })
    return { ok: true, runId: run.run_id }
  })
}

/** How runs and the activity log name a lab staff member who acted on a vendor's behalf (issue 19). */
export const labActorName = (name: string) => `${name} (lab)`

/** The account holder's name (first and last), as runs show who started or cancelled them. */
export async function accountName(db: Db, accountId: string) {
  const account = await db
    .selectFrom('vendor_accounts')
    .select(['first_name', 'last_name'])
    .where('id', '=', accountId)
    .executeTakeFirst()
  return account ? `${account.first_name} ${account.last_name}`.trim() : ''
}

export type AttemptRows = { run: CertificationRunRow; testCases: RunTestCaseRow[] }

/** A record's attempts up to attempt `upTo` (every one without it), oldest first, with their cases. */
export async function recordAttempts(
  db: Db,
  portfolioManagerId: string,
  upTo?: number,
): Promise<AttemptRows[]> {
  let query = db
    .selectFrom('certification_runs')
    .selectAll()
    .where('portfolio_manager_id', '=', portfolioManagerId)
  if (upTo !== undefined) query = query.where('attempt', '<=', upTo)
  return withTestCases(db, await query.orderBy('attempt').execute())
}

/**
 * Runs with their cases in plan order, in the runs' order: one query for the cases of all of them,
 * however many runs (the run list, the attempts, the live stream's hello).
 */
export async function withTestCases(
  db: Kysely<Database> | Transaction<Database>,
  runs: readonly CertificationRunRow[],
): Promise<AttemptRows[]> {
  if (runs.length === 0) return []
  const cases = await db
    .selectFrom('run_test_cases')
    .selectAll()
    .where(
      'run_id',
      'in',
      runs.map((run) => run.run_id),
    )
    .orderBy('run_id')
    .orderBy('position')
    .execute()
  const casesOf = new Map<string, RunTestCaseRow[]>()
  for (const testCase of cases) {
    const list = casesOf.get(testCase.run_id) ?? []
    list.push(testCase)
    casesOf.set(testCase.run_id, list)
  }
  return runs.map((run) => ({ run, testCases: casesOf.get(run.run_id) ?? [] }))
}

/** A run with its record, cases and the record's attempts up to it, for results and the report. */
export async function loadRun(db: Kysely<Database>, runId: string) {
  const run = await db
    .selectFrom('certification_runs')
    .selectAll()
    .where('run_id', '=', runId)
    .executeTakeFirst()
  if (!run) return undefined
  const record = await db
    .selectFrom('device_records')
    .selectAll()
    .where('portfolio_manager_id', '=', run.portfolio_manager_id)
    .executeTakeFirst()
  if (!record) return undefined
  const attempts = await recordAttempts(db, run.portfolio_manager_id, run.attempt)
  const testCases = attempts.find((attempt) => attempt.run.run_id === runId)?.testCases ?? []
  return { record, run, testCases, attempts }
}

/** A record's runs, newest first, with their cases, as the run list answers them. */
export async function recordRuns(db: Kysely<Database> | Transaction<Database>, portfolioManagerId: string) {
  const runs = await db
    .selectFrom('certification_runs')
    .selectAll()
    .where('portfolio_manager_id', '=', portfolioManagerId)
    .orderBy('attempt', 'desc')
    .execute()
  const results = (await withTestCases(db, runs)).map(({ run, testCases }) =>
    certificationRunResult(run, testCases),
  )
  // Issue 20: the certificate of a run that certified the record, with its state now.
  const certified = results.filter((run) => run.isCertified === CERTIFIED_OK).map((run) => run.runId)
  if (certified.length > 0) {
    const certificates = await db
      .selectFrom('certificates')
      .select(['run_id', 'number', 'expires_at', 'revoked_at', 'published'])
      .where('run_id', 'in', certified)
      .execute()
    for (const certificate of certificates) {
      const run = results.find((candidate) => candidate.runId === certificate.run_id)
      if (run)
        run.certificate = {
          number: certificate.number,
          state: certificateState(certificate),
          published: certificate.published,
        }
    }
  }
  return results
}
