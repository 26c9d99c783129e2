import { type Insertable, sql } from 'kysely'
import type { RunKind } from '@/contract/certification'
import { VALIDATION_FAILURE } from '@/contract/records'
import { ACTIVE_STATUSES, type ActiveStatus, CANCELLED_STATUS } from '@/contract/run-status'
import { startRefusal } from '@/contract/run-start'
import {
  ALREADY_CERTIFIED_MESSAGE,
  CANCELLED_CASE_NOTE,
  FORBIDDEN_MESSAGE,
  NO_ACTIVE_RUN_MESSAGE,
  NO_FAILED_CASES_MESSAGE,
  RECORD_NOT_FOUND_MESSAGE,
  RERUN_STARTED_MESSAGE,
  RUN_ALREADY_ACTIVE_MESSAGE,
  RUN_STARTED_MESSAGE,
  runCancelledReason,
} from '@/contract/server-messages'
import type { DeviceRow } from '../platform/db/schema.ts'
import type { CertificationRunsTable } from '../platform/db/tables/certification.ts'
import { isUniqueViolation } from '../platform/db/database.ts'
import { appendEvent } from '../events/index.ts'
import { logActivity, recordSubject } from '../organizations/index.ts'
import { lockRun, type Trx } from './lifecycle-guard.ts'
import { accountName, labActorName, type RunRef, runEventBase, runNow } from './run-store.ts'
import { currentPlanFor } from '../programme/index.ts'
import { type CaseToRun, withCarriedCases } from './recertification.ts'

/*
 * The transitions a person asks for (lifecycle.ts has the executor's): start a run (an attempt),
 * cancel it (review.ts has the lab's review decision). Each answers a typed refusal that its route turns
 * into the answer the spec gives.
 */

export type StartRunInput = {
  portfolioManagerId: string
  /** The organization the caller acts for: the record must be its (docs/decisions/0023). */
  organizationId: string
  /** The member starting it (the run's started_by). */
  accountId: string
  /** The lab starts it on the organization's behalf (accountId is then not read). */
  lab?: { name: string }
  /** 'full' (default): Start Certify, the whole plan. 'rerun': the cases the latest attempt did not pass. */
  kind?: RunKind
}

export type StartRunResult =
  | { ok: true; runId: string; status: ActiveStatus; attempt: number; message: string }
  | {
      ok: false
      reason: 'record-not-found' | 'forbidden' | 'already-active' | 'already-certified' | 'no-failed-cases'
      message: string
    }

/** The executor that will run the new run: its harness, its lease, and whether the lab is in maintenance. */
export type StartingExecutor = {
  harness: string
  owner: string
  leaseUntil: () => Date
  maintenance: () => boolean
}

const refusedStart = (
  reason: Exclude<StartRunResult, { ok: true }>['reason'],
  message: string,
): StartRunResult => ({ ok: false, reason, message })

/**
 * A new attempt of the record (docs/decisions/0021), numbered under the record's row lock: 'full'
 * (the whole plan) or 'rerun' (the cases of the latest attempt that did not pass, at their plan
 * positions, only after a Validation failure). Run and record become InProgress (Maintenance while
 * the lab is in maintenance) with no result; run.started.
 */
