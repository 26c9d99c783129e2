import { ENVIRONMENT_MAINTENANCE_REASON } from '@/contract/lab'
import type { Kysely, Transaction } from 'kysely'
import { VERIFY_PATH } from '@/contract/certificates'
import {
  certificateIssuedMail,
  commentReceivedMail,
  labRejectedReason,
  maintenanceMail,
  type MailFooter,
  type NotificationMail,
  runFinishedMail,
  vendorCommentMail,
} from '@/contract/mails/notification-mails'
import {
  type AnyNotificationKind,
  LAB_NOTIFICATION_SETTINGS_PATH,
  type LabNotificationKind,
  NOTIFICATION_SETTINGS_PATH,
  ONE_CLICK_UNSUBSCRIBE_PATH,
  type ORGANIZATION_KINDS,
  UNSUBSCRIBE_PATH,
} from '@/contract/notifications'
import type { Database } from '../platform/db/schema.ts'
import { consumeAllEvents, type EventReader, type LoggedEvent } from '../platform/jobs/event-log.ts'
import { enqueueJob } from '../platform/jobs/queue.ts'
import { createJobRunner, type JobHandler } from '../platform/jobs/runner.ts'
import type { Mailer } from '../platform/mailer.ts'
import { labRecipientsOf, recipientsOf } from './settings.ts'
import {
  MAX_NOTIFICATION_ATTEMPTS,
  NOTIFICATION_MAIL_JOB,
  type NotificationMailJob,
  notificationMailHandler,
} from './send.ts'
import { signUnsubscribeToken, type UnsubscribeSubject } from './unsubscribe-token.ts'

/*
 * docs/decisions/0028 point 6: notifications are driven by the durable live-events log.
 * Every change that is notified (a run finished, a certificate issued with it, a lab comment, a
 * run held by or released from maintenance; to the lab's staff, a vendor's comment — point 9) already appends its event in its own transaction, so
 * an event exists exactly when its change committed.
 *
 * 1. Planning: the notifications' reader of the events log (server/platform/jobs/event-log.ts,
 *    cursor 'notifications') writes a row per recipient whose setting is on (the mail rendered,
 *    unique per dedupe_key) and a job that sends it, with the cursor's move: an event is planned
 *    once, or not at all and then again by the next claim.
 * 2. Sending: the job runner's (send.ts).
 */

/** The notifications' cursor in event_cursors. */
export const NOTIFICATIONS_CURSOR = 'notifications'

type Db = Kysely<Database> | Transaction<Database>

export type NotifierOptions = {
  db: Kysely<Database>
  mailer: Mailer
  secret: string
  /** The portal's public address (PORTAL_URL), for every link in the mails. */
  publicUrl: string
}

/** What the job runner does for the notifications, and a flush for tests. */
export type Notifier = {
  readers: Record<string, EventReader>
  handlers: Record<string, JobHandler>
  /** Plans and sends until nothing due is left (tests). */
  flush(): Promise<{ planned: number; sent: number }>
}

type NewJob = {
  dedupe_key: string
  kind: AnyNotificationKind
  topic: string
  /** The member it mails, or null for a lab staff member (lab_staff_id). */
  account_id: string | null
  lab_staff_id: string | null
  organization_id: string
  mail: NotificationMail
}

