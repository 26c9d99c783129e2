import type { Kysely, Transaction } from 'kysely'
import {
  WEBHOOK_ENDPOINTS_LIMIT_MESSAGE,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_URL_DUPLICATE_MESSAGE,
  type WebhookEndpoint,
  type WebhookEventType,
  webhookEditedSubject,
} from '@/contract/webhooks'
import type { Database } from '../platform/db/schema.ts'
import { logActivity } from '../organizations/index.ts'
import { newEndpointId } from './deliveries.ts'
import { scheduleDeliveries } from './schedule.ts'

/*
 * The webhooks page's reads and writes of an organization's endpoints and deliveries. Every
 * query names the organization: another organization's endpoint or delivery is an unknown one.
 * Every change writes the activity log in its transaction.
 */

type Db = Kysely<Database> | Transaction<Database>
type Who = { organizationId: string; accountId: string }

const iso = (date: Date | null) => (date ? date.toISOString() : null)

export async function endpointsOf(
  db: Db,
  organizationId: string,
  endpointId?: string,
): Promise<WebhookEndpoint[]> {
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
      description: row.description,
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

/**
 * One change to one of the organization's endpoints and its activity line, in one transaction.
 * `change` answers the endpoint's URL, or undefined when the organization has no such endpoint
 * (then nothing is logged and the answer is false).
 */
function changeEndpoint(
  db: Kysely<Database>,
  who: Who,
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

/** Deletes one of the organization's endpoints (its deliveries with it); false when it has none such. */
export function deleteEndpoint(db: Kysely<Database>, who: Who, endpointId: string) {
  return changeEndpoint(db, who, 'webhook.deleted', (trx) =>
    trx
      .deleteFrom('webhook_endpoints')
      .where('id', '=', endpointId)
      .where('organization_id', '=', who.organizationId)
      .returning('url')
      .executeTakeFirst(),
  )
}

/** Stores an endpoint's new sealed secret; false when the organization has no such endpoint. */
export function rotateEndpointSecret(
  db: Kysely<Database>,
  who: Who,
  endpointId: string,
  secret: { secretEncrypted: string; secretHint: string },
) {
  return changeEndpoint(db, who, 'webhook.secret-rotated', (trx) =>
    trx
      .updateTable('webhook_endpoints')
      .set({ secret_encrypted: secret.secretEncrypted, secret_hint: secret.secretHint })
      .where('id', '=', endpointId)
      .where('organization_id', '=', who.organizationId)
      .returning('url')
      .executeTakeFirst(),
  )
}

/**
 * A new endpoint of the organization with its sealed secret; refused (409, naming `url`) for a URL
 * it has already or past WEBHOOK_ENDPOINTS_MAX.
 */
export function insertEndpoint(
  db: Kysely<Database>,
  who: Who,
  endpoint: {
    url: string
    events: string[]
    description: string
    secretEncrypted: string
    secretHint: string
  },
) {
  const { organizationId, accountId } = who
  const { url } = endpoint
  return db.transaction().execute(async (trx) => {
    await lockOrganization(trx, organizationId)
    const existing = await trx
      .selectFrom('webhook_endpoints')
      .select('url')
      .where('organization_id', '=', organizationId)
      .execute()
    if (existing.some((row) => row.url === url)) return duplicate()
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
        events: endpoint.events,
        description: endpoint.description,
        secret_encrypted: endpoint.secretEncrypted,
        secret_hint: endpoint.secretHint,
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
}

/** One change at a time per organization, so the limit and the duplicate rule hold under races. */
async function lockOrganization(trx: Transaction<Database>, organizationId: string) {
  await trx
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', organizationId)
    .forUpdate()
    .executeTakeFirst()
}

const duplicate = () => ({
  refused: { message: WEBHOOK_URL_DUPLICATE_MESSAGE, field: 'url' },
  status: 409 as const,
})

/**
 * docs/decisions/0043: the edit dialog's save — URL, events and description (left as it is when
 * undefined) — and its activity line, in one transaction. Answers null when the organization has
 * no such endpoint, or the refusal of a URL another of its endpoints has. Deliveries not yet sent
 * go to the new URL (each attempt reads it).
 */
export function editEndpoint(
  db: Kysely<Database>,
  who: Who,
  change: { endpointId: string; url: string; events: string[]; description?: string | undefined },
) {
  const { organizationId, accountId } = who
  return db.transaction().execute(async (trx) => {
    await lockOrganization(trx, organizationId)
    const row = await trx
      .selectFrom('webhook_endpoints')
      .select(['id', 'url'])
      .where('id', '=', change.endpointId)
      .where('organization_id', '=', organizationId)
      .executeTakeFirst()
    if (!row) return null
    const taken = await trx
      .selectFrom('webhook_endpoints')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('url', '=', change.url)
      .where('id', '!=', row.id)
      .executeTakeFirst()
    if (taken) return duplicate()
    await trx
      .updateTable('webhook_endpoints')
      .set({
        url: change.url,
        events: [...new Set(change.events)],
        ...(change.description !== undefined ? { description: change.description } : {}),
      })
      .where('id', '=', row.id)
      .execute()
    await logActivity(trx, {
      organizationId,
      actorAccountId: accountId,
      action: 'webhook.updated',
      subject: webhookEditedSubject(row.url, change.url),
    })
    return { id: row.id }
  })
}

/** The stored URL of one of the organization's endpoints. */
export async function endpointUrl(db: Db, organizationId: string, endpointId: string) {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select('url')
    .where('id', '=', endpointId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst()
  return row?.url
}

/** Changes an endpoint's events or its switch; null when the organization has no such endpoint. */
export function updateEndpoint(
  db: Kysely<Database>,
  who: Who,
  change: { endpointId: string; events?: string[] | undefined; enabled?: boolean | undefined },
) {
  const { events, enabled } = change
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('webhook_endpoints')
      .select(['id', 'url', 'enabled'])
      .where('id', '=', change.endpointId)
      .where('organization_id', '=', who.organizationId)
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
    if (enabled === true && !row.enabled) await scheduleWaiting(trx, row.id)
    await logActivity(trx, {
      organizationId: who.organizationId,
      actorAccountId: who.accountId,
      action: 'webhook.updated',
      subject: row.url,
    })
    return row
  })
}

/**
 * An endpoint enabled again: the deliveries that waited for it get their jobs, due when they were
 * (under the endpoint's lock, which a delivery's job reads it with: no job ends unseen meanwhile).
 */
async function scheduleWaiting(trx: Transaction<Database>, endpointId: string) {
  const waiting = await trx
    .selectFrom('webhook_deliveries')
    .select(['id', 'next_attempt_at'])
    .where('endpoint_id', '=', endpointId)
    .where('status', 'in', ['pending', 'delivering'])
    .execute()
  await scheduleDeliveries(
    trx,
    waiting.map((delivery) => ({ id: delivery.id, at: delivery.next_attempt_at })),
  )
}

/** Whether the organization has this endpoint. */
export async function hasEndpoint(db: Db, organizationId: string, endpointId: string) {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('id', '=', endpointId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst()
  return row !== undefined
}
