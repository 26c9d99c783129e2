import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../platform/db/schema.ts'
import { consumeAllEvents, type EventReader, type LoggedEvent } from '../platform/jobs/event-log.ts'
import { enqueueJob } from '../platform/jobs/queue.ts'
import { createJobRunner, type JobHandler } from '../platform/jobs/runner.ts'
import type { Mailer } from '../platform/mailer.ts'
import { plan } from './plan.ts'
import type { PlanContext } from './recipients.ts'
import {
  MAX_NOTIFICATION_ATTEMPTS,
  NOTIFICATION_MAIL_JOB,
  type NotificationMailJob,
  notificationMailHandler,
} from './send.ts'

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

export function createNotifier(options: NotifierOptions): Notifier {
  const { db, mailer } = options
  const ctx: PlanContext = { secret: options.secret, publicUrl: options.publicUrl.replace(/\/+$/, '') }
  const sendMail = notificationMailHandler(db, mailer)

  /**
   * Writes the event's notifications (the mail rendered, one per dedupe_key) and the jobs that send
   * them, in the cursor's transaction.
   */
  async function planEvent(trx: Transaction<Database>, event: LoggedEvent) {
    for (const job of await plan(ctx, trx, event)) {
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