export function createNotifier(options: NotifierOptions): Notifier {
  const { db, mailer, secret } = options
  const publicUrl = options.publicUrl.replace(/\/+$/, '')
  const sendMail = notificationMailHandler(db, mailer)

  const footerFor = (
    kind: (typeof ORGANIZATION_KINDS)[number],
    accountId: string,
    organizationId: string,
    organizationName: string,
  ): MailFooter => {
    const subject: UnsubscribeSubject = { type: 'account', accountId, organizationId }
    const token = signUnsubscribeToken(secret, { subject, scope: kind })
    return {
      kind,
      reason: `you are a member of ${organizationName} on the Device Certification Portal`,
      unsubscribeUrl: `${publicUrl}${UNSUBSCRIBE_PATH}?token=${token}`,
      oneClickUrl: `${publicUrl}${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${token}`,
      manageUrl: `${publicUrl}${NOTIFICATION_SETTINGS_PATH}`,
    }
  }

  async function jobsFor(
    trx: Db,
    kind: (typeof ORGANIZATION_KINDS)[number],
    topic: string,
    organizationId: string,
    render: (to: string, footer: MailFooter, organizationName: string) => NotificationMail,
  ): Promise<NewJob[]> {
    const organization = await organizationOf(trx, organizationId)
    if (!organization) return []
    const recipients = await recipientsOf(trx, organizationId, kind)
    return recipients.map((recipient) => ({
      dedupe_key: `${kind}:${topic}:${recipient.accountId}`,
      kind,
      topic,
      account_id: recipient.accountId,
      lab_staff_id: null,
      organization_id: organizationId,
      mail: render(
        recipient.email,
        footerFor(kind, recipient.accountId, organizationId, organization.name),
        organization.name,
      ),
    }))
  }

  /** The lab staff's jobs for one change (point 9): every staff member whose switch is on. */
  async function labJobsFor(
    trx: Db,
    kind: LabNotificationKind,
    topic: string,
    organizationId: string,
    render: (to: string, footer: MailFooter, organizationName: string) => NotificationMail,
  ): Promise<NewJob[]> {
    const organization = await organizationOf(trx, organizationId)
    if (!organization) return []
    const recipients = await labRecipientsOf(trx, kind)
    return recipients.map((recipient) => {
      const token = signUnsubscribeToken(secret, {
        subject: { type: 'staff', staffId: recipient.staffId },
        scope: kind,
      })
      const footer: MailFooter = {
        kind,
        reason: 'you are on the certification lab’s staff on the Device Certification Portal',
        unsubscribeUrl: `${publicUrl}${UNSUBSCRIBE_PATH}?token=${token}`,
        oneClickUrl: `${publicUrl}${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${token}`,
        manageUrl: `${publicUrl}${LAB_NOTIFICATION_SETTINGS_PATH}`,
      }
      return {
        dedupe_key: `${kind}:${topic}:staff:${recipient.staffId}`,
        kind,
        topic,
        account_id: null,
        lab_staff_id: recipient.staffId,
        organization_id: organizationId,
        mail: render(recipient.email, footer, organization.name),
      }
    })
  }

  const organizationOf = (trx: Db, organizationId: string) =>
    trx.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirst()

  const recordOf = (trx: Db, portfolioManagerId: string) =>
    trx
      .selectFrom('device_records')
      .select(['device_name', 'vendor'])
      .where('portfolio_manager_id', '=', portfolioManagerId)
      .executeTakeFirst()
  const recordUrl = (deviceName: string) => `${publicUrl}/dashboard?search=${encodeURIComponent(deviceName)}`

  async function plan(
    trx: Db,
    event: { seq: number; organization_id: string; type: string; data: Record<string, unknown> },
  ): Promise<NewJob[]> {
    const data = event.data
    const organizationId = event.organization_id
    const portfolioManagerId = String(data.portfolioManagerId ?? '')
    if (event.type === 'run.finished') {
      const isCertified = data.isCertified
      if (
        data.status !== 'Completed' ||
        (isCertified !== 'CERTIFIED-OK' && isCertified !== 'Validation failure')
      )
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
        run?.failure_reason ??
        (run?.review_state === 'rejected' ? labRejectedReason(run.review_reason) : null)
      const jobs = await jobsFor(
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
            recordUrl: recordUrl(deviceName),
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
                verifyUrl: `${publicUrl}${VERIFY_PATH}/${certificate.number}`,
                footer,
              }),
          )),
        )
      }
      return jobs
    }
    if (event.type === 'comment.added') {
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
              recordUrl: recordUrl(deviceName),
            })
          : vendorCommentMail({
              ...input,
              authorRole: String(comment.authorRole ?? ''),
              recordUrl: `${publicUrl}/lab?record=${encodeURIComponent(portfolioManagerId)}`,
            })
      }
      const topic = `comment:${String(comment.commentId)}`
      return fromLab
        ? jobsFor(trx, 'commentReceived', topic, organizationId, render)
        : labJobsFor(trx, 'vendorComment', topic, organizationId, render)
    }
    const record = data.record as { status?: unknown } | undefined
    const held =
      (event.type === 'run.status' && data.status === 'Maintenance') ||
      (event.type === 'run.started' && record?.status === 'Maintenance')
    if (held) {
      // A run of the organization is held (or starts held): the maintenance in force now, once per organization.
      const state = await trx.selectFrom('lab_state').selectAll().where('id', '=', 1).executeTakeFirst()
      const period = state?.maintenance_started_at
        ? `maintenance:${state.maintenance_started_at.toISOString()}`
        : 'maintenance:environment'
      const reason = state?.maintenance_reason ?? ENVIRONMENT_MAINTENANCE_REASON
      const expectedEnd = state?.maintenance_reason
        ? (state.maintenance_expected_end?.toISOString() ?? '')
        : ''
      return jobsFor(
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
            dashboardUrl: `${publicUrl}/dashboard`,
            footer,
          }),
      )
    }
    if (event.type === 'run.status' && data.status === 'InProgress') {
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
      return jobsFor(trx, 'maintenance', `${period}:ended`, organizationId, (to, footer, organizationName) =>
        maintenanceMail({
          to,
          organizationName,
          phase: 'ended',
          reason,
          expectedEnd: '',
          dashboardUrl: `${publicUrl}/dashboard`,
          footer,
        }),
      )
    }
    return []
  }

  /**
   * Writes the event's notifications (the mail rendered, one per dedupe_key) and the jobs that send
   * them, in the cursor's transaction.
   */
  async function planEvent(trx: Transaction<Database>, event: LoggedEvent) {
    for (const job of await plan(trx, event)) {
      const written = await trx
        .insertInto('notification_jobs')
        .values({
          dedupe_key: job.dedupe_key,
          kind: job.kind,
          topic: job.topic,
          account_id: job.account_id,
          lab_staff_id: job.lab_staff_id,
          organization_id: job.organization_id,
          to_address: job.mail.to,
          subject: job.mail.subject,
          text_body: job.mail.text,
          html_body: job.mail.html,
          headers: JSON.stringify(job.mail.headers),
        })
        .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
        .returning('id')
        .executeTakeFirst()
      if (written) {
        const payload: NotificationMailJob = { notificationId: written.id }
        await enqueueJob(trx, NOTIFICATION_MAIL_JOB, payload, { maxAttempts: MAX_NOTIFICATION_ATTEMPTS })
      }
    }
  }

  /** Plans and sends until nothing is left that is due. */
  async function flush() {
    const planned = await consumeAllEvents(db, NOTIFICATIONS_CURSOR, planEvent)
    // A runner of the notification mails alone, so that a test's flush sends nothing else.
    const sender = createJobRunner({ db, handlers: { [NOTIFICATION_MAIL_JOB]: sendMail } })
    let sent = 0
    for (let claimed = await sender.runOnce(); claimed > 0; claimed = await sender.runOnce()) sent += claimed
    return { planned, sent }
  }

  return {
    readers: { [NOTIFICATIONS_CURSOR]: planEvent },
    handlers: { [NOTIFICATION_MAIL_JOB]: sendMail },
    flush,
  }
}
