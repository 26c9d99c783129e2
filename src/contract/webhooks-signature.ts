import * as v from 'valibot'
import { webhookBodySchema, type WebhookBody } from '@/contract/webhooks-events'

/*
 * How a delivery is signed and how a receiver checks it (verifyWebhook): it runs in Node and in
 * browsers (Web Crypto). Exported through @/contract/webhooks.
 */

/** The headers of a delivery. */
export const WEBHOOK_ID_HEADER = 'Webhook-Id'
export const WEBHOOK_TIMESTAMP_HEADER = 'Webhook-Timestamp'
export const WEBHOOK_SIGNATURE_HEADER = 'Webhook-Signature'
/** A receiver refuses a delivery whose timestamp is further than this from its clock. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60
/** The prefix of every signing secret. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_'

const encoder = new TextEncoder()

function hex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** `v1=<hex HMAC-SHA256 of "<timestamp>.<body>">` keyed with `secret`. */
export async function webhookSignature(secret: string, timestamp: number, body: string): Promise<string> {
  const key = await globalThis.crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const mac = await globalThis.crypto.subtle.sign('HMAC', key, encoder.encode(`${timestamp}.${body}`))
  return `v1=${hex(mac)}`
}

export const WEBHOOK_UNSIGNED_MESSAGE =
  'Webhook refused: it lacks the Webhook-Id, Webhook-Timestamp or Webhook-Signature header.'
export const WEBHOOK_BAD_SIGNATURE_MESSAGE = 'Webhook refused: its signature does not match its body.'
export const WEBHOOK_STALE_MESSAGE =
  'Webhook refused: its timestamp is more than 5 minutes from now, so it may be a replay.'
export const WEBHOOK_BAD_BODY_MESSAGE = 'Webhook refused: its body is not a delivery this receiver knows.'
export const WEBHOOK_ID_MISMATCH_MESSAGE = 'Webhook refused: its Webhook-Id header is not its body’s id.'

export type WebhookVerification = { ok: true; body: WebhookBody } | { ok: false; message: string }

/** Compares two strings in time that depends on their length only. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let difference = 0
  for (let index = 0; index < a.length; index += 1) difference |= a.charCodeAt(index) ^ b.charCodeAt(index)
  return difference === 0
}

/**
 * Checks one delivery as a receiver should, before acting on it: the three headers are there, one
 * of the `v1=` signatures (space-separated) matches the raw body, the timestamp is within
 * WEBHOOK_TOLERANCE_SECONDS of `now`, and the body is a delivery whose id is the Webhook-Id. A
 * receiver should also remember the ids it handled and ignore one seen again (retries resend it).
 */
export async function verifyWebhook({
  secret,
  headers,
  body,
  now = Date.now(),
}: {
  secret: string
  /** Header lookup (case-insensitive, as Headers.get or a Node request's lowercased headers). */
  headers: (name: string) => string | null | undefined
  /** The raw body as received, not parsed and serialised again. */
  body: string
  now?: number
}): Promise<WebhookVerification> {
  const id = headers(WEBHOOK_ID_HEADER)
  const timestampText = headers(WEBHOOK_TIMESTAMP_HEADER)
  const signatures = headers(WEBHOOK_SIGNATURE_HEADER)
  if (!id || !timestampText || !signatures) return { ok: false, message: WEBHOOK_UNSIGNED_MESSAGE }
  if (!/^\d{1,12}$/.test(timestampText)) return { ok: false, message: WEBHOOK_STALE_MESSAGE }
  const timestamp = Number(timestampText)
  const expected = await webhookSignature(secret, timestamp, body)
  const matches = signatures
    .split(' ')
    .filter((part) => part.startsWith('v1='))
    .some((part) => sameText(part, expected))
  if (!matches) return { ok: false, message: WEBHOOK_BAD_SIGNATURE_MESSAGE }
  if (Math.abs(now / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) {
    return { ok: false, message: WEBHOOK_STALE_MESSAGE }
  }
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    return { ok: false, message: WEBHOOK_BAD_BODY_MESSAGE }
  }
  const parsed = v.safeParse(webhookBodySchema, json)
  if (!parsed.success) return { ok: false, message: WEBHOOK_BAD_BODY_MESSAGE }
  if (parsed.output.id !== id) return { ok: false, message: WEBHOOK_ID_MISMATCH_MESSAGE }
  return { ok: true, body: parsed.output }
}
