import { Hono } from 'hono'
import type { Context } from 'hono'
import type { AddCommentAnswer } from '@/contract/certification'
import { LAB_COMMENT_ADDED_MESSAGE, LAB_RUNS_UNAVAILABLE_MESSAGE } from '@/contract/lab'
import { RECORD_NOT_FOUND_MESSAGE, RUN_CANCELLED_MESSAGE } from '@/contract/server-messages'
import { labAssignmentRoutes } from './assignment.ts'
import { labQueue } from './queue.ts'
import { addLabComment, labRecord, labRecordAnswer } from './record-store.ts'
import { staffName } from './staff-store.ts'
import { isPlainId } from '../http/plain-id.ts'
import type { MainEnv, MainServices } from '../http/context.ts'
import { labRoute } from '../http/route.ts'

/*
 * The lab console's calls: the queue, any record's details, the conversation and the actions on a
 * vendor's behalf (docs/decisions/0024). Staff see every organization's records; what
 * they do is the organization's too: a lab comment is in the record's thread and its events (the
 * vendor's open tabs hear of it at once), a start, re-run or cancel goes through the same executor
 * as the vendor's with the lab named as the actor, and each is written in the organization's
 * activity log as the lab's (actor_kind 'lab'). An unknown record answers 404 on its field.
 */

export const labRoutes = new Hono<MainEnv>()

const recordNotFound = { message: RECORD_NOT_FOUND_MESSAGE, field: 'portfolioManagerId' }

/** The record with its organization, or undefined when there is no such record. */
const findRecord = (services: MainServices, portfolioManagerId: string) =>
  isPlainId(portfolioManagerId) ? labRecord(services.db, portfolioManagerId) : undefined

labRoute(labRoutes, 'labQueue', async (c) =>
  c.json(await labQueue(c.var.services.db, { ...c.var.body, staffId: c.var.labStaffId })),
)

// Assigning a record to a staff member (docs/decisions/0045).
labRoutes.route('/', labAssignmentRoutes)

labRoute(labRoutes, 'labRecord', async (c) => {
  const services = c.var.services
  const record = await findRecord(services, c.var.body.portfolioManagerId)
  if (!record) return c.json(recordNotFound, 404)
  return c.json(await labRecordAnswer(services.db, record))
})

labRoute(labRoutes, 'labAddComment', async (c) => {
  const services = c.var.services
  const { portfolioManagerId, text } = c.var.body
  const record = await findRecord(services, portfolioManagerId)
  if (!record) return c.json(recordNotFound, 404)
  const comment = await addLabComment(services.db, {
    record,
    staffId: c.var.labStaffId,
    staffRole: c.var.labRole,
    author: await staffName(services.db, c.var.labStaffId),
    text,
  })
  const answer: AddCommentAnswer = { message: LAB_COMMENT_ADDED_MESSAGE, comment }
  return c.json(answer)
})

/** Start (the whole plan) or re-run the failed cases on the organization's behalf. */
async function startOnBehalf(
  c: Context,
  { services, labStaffId }: { services: MainServices; labStaffId: string },
  portfolioManagerId: string,
  kind: 'full' | 'rerun',
) {
  if (!services.runs) return c.json({ message: LAB_RUNS_UNAVAILABLE_MESSAGE }, 503)
  const record = await findRecord(services, portfolioManagerId)
  if (!record) return c.json(recordNotFound, 404)
  const result = await services.runs.startRun({
    portfolioManagerId,
    organizationId: record.organization_id,
    accountId: '',
    lab: { name: await staffName(services.db, labStaffId) },
    kind,
  })
  if (result.ok) {
    const { message, runId, status, attempt } = result
    return c.json({ message, runId, status, attempt })
  }
  if (result.reason === 'record-not-found') return c.json(recordNotFound, 404)
  return c.json({ message: result.message, field: 'portfolioManagerId' }, 409)
}

labRoute(labRoutes, 'labStartRun', (c) => startOnBehalf(c, c.var, c.var.body.portfolioManagerId, 'full'))
labRoute(labRoutes, 'labRerunFailed', (c) => startOnBehalf(c, c.var, c.var.body.portfolioManagerId, 'rerun'))

labRoute(labRoutes, 'labCancelRun', async (c) => {
  const services = c.var.services
  if (!services.runs) return c.json({ message: LAB_RUNS_UNAVAILABLE_MESSAGE }, 503)
  const record = await findRecord(services, c.var.body.portfolioManagerId)
  if (!record) return c.json(recordNotFound, 404)
  const result = await services.runs.cancelRun({
    portfolioManagerId: record.portfolio_manager_id,
    organizationId: record.organization_id,
    accountId: '',
    lab: { name: await staffName(services.db, c.var.labStaffId) },
  })
  if (result.ok) return c.json({ message: RUN_CANCELLED_MESSAGE })
  if (result.reason === 'no-active-run')
    return c.json({ message: result.message, field: 'portfolioManagerId' }, 409)
  return c.json(recordNotFound, 404)
})
