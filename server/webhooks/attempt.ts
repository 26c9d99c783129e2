import type { Kysely } from 'kysely'
import { checkWebhookDestination, type WebhookLookup } from '@/contract/webhook-destination'
import {
  WEBHOOK_DESTINATION_REFUSED_ERROR,
  WEBHOOK_ID_HEADER,
  WEBHOOK_RETRY_WINDOW_MS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  webhookSignature,
} from '@/contract/webhooks'
import type { Database } from '../platform/db/schema.ts'
import { jobBackoffMs } from '../platform/jobs/runner.ts'
import type { Mailer } from '../platform/mailer.ts'
import { afterFailure, disableEndpoint, type DisabledEndpoint, mailOwnersOfDisabled } from './disable.ts'
import { bodyToSend } from './deliveries.ts'
import { openSecret, SECRET_UNREADABLE } from './secrets.ts'
import { postWebhook, type SendResult } from './send.ts'

/*
 * One attempt of the delivery worker (worker.ts, which says how claims, leases, retries and the
 * destination check work): claim the due deliveries, send one, record its outcome.
 */

/** The wait before retry number `attempts` + 1: the job runner's doubling from 10 s to 1 h, with jitter. */
export const backoffMs = (attempts: number, random: () => number = Math.random) =>
  jobBackoffMs(attempts, {}, random)

export type Claimed = {
  id: string
  endpoint_id: string
  event_id: string
  body: string
  attempts: number
  retry_until: Date | null
  /** The claim's time: the attempt's start. */
  last_attempt_at: Date | null
  url: string
  secret_encrypted: string
  organization_id: string
}

/** What an attempt needs of its worker. */
export type AttemptContext = {
  db: Kysely<Database>
  clock: () => Date
  processId: string
  leaseMs: number
  batch: number
  timeoutMs: number
  random: () => number
  lookup: WebhookLookup
  development: boolean
  secret: string
  publicUrl: string
  mailer: Mailer
  logger: { info: (fields: object, message: string) => void; warn: (fields: object, message: string) => void }
}

export async function claimDue(ctx: AttemptContext): Promise<Claimed[]> {
  const { db, clock, processId, leaseMs, batch } = ctx
  const now = clock()
  // A read first, so that an idle poll writes nothing (no write to count, no lock to take).
  const due = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select('d.id')
    .where('e.enabled', '=', true)
    .where((eb) =>
      eb.or([
        eb.and([eb('d.status', '=', 'pending'), eb('d.next_attempt_at', '<=', now)]),
        eb.and([eb('d.status', '=', 'delivering'), eb('d.lease_until', '<=', now)]),
      ]),
    )
    .limit(1)
    .execute()
  if (due.length === 0) return []
  const claimed = await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      status: 'delivering',
      lease_owner: processId,
      lease_until: new Date(now.getTime() + leaseMs),
      attempts: eb('attempts', '+', 1),
      last_attempt_at: now,
      retry_until: eb.fn.coalesce('retry_until', eb.val(new Date(now.getTime() + WEBHOOK_RETRY_WINDOW_MS))),
    }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
        .select('d.id')
        .where('e.enabled', '=', true)
        .where((w) =>
          w.or([
            w.and([w('d.status', '=', 'pending'), w('d.next_attempt_at', '<=', now)]),
            w.and([w('d.status', '=', 'delivering'), w('d.lease_until', '<=', now)]),
          ]),
        )
        .orderBy('d.next_attempt_at')
        .limit(batch)
        .forUpdate('d')
        .skipLocked(),
    )
    .returning(['id', 'endpoint_id', 'event_id', 'body', 'attempts', 'retry_until', 'last_attempt_at'])
    .execute()
  if (claimed.length === 0) return []
  const endpoints = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'url', 'secret_encrypted', 'organization_id'])
    .where('id', 'in', [...new Set(claimed.map((row) => row.endpoint_id))])
    .execute()
  const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]))
  return claimed.flatMap((row) => {
    const endpoint = byId.get(row.endpoint_id)
    return endpoint ? [{ ...row, ...endpoint, id: row.id }] : []
  })
}

