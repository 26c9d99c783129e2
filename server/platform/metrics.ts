import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client'

/*
 * The process's Prometheus metrics (prom-client), served at /metrics (server/apps/operations.ts).
 * Counters and histograms are this process's, like Node's own figures: two processes behind one
 * proxy are two scrape targets, and Prometheus adds them up. What the database holds (runs by
 * status, the job queue) is read at each scrape instead (server/apps/operations.ts,
 * databaseGauges): every process answers the same figures for it, so a dashboard takes max(), not
 * sum(). docs/operations/grafana-dashboard.json charts them.
 *
 * Names follow Prometheus's conventions: the portal_ prefix, seconds, a _total suffix on counters.
 */

export const processMetrics = new Registry()
collectDefaultMetrics({ register: processMetrics, prefix: 'portal_' })

/** Every answer of either service, by its route's pattern (never the raw path: ids stay out). */
export const httpRequestDuration = new Histogram({
  name: 'portal_http_request_duration_seconds',
  help: 'Time to answer a request, by service, method, route pattern and status.',
  labelNames: ['service', 'method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processMetrics],
})

/** From an event's append to its delivery to this process's open streams. */
export const eventDeliveryLag = new Histogram({
  name: 'portal_event_delivery_lag_seconds',
  help: 'Time from an event being appended to the events log to its delivery to the open live streams of this process.',
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [processMetrics],
})

export const mailsSent = new Counter({
  name: 'portal_mails_total',
  help: 'Mails this process handed to SMTP or the development mailbox (sent), or that failed (failed; tried again later).',
  labelNames: ['outcome'] as const,
  registers: [processMetrics],
})

export const webhookAttempts = new Counter({
  name: 'portal_webhook_attempts_total',
  help: 'Webhook delivery attempts this process made: delivered (a 2xx answer) or failed.',
  labelNames: ['outcome'] as const,
  registers: [processMetrics],
})

export const loginThrottles = new Counter({
  name: 'portal_login_throttled_total',
  help: 'Logins refused with 429 because a login limit was reached (docs/decisions/0016).',
  registers: [processMetrics],
})

/** A mail's outcome, counted. */
export const countMail = (outcome: 'sent' | 'failed') => mailsSent.inc({ outcome })
