import { randomUUID } from 'node:crypto'
import { sql, type Kysely, type Transaction } from 'kysely'
import { VERIFY_PATH } from '@/contract/certificates'
import type { PortalEvent } from '@/contract/events'
import {
  type RunOutcome,
  WEBHOOK_PING_TEXT,
  type WebhookBody,
  type WebhookDeliveryType,
  type WebhookEventType,
} from '@/contract/webhooks'
import type { Database } from '../platform/db/schema.ts'
import { enqueueDeliveryJob } from './schedule.ts'

/*
 * The webhooks' deliveries (docs/decisions/0027): one row per enabled endpoint of the organization
 * that subscribes to the event. They are written after the change has committed, by the webhooks'
 * reader of the events log (reader.ts: record submitted, run started, run finished or cancelled,
 * comment added) and by the job each certificate is issued with (certificate.issued), each in the
 * transaction that moves its cursor or marks its job done: every committed change gets its
 * deliveries once. Each is written with the job that sends it (schedule.ts, delivery-job.ts), at
 * least once.
 */

type Db = Kysely<Database> | Transaction<Database>
type BodyData<T extends WebhookDeliveryType> = Extract<WebhookBody, { type: T }>['data']

export const newEventId = () => `evt_${randomUUID().replaceAll('-', '')}`
export const newDeliveryId = () => `whd_${randomUUID().replaceAll('-', '')}`
export const newEndpointId = () => `whe_${randomUUID().replaceAll('-', '')}`

/**
 * Writes the event's deliveries to the organization's enabled endpoints that subscribe to `type`
 * (every endpoint given, for a ping). Returns how many were written.
 */
export async function enqueueWebhook<T extends WebhookDeliveryType>(
  trx: Db,
  organizationId: string,
  type: T,
  data: BodyData<T>,
  { createdAt = new Date(), endpointIds }: { createdAt?: Date; endpointIds?: readonly string[] } = {},
): Promise<number> {
  let query = trx
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('enabled', '=', true)
  query = endpointIds
    ? query.where('id', 'in', [...endpointIds])
    : query.where(sql<boolean>`${type} = any(events)`)
  const subscribed = await query.execute()
  if (subscribed.length === 0) return 0
  const id = newEventId()
  const body = JSON.stringify({ id, type, createdAt: createdAt.toISOString(), organizationId, data })
  const deliveries = subscribed.map((endpoint) => ({
    id: newDeliveryId(),
    endpoint_id: endpoint.id,
    event_id: id,
    type,
    body,
    created_at: createdAt,
    next_attempt_at: createdAt,
  }))
  await trx.insertInto('webhook_deliveries').values(deliveries).execute()
  // Each with its job: this process's runners are woken after the commit (others poll).
  for (const delivery of deliveries) await enqueueDeliveryJob(trx, delivery.id)
  return subscribed.length
}

/** The ping of "Send test event" to one endpoint. */
export function enqueuePing(trx: Db, organizationId: string, endpointId: string) {
  return enqueueWebhook(
    trx,
    organizationId,
    'ping',
    { endpointId, message: WEBHOOK_PING_TEXT },
    { endpointIds: [endpointId] },
  )
}

type EventWebhook = { [T in WebhookEventType]: { type: T; data: BodyData<T> } }[WebhookEventType]
type EventOf<T extends PortalEvent['type']> = Extract<PortalEvent, { type: T }>

/** The webhook a live event becomes, or null when it is none the webhooks tell. */
export function webhookOfEvent(newEvent: Omit<PortalEvent, 'seq' | 'at'>): EventWebhook | null {
  const event = newEvent as PortalEvent
  switch (event.type) {
    case 'record.submitted':
      return recordSubmitted(event as EventOf<'record.submitted'>)
    case 'record.revised':
      return recordRevised(event as EventOf<'record.revised'>)
    case 'run.started':
      return runStarted(event as EventOf<'run.started'>)
    case 'run.finished':
      return runFinished(event as EventOf<'run.finished'>)
    case 'run.cancelled':
      return runCancelled(event as EventOf<'run.cancelled'>)
    case 'comment.added':
      return commentAdded(event as EventOf<'comment.added'>)
    default:
      return null
  }
}

function recordSubmitted(event: EventOf<'record.submitted'>): EventWebhook {
  const row = event.row
  return {
    type: 'record.submitted',
    data: {
      recordId: event.portfolioManagerId,
      deviceName: row.deviceName,
      vendor: row.vendor,
      deviceType: row.deviceType,
      productClass: row.productClass,
      baseFirmwareVersion: row.baseFirmwareVersion,
      status: row.status,
    },
  }
}

