import { randomUUID } from 'node:crypto'
import { sql, type Kysely, type Transaction } from 'kysely'
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
import { onAppended } from '../events/append.ts'
import { consumeEvents, type LoggedEvent } from '../platform/jobs/event-log.ts'
import { ENVIRONMENT_MAINTENANCE_REASON } from '../lab/state.ts'
import { log } from '../platform/log.ts'
import type { Mailer } from '../platform/mailer.ts'
import { labRecipientsOf, recipientsOf } from './settings.ts'
import { signUnsubscribeToken, type UnsubscribeSubject } from './unsubscribe-token.ts'

/*
 * Issue 21 (docs/decisions/0028 point 6): notifications are driven by the durable live-events log.
 * Every change that is notified (a run finished, a certificate issued with it, a lab comment, a
 * run held by or released from maintenance; to the lab's staff, a vendor's comment — point 9) already appends its event in its own transaction, so
 * an event exists exactly when its change committed.
 *
 * 1. Planning: one process at a time claims the cursor row (FOR UPDATE SKIP LOCKED), reads the
 *    events after it, writes a job per recipient whose setting is on (the mail rendered, unique
 *    per dedupe_key) and moves the cursor, all in one transaction: an event is planned once, or
 *    not at all and then again by the next claim.
 * 2. Sending: a job is leased (SKIP LOCKED, JOB_LEASE_MS), sent and marked sent. Two processes
 *    never lease one job; a process that dies mid-send leaves its lease to expire and the job is
 *    sent again (at least once: the only duplicate possible is a crash between the SMTP server's
 *    accept and the mark, see the decision).
 * A loop per process ticks every POLL_MS and right after this process appends an event.
 */

export const NOTIFIER_POLL_MS = 1000
export const JOB_LEASE_MS = 60_000
export const MAX_JOB_ATTEMPTS = 8
/** The notifications' cursor in event_cursors. */
export const NOTIFICATIONS_CURSOR = 'notifications'

type Db = Kysely<Database> | Transaction<Database>

export type NotifierOptions = {
  db: Kysely<Database>
  mailer: Mailer
  secret: string
  /** The portal's public address (PORTAL_URL), for every link in the mails. */
  publicUrl: string
  pollMs?: number
}

export type Notifier = {
  start(): void
  /** Stops the loop and waits for a tick under way. */
  stop(): Promise<void>
  /** Plans and sends until nothing is left (tests, and the loop's own tick). */
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
  const owner = `notifier-${randomUUID()}`
  const pollMs = options.pollMs ?? NOTIFIER_POLL_MS
  let timer: NodeJS.Timeout | null = null
  let stopped = true
  /** Set by stop(): a flush under way ends after its current step. */
  let closing = false
  let running: Promise<unknown> | null = null
  let again = false
  let unlisten: (() => void) | null = null

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

  /** Writes the event's jobs (the mail rendered, one per dedupe_key) in the cursor's transaction. */
  async function planEvent(trx: Transaction<Database>, event: LoggedEvent) {
    for (const job of await plan(trx, event)) {
      await trx
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
        .execute()
    }
  }

  /** One claim of the cursor: the events after it become jobs. The number of events read; null when another process holds it. */
  const planOnce = () => consumeEvents(db, NOTIFICATIONS_CURSOR, planEvent)

  /** Leases one due job, sends it, marks it; false when none is due. */
  async function sendOne(): Promise<boolean> {
    const job = await db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('notification_jobs')
        .select('id')
        .where('sent_at', 'is', null)
        .where('failed_at', 'is', null)
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .where((eb) =>
          eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', sql<Date>`now()`)]),
        )
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst()
      if (!due) return undefined
      return trx
        .updateTable('notification_jobs')
        .set({
          lease_owner: owner,
          lease_expires_at: sql`now() + ${sql.lit(`${JOB_LEASE_MS} milliseconds`)}::interval`,
          attempts: sql`attempts + 1`,
        })
        .where('id', '=', due.id)
        .returningAll()
        .executeTakeFirstOrThrow()
    })
    if (!job) return false
    try {
      await mailer.send({
        to: job.to_address,
        subject: job.subject,
        text: job.text_body,
        html: job.html_body,
        headers: JSON.parse(job.headers) as Record<string, string>,
      })
      await db
        .updateTable('notification_jobs')
        .set({ sent_at: sql`now()`, lease_owner: null, lease_expires_at: null, last_error: null })
        .where('id', '=', job.id)
        .where('lease_owner', '=', owner)
        .execute()
    } catch (error) {
      const message = error instanceof Error ? error.message.slice(0, 500) : 'unknown error'
      const giveUp = job.attempts >= MAX_JOB_ATTEMPTS
      // 30 s, 1, 2, 4 … minutes.
      const waitMs = Math.min(30_000 * 2 ** (job.attempts - 1), 60 * 60_000)
      await db
        .updateTable('notification_jobs')
        .set({
          lease_owner: null,
          lease_expires_at: null,
          last_error: message,
          next_attempt_at: sql`now() + ${sql.lit(`${waitMs} milliseconds`)}::interval`,
          ...(giveUp ? { failed_at: sql`now()` } : {}),
        })
        .where('id', '=', job.id)
        .execute()
      // The recipient and the kind, never the mail.
      log.warn(
        { kind: job.kind, to: job.to_address, attempts: job.attempts, error: message, gaveUp: giveUp },
        'A notification mail could not be sent.',
      )
    }
    return true
  }

  async function flush() {
    let planned = 0
    let sent = 0
    while (!closing) {
      const read = await planOnce()
      if (!read) break
      planned += read
    }
    while (!closing) {
      if (!(await sendOne())) break
      sent += 1
    }
    return { planned, sent }
  }

  function tick() {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = flush()
      .catch((error: unknown) => {
        log.error(
          { error: error instanceof Error ? error.message : String(error) },
          'Notifications: a tick failed.',
        )
      })
      .finally(() => {
        running = null
        if (again && !stopped) {
          again = false
          setTimeout(tick, 0)
        }
      })
  }

  return {
    start() {
      if (!stopped) return
      stopped = false
      closing = false
      timer = setInterval(tick, pollMs)
      timer.unref()
      // An event of this process: look once it has committed (the append runs before the commit).
      unlisten = onAppended(() => setTimeout(tick, 20).unref())
      tick()
    },
    async stop() {
      stopped = true
      closing = true
      if (timer) clearInterval(timer)
      timer = null
      unlisten?.()
      unlisten = null
      await running
    },
    flush,
  }
}
