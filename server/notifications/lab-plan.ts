import { labRecordPath } from '@/contract/lab-assignment'
import { recordAssignedMail, runAwaitingReviewMail } from '@/contract/mails/notification-mails'
import { type Db, labJobsFor, type NewJob, type PlanContext } from './recipients.ts'

/*
 * The lab's work-queue notifications (docs/decisions/0045): a run that ended and waits for the
 * lab's review (every staff member whose switch is on), and a record assigned to a member by
 * someone else (that member only; assigning oneself mails nobody). The assignment's event is the
 * lab's only (LAB_ONLY_EVENTS): its organization is the record's.
 */

type PlannedEvent = { seq: number; organization_id: string; type: string; data: Record<string, unknown> }

/** run.finished with status AwaitingReview: the lab's staff hear the device waits for them. */
export async function planRunAwaitingReview(
  ctx: PlanContext,
  trx: Db,
  event: PlannedEvent,
): Promise<NewJob[]> {
  const data = event.data
  const portfolioManagerId = String(data.portfolioManagerId ?? '')
  const runId = String(data.runId ?? '')
  const record = await trx
    .selectFrom('device_records')
    .select('device_name')
    .where('portfolio_manager_id', '=', portfolioManagerId)
    .executeTakeFirst()
  const cases = await trx.selectFrom('run_test_cases').select('state').where('run_id', '=', runId).execute()
  return labJobsFor(
    ctx,
    trx,
    'runAwaitingReview',
    `review:${runId}`,
    event.organization_id,
    (to, footer, organizationName) =>
      runAwaitingReviewMail({
        to,
        organizationName,
        deviceName: record?.device_name ?? portfolioManagerId,
        attempt: Number(data.attempt ?? 1),
        failed: cases.filter((test) => test.state === 'failed').length,
        total: cases.length,
        recordUrl: `${ctx.publicUrl}${labRecordPath(portfolioManagerId)}`,
        footer,
      }),
  )
}

/** record.assigned to someone by another member: that member hears of it. */
export async function planRecordAssigned(ctx: PlanContext, trx: Db, event: PlannedEvent): Promise<NewJob[]> {
  const data = event.data
  const assignee = data.assignee as { staffId?: unknown; name?: unknown } | null | undefined
  const assignedBy = String(data.assignedBy ?? '')
  if (!assignee || typeof assignee.staffId !== 'string' || assignee.name === assignedBy) return []
  const portfolioManagerId = String(data.portfolioManagerId ?? '')
  const record = await trx
    .selectFrom('device_records')
    .select(['device_name', 'organization_id'])
    .where('portfolio_manager_id', '=', portfolioManagerId)
    .executeTakeFirst()
  if (!record) return []
  return labJobsFor(
    ctx,
    trx,
    'recordAssigned',
    `assigned:${event.seq}`,
    record.organization_id,
    (to, footer, organizationName) =>
      recordAssignedMail({
        to,
        organizationName,
        deviceName: record.device_name,
        assignedBy,
        recordUrl: `${ctx.publicUrl}${labRecordPath(portfolioManagerId)}`,
        footer,
      }),
    assignee.staffId,
  )
}
