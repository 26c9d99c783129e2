import { VERIFY_PATH } from '@/contract/certificates'
import { ENVIRONMENT_MAINTENANCE_REASON } from '@/contract/lab'
import { labRecordPath } from '@/contract/lab-assignment'
import {
  certificateIssuedMail,
  commentReceivedMail,
  labRejectedReason,
  maintenanceMail,
  type MailFooter,
  recordRevisedMail,
  runFinishedMail,
  vendorCommentMail,
} from '@/contract/mails/notification-mails'
import { planRecordAssigned, planRunAwaitingReview } from './lab-plan.ts'
import {
  type Db,
  jobsFor,
  labJobsFor,
  type NewJob,
  type PlanContext,
  recordOf,
  recordUrl,
} from './recipients.ts'

/*
 * What each notified event makes (docs/decisions/0028 points 6 and 9): a run finished with a
 * verdict (and the certificate issued with it), a comment, a run held by maintenance or released.
 */

type PlannedEvent = { seq: number; organization_id: string; type: string; data: Record<string, unknown> }

/** The notifications an event makes, for the members whose switch is on (or the lab's staff). */
export async function plan(ctx: PlanContext, trx: Db, event: PlannedEvent): Promise<NewJob[]> {
  const { data } = event
  if (event.type === 'run.finished' && data.status === 'AwaitingReview')
    return planRunAwaitingReview(ctx, trx, event)
  if (event.type === 'record.assigned') return planRecordAssigned(ctx, trx, event)
  if (event.type === 'run.finished') return planRunFinished(ctx, trx, event)
  if (event.type === 'comment.added') return planComment(ctx, trx, event)
  if (event.type === 'record.revised') return planRecordRevised(ctx, trx, event)
  const record = data.record as { status?: unknown } | undefined
  const held =
    (event.type === 'run.status' && data.status === 'Maintenance') ||
    (event.type === 'run.started' && record?.status === 'Maintenance')
  if (held) return planMaintenanceStarted(ctx, trx, event)
  if (event.type === 'run.status' && data.status === 'InProgress')
    return planMaintenanceEnded(ctx, trx, event)
  return []
}

/** A run that ended with a verdict: its result, and its certificate when it issued one. */
async function planRunFinished(ctx: PlanContext, trx: Db, event: PlannedEvent): Promise<NewJob[]> {
  const data = event.data
  const organizationId = event.organization_id
  const portfolioManagerId = String(data.portfolioManagerId ?? '')
  const isCertified = data.isCertified
  if (data.status !== 'Completed' || (isCertified !== 'CERTIFIED-OK' && isCertified !== 'Validation failure'))
    return []
  const runId = String(data.runId)
  const device = await recordOf(trx, portfolioManagerId)
  const deviceName = device?.device_name ?? portfolioManagerId
  const failed = await trx
    .selectFrom('run_test_cases')
    .select('name')
    .where('run_id', '=', runId)
    .where('state', '=', 'failed')
    .orderBy('position')
    .execute()
  const attempt = Number(data.attempt ?? 1)
  // Why it ended without a verdict (interrupted), or the lab's reason for rejecting it in review.
  const run = await trx
    .selectFrom('certification_runs')
    .select(['failure_reason', 'review_state', 'review_reason'])
    .where('run_id', '=', runId)
    .executeTakeFirst()
  const reason =
    run?.failure_reason ?? (run?.review_state === 'rejected' ? labRejectedReason(run.review_reason) : null)
  const jobs = await jobsFor(
    ctx,
    trx,
    'runFinished',
    `run:${runId}`,
    organizationId,
    (to, footer, organizationName) =>
      runFinishedMail({
        to,
        organizationName,
        deviceName,
        portfolioManagerId,
        attempt,
        outcome: isCertified === 'CERTIFIED-OK' ? 'Certified' : 'Validation Failure',
        failedCases: failed.map((row) => row.name),
        reason,
        recordUrl: recordUrl(ctx, deviceName),
        footer,
      }),
  )
  const certificate = await trx
    .selectFrom('certificates')
    .select(['number', 'device_name', 'issued_at', 'expires_at'])
    .where('run_id', '=', runId)
    .executeTakeFirst()
  if (certificate) {
    jobs.push(
      ...(await jobsFor(
        ctx,
        trx,
        'certificateIssued',
        `certificate:${certificate.number}`,
        organizationId,
        (to, footer, organizationName) =>
          certificateIssuedMail({
            to,
            organizationName,
            deviceName: certificate.device_name,
            number: certificate.number,
            issuedAt: certificate.issued_at.toISOString(),
            expiresAt: certificate.expires_at.toISOString(),
            verifyUrl: `${ctx.publicUrl}${VERIFY_PATH}/${certificate.number}`,
            footer,
          }),
      )),
    )
  }
  return jobs
}

