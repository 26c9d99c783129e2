import { randomUUID } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import { checkWebhookDestination, type WebhookLookup } from '@/contract/webhook-destination'
import {
  WEBHOOK_DESTINATION_REFUSED_ERROR,
  WEBHOOK_ID_HEADER,
  WEBHOOK_RETRY_WINDOW_MS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMEOUT_MS,
  WEBHOOK_TIMESTAMP_HEADER,
  webhookSignature,
} from '@/contract/webhooks'
import type { Database } from '../platform/db/schema.ts'
import { log as serverLog } from '../platform/log.ts'
import type { Mailer } from '../platform/mailer.ts'
import { afterFailure, disableEndpoint, type DisabledEndpoint, mailOwnersOfDisabled } from './disable.ts'
import { bodyToSend } from './deliveries.ts'
import { openSecret, SECRET_UNREADABLE } from './secrets.ts'
import { wakers } from './wake.ts'
import { postWebhook, type SendResult, systemLookup } from './send.ts'

/*
 * docs/decisions/0027: the delivery worker, one in every portal process.
 *
 * Claiming: due rows — pending with next_attempt_at reached, or delivering with an expired lease
 * (their process died mid-attempt) — of enabled endpoints are taken with
 * `update … where id in (select … for update skip locked)`: two processes never take the same row,
 * and the row carries this process's id and a lease (leaseMs, far longer than an attempt's
 * timeout) while it is sent. The attempt's outcome is written only while the row still holds this
 * process's lease and attempt number, so a process that stalled past its lease cannot overwrite
 * the attempt another has taken over. A crash between the POST and its record leaves the lease to
 * run out; the row is then sent again (at least once: receivers dedupe by the body's id).
 *
 * Retries: a failed attempt (no answer within timeoutMs, a refused connection, any status but 2xx)
 * is tried again after 10 s, 20 s, 40 s … doubling up to 1 h, each ±25 % at random, until 24 h after
 * the delivery's first attempt; its last try is at that mark, then it is failed. An endpoint whose
 * every attempt has failed since failing_since for 24 h is disabled: its Owners are mailed and the
 * activity log says so. The clock is injected (tests move it).
 *
 * Destination: before every attempt the stored URL goes through the one destination
 * check (src/contract/webhook-destination.ts) in this process's mode, its host resolved and every
 * address judged; the POST then connects only to those addresses. A URL the check refuses is not
 * called at all: the attempt is recorded as not sent, the delivery waits (as every delivery of a
 * disabled endpoint does) and the endpoint is disabled at once ('destination'), Owners mailed.
 */

export type WebhookWorkerOptions = {
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
  clock?: () => Date
  /** How often due deliveries are looked for when nothing woke the worker. */
  pollMs?: number
  leaseMs?: number
  timeoutMs?: number
  /** How many deliveries one round sends at once. */
  batch?: number
  random?: () => number
  log?: { info(fields: object, message: string): void; warn(fields: object, message: string): void }
}

export type WebhookWorker = {
  readonly processId: string
  start(): void
  /** Stops claiming; waits for the attempts under way. */
  stop(): Promise<void>
  /** One round: claims what is due and sends it; answers how many were sent. */
  runOnce(): Promise<number>
  /** Looks for due deliveries soon (after a change was written). */
  wake(): void
}

export const DEFAULT_LEASE_MS = 60_000
export const BACKOFF_BASE_MS = 10_000
export const BACKOFF_MAX_MS = 60 * 60 * 1000

/** The wait before retry number `attempts` + 1, with jitter in [0.75, 1.25). */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const plain = Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS)
  return Math.round(plain * (0.75 + random() * 0.5))
}

type Claimed = {
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

export function createWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const { db } = options
  const clock = options.clock ?? (() => new Date())
  const pollMs = options.pollMs ?? 1000
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS
  const batch = options.batch ?? 10
  const random = options.random ?? Math.random
  const lookup = options.lookup ?? systemLookup
  const logger = options.log ?? {
    info: (fields: object, message: string) => serverLog.info(fields, message),
    warn: (fields: object, message: string) => serverLog.warn(fields, message),
  }
  const processId = `wh-${randomUUID()}`
  let running = false
  let loop: Promise<void> | null = null
  let sleeping: { timer: NodeJS.Timeout; resolve: () => void } | null = null
  let woken = false

  async function claim(): Promise<Claimed[]> {
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

  async function send(row: Claimed): Promise<SendResult> {
    const destination = await checkWebhookDestination(row.url, { development: options.development, lookup })
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
    const secret = openSecret(row.secret_encrypted, options.secret)
    if (secret === null) return { responseCode: null, error: SECRET_UNREADABLE, durationMs: 0 }
    const body = bodyToSend(row.body, options.publicUrl)
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

  async function record(row: Claimed, result: SendResult, startedAt: Date) {
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
      await mailOwnersOfDisabled(
        { db, mailer: options.mailer, publicUrl: options.publicUrl, logger },
        disabled,
      )
    }
  }

  async function runOnce(): Promise<number> {
    const rows = await claim()
    await Promise.all(
      rows.map(async (row) => {
        const startedAt = row.last_attempt_at ?? clock()
        let result: SendResult
        try {
          result = await send(row)
        } catch (error) {
          result = { responseCode: null, error: `The request failed (${String(error)}).`, durationMs: 0 }
        }
        try {
          await record(row, result, startedAt)
        } catch (error) {
          // The lease runs out and the delivery is sent again.
          logger.warn({ deliveryId: row.id, err: String(error) }, 'A webhook attempt could not be recorded.')
        }
      }),
    )
    return rows.length
  }

  function sleep(ms: number) {
    return new Promise<void>((resolve) => {
      if (woken || !running) {
        woken = false
        resolve()
        return
      }
      const timer = setTimeout(() => {
        sleeping = null
        resolve()
      }, ms)
      sleeping = { timer, resolve }
    })
  }

  const wake = () => {
    woken = true
    if (sleeping) {
      clearTimeout(sleeping.timer)
      const { resolve } = sleeping
      sleeping = null
      woken = false
      resolve()
    }
  }

  async function work() {
    while (running) {
      let sent = 0
      try {
        sent = await runOnce()
      } catch (error) {
        logger.warn(
          { err: String(error) },
          'The webhook worker could not read its deliveries; it tries again.',
        )
      }
      if (!running) break
      if (sent === 0) await sleep(pollMs)
    }
  }

  return {
    processId,
    start() {
      if (running) return
      running = true
      wakers.add(wake)
      loop = work()
    },
    async stop() {
      running = false
      wakers.delete(wake)
      wake()
      await loop
      loop = null
    },
    runOnce,
    wake: () => wake(),
  }
}

export type WebhookTransaction = Transaction<Database>