export async function sendDelivery(ctx: AttemptContext, row: Claimed): Promise<SendResult> {
  const { clock, timeoutMs, lookup } = ctx
  const destination = await checkWebhookDestination(row.url, { development: ctx.development, lookup })
  if (destination.kind === 'refused') {
    return {
      responseCode: null,
      error: WEBHOOK_DESTINATION_REFUSED_ERROR,
      durationMs: 0,
      refusedDestination: true,
    }
  }
  if (destination.kind === 'unresolved')
    return { responseCode: null, error: destination.error, durationMs: 0 }
  const secret = openSecret(row.secret_encrypted, ctx.secret)
  if (secret === null) return { responseCode: null, error: SECRET_UNREADABLE, durationMs: 0 }
  const body = bodyToSend(row.body, ctx.publicUrl)
  const timestamp = Math.floor(clock().getTime() / 1000)
  return postWebhook({
    url: destination.url,
    addresses: destination.addresses,
    body,
    timeoutMs,
    headers: {
      [WEBHOOK_ID_HEADER]: row.event_id,
      [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
      [WEBHOOK_SIGNATURE_HEADER]: await webhookSignature(secret, timestamp, body),
    },
  })
}

export async function recordAttempt(ctx: AttemptContext, row: Claimed, result: SendResult, startedAt: Date) {
  const { db, clock, processId, random, logger } = ctx
  const now = clock()
  const succeeded =
    result.error === null &&
    result.responseCode !== null &&
    result.responseCode >= 200 &&
    result.responseCode < 300
  const error = succeeded ? null : (result.error ?? `HTTP ${result.responseCode ?? '—'}`)
  const disabled = await db.transaction().execute(async (trx): Promise<DisabledEndpoint | null> => {
    const mine = await trx
      .selectFrom('webhook_deliveries')
      .select(['id', 'retry_until'])
      .where('id', '=', row.id)
      .where('lease_owner', '=', processId)
      .where('attempts', '=', row.attempts)
      .where('status', '=', 'delivering')
      .forUpdate()
      .executeTakeFirst()
    await trx
      .insertInto('webhook_attempts')
      .values({
        delivery_id: row.id,
        attempt: row.attempts,
        started_at: startedAt,
        duration_ms: result.durationMs,
        response_code: result.responseCode,
        error: succeeded ? null : error,
        process_id: processId,
      })
      .execute()
    // Another process took the row over after this one's lease ran out: its attempt counts.
    if (!mine) return null
    const cleared = { lease_owner: null, lease_until: null, last_response_code: result.responseCode }
    if (succeeded) {
      await trx
        .updateTable('webhook_deliveries')
        .set({ ...cleared, status: 'succeeded', delivered_at: now, last_error: null })
        .where('id', '=', row.id)
        .execute()
      await trx
        .updateTable('webhook_endpoints')
        .set({ failing_since: null })
        .where('id', '=', row.endpoint_id)
        .execute()
      return null
    }
    const until = mine.retry_until ?? new Date(startedAt.getTime() + WEBHOOK_RETRY_WINDOW_MS)
    const over = now.getTime() >= until.getTime()
    if (result.refusedDestination) {
      // Nothing was sent: the delivery waits for its endpoint, due at once if it is enabled again.
      await trx
        .updateTable('webhook_deliveries')
        .set({ ...cleared, status: over ? 'failed' : 'pending', next_attempt_at: now, last_error: error })
        .where('id', '=', row.id)
        .execute()
      const endpoint = { id: row.endpoint_id, url: row.url, organization_id: row.organization_id }
      if (!(await disableEndpoint(trx, endpoint, 'destination', now))) return null
      return { ...endpoint, reason: 'destination' as const }
    }
    const next = new Date(Math.min(now.getTime() + backoffMs(row.attempts, random), until.getTime()))
    await trx
      .updateTable('webhook_deliveries')
      .set({
        ...cleared,
        status: over ? 'failed' : 'pending',
        next_attempt_at: over ? now : next,
        last_error: error,
      })
      .where('id', '=', row.id)
      .execute()
    return afterFailure(trx, row.endpoint_id, { startedAt, now, error: error ?? '' })
  })
  if (disabled) {
    await mailOwnersOfDisabled({ db, mailer: ctx.mailer, publicUrl: ctx.publicUrl, logger }, disabled)
  }
}
