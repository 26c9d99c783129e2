import { randomUUID } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { WebhookLookup } from '@/contract/webhook-destination'
import { WEBHOOK_TIMEOUT_MS } from '@/contract/webhooks'
import type { Database } from '../platform/db/schema.ts'
import { log as serverLog } from '../platform/log.ts'
import type { Mailer } from '../platform/mailer.ts'
import { type AttemptContext, claimDue, recordAttempt, sendDelivery } from './attempt.ts'
import { type SendResult, systemLookup } from './send.ts'
import { wakers } from './wake.ts'

export { backoffMs } from './attempt.ts'

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

export function createWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  let running = false
  let loop: Promise<void> | null = null
  let sleeping: { timer: NodeJS.Timeout; resolve: () => void } | null = null
  let woken = false
  const ctx = attemptContext(options)
  const { logger } = ctx
  const pollMs = options.pollMs ?? 1000
  const processId = ctx.processId

  const runOnce = () => attemptBatch(ctx)

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

/** Claims the due deliveries and attempts each; resolves to how many it claimed. */
async function attemptBatch(ctx: AttemptContext): Promise<number> {
  const { clock, logger } = ctx
  const rows = await claimDue(ctx)
  await Promise.all(
    rows.map(async (row) => {
      const startedAt = row.last_attempt_at ?? clock()
      let result: SendResult
      try {
        result = await sendDelivery(ctx, row)
      } catch (error) {
        result = { responseCode: null, error: `The request failed (${String(error)}).`, durationMs: 0 }
      }
      try {
        await recordAttempt(ctx, row, result, startedAt)
      } catch (error) {
        // The lease runs out and the delivery is sent again.
        logger.warn({ deliveryId: row.id, err: String(error) }, 'A webhook attempt could not be recorded.')
      }
    }),
  )
  return rows.length
}

/** The worker's settings, its defaults filled in, and this process's id for its leases. */
function attemptContext(options: WebhookWorkerOptions): AttemptContext {
  return {
    db: options.db,
    clock: options.clock ?? (() => new Date()),
    processId: `wh-${randomUUID()}`,
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    batch: options.batch ?? 10,
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