function recordRevised(event: EventOf<'record.revised'>): EventWebhook {
  const row = event.row
  return {
    type: 'record.revised',
    data: {
      recordId: event.portfolioManagerId,
      deviceName: row.deviceName,
      vendor: row.vendor,
      revision: event.revision,
      baseFirmwareVersion: row.baseFirmwareVersion,
      previousFirmwareVersion: event.previousFirmwareVersion,
      status: row.status,
    },
  }
}

function runStarted(started: EventOf<'run.started'>): EventWebhook {
  return {
    type: 'run.started',
    data: {
      recordId: started.portfolioManagerId,
      runId: started.runId,
      attempt: started.attempt,
      kind: started.run.kind ?? 'full',
      cases: started.run.testCases.map((test) => test.name),
    },
  }
}

function runFinished(finished: EventOf<'run.finished'>): EventWebhook | null {
  // A run waiting for the lab's review has no result yet; its decision sends run.finished.
  if (finished.status !== 'Completed') return null
  const outcome: RunOutcome = finished.isCertified === 'CERTIFIED-OK' ? 'Certified' : 'ValidationFailure'
  return {
    type: 'run.finished',
    data: {
      recordId: finished.portfolioManagerId,
      runId: finished.runId,
      attempt: finished.attempt,
      outcome,
      status: finished.status,
      isCertified: finished.isCertified,
      failedCases: (finished.run?.testCases ?? [])
        .filter((test) => test.state === 'failed')
        .map((test) => test.name),
      finishedAt: finished.finishedAt,
    },
  }
}

function runCancelled(cancelled: EventOf<'run.cancelled'>): EventWebhook {
  return {
    type: 'run.finished',
    data: {
      recordId: cancelled.portfolioManagerId,
      runId: cancelled.runId,
      attempt: cancelled.attempt,
      outcome: 'Cancelled',
      status: 'Cancelled',
      isCertified: '',
      failedCases: (cancelled.run?.testCases ?? [])
        .filter((test) => test.state === 'failed')
        .map((test) => test.name),
      finishedAt: cancelled.finishedAt,
    },
  }
}

function commentAdded({ portfolioManagerId, comment }: EventOf<'comment.added'>): EventWebhook {
  return {
    type: 'comment.added',
    data: {
      recordId: portfolioManagerId,
      commentId: comment.commentId,
      text: comment.text,
      authorName: comment.author,
      authorSide: comment.authorKind ?? 'vendor',
      createdAt: comment.createdAt,
    },
  }
}

/** The deliveries of one logged event (reader.ts), dated when the change was made. */
export async function enqueueForPortalEvent(
  trx: Db,
  organizationId: string,
  event: Omit<PortalEvent, 'seq' | 'at'>,
  createdAt: Date,
): Promise<void> {
  const webhook = webhookOfEvent(event)
  if (!webhook) return
  await enqueueWebhook(trx, organizationId, webhook.type, webhook.data as never, { createdAt })
}

/**
 * certificate.issued, from the job issueCertificate writes (reader.ts). The verification link is stored as a
 * path; the delivery's job puts the portal's public address (PORTAL_URL) in front when it sends.
 */
export function enqueueCertificateIssued(
  trx: Db,
  organizationId: string,
  certificate: { recordId: string; runId: string; number: string; issuedAt: Date; expiresAt: Date },
) {
  return enqueueWebhook(
    trx,
    organizationId,
    'certificate.issued',
    {
      recordId: certificate.recordId,
      runId: certificate.runId,
      number: certificate.number,
      verificationUrl: `${VERIFY_PATH}/${certificate.number}`,
      issuedAt: certificate.issuedAt.toISOString(),
      expiresAt: certificate.expiresAt.toISOString(),
    },
    { createdAt: certificate.issuedAt },
  )
}

/** The body as sent: a stored relative verification link made absolute with the portal's address. */
export function bodyToSend(stored: string, publicUrl: string): string {
  if (!stored.includes('"verificationUrl":"/')) return stored
  const body = JSON.parse(stored) as { data: { verificationUrl?: string } }
  if (body.data.verificationUrl?.startsWith('/'))
    body.data.verificationUrl = `${publicUrl}${body.data.verificationUrl}`
  return JSON.stringify(body)
}
