import { Hono } from 'hono'
import type { Context } from 'hono'
import type { AddCommentAnswer } from '@/contract/certification'
import { LAB_COMMENT_ADDED_MESSAGE, LAB_RUNS_UNAVAILABLE_MESSAGE, type LabRecordAnswer } from '@/contract/lab'
import { RECORD_NOT_FOUND_MESSAGE, RUN_CANCELLED_MESSAGE } from '@/contract/server-messages'
import { recordRuns } from '../certification/index.ts'
import { appendEvent } from '../events/index.ts'
import { labQueue, queueStateOf } from './queue.ts'
import { vendorMaintenance } from '../certification/index.ts'
import { isPlainId } from '../http/plain-id.ts'
import type { MainEnv, MainServices } from '../http/context.ts'
import { logActivity, recordSubject } from '../organizations/index.ts'
import { DEVICE_ROW_COLUMNS, toDeviceRecord } from '../portfolio/index.ts'
import { COMMENT_COLUMNS, toComment } from '../portfolio/index.ts'
import { labRoute } from '../http/route.ts'

/*
 * The lab console's calls: the queue, any record's details, the conversation and the actions on a
 * vendor's behalf (issue 19, docs/decisions/0024). Staff see every organization's records; what
 * they do is the organization's too: a lab comment is in the record's thread and its events (the
 * vendor's open tabs hear of it at once), a start, re-run or cancel goes through the same executor
 * as the vendor's with the lab named as the actor, and each is written in the organization's
 * activity log as the lab's (actor_kind 'lab'). An unknown record answers 404 on its field.
 */

export const labRoutes = new Hono<MainEnv>()

const recordNotFound = { message: RECORD_NOT_FOUND_MESSAGE, field: 'portfolioManagerId' }

async function staffName(services: MainServices, staffId: string) {
  const row = await services.db
    .selectFrom('lab_staff')
    .select('name')
    .where('id', '=', staffId)
    .executeTakeFirst()
  return row?.name ?? 'The lab'
}

/** The record's organization and what the log calls it, or undefined when there is no such record. */
async function findRecord(services: MainServices, portfolioManagerId: string) {
  if (!isPlainId(portfolioManagerId)) return undefined
  return services.db
    .selectFrom('device_records as d')
    .innerJoin('organizations as o', 'o.id', 'd.organization_id')
    .select([
      ...DEVICE_ROW_COLUMNS.map((column) => `d.${column}` as const),
      'd.organization_id',
      'o.name as organization_name',
    ])
    .where('d.portfolio_manager_id', '=', portfolioManagerId)
    .executeTakeFirst()
}

labRoute(labRoutes, 'labQueue', async (c) => c.json(await labQueue(c.var.services.db, c.var.body)))

labRoute(labRoutes, 'labRecord', async (c) => {
  const services = c.var.services
  const record = await findRecord(services, c.var.body.portfolioManagerId)
  if (!record) return c.json(recordNotFound, 404)
  const runs = await recordRuns(services.db, record.portfolio_manager_id)
  if (runs.some((run) => run.status === 'Maintenance')) {
    const maintenance = await vendorMaintenance(services.db)
    for (const run of runs) if (run.status === 'Maintenance') run.maintenance = maintenance
  }
  const comments = await services.db
    .selectFrom('comments')
    .select(COMMENT_COLUMNS)
    .where('portfolio_manager_id', '=', record.portfolio_manager_id)
    .orderBy('created_at')
    .orderBy('comment_id')
    .execute()
  const answer: LabRecordAnswer = {
    record: toDeviceRecord(record),
    organizationId: record.organization_id,
    organizationName: record.organization_name,
    queueState: queueStateOf(record.status),
    runs,
    comments: comments.map(toComment),
  }
  return c.json(answer)
})

labRoute(labRoutes, 'labAddComment', async (c) => {
  const services = c.var.services
  const { portfolioManagerId, text } = c.var.body
  const record = await findRecord(services, portfolioManagerId)
  if (!record) return c.json(recordNotFound, 404)
  const name = await staffName(services, c.var.labStaffId)
  const comment = await services.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('comments')
      .values({
        portfolio_manager_id: portfolioManagerId,
        account_id: null,
        lab_staff_id: c.var.labStaffId,
        author: name,
        text,
        created_at: new Date(),
        author_kind: 'lab',
        author_role: c.var.labRole,
      })
      .returning(COMMENT_COLUMNS)
      .executeTakeFirstOrThrow()
    const added = toComment(row)
    await logActivity(trx, {
      organizationId: record.organization_id,
      actorAccountId: null,
      actorName: `${name} (lab)`,
      actorKind: 'lab',
      action: 'comment.added',
      subject: recordSubject(record),
    })
    // The vendor's open tabs hear of it at once (decision 0020).
    await appendEvent(trx, record.organization_id, {
      type: 'comment.added',
      portfolioManagerId,
      comment: added,
    })
    return added
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
    lab: { name: await staffName(services, labStaffId) },
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
    lab: { name: await staffName(services, c.var.labStaffId) },
  })
  if (result.ok) return c.json({ message: RUN_CANCELLED_MESSAGE })
  if (result.reason === 'no-active-run')
    return c.json({ message: result.message, field: 'portfolioManagerId' }, 409)
  return c.json(recordNotFound, 404)
})