export async function startRun(
  trx: Trx,
  { portfolioManagerId, organizationId, accountId, kind = 'full', lab }: StartRunInput,
  executor: StartingExecutor,
): Promise<StartRunResult> {
  const record = await trx
    .selectFrom('device_records')
    .selectAll()
    .where('portfolio_manager_id', '=', portfolioManagerId)
    .forUpdate()
    .executeTakeFirst()
  if (!record) return refusedStart('record-not-found', RECORD_NOT_FOUND_MESSAGE)
  if (record.organization_id !== organizationId) return refusedStart('forbidden', FORBIDDEN_MESSAGE)
  // A run going on or a result the lab has not decided yet is not started over, nor a certified
  // record run again in full (the contract's rule, as the menus have it); a re-run of a certified
  // record finds no failed case below.
  const refusal = startRefusal({ status: record.status, isCertified: record.is_certified })
  const certified = refusal === ALREADY_CERTIFIED_MESSAGE
  if (refusal && !(certified && kind === 'rerun'))
    return refusedStart(certified ? 'already-certified' : 'already-active', refusal)
  // The record's row is locked: no other start numbers an attempt meanwhile.
  const latest = await trx
    .selectFrom('certification_runs')
    .select(['run_id', 'attempt', 'plan_id', 'plan_version', 'plan_name'])
    .where('portfolio_manager_id', '=', portfolioManagerId)
    .orderBy('attempt', 'desc')
    .limit(1)
    .executeTakeFirst()
  const { plan, cases } = await casesToRun(trx, record, kind, latest)
  if (cases.length === 0) return refusedStart('no-failed-cases', NO_FAILED_CASES_MESSAGE)
  const status: ActiveStatus = executor.maintenance() ? 'Maintenance' : 'InProgress'
  const attempt = (latest?.attempt ?? 0) + 1
  const runId = await insertAttempt(
    trx,
    {
      portfolio_manager_id: portfolioManagerId,
      attempt,
      kind,
      started_by: lab ? labActorName(lab.name) : await accountName(trx, accountId),
      status,
      harness: executor.harness,
      lease_owner: executor.owner,
      lease_expires_at: executor.leaseUntil(),
      plan_id: plan.planId,
      plan_version: plan.version,
      plan_name: plan.name,
      revision: record.revision,
    },
    cases,
  )
  await trx
    .updateTable('device_records')
    // A full run takes the lab's requirement of the whole plan (docs/decisions/0033).
    .set({ status, is_certified: '', ...(kind === 'full' ? { full_plan_required: false } : {}) })
    .where('portfolio_manager_id', '=', portfolioManagerId)
    .execute()
  await logActivity(trx, {
    organizationId,
    actorAccountId: lab ? null : accountId,
    ...(lab ? { actorName: labActorName(lab.name), actorKind: 'lab' as const } : {}),
    action: kind === 'rerun' ? 'run.rerun' : 'run.started',
    subject: recordSubject(record),
  })
  const ref: RunRef = { runId, portfolioManagerId, organizationId, attempt }
  await appendEvent(trx, organizationId, {
    ...(await runEventBase(trx, ref)),
    type: 'run.started',
    run: await runNow(trx, runId),
  })
  return {
    ok: true,
    runId,
    status,
    attempt,
    message: kind === 'rerun' ? RERUN_STARTED_MESSAGE : RUN_STARTED_MESSAGE,
  }
}

/** Writes the attempt's run and its cases (a re-run's keep their positions in the plan); its id. */
async function insertAttempt(trx: Trx, run: Insertable<CertificationRunsTable>, cases: readonly CaseToRun[]) {
  const { run_id: runId } = await trx
    .insertInto('certification_runs')
    .values(run)
    .returning('run_id')
    .executeTakeFirstOrThrow()
  await trx
    .insertInto('run_test_cases')
    .values(
      cases.map(({ position, name, description, firmwareSensitive, carriedFrom, log }) => ({
        run_id: runId,
        position,
        name,
        description,
        firmware_sensitive: firmwareSensitive,
        // A recertification's carried case is passed already: the executor runs the pending ones.
        ...(carriedFrom ? { state: 'passed' as const, carried_from: carriedFrom, log } : {}),
      })),
    )
    .execute()
  return runId
}

type RunPlan = { planId: string; version: number; name: string }

/**
 * The plan and cases a new attempt runs: the current version of the device's plan, whole; or for a
 * re-run the plan version of the latest attempt and the cases it did not pass — only when the
 * record's latest attempt ended in Validation failure (none otherwise).
 */
