import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../platform/db/schema.ts'
import { enqueueJob } from '../platform/jobs/queue.ts'

/*
 * docs/decisions/0027: each delivery is sent by a job of the one job runner (server/platform/jobs),
 * kind webhook.delivery, topic the delivery's id, written in the transaction that makes the
 * delivery due: its insert (deliveries.ts), a redelivery, its endpoint enabled again
 * (endpoint-store.ts). A delivery has at most one live (pending or running) job, so that its
 * job's lease is its lease: two processes never send it at once. The callers hold the delivery's
 * row or its endpoint's locked, as the job's handler does (delivery-job.ts), so that a job ending
 * and a new one being written cannot pass each other.
 */

type Db = Kysely<Database> | Transaction<Database>

export const WEBHOOK_DELIVERY_JOB = 'webhook.delivery'

export type WebhookDeliveryJob = { deliveryId: string }

/**
 * Attempts that threw or died with their process before the job is given up (dead letter). The
 * delivery's own retries (24 h of them) are no failures of its job and do not count.
 */
const MAX_FAILED_ATTEMPTS = 25

/** The job of a new delivery (in the transaction that inserts it). */
export function enqueueDeliveryJob(trx: Db, deliveryId: string, runAt?: Date) {
  const payload: WebhookDeliveryJob = { deliveryId }
  return enqueueJob(trx, WEBHOOK_DELIVERY_JOB, payload, {
    topic: deliveryId,
    maxAttempts: MAX_FAILED_ATTEMPTS,
    ...(runAt ? { runAt } : {}),
  })
}

/**
 * Each delivery due at `at` (or sooner): a job written for it when it has no live one; a pending
 * one brought forward; one running now is left to its attempt.
 */
export async function scheduleDeliveries(trx: Db, deliveries: ReadonlyArray<{ id: string; at: Date }>) {
  if (deliveries.length === 0) return
  const live = await trx
    .selectFrom('jobs')
    .select(['id', 'topic', 'status', 'run_at'])
    .where('kind', '=', WEBHOOK_DELIVERY_JOB)
    .where(
      'topic',
      'in',
      deliveries.map((delivery) => delivery.id),
    )
    .where('status', 'in', ['pending', 'running'])
    .execute()
  const byDelivery = new Map(live.map((job) => [job.topic, job]))
  for (const { id, at } of deliveries) {
    const job = byDelivery.get(id)
    if (!job) await enqueueDeliveryJob(trx, id, at)
    else if (job.status === 'pending' && job.run_at.getTime() > at.getTime()) {
      await trx
        .updateTable('jobs')
        .set({ run_at: at })
        .where('id', '=', job.id)
        .where('status', '=', 'pending')
        .execute()
    }
  }
}