/** A lab comment to the members; a member's comment to the lab's staff. */
async function planComment(ctx: PlanContext, trx: Db, event: PlannedEvent): Promise<NewJob[]> {
  const data = event.data
  const organizationId = event.organization_id
  const portfolioManagerId = String(data.portfolioManagerId ?? '')
  const comment = data.comment as Record<string, unknown> | undefined
  if (!comment) return []
  const device = await recordOf(trx, portfolioManagerId)
  const deviceName = device?.device_name ?? portfolioManagerId
  // A lab comment is the members' to hear of; a member's, the lab's staff's (point 9) — the
  // members see their own team's at once.
  const fromLab = comment.authorKind === 'lab'
  if (!fromLab && comment.authorKind !== 'vendor') return []
  const render = (to: string, footer: MailFooter, organizationName: string) => {
    const input = {
      to,
      organizationName,
      deviceName,
      portfolioManagerId,
      author: String(comment.author ?? ''),
      comment: String(comment.text ?? ''),
      footer,
    }
    return fromLab
      ? commentReceivedMail({
          ...input,
          authorRole: String(comment.authorRole ?? 'Lab'),
          recordUrl: recordUrl(ctx, deviceName),
        })
      : vendorCommentMail({
          ...input,
          authorRole: String(comment.authorRole ?? ''),
          recordUrl: `${ctx.publicUrl}${labRecordPath(portfolioManagerId)}`,
        })
  }
  const topic = `comment:${String(comment.commentId)}`
  return fromLab
    ? jobsFor(ctx, trx, 'commentReceived', topic, organizationId, render)
    : labJobsFor(ctx, trx, 'vendorComment', topic, organizationId, render)
}

/** A vendor made a new revision of a device: the lab's staff hear of it (docs/decisions/0033). */
async function planRecordRevised(ctx: PlanContext, trx: Db, event: PlannedEvent): Promise<NewJob[]> {
  const data = event.data
  const portfolioManagerId = String(data.portfolioManagerId ?? '')
  const revision = Number(data.revision ?? 0)
  const row = data.row as { deviceName?: unknown; baseFirmwareVersion?: unknown } | undefined
  const record = await trx
    .selectFrom('device_records')
    .select(['revised_by'])
    .where('portfolio_manager_id', '=', portfolioManagerId)
    .executeTakeFirst()
  return labJobsFor(
    ctx,
    trx,
    'recordRevised',
    `revision:${portfolioManagerId}:${revision}`,
    event.organization_id,
    (to, footer, organizationName) =>
      recordRevisedMail({
        to,
        organizationName,
        deviceName: String(row?.deviceName ?? portfolioManagerId),
        portfolioManagerId,
        author: record?.revised_by ?? organizationName,
        revision,
        firmware: String(row?.baseFirmwareVersion ?? ''),
        previousFirmware: String(data.previousFirmwareVersion ?? ''),
        recordUrl: `${ctx.publicUrl}${labRecordPath(portfolioManagerId)}`,
        footer,
      }),
  )
}

/** A run of the organization is held (or starts held): the maintenance in force now, once per organization. */
async function planMaintenanceStarted(ctx: PlanContext, trx: Db, event: PlannedEvent): Promise<NewJob[]> {
  const organizationId = event.organization_id
  // A run of the organization is held (or starts held): the maintenance in force now, once per organization.
  const state = await trx.selectFrom('lab_state').selectAll().where('id', '=', 1).executeTakeFirst()
  const period = state?.maintenance_started_at
    ? `maintenance:${state.maintenance_started_at.toISOString()}`
    : 'maintenance:environment'
  const reason = state?.maintenance_reason ?? ENVIRONMENT_MAINTENANCE_REASON
  const expectedEnd = state?.maintenance_reason ? (state.maintenance_expected_end?.toISOString() ?? '') : ''
  return jobsFor(
    ctx,
    trx,
    'maintenance',
    `${period}:started`,
    organizationId,
    (to, footer, organizationName) =>
      maintenanceMail({
        to,
        organizationName,
        phase: 'started',
        reason,
        expectedEnd,
        dashboardUrl: `${ctx.publicUrl}/dashboard`,
        footer,
      }),
  )
}

/** A held run goes on: the maintenance the organization was told of has ended. */
async function planMaintenanceEnded(ctx: PlanContext, trx: Db, event: PlannedEvent): Promise<NewJob[]> {
  const organizationId = event.organization_id
  // A held run goes on: the maintenance the organization was told of has ended.
  const started = await trx
    .selectFrom('notification_jobs')
    .select(['topic', 'text_body'])
    .where('organization_id', '=', organizationId)
    .where('kind', '=', 'maintenance')
    .where('topic', 'like', '%:started')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!started) return []
  const period = started.topic.slice(0, -':started'.length)
  const ended = await trx
    .selectFrom('notification_jobs')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('topic', '=', `${period}:ended`)
    .executeTakeFirst()
  if (ended) return []
  const reason = /^Reason: (.*)$/m.exec(started.text_body)?.[1] ?? ENVIRONMENT_MAINTENANCE_REASON
  return jobsFor(ctx, trx, 'maintenance', `${period}:ended`, organizationId, (to, footer, organizationName) =>
    maintenanceMail({
      to,
      organizationName,
      phase: 'ended',
      reason,
      expectedEnd: '',
      dashboardUrl: `${ctx.publicUrl}/dashboard`,
      footer,
    }),
  )
}
