import { sql, type Kysely } from 'kysely'
import type { Database } from '../platform/db/schema.ts'
import type { JobHandler } from '../platform/jobs/runner.ts'
import { log } from '../platform/log.ts'
import type { Mailer } from '../platform/mailer.ts'

/*
 * Sending a planned notification (a notification_jobs row, rendered when its event was read): a
 * job of the job runner (server/platform/jobs), written in the same transaction as the row. The
 * runner leases it, so two processes never send it at once; a process that dies mid-send leaves
 * the lease to run out and the mail is sent again (at least once: the only duplicate possible is
 * a crash between the SMTP server's accept and the mark, docs/decisions/0028). A mail that failed
 * every attempt is marked failed on its row, and the job is kept as a dead letter.
 */

export const NOTIFICATION_MAIL_JOB = 'notification.mail'
export const MAX_NOTIFICATION_ATTEMPTS = 8
export type NotificationMailJob = { notificationId: number }

export function notificationMailHandler(db: Kysely<Database>, mailer: Mailer): JobHandler {
  return {
    // 30 s, 1, 2, 4 … minutes, up to an hour.
    backoffBaseMs: 30_000,
    backoffMaxMs: 60 * 60_000,
    async run(payload, job) {
      const { notificationId } = payload as NotificationMailJob
      const row = await db
        .selectFrom('notification_jobs')
        .selectAll()
        .where('id', '=', notificationId)
        .executeTakeFirst()
      // Gone with its recipient, or sent by an attempt whose mark was lost.
      if (!row || row.sent_at) return
      try {
        await mailer.send({
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
          headers: JSON.parse(row.headers) as Record<string, string>,
        })
      } catch (error) {
        const message = error instanceof Error ? error.message.slice(0, 500) : 'unknown error'
        const giveUp = job.attempts >= job.maxAttempts
        await db
          .updateTable('notification_jobs')
          .set({ last_error: message, attempts: job.attempts, ...(giveUp ? { failed_at: sql`now()` } : {}) })
          .where('id', '=', row.id)
          .execute()
        // The recipient and the kind, never the mail.
        log.warn(
          { kind: row.kind, to: row.to_address, attempts: job.attempts, error: message, gaveUp: giveUp },
          'A notification mail could not be sent.',
        )
        throw error
      }
      await db
        .updateTable('notification_jobs')
        .set({ sent_at: sql`now()`, attempts: job.attempts, last_error: null })
        .where('id', '=', row.id)
        .execute()
    },
  }
}
