import type { Kysely, Transaction } from 'kysely'
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
import { appendEvent } from '../events/index.ts'
import { jobBackoffMs } from '../platform/jobs/backoff.ts'
import type { JobContext } from '../platform/jobs/runner.ts'
import type { Mailer } from '../platform/mailer.ts'
import { afterFailure, disableEndpoint, type DisabledEndpoint, mailOwnersOfDisabled } from './disable.ts'
import { bodyToSend } from './deliveries.ts'
import { openSecret, SECRET_UNREADABLE } from './secrets.ts'
import { postWebhook, type SendResult } from './send.ts'

/*
 * One attempt of a delivery's job (delivery-job.ts, which says how attempts, retries and the
 * destination check work): take the delivery, send it, record its outcome — each write only while
 * the job's lease holds.
 */

/** The wait before retry number `attempts` + 1: the job runner's doubling from 10 s to 1 h, with jitter. */
export const backoffMs = (attempts: number, random: () => number = Math.random) =>
  jobBackoffMs(attempts, {}, random)

export type Taken = {
  id: string
  endpoint_id: string
  event_id: string
  body: string
  /** This attempt's number. */
  attempts: number
  retry_until: Date | null
  /** The attempt's start. */
  startedAt: Date
  url: string
  secret_encrypted: string
  organization_id: string
}

/** What an attempt needs of its handler. */
export type AttemptContext = {
  db: Kysely<Database>
  clock: () => Date
  /** This process's name in the attempts' log. */
  processId: string
  timeoutMs: number
  random: () => number
  lookup: WebhookLookup
  development: boolean
  secret: string
  publicUrl: string
  mailer: Mailer
  logger: { info: (fields: object, message: string) => void; warn: (fields: object, message: string) => void }
}

/**
 * Takes the delivery for this attempt (delivering, its attempt counted, its 24 hours started); null,
 * the job settled, when there is nothing to send — sent or failed already, gone with its endpoint,
 * or waiting for its endpoint to be enabled again (which schedules it anew) — or when the job's
 * lease is lost. Its endpoint is read FOR SHARE: an enable under way is waited for.
 */
export function takeDelivery(
  ctx: AttemptContext,
  job: JobContext,
  deliveryId: string,
): Promise<Taken | null> {
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await job.held(trx))) return null
    const delivery = await trx
      .selectFrom('webhook_deliveries')
      .select(['id', 'endpoint_id', 'event_id', 'body', 'status'])
      .where('id', '=', deliveryId)
      .forUpdate()
      .executeTakeFirst()
    const endpoint = delivery
      ? await trx
          .selectFrom('webhook_endpoints')
          .select(['url', 'secret_encrypted', 'organization_id', 'enabled'])
          .where('id', '=', delivery.endpoint_id)
          .forShare()
          .executeTakeFirst()
      : undefined
    const due = delivery?.status === 'pending' || delivery?.status === 'delivering'
    if (!delivery || !endpoint?.enabled || !due) {
      await job.settle(trx)
      return null
    }
    const now = ctx.clock()
    const taken = await trx
      .updateTable('webhook_deliveries')
      .set((eb) => ({
        status: 'delivering',
        attempts: eb('attempts', '+', 1),
        last_attempt_at: now,
        retry_until: eb.fn.coalesce('retry_until', eb.val(new Date(now.getTime() + WEBHOOK_RETRY_WINDOW_MS))),
      }))
      .where('id', '=', deliveryId)
      .returning(['attempts', 'retry_until'])
      .executeTakeFirstOrThrow()
    const { url, secret_encrypted, organization_id } = endpoint
    return { ...delivery, ...taken, url, secret_encrypted, organization_id, startedAt: now }
  })
}

