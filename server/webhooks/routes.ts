import { Hono } from 'hono'
import type { Kysely, Transaction } from 'kysely'
import { checkWebhookDestination, type WebhookLookup } from '@/contract/webhook-destination'
import {
  WEBHOOK_BEFORE_INVALID_MESSAGE,
  WEBHOOK_CREATED_MESSAGE,
  WEBHOOK_DELETED_MESSAGE,
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_DELIVERY_NOT_FOUND_MESSAGE,
  WEBHOOK_DISABLED_MESSAGE,
  WEBHOOK_ENABLED_MESSAGE,
  WEBHOOK_ENDPOINT_DISABLED_MESSAGE,
  WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE,
  WEBHOOK_ENDPOINTS_LIMIT_MESSAGE,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_NOTHING_TO_UPDATE_MESSAGE,
  WEBHOOK_PING_MESSAGE,
  WEBHOOK_REDELIVERY_MESSAGE,
  WEBHOOK_SECRET_ROTATED_MESSAGE,
  WEBHOOK_UPDATED_MESSAGE,
  WEBHOOK_URL_DUPLICATE_MESSAGE,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  webhookEventsProblem,
} from '@/contract/webhooks'
import type { Database } from '../platform/db/schema.ts'
import type { MainEnv } from '../http/context.ts'
import { vendorRoute } from '../http/route.ts'
import { logActivity } from '../organizations/index.ts'
import { enqueuePing, newEndpointId } from './deliveries.ts'
import { newWebhookSecret, sealSecret, secretHint } from './secrets.ts'
import { systemLookup } from './send.ts'
import { wakeAfterCommit as wakeWebhookWorkers } from './wake.ts'

/*
 * docs/decisions/0027: the calls of the webhooks page. Every member reads the endpoints
 * and their delivery logs ('read'); only Owners add, change, delete, redeliver and ping
 * ('webhooks', refused 403 with ROLE_REFUSALS.webhooks by vendorRoute). An endpoint or delivery
 * of another organization answers exactly as an unknown one (404). A refusal names its field and
 * changes nothing; every change writes the activity log in its transaction.
 */

type Db = Kysely<Database> | Transaction<Database>

const iso = (date: Date | null) => (date ? date.toISOString() : null)

