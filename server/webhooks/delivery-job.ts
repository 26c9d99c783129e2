import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { WebhookLookup } from '@/contract/webhook-destination'
import { WEBHOOK_TIMEOUT_MS } from '@/contract/webhooks'
import type { Database } from '../platform/db/schema.ts'
import type { JobHandler } from '../platform/jobs/runner.ts'
import { log as serverLog } from '../platform/log.ts'
import type { Mailer } from '../platform/mailer.ts'
import { webhookAttempts } from '../platform/metrics.ts'
import { type AttemptContext, recordAttempt, sendDelivery, takeDelivery } from './attempt.ts'
import { WEBHOOK_DELIVERY_JOB, type WebhookDeliveryJob } from './schedule.ts'
import { type SendResult, systemLookup } from './send.ts'

export { backoffMs } from './attempt.ts'

/*
 * docs/decisions/0027: sending the deliveries, a job kind of the one job runner
 * (server/platform/jobs/runner.ts), which every portal process runs.
 *
 * Claiming: each delivery has one live job (schedule.ts). The runner claims due jobs with
 * `update … where id in (select … for update skip locked)`: two processes never take the same job,
 * and the job carries the runner's id and a lease (far longer than an attempt's timeout) while it is
 * sent. Every write of the attempt — taking the delivery, recording its outcome — is made only while
 * the job still holds this runner's lease and attempt (JobContext.held), so a process that stalled
 * past its lease cannot overwrite the attempt another has taken over. A crash between the POST and
 * its record leaves the lease to run out; the job is then run again and the delivery sent again (at
 * least once: receivers dedupe by the body's id). The delivery row is the user-visible log: its
 * status, attempts, last response and next attempt, and one webhook_attempts row per attempt.
 *
 * Retries: a failed attempt (no answer within timeoutMs, a refused connection, any status but 2xx)
 * is tried again after 10 s, 20 s, 40 s … doubling up to 1 h, each ±25 % at random, until 24 h after
 * the delivery's first attempt; its last try is at that mark, then it is failed. The handler settles
 * its job with the delivery's new state (pending again at that time, or done), in one transaction.
 * An endpoint whose every attempt has failed since failing_since for 24 h is disabled: its Owners
 * are mailed and the activity log says so. A delivery of a disabled endpoint waits: its job ends,
 * and enabling the endpoint writes it a new one. The clock is injected (tests move it, in the
 * runner too).
 *
 * Destination: before every attempt the stored URL goes through the one destination
 * check (src/contract/webhook-destination.ts) in this process's mode, its host resolved and every
 * address judged; the POST then connects only to those addresses. A URL the check refuses is not
 * called at all: the attempt is recorded as not sent, the delivery waits (as every delivery of a
 * disabled endpoint does) and the endpoint is disabled at once ('destination'), Owners mailed.
 */

export type WebhookDeliveryOptions = {
  db: Kysely<Database>
  /** The server's secret, which the endpoints' secrets are sealed with. */
  secret: string
  mailer: Mailer
  /** The portal's public address: the verification links and the mail's link. */
  publicUrl: string
  /** Development conveniences: http to this machine is allowed (nothing else is added). */
  development: boolean
  /** Resolves host names for the destination check (tests inject one; default the system's). */
  lookup?: WebhookLookup
  /** The attempts' clock: give the job runner the same one. */
  clock?: () => Date
  timeoutMs?: number
  random?: () => number
  log?: { info(fields: object, message: string): void; warn(fields: object, message: string): void }
}

/** The job runner's handler of webhook deliveries: one attempt per run. */
export function webhookDeliveryJobs(options: WebhookDeliveryOptions): Record<string, JobHandler> {
  const ctx = attemptContext(options)
  const handler: JobHandler = {
    async run(payload, job) {
      const { deliveryId } = payload as WebhookDeliveryJob
      const row = await takeDelivery(ctx, job, deliveryId)
      if (!row) return
      let result: SendResult
      try {
        result = await sendDelivery(ctx, row)
      } catch (error) {
        result = { responseCode: null, error: `The request failed (${String(error)}).`, durationMs: 0 }
      }
      const delivered =
        result.responseCode !== null && result.responseCode >= 200 && result.responseCode < 300
      if (!result.refusedDestination) webhookAttempts.inc({ outcome: delivered ? 'delivered' : 'failed' })
      await recordAttempt(ctx, job, row, result)
    },
  }
  return { [WEBHOOK_DELIVERY_JOB]: handler }
}

/** The handler's settings, its defaults filled in, and this process's name in the attempts' log. */
function attemptContext(options: WebhookDeliveryOptions): AttemptContext {
  return {
    db: options.db,
    clock: options.clock ?? (() => new Date()),
    processId: `wh-${randomUUID()}`,
    timeoutMs: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
    random: options.random ?? Math.random,
    lookup: options.lookup ?? systemLookup,
    development: options.development,
    secret: options.secret,
    publicUrl: options.publicUrl,
    mailer: options.mailer,
    logger: options.log ?? {
      info: (fields: object, message: string) => serverLog.info(fields, message),
      warn: (fields: object, message: string) => serverLog.warn(fields, message),
    },
  }
}