export async function sendDelivery(ctx: AttemptContext, row: Taken): Promise<SendResult> {
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

type Outcome = { result: SendResult; succeeded: boolean; error: string | null; now: Date }

/**
 * Records the attempt, and — while the job's lease holds — the delivery's new state and the job's
 * (done, or pending again at the next retry); the endpoint's Owners are mailed if it was disabled.
 */
export async function recordAttempt(ctx: AttemptContext, job: JobContext, row: Taken, result: SendResult) {
  const { db, logger } = ctx
  const now = ctx.clock()
  const succeeded =
    result.error === null &&
    result.responseCode !== null &&
    result.responseCode >= 200 &&
    result.responseCode < 300
  const error = succeeded ? null : (result.error ?? `HTTP ${result.responseCode ?? '—'}`)
  const outcome: Outcome = { result, succeeded, error, now }
  const disabled = await db.transaction().execute(async (trx): Promise<DisabledEndpoint | null> => {
    await trx
      .insertInto('webhook_attempts')
      .values({
        delivery_id: row.id,
        attempt: row.attempts,
        started_at: row.startedAt,
        duration_ms: result.durationMs,
        response_code: result.responseCode,
        error,
        process_id: ctx.processId,
        // docs/decisions/0043: what was sent and what came back, for the delivery's panel.
        recorded: true,
        request_headers: result.request ? JSON.stringify(result.request.headers) : null,
        request_body: result.request?.body ?? null,
        response_body: result.response?.body ?? null,
        response_truncated: result.response?.truncated ?? false,
      })
      .execute()
    // Another runner took the job over after this one's lease ran out: its attempt counts.
    if (!(await job.held(trx))) return null
    const disabledNow = succeeded
      ? await recordSuccess(trx, job, row, outcome)
      : await recordFailure(ctx, trx, job, row, outcome)
    // The organization's webhooks page shows the endpoint's last delivery without a reload.
    await appendEvent(trx, row.organization_id, {
      type: 'webhook.delivered',
      endpointId: row.endpoint_id,
      succeeded,
    })
    return disabledNow
  })
  if (!disabled) return
  try {
    await mailOwnersOfDisabled({ db, mailer: ctx.mailer, publicUrl: ctx.publicUrl, logger }, disabled)
  } catch (error) {
    // The attempt and its job are settled: the job is not run again for the mail.
    logger.warn({ url: disabled.url, err: String(error) }, 'The webhook-disabled mail could not be sent.')
  }
}

async function recordSuccess(trx: Transaction<Database>, job: JobContext, row: Taken, outcome: Outcome) {
  await trx
    .updateTable('webhook_deliveries')
    .set({
      status: 'succeeded',
      delivered_at: outcome.now,
      last_error: null,
      last_response_code: outcome.result.responseCode,
    })
    .where('id', '=', row.id)
    .execute()
  await trx
    .updateTable('webhook_endpoints')
    .set({ failing_since: null })
    .where('id', '=', row.endpoint_id)
    .execute()
  await job.settle(trx)
  return null
}

async function recordFailure(
  ctx: AttemptContext,
  trx: Transaction<Database>,
  job: JobContext,
  row: Taken,
  { result, error, now }: Outcome,
): Promise<DisabledEndpoint | null> {
  const until = row.retry_until ?? new Date(row.startedAt.getTime() + WEBHOOK_RETRY_WINDOW_MS)
  const over = now.getTime() >= until.getTime()
  const failed = { status: over ? ('failed' as const) : ('pending' as const), last_error: error }
  const last = { last_response_code: result.responseCode }
  if (result.refusedDestination) {
    // Nothing was sent: the delivery waits for its endpoint, due at once if it is enabled again.
    await trx
      .updateTable('webhook_deliveries')
      .set({ ...failed, ...last, next_attempt_at: now })
      .where('id', '=', row.id)
      .execute()
    await job.settle(trx)
    const endpoint = { id: row.endpoint_id, url: row.url, organization_id: row.organization_id }
    if (!(await disableEndpoint(trx, endpoint, 'destination', now))) return null
    return { ...endpoint, reason: 'destination' as const }
  }
  const next = new Date(Math.min(now.getTime() + backoffMs(row.attempts, ctx.random), until.getTime()))
  await trx
    .updateTable('webhook_deliveries')
    .set({ ...failed, ...last, next_attempt_at: over ? now : next })
    .where('id', '=', row.id)
    .execute()
  await job.settle(trx, over ? undefined : { retryAt: next })
  return afterFailure(trx, row.endpoint_id, { startedAt: row.startedAt, now, error: error ?? '' })
}
