import { issueCertificate } from '../certification/index.ts'
import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import {
  AWAITING_REVIEW_STATUS,
  LAB_RUN_NOT_FOUND_MESSAGE,
  MAINTENANCE_ALREADY_ON_MESSAGE,
  MAINTENANCE_END_BEFORE_START_MESSAGE,
  MAINTENANCE_ENDED_MESSAGE,
  MAINTENANCE_FROM_ENVIRONMENT_MESSAGE,
  MAINTENANCE_NOT_ON_MESSAGE,
  MAINTENANCE_STARTED_MESSAGE,
  REVIEW_APPROVE_FAILED_MESSAGE,
  REVIEW_OFF_MESSAGE,
  REVIEW_ON_MESSAGE,
  REVIEW_REASON_REQUIRED_MESSAGE,
  RUN_APPROVED_MESSAGE,
  RUN_NOT_AWAITING_REVIEW_MESSAGE,
  RUN_REJECTED_MESSAGE,
} from '@/contract/lab'
import { CERTIFIED_OK, VALIDATION_FAILURE } from '@/contract/records'
import { planOutcome, runEventBase, runNow } from '../certification/index.ts'
import type { Database } from '../platform/db/schema.ts'
import { appendEvent } from '../events/index.ts'
import { endMaintenance, readLabState, setReviewRequired, startMaintenance } from '../certification/index.ts'
import { isPlainId } from '../http/plain-id.ts'
import type { MainEnv } from '../http/context.ts'
import { logActivity, recordSubject } from '../organizations/index.ts'
import { labRoute } from '../http/route.ts'

/*
 * The lab console's calls: the bench's maintenance, the review setting and the review of a
 * finished run (issue 19, docs/decisions/0024).
 *
 * - Maintenance is a Lab manager's: a reason and an expected end later than now (else 400 on the
 *   field 'expectedEnd', nothing changed); new and waiting runs go to Maintenance at their next
 *   case (server/certification/runner.ts) and resume in the order they started when it ends. Maintenance
 *   set with CERT_MAINTENANCE=1 is the server's: the console shows it and cannot end it.
 * - Review (a lab engineer's or manager's): approve → Completed + CERTIFIED-OK, allowed only when
 *   every case of the plan passed; reject with a reason → Completed + Validation failure. The
 *   decision, the reviewer's name and time are on the run for the vendor to read; the vendor's
 *   activity log records it as the lab's, and run.finished tells their open tabs — in one
 *   transaction, the run's row locked, so of two decisions at once exactly one stands.
 */

export const labStateRoutes = new Hono<MainEnv>()

async function staffName(db: Kysely<Database>, staffId: string) {
  const row = await db.selectFrom('lab_staff').select('name').where('id', '=', staffId).executeTakeFirst()
  return row?.name ?? 'The lab'
}

labRoute(labStateRoutes, 'labState', async (c) => c.json(await readLabState(c.var.services.db)))

labRoute(labStateRoutes, 'labStartMaintenance', async (c) => {
  const { db, labState } = c.var.services
  const { reason, expectedEnd } = c.var.body
  const end = new Date(expectedEnd)
  if (!(end.getTime() > Date.now()))
    return c.json({ message: MAINTENANCE_END_BEFORE_START_MESSAGE, field: 'expectedEnd' }, 400)
  const started = await startMaintenance(db, {
    reason,
    expectedEnd: end,
    startedBy: await staffName(db, c.var.labStaffId),
  })
  if (!started) return c.json({ message: MAINTENANCE_ALREADY_ON_MESSAGE }, 409)
  await labState?.refresh()
  return c.json({ ...(await readLabState(db)), message: MAINTENANCE_STARTED_MESSAGE })
})

labRoute(labStateRoutes, 'labEndMaintenance', async (c) => {
  const { db, labState } = c.var.services
  const ended = await endMaintenance(db)
  if (!ended) {
    const state = await readLabState(db)
    return c.json(
      {
        message: state.maintenanceFromEnvironment
          ? MAINTENANCE_FROM_ENVIRONMENT_MESSAGE
          : MAINTENANCE_NOT_ON_MESSAGE,
      },
      409,
    )
  }
  await labState?.refresh()
  const state = await readLabState(db)
  return c.json({
    ...state,
    message: state.maintenanceFromEnvironment
      ? MAINTENANCE_FROM_ENVIRONMENT_MESSAGE
      : MAINTENANCE_ENDED_MESSAGE,
  })
})

