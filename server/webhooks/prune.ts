import type { Kysely } from 'kysely'
import { WEBHOOK_DELIVERY_RETENTION_DAYS } from '@/contract/webhooks'
import type { Database } from '../platform/db/schema.ts'

/*
 * docs/decisions/0043: a finished delivery (succeeded or failed) is kept 30 days after it was made,
 * with its attempts and their requests and responses (deleted with it), then deleted. One that is
 * still to be sent (pending for a disabled endpoint) stays until it ends. Run by every job runner
 * at its pruning rhythm (server/platform/jobs/prune.ts): the delete is batched so that no round
 * holds a long lock, and two processes deleting the same old rows is harmless (one deletes them,
 * the other finds them gone).
 */

const WEBHOOK_DELIVERY_RETENTION_MS = WEBHOOK_DELIVERY_RETENTION_DAYS * 24 * 60 * 60 * 1000
const BATCH = 1000
/** At most this many batches per round; the rest waits for the next round. */
const ROUNDS = 20

/** Deletes the finished deliveries made more than 30 days before `now`; answers how many went. */
export async function pruneWebhookDeliveries(db: Kysely<Database>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - WEBHOOK_DELIVERY_RETENTION_MS)
  let total = 0
  for (let round = 0; round < ROUNDS; round += 1) {
    const old = db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('status', 'in', ['succeeded', 'failed'])
      .where('created_at', '<', before)
      .orderBy('created_at')
      .limit(BATCH)
    const deleted = await db.deleteFrom('webhook_deliveries').where('id', 'in', old).executeTakeFirst()
    const count = Number(deleted.numDeletedRows)
    total += count
    if (count < BATCH) break
  }
  return total
}
