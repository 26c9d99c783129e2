import { lookup as dnsLookup } from 'node:dns/promises'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { WEBHOOK_RESPONSE_BODY_MAX_BYTES } from '@/contract/webhooks'
import {
  WEBHOOK_HOST_UNRESOLVED_ERROR,
  type WebhookAddress,
  type WebhookLookup,
} from '@/contract/webhook-destination'

/*
 * docs/decisions/0027: one POST of a delivery. node:http(s) rather than fetch, for two
 * reasons: the connection is pinned to the addresses the destination check has just judged
 * (checkWebhookDestination, src/contract/webhook-destination.ts: the delivery's job resolves the name, checks
 * every answer, and the connection's own `lookup` answers exactly those — no second DNS query, so
 * no window for DNS rebinding; an IP literal is connected to as written, which is what was
 * checked), and nothing follows a redirect (a 3xx is a failed attempt). The answer's body is read
 * up to 64 KB; its first 4 KB are kept for the delivery's panel (docs/decisions/0043), and only the
 * status counts. What was sent (headers and body) is answered too, for the same panel.
 */

export type SendResult = {
  responseCode: number | null
  error: string | null
  durationMs: number
  /** The destination check refused the URL: nothing was sent, and the endpoint is disabled. */
  refusedDestination?: true
  /** What was sent, when a request was made: every header (the signature, never the secret) and the body. */
  request?: { headers: Record<string, string>; body: string }
  /** The answer's status and the first WEBHOOK_RESPONSE_BODY_MAX_BYTES of its body, when one came. */
  response?: { status: number; body: string; truncated: boolean }
}

const MAX_ANSWER_BYTES = 64 * 1024
const USER_AGENT = 'DeviceCertificationPortal-Webhooks/1.0'
/** How long a host name may take to resolve before the attempt (or registration) gives up on it. */
const LOOKUP_TIMEOUT_MS = 5000

/** The system resolver, every address of a name (the destination check judges them all). */
export const systemLookup: WebhookLookup = async (hostname) => {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(WEBHOOK_HOST_UNRESOLVED_ERROR)), LOOKUP_TIMEOUT_MS)
  })
  try {
    return await Promise.race([dnsLookup(hostname, { all: true, verbatim: true }), timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** A connection's lookup that answers only `addresses`, the ones the destination check allowed. */
function pinnedLookup(addresses: readonly WebhookAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const family = options.family === 4 || options.family === 6 ? options.family : 0
    const usable = addresses.filter((entry) => family === 0 || entry.family === family)
    if (options.all) {
      return (callback as unknown as (e: null, a: WebhookAddress[]) => void)(null, usable)
    }
    const first = usable[0]
    if (!first) return callback(Object.assign(new Error('No address'), { code: 'ENOTFOUND' }), '', 0)
    callback(null, first.address, first.family)
  }
}

function errorText(error: NodeJS.ErrnoException, timeoutMs: number): string {
  switch (error.code) {
    case 'EWEBHOOKTIMEOUT':
      return `No answer within ${Math.round(timeoutMs / 1000)} s.`
    case 'ECONNREFUSED':
      return 'Connection refused.'
    case 'ECONNRESET':
      return 'Connection reset before an answer.'
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return WEBHOOK_HOST_UNRESOLVED_ERROR
    case 'CERT_HAS_EXPIRED':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return `The receiver's TLS certificate was refused (${error.code}).`
    default:
      return error.code ? `The request failed (${error.code}).` : 'The request failed.'
  }
}

export function postWebhook({
  url,
  addresses,
  headers,
  body,
  timeoutMs,
}: {
  /** The checked URL (checkWebhookDestination's). */
  url: URL
  /** The addresses the check allowed: the only ones connected to. */
  addresses: readonly WebhookAddress[]
  headers: Record<string, string>
  body: string
  timeoutMs: number
}): Promise<SendResult> {
  const started = performance.now()
  const durationMs = () => Math.round(performance.now() - started)
  return new Promise((resolve) => {
    let settled = false
    const finish = (result: Omit<SendResult, 'durationMs'>) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve({ ...result, durationMs: durationMs() })
    }
    const client = url.protocol === 'https:' ? https : http
    const payload = Buffer.from(body, 'utf8')
    const sent = {
      headers: {
        ...headers,
        'Content-Type': 'application/json',
        'Content-Length': String(payload.length),
        'User-Agent': USER_AGENT,
      },
      body,
    }
    const request = client.request(
      url,
      { method: 'POST', headers: sent.headers, lookup: pinnedLookup(addresses), agent: false },
      (response) => {
        let read = 0
        const kept: Buffer[] = []
        response.on('data', (chunk: Buffer) => {
          if (read < WEBHOOK_RESPONSE_BODY_MAX_BYTES) kept.push(chunk)
          read += chunk.length
          if (read > MAX_ANSWER_BYTES) response.destroy()
        })
        const done = () =>
          finish({
            responseCode: response.statusCode ?? null,
            error: null,
            request: sent,
            response: { status: response.statusCode ?? 0, ...keptText(kept, read) },
          })
        response.on('end', done)
        response.on('close', done)
        response.on('error', done)
      },
    )
    const timer = setTimeout(() => {
      request.destroy(Object.assign(new Error('timeout'), { code: 'EWEBHOOKTIMEOUT' }))
    }, timeoutMs)
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({ responseCode: null, error: errorText(error, timeoutMs), request: sent }),
    )
    request.end(payload)
  })
}

/**
 * The first WEBHOOK_RESPONSE_BODY_MAX_BYTES of an answer as text (a character cut in two, or bytes
 * that are not UTF-8, read as U+FFFD; NUL, which PostgreSQL's text refuses, too).
 */
function keptText(chunks: Buffer[], read: number) {
  const bytes = Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_BODY_MAX_BYTES)
  return {
    body: bytes.toString('utf8').replaceAll('\u0000', '\ufffd'),
    truncated: read > WEBHOOK_RESPONSE_BODY_MAX_BYTES,
  }
}