labRoute(labStateRoutes, 'labReviewSetting', async (c) => {
  const { db } = c.var.services
  const { reviewRequired } = c.var.body
  await setReviewRequired(db, reviewRequired)
  return c.json({
    ...(await readLabState(db)),
    message: reviewRequired ? REVIEW_ON_MESSAGE : REVIEW_OFF_MESSAGE,
  })
})

labRoute(labStateRoutes, 'labReview', async (c) => {
  const { db, certificates } = c.var.services
  const { runId, decision } = c.var.body
  const reason = c.var.body.reason?.trim() ?? ''
  if (decision === 'reject' && reason === '')
    return c.json({ message: REVIEW_REASON_REQUIRED_MESSAGE, field: 'reason' }, 400)
  const notFound = { message: LAB_RUN_NOT_FOUND_MESSAGE, field: 'runId' }
  if (!isPlainId(runId)) return c.json(notFound, 404)
  const reviewer = await staffName(db, c.var.labStaffId)
  const outcome = await db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('certification_runs as r')
      .innerJoin('device_records as d', 'd.portfolio_manager_id', 'r.portfolio_manager_id')
      .select(['r.portfolio_manager_id', 'd.organization_id'])
      .where('r.run_id', '=', runId)
      .executeTakeFirst()
    if (!found) return 'not-found' as const
    // The record's row first, then the run's, as every run write does (run-store.ts).
    const record = await trx
      .selectFrom('device_records')
      .select(['device_name', 'vendor'])
      .where('portfolio_manager_id', '=', found.portfolio_manager_id)
      .forUpdate()
      .executeTakeFirstOrThrow()
    const run = await trx
      .selectFrom('certification_runs')
      .select(['run_id', 'attempt', 'status'])
      .where('run_id', '=', runId)
      .forUpdate()
      .executeTakeFirstOrThrow()
    if (run.status !== AWAITING_REVIEW_STATUS) return 'not-awaiting' as const
    const { certified } = await planOutcome(trx, found.portfolio_manager_id, run.attempt, run.run_id)
    if (decision === 'approve' && !certified) return 'has-failures' as const
    const isCertified = decision === 'approve' ? CERTIFIED_OK : VALIDATION_FAILURE
    const now = new Date()
    await trx
      .updateTable('certification_runs')
      .set({
        status: 'Completed',
        is_certified: isCertified,
        review_state: decision === 'approve' ? 'approved' : 'rejected',
        reviewed_by: reviewer,
        reviewed_at: now,
        review_reason: reason === '' ? null : reason,
      })
      .where('run_id', '=', runId)
      .execute()
    await trx
      .updateTable('device_records')
      .set({ status: 'Completed', is_certified: isCertified })
      .where('portfolio_manager_id', '=', found.portfolio_manager_id)
      .execute()
    // Issue 20: an approved run's certificate, in the same transaction as the decision.
    if (decision === 'approve' && certificates) await issueCertificate(trx, runId, certificates)
    await logActivity(trx, {
      organizationId: found.organization_id,
      actorAccountId: null,
      actorName: reviewer,
      actorKind: 'lab',
      action: decision === 'approve' ? 'run.approved' : 'run.rejected',
      subject: recordSubject(record),
    })
    const ref = {
      runId,
      portfolioManagerId: found.portfolio_manager_id,
      organizationId: found.organization_id,
      attempt: run.attempt,
    }
    const finished = await runNow(trx, runId)
    await appendEvent(trx, found.organization_id, {
      ...(await runEventBase(trx, ref)),
      type: 'run.finished',
      status: 'Completed',
      isCertified,
      failureReason: null,
      finishedAt: finished.finishedAt ?? now.toISOString(),
      run: finished,
    })
    return 'decided' as const
  })
  if (outcome === 'not-found') return c.json(notFound, 404)
  if (outcome === 'not-awaiting')
    return c.json({ message: RUN_NOT_AWAITING_REVIEW_MESSAGE, field: 'runId' }, 409)
  if (outcome === 'has-failures')
    return c.json({ message: REVIEW_APPROVE_FAILED_MESSAGE, field: 'decision' }, 409)
  return c.json({ message: decision === 'approve' ? RUN_APPROVED_MESSAGE : RUN_REJECTED_MESSAGE })
})
