import type { Kysely, Transaction } from 'kysely'
import type { Database } from './db/schema.ts'
import { enqueueJob } from './jobs/queue.ts'
import { createJobRunner, type JobHandler, type JobOutcome } from './jobs/runner.ts'
import type { Mail, Mailer } from './mailer.ts'
import { countMail } from './metrics.ts'

/*
 * Every mail the portal sends goes through the job runner (server/platform/jobs): written as a job
 * (in the transaction of the change it tells of, when there is one), sent at once by the call that
 * made it, and, when the transport fails, tried again later by any process's runner — a mail
 * transport failure never undoes what the user did. A mail that failed every attempt is a dead
 * letter (listDeadJobs). The job's topic (e.g. an invitation's) lets its state be read.
 */

export const MAIL_JOB = 'mail'
export const MAX_MAIL_ATTEMPTS = 8
/**
 * A mail written to be sent at once waits this long before a runner may take it: its sender's
 * own attempt comes first; should that process die before, another sends it then.
 */
export const MAIL_HELD_MS = 30_000

type StoredAttachment = { filename: string; contentType: string; base64: string }
type StoredMail = Omit<Mail, 'attachments'> & { attachments?: StoredAttachment[] }

/** Writes `mail` as a job in `trx`; answers its id, for sendQueuedMail after the commit. */
export function enqueueMail(
  trx: Kysely<Database> | Transaction<Database>,
  mail: Mail,
  { topic }: { topic?: string } = {},
): Promise<number> {
  const { attachments, ...rest } = mail
  const stored: StoredMail = {
    ...rest,
    ...(attachments
      ? {
          attachments: attachments.map((attachment) => ({
            filename: attachment.filename,
            contentType: attachment.contentType,
            base64: attachment.content.toString('base64'),
          })),
        }
      : {}),
  }
  return enqueueJob(trx, MAIL_JOB, stored, {
    maxAttempts: MAX_MAIL_ATTEMPTS,
    runAt: new Date(Date.now() + MAIL_HELD_MS),
    ...(topic ? { topic } : {}),
  })
}

/** Sends the stored mail: the handler of MAIL_JOB. */
export function mailJobHandler(mailer: Mailer): JobHandler {
  return {
    // 30 s, 1, 2, 4 … minutes, up to an hour.
    backoffBaseMs: 30_000,
    backoffMaxMs: 60 * 60_000,
    async run(payload) {
      const { attachments, ...stored } = payload as StoredMail
      await sendCounted(mailer, {
        ...stored,
        ...(attachments
          ? {
              attachments: attachments.map((attachment) => ({
                filename: attachment.filename,
                contentType: attachment.contentType,
                content: Buffer.from(attachment.base64, 'base64'),
              })),
            }
          : {}),
      })
    },
  }
}

/** Sends a mail, counted sent or failed (server/platform/metrics.ts). */
async function sendCounted(mailer: Mailer, mail: Parameters<Mailer['send']>[0]) {
  try {
    await mailer.send(mail)
  } catch (error) {
    countMail('failed')
    throw error
  }
  countMail('sent')
}

/**
 * Sends the mail job `id` now, once its transaction has committed; a failure is left to the
 * retries. Answers what became of it.
 */
export function sendQueuedMail(
  { db, mailer }: { db: Kysely<Database>; mailer: Mailer },
  id: number,
): Promise<JobOutcome | null> {
  return createJobRunner({ db, handlers: { [MAIL_JOB]: mailJobHandler(mailer) } }).runNow(id)
}

/** A mail after a change that has committed: written as a job and sent at once. */
export async function queueMail(
  services: { db: Kysely<Database>; mailer: Mailer },
  mail: Mail,
  options: { topic?: string } = {},
): Promise<JobOutcome | null> {
  const id = await enqueueMail(services.db, mail, options)
  return sendQueuedMail(services, id)
}
