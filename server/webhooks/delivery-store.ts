import type { Kysely, Selectable, Transaction } from 'kysely'
import {
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookDeliveryAnswer,
  webhookResentSubject,
} from '@/contract/webhooks'
import type { Database } from '../platform/db/schema.ts'
import { logActivity } from '../organizations/index.ts'
import { enqueuePing } from './deliveries.ts'
import { scheduleDeliveries } from './schedule.ts'

/*
 * The webhooks page's reads and writes of an endpoint's deliveries: the log, one delivery with its
 * attempts' requests and responses (docs/decisions/0043), Resend and the test event. Every query
 * names the organization: another organization's delivery is an unknown one. Resend and the test
 * event write the activity log in their transaction.
 */

type Db = Kysely<Database> | Transaction<Database>
type Who = { organizationId: string; accountId: string }

const iso = (date: Date | null) => (date ? date.toISOString() : null)

function deliveryOf(row: Selectable<Database['webhook_deliveries']>): WebhookDelivery {
  return {
    deliveryId: row.id,
    eventId: row.event_id,
    type: row.type,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    attempts: row.attempts,
    lastAttemptAt: iso(row.last_attempt_at),
    responseCode: row.last_response_code,
    error: row.last_error,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
    deliveredAt: iso(row.delivered_at),
  }
}

/** One page of an endpoint's deliveries, newest first, after the cursor; and the next page's cursor. */
export async function deliveriesPage(db: Db, endpointId: string, cursor: { at: Date; id: string } | null) {
  let query = db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(WEBHOOK_DELIVERIES_PAGE_SIZE + 1)
  if (cursor) {
    const { at, id } = cursor
    query = query.where((eb) =>
      eb.or([eb('created_at', '<', at), eb.and([eb('created_at', '=', at), eb('id', '<', id)])]),
    )
  }
  const rows = await query.execute()
  const page = rows.slice(0, WEBHOOK_DELIVERIES_PAGE_SIZE)
  const last = page[page.length - 1]
  return {
    deliveries: page.map(deliveryOf),
    next: rows.length > WEBHOOK_DELIVERIES_PAGE_SIZE && last ? cursorOf(last.created_at, last.id) : null,
  }
}

/** One of the organization's deliveries with its attempts, newest first; null when it has none such. */
export async function deliveryDetail(
  db: Db,
  organizationId: string,
  deliveryId: string,
): Promise<WebhookDeliveryAnswer | null> {
  const row = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .selectAll('d')
    .where('d.id', '=', deliveryId)
    .where('e.organization_id', '=', organizationId)
    .executeTakeFirst()
  if (!row) return null
  const attempts = await db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', '=', row.id)
    .orderBy('attempt', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return {
    endpointId: row.endpoint_id,
    delivery: deliveryOf(row),
    attempts: attempts.map((attempt): WebhookAttempt => ({
      attempt: attempt.attempt,
      startedAt: attempt.started_at.toISOString(),
      durationMs: attempt.duration_ms,
      responseCode: attempt.response_code,
      error: attempt.error,
      recorded: attempt.recorded,
      request:
        attempt.request_body === null
          ? null
          : { headers: attempt.request_headers as Record<string, string>, body: attempt.request_body },
      response:
        attempt.response_code === null || attempt.response_body === null
          ? null
          : {
              status: attempt.response_code,
              body: attempt.response_body,
              truncated: attempt.response_truncated,
            },
    })),
  }
}

/**
 * Resend: a new attempt of the same event now (the delivery pending again, its job due; one being
 * sent right now is left to its attempt), and its activity line.
 */
export function requeueDelivery(db: Kysely<Database>, who: Who, deliveryId: string) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .select(['d.id', 'd.status', 'd.type', 'd.event_id', 'e.enabled', 'e.url'])
      .where('d.id', '=', deliveryId)
      .where('e.organization_id', '=', who.organizationId)
      .forUpdate('d')
      .executeTakeFirst()
    if (!row) return 'not-found' as const
    if (!row.enabled) return 'disabled' as const
    if (row.status !== 'delivering') {
      const now = new Date()
      await trx
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', next_attempt_at: now })
        .where('id', '=', row.id)
        .execute()
      await scheduleDeliveries(trx, [{ id: row.id, at: now }])
    }
    await logActivity(trx, {
      organizationId: who.organizationId,
      actorAccountId: who.accountId,
      action: 'webhook.resent',
      subject: webhookResentSubject(row.type, row.event_id, row.url),
    })
    return 'queued' as const
  })
}

/** A test event to one of the organization's enabled endpoints, and its activity line. */
export function queuePing(db: Kysely<Database>, who: Who, endpointId: string) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('webhook_endpoints')
      .select(['id', 'enabled', 'url'])
      .where('id', '=', endpointId)
      .where('organization_id', '=', who.organizationId)
      .executeTakeFirst()
    if (!row) return 'not-found' as const
    if (!row.enabled) return 'disabled' as const
    await enqueuePing(trx, who.organizationId, row.id)
    await logActivity(trx, {
      organizationId: who.organizationId,
      actorAccountId: who.accountId,
      action: 'webhook.test-sent',
      subject: row.url,
    })
    return 'queued' as const
  })
}

export function cursorOf(at: Date, id: string) {
  return Buffer.from(`${at.toISOString()}|${id}`, 'utf8').toString('base64url')
}

export function parseCursor(text: string): { at: Date; id: string } | null {
  const decoded = Buffer.from(text, 'base64url').toString('utf8')
  const [at, id, ...rest] = decoded.split('|')
  if (!at || !id || rest.length > 0) return null
  const date = new Date(at)
  return Number.isNaN(date.getTime()) || date.toISOString() !== at ? null : { at: date, id }
}
