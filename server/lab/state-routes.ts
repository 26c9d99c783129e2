import { Hono } from 'hono'
import {
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
import {
  endMaintenance,
  readLabState,
  reviewRun,
  setReviewRequired,
  startMaintenance,
} from '../certification/index.ts'
import { isPlainId } from '../http/plain-id.ts'
import type { MainEnv } from '../http/context.ts'
import { labRoute } from '../http/route.ts'
import { staffName } from './staff-store.ts'

/*
 * The lab console's calls: the bench's maintenance, the review setting and the review of a
 * finished run (docs/decisions/0024).
 *
 * - Maintenance is a Lab manager's: a reason and an expected end later than now (else 400 on the
 *   field 'expectedEnd', nothing changed); new and waiting runs go to Maintenance at their next
 *   case (server/certification/runner.ts) and resume in the order they started when it ends. Maintenance
 *   set with CERT_MAINTENANCE=1 is the server's: the console shows it and cannot end it.
 * - Review (a lab engineer's or manager's): approve → Completed + CERTIFIED-OK, allowed only when
 *   every case of the plan passed; reject with a reason → Completed + Validation failure. The
 *   decision, the reviewer's name and time are on the run for the vendor to read; the vendor's
 *   activity log records it as the lab's, and run.finished tells their open tabs — in one
 *   transaction, the run's row locked, so of two decisions at once exactly one stands
 *   (server/certification/lifecycle-requests.ts reviewRun).
 */

export const labStateRoutes = new Hono<MainEnv>()

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
  const requireFullPlan = c.var.body.requireFullPlan === true
  const outcome = await reviewRun(db, { runId, decision, reason, reviewer, certificates, requireFullPlan })
  if (!outcome.ok && outcome.reason === 'not-found') return c.json(notFound, 404)
  if (!outcome.ok && outcome.reason === 'not-awaiting')
    return c.json({ message: RUN_NOT_AWAITING_REVIEW_MESSAGE, field: 'runId' }, 409)
  if (!outcome.ok) return c.json({ message: REVIEW_APPROVE_FAILED_MESSAGE, field: 'decision' }, 409)
  return c.json({ message: decision === 'approve' ? RUN_APPROVED_MESSAGE : RUN_REJECTED_MESSAGE })
})