async function endpointsOf(db: Db, organizationId: string, endpointId?: string): Promise<WebhookEndpoint[]> {
  let query = db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('created_at')
    .orderBy('id')
  if (endpointId !== undefined) query = query.where('id', '=', endpointId)
  const rows = await query.execute()
  if (rows.length === 0) return []
  const latest = await db
    .selectFrom('webhook_deliveries')
    .select(['endpoint_id', 'status', 'created_at', 'last_attempt_at', 'last_response_code'])
    .distinctOn('endpoint_id')
    .where(
      'endpoint_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('endpoint_id')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  const lastOf = new Map(latest.map((row) => [row.endpoint_id, row]))
  return rows.map((row) => {
    const last = lastOf.get(row.id)
    return {
      endpointId: row.id,
      url: row.url,
      events: row.events as WebhookEventType[],
      state: row.enabled ? ('active' as const) : ('disabled' as const),
      disabledReason: row.enabled ? null : (row.disabled_reason ?? 'owner'),
      disabledAt: row.enabled ? null : iso(row.disabled_at),
      failingSince: iso(row.failing_since),
      secretHint: row.secret_hint,
      createdAt: row.created_at.toISOString(),
      lastDelivery: last
        ? {
            status: last.status,
            at: (last.last_attempt_at ?? last.created_at).toISOString(),
            responseCode: last.last_response_code,
          }
        : null,
    }
  })
}

const notFound = { message: WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE, field: 'endpointId' }

/**
 * One change to one of the organization's endpoints and its activity line, in one transaction.
 * `change` answers the endpoint's URL, or undefined when the organization has no such endpoint
 * (then nothing is logged and the answer is false).
 */
function changeEndpoint(
  db: Kysely<Database>,
  who: { organizationId: string; accountId: string },
  action: 'webhook.deleted' | 'webhook.secret-rotated',
  change: (trx: Transaction<Database>) => Promise<{ url: string } | undefined>,
) {
  return db.transaction().execute(async (trx) => {
    const row = await change(trx)
    if (!row) return false
    await logActivity(trx, {
      organizationId: who.organizationId,
      actorAccountId: who.accountId,
      action,
      subject: row.url,
    })
    return true
  })
}

type RoutesOptions = { development: boolean; lookup?: WebhookLookup | undefined }

/**
 * The calls, for a portal whose development conveniences are `development` (config.ts). A new URL
 * passes the worker's destination check, its host resolved by `lookup` (a name that does not
 * resolve yet is accepted: it is judged again before every delivery).
 */
export function createWebhookRoutes({ development, lookup = systemLookup }: RoutesOptions) {
  const routes = new Hono<MainEnv>()

  vendorRoute(routes, 'webhooks', async (c) =>
    c.json({ endpoints: await endpointsOf(c.var.services.db, c.var.organizationId) }),
  )

  vendorRoute(routes, 'createWebhook', async (c) => {
    const { db, secret: serverSecret } = c.var.services
    const { organizationId, accountId } = c.var
    const url = c.var.body.url.trim()
    const destination = await checkWebhookDestination(url, { development, lookup })
    if (destination.kind === 'refused') return c.json({ message: destination.message, field: 'url' }, 400)
    const eventsProblem = webhookEventsProblem(c.var.body.events)
    if (eventsProblem) return c.json({ message: eventsProblem, field: 'events' }, 400)
    const events = [...new Set(c.var.body.events)]
    const secret = newWebhookSecret()
    const outcome = await db.transaction().execute(async (trx) => {
      // One at a time per organization, so the limit and the duplicate check hold under races.
      await trx
        .selectFrom('organizations')
        .select('id')
        .where('id', '=', organizationId)
        .forUpdate()
        .executeTakeFirst()
      const existing = await trx
        .selectFrom('webhook_endpoints')
        .select('url')
        .where('organization_id', '=', organizationId)
        .execute()
      if (existing.some((row) => row.url === url)) {
        return { refused: { message: WEBHOOK_URL_DUPLICATE_MESSAGE, field: 'url' }, status: 409 as const }
      }
      if (existing.length >= WEBHOOK_ENDPOINTS_MAX) {
        return { refused: { message: WEBHOOK_ENDPOINTS_LIMIT_MESSAGE, field: 'url' }, status: 409 as const }
      }
      const id = newEndpointId()
      await trx
        .insertInto('webhook_endpoints')
        .values({
          id,
          organization_id: organizationId,
          url,
          events,
          secret_encrypted: sealSecret(secret, serverSecret),
          secret_hint: secretHint(secret),
          disabled_reason: null,
          disabled_at: null,
          failing_since: null,
          created_by: accountId,
        })
        .execute()
      await logActivity(trx, {
        organizationId,
        actorAccountId: accountId,
        action: 'webhook.created',
        subject: url,
      })
      return { id }
    })
    if ('refused' in outcome) return c.json(outcome.refused, outcome.status)
    const [endpoint] = await endpointsOf(db, organizationId, outcome.id)
    return c.json({ message: WEBHOOK_CREATED_MESSAGE, endpoint, secret })
  })

  vendorRoute(routes, 'updateWebhook', async (c) => {
    const { db } = c.var.services
    const { organizationId, accountId } = c.var
    const { endpointId, events, enabled } = c.var.body
    if (events === undefined && enabled === undefined) {
      return c.json({ message: WEBHOOK_NOTHING_TO_UPDATE_MESSAGE, field: 'events' }, 400)
    }
    if (events !== undefined) {
      const problem = webhookEventsProblem(events)
      if (problem) return c.json({ message: problem, field: 'events' }, 400)
    }
    // A URL this portal would not call is not enabled (the next delivery would only
    // disable it again, and mail the Owners again); the refusal says why.
    if (enabled === true) {
      const stored = await db
        .selectFrom('webhook_endpoints')
        .select('url')
        .where('id', '=', endpointId)
        .where('organization_id', '=', organizationId)
        .executeTakeFirst()
      const destination = stored && (await checkWebhookDestination(stored.url, { development, lookup }))
      if (destination?.kind === 'refused')
        return c.json({ message: destination.message, field: 'enabled' }, 400)
    }
    const outcome = await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('webhook_endpoints')
        .select(['id', 'url', 'enabled'])
        .where('id', '=', endpointId)
        .where('organization_id', '=', organizationId)
        .forUpdate()
        .executeTakeFirst()
      if (!row) return null
      await trx
        .updateTable('webhook_endpoints')
        .set({
          ...(events !== undefined ? { events: [...new Set(events)] } : {}),
          // Enabled again: a fresh start (the 24 hours of failures count from the next failure).
          ...(enabled === true && !row.enabled
            ? { enabled: true, disabled_reason: null, disabled_at: null, failing_since: null }
            : {}),
          ...(enabled === false && row.enabled
            ? { enabled: false, disabled_reason: 'owner', disabled_at: new Date() }
            : {}),
        })
        .where('id', '=', row.id)
        .execute()
      await logActivity(trx, {
        organizationId,
        actorAccountId: accountId,
        action: 'webhook.updated',
        subject: row.url,
      })
      return row
    })
    if (!outcome) return c.json(notFound, 404)
    if (enabled === true) wakeWebhookWorkers()
    const message =
      events !== undefined
        ? WEBHOOK_UPDATED_MESSAGE
        : enabled
          ? WEBHOOK_ENABLED_MESSAGE
          : WEBHOOK_DISABLED_MESSAGE
    const [endpoint] = await endpointsOf(db, organizationId, endpointId)
    return c.json({ message, endpoint: endpoint ?? null })
  })

  vendorRoute(routes, 'deleteWebhook', async (c) => {
    const { db } = c.var.services
    const { organizationId } = c.var
    const deleted = await changeEndpoint(db, c.var, 'webhook.deleted', (trx) =>
      trx
        .deleteFrom('webhook_endpoints')
        .where('id', '=', c.var.body.endpointId)
        .where('organization_id', '=', organizationId)
        .returning('url')
        .executeTakeFirst(),
    )
    if (!deleted) return c.json(notFound, 404)
    return c.json({ message: WEBHOOK_DELETED_MESSAGE, endpoint: null })
  })

  /*
   * A new signing secret, at once: every delivery from now on (a retry of an older one too) is
   * signed with it, and it is answered once, as at creation. For a secret that may have leaked, or
   * one the portal can no longer read (the server's secret changed: SECRET_UNREADABLE).
   */
  vendorRoute(routes, 'rotateWebhookSecret', async (c) => {
    const { db, secret: serverSecret } = c.var.services
    const { organizationId } = c.var
    const { endpointId } = c.var.body
    const secret = newWebhookSecret()
    const rotated = await changeEndpoint(db, c.var, 'webhook.secret-rotated', (trx) =>
      trx
        .updateTable('webhook_endpoints')
        .set({ secret_encrypted: sealSecret(secret, serverSecret), secret_hint: secretHint(secret) })
        .where('id', '=', endpointId)
        .where('organization_id', '=', organizationId)
        .returning('url')
        .executeTakeFirst(),
    )
    if (!rotated) return c.json(notFound, 404)
    const [endpoint] = await endpointsOf(db, organizationId, endpointId)
    return c.json({ message: WEBHOOK_SECRET_ROTATED_MESSAGE, endpoint, secret })
  })

  vendorRoute(routes, 'webhookDeliveries', async (c) => {
    const { db } = c.var.services
    const { endpointId, before } = c.var.body
    const endpoint = await db
      .selectFrom('webhook_endpoints')
      .select('id')
      .where('id', '=', endpointId)
      .where('organization_id', '=', c.var.organizationId)
      .executeTakeFirst()
    if (!endpoint) return c.json(notFound, 404)
    let cursor: { at: Date; id: string } | null = null
    if (before !== undefined) {
      cursor = parseCursor(before)
      if (!cursor) return c.json({ message: WEBHOOK_BEFORE_INVALID_MESSAGE, field: 'before' }, 400)
    }
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
    const deliveries: WebhookDelivery[] = page.map((row) => ({
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
    }))
    return c.json({
      deliveries,
      next: rows.length > WEBHOOK_DELIVERIES_PAGE_SIZE && last ? cursorOf(last.created_at, last.id) : null,
    })
  })

  vendorRoute(routes, 'redeliverWebhook', async (c) => {
    const { db } = c.var.services
    const outcome = await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
        .select(['d.id', 'd.status', 'e.enabled'])
        .where('d.id', '=', c.var.body.deliveryId)
        .where('e.organization_id', '=', c.var.organizationId)
        .forUpdate()
        .executeTakeFirst()
      if (!row) return 'not-found' as const
      if (!row.enabled) return 'disabled' as const
      // One being sent right now is left to its attempt.
      if (row.status !== 'delivering') {
        await trx
          .updateTable('webhook_deliveries')
          .set({ status: 'pending', next_attempt_at: new Date() })
          .where('id', '=', row.id)
          .execute()
      }
      return 'queued' as const
    })
    if (outcome === 'not-found')
      return c.json({ message: WEBHOOK_DELIVERY_NOT_FOUND_MESSAGE, field: 'deliveryId' }, 404)
    if (outcome === 'disabled')
      return c.json({ message: WEBHOOK_ENDPOINT_DISABLED_MESSAGE, field: 'deliveryId' }, 409)
    wakeWebhookWorkers()
    return c.json({ message: WEBHOOK_REDELIVERY_MESSAGE })
  })

  vendorRoute(routes, 'pingWebhook', async (c) => {
    const { db } = c.var.services
    const { organizationId } = c.var
    const outcome = await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('webhook_endpoints')
        .select(['id', 'enabled'])
        .where('id', '=', c.var.body.endpointId)
        .where('organization_id', '=', organizationId)
        .executeTakeFirst()
      if (!row) return 'not-found' as const
      if (!row.enabled) return 'disabled' as const
      await enqueuePing(trx, organizationId, row.id)
      return 'queued' as const
    })
    if (outcome === 'not-found') return c.json(notFound, 404)
    if (outcome === 'disabled')
      return c.json({ message: WEBHOOK_ENDPOINT_DISABLED_MESSAGE, field: 'endpointId' }, 409)
    wakeWebhookWorkers()
    return c.json({ message: WEBHOOK_PING_MESSAGE })
  })

  return routes
}

function cursorOf(at: Date, id: string) {
  return Buffer.from(`${at.toISOString()}|${id}`, 'utf8').toString('base64url')
}

function parseCursor(text: string): { at: Date; id: string } | null {
  const decoded = Buffer.from(text, 'base64url').toString('utf8')
  const [at, id, ...rest] = decoded.split('|')
  if (!at || !id || rest.length > 0) return null
  const date = new Date(at)
  return Number.isNaN(date.getTime()) || date.toISOString() !== at ? null : { at: date, id }
}