async function casesToRun(
  trx: Trx,
  record: DeviceRow,
  kind: RunKind,
  latest: { run_id: string; plan_id: string; plan_version: number; plan_name: string } | undefined,
): Promise<{ plan: RunPlan; cases: CaseToRun[] }> {
  if (kind === 'full' || !latest) {
    const plan = await currentPlanFor(trx, record.device_type, record.product_class)
    if (kind !== 'full') return { plan, cases: [] }
    return {
      plan,
      cases: await withCarriedCases(
        trx,
        record,
        plan.cases.map((item, position) => ({ position, ...item })),
      ),
    }
  }
  const plan = { planId: latest.plan_id, version: latest.plan_version, name: latest.plan_name }
  if (record.status !== 'Completed' || record.is_certified !== VALIDATION_FAILURE) return { plan, cases: [] }
  const cases = await trx
    .selectFrom('run_test_cases')
    .select(['position', 'name', 'description', 'firmware_sensitive'])
    .where('run_id', '=', latest.run_id)
    .where('state', '!=', 'passed')
    .orderBy('position')
    .execute()
  return {
    plan,
    cases: cases.map(({ firmware_sensitive, ...item }) => ({
      ...item,
      firmwareSensitive: firmware_sensitive,
    })),
  }
}

/**
 * A start that the database refused because another one, maybe in another process, made the
 * record's active run first (the partial unique index certification_runs_one_active); null for
 * any other error.
 */
export function concurrentStartRefusal(error: unknown): StartRunResult | null {
  return isUniqueViolation(error, 'certification_runs_one_active')
    ? refusedStart('already-active', RUN_ALREADY_ACTIVE_MESSAGE)
    : null
}

export type CancelRunInput = {
  portfolioManagerId: string
  organizationId: string
  accountId: string
  /** The lab cancels it on the organization's behalf (accountId is then not read). */
  lab?: { name: string }
}

export type CancelRunResult =
  | { ok: true; runId: string; message?: undefined }
  | { ok: false; reason: 'record-not-found' | 'forbidden' | 'no-active-run'; message: string }

/**
 * The record's active run is cancelled (docs/decisions/0021): the run and its record become
 * Cancelled (is_certified '', failure_reason 'Cancelled by <name>.'), the cases finished so far
 * stay as they are, the running case and the pending ones become 'skipped' with
 * CANCELLED_CASE_NOTE (the running one keeps its log so far, the note appended); run.cancelled.
 * The executor running it finds the run no longer active at its next write (runner.ts).
 */
export async function cancelRun(
  trx: Trx,
  { portfolioManagerId, organizationId, accountId, lab }: CancelRunInput,
): Promise<CancelRunResult> {
  const record = await trx
    .selectFrom('device_records')
    .select(['organization_id', 'vendor', 'device_name'])
    .where('portfolio_manager_id', '=', portfolioManagerId)
    .forUpdate()
    .executeTakeFirst()
  if (!record) return { ok: false, reason: 'record-not-found', message: RECORD_NOT_FOUND_MESSAGE }
  if (record.organization_id !== organizationId)
    return { ok: false, reason: 'forbidden', message: FORBIDDEN_MESSAGE }
  const active = await trx
    .selectFrom('certification_runs')
    .select('run_id')
    .where('portfolio_manager_id', '=', portfolioManagerId)
    .where('status', 'in', ACTIVE_STATUSES)
    .executeTakeFirst()
  const locked =
    active &&
    (await lockRun(trx, { runId: active.run_id, portfolioManagerId }, 'cancel', { withRecord: false }))
  if (!locked?.ok) return { ok: false, reason: 'no-active-run', message: NO_ACTIVE_RUN_MESSAGE }
  const run = locked.run
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
  await logActivity(trx, {
    organizationId,
    actorAccountId: lab ? null : accountId,
    actorName: cancelledBy,
    ...(lab ? { actorKind: 'lab' as const } : {}),
    action: 'run.cancelled',
    subject: recordSubject(record),
  })
  const ref: RunRef = { runId: run.run_id, portfolioManagerId, organizationId, attempt: run.attempt }
  await appendEvent(trx, organizationId, {
    ...(await runEventBase(trx, ref)),
    type: 'run.cancelled',
    finishedAt: finishedAt.toISOString(),
    cancelledBy,
    run: await runNow(trx, run.run_id),
  })
  return { ok: true, runId: run.run_id }
}
