import {
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_DISABLED_REASON_MESSAGES,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@/contract/webhooks'

/*
 * How the webhooks page words an endpoint's state and a delivery's outcome — pure, so
 * the screen, the stories and the tests read the same words.
 */

export const QUEUED_LABEL = 'Queued'
export const ACTIVE_LABEL = 'Active'
export const DISABLED_LABEL = 'Disabled'
export const NO_DELIVERY_YET = 'No delivery yet'

/** 'Delivered', 'Retrying', 'Failed', 'Sending', or 'Queued' for one not tried yet. */
export function deliveryStatusLabel(delivery: Pick<WebhookDelivery, 'status' | 'attempts'>): string {
  if (delivery.status === 'pending' && delivery.attempts === 0) return QUEUED_LABEL
  return WEBHOOK_DELIVERY_STATUS_LABELS[delivery.status]
}

/** What the last attempt got: 'HTTP 200', 'No answer within 10 s.', or '—' before any. */
export function responseLabel(
  delivery: Pick<WebhookDelivery, 'responseCode' | 'error' | 'attempts'>,
): string {
  if (delivery.responseCode !== null) return `HTTP ${delivery.responseCode}`
  if (delivery.error) return delivery.error
  return '—'
}

export function attemptsLabel(attempts: number): string {
  return attempts === 1 ? '1 attempt' : `${attempts} attempts`
}

export function endpointStateLabel(endpoint: Pick<WebhookEndpoint, 'state'>): string {
  return endpoint.state === 'active' ? ACTIVE_LABEL : DISABLED_LABEL
}

/** Why a disabled endpoint is disabled; null for an active one. */
export function disabledWhy(endpoint: Pick<WebhookEndpoint, 'state' | 'disabledReason'>): string | null {
  if (endpoint.state === 'active') return null
  return WEBHOOK_DISABLED_REASON_MESSAGES[endpoint.disabledReason ?? 'owner']
}

/** What one attempt got, for its line in the delivery's panel: 'HTTP 503 in 92 ms', 'No answer within 10 s.'. */
export function attemptOutcomeLabel(
  attempt: Pick<WebhookAttempt, 'responseCode' | 'error' | 'durationMs'>,
): string {
  if (attempt.responseCode !== null) return `HTTP ${attempt.responseCode} in ${attempt.durationMs} ms`
  return attempt.error ?? '—'
}

/** An attempt succeeded when its receiver answered 2xx. */
export const attemptSucceeded = (attempt: Pick<WebhookAttempt, 'responseCode'>) =>
  attempt.responseCode !== null && attempt.responseCode >= 200 && attempt.responseCode < 300

/** A body as the panel shows it: JSON indented, anything else as it came. */
export function readableBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}
