import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { isRefusedAddress, WEBHOOK_URL_RESOLVES_PRIVATE_MESSAGE } from '@/contract/webhooks'

/*
 * Issue 21 (docs/decisions/0027): one POST of a delivery. node:http(s) rather than fetch, for two
 * reasons: the SSRF guard sits in the connection's own DNS lookup (the address checked is the one
 * connected to, so a name that resolves to a public address at registration and to a private one
 * later is refused — no time between check and use), and nothing follows a redirect (a 3xx is a
 * failed attempt). The answer's body is read up to 64 KB and dropped: only the status counts.
 */

export type SendResult = { responseCode: number | null; error: string | null; durationMs: number }

const MAX_ANSWER_BYTES = 64 * 1024
const USER_AGENT = 'DeviceCertificationPortal-Webhooks/1.0'

/** A lookup that refuses loopback, private, link-local and unique-local answers (outside development). */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0)
      const refused = !allowPrivate && addresses.some((entry) => isRefusedAddress(entry.address))
      if (refused) {
        const denial = Object.assign(new Error(WEBHOOK_URL_RESOLVES_PRIVATE_MESSAGE), {
          code: 'EWEBHOOKPRIVATE',
        })
        return callback(denial, '', 0)
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses)
      const first = addresses[0]
      if (!first) return callback(Object.assign(new Error('No address'), { code: 'ENOTFOUND' }), '', 0)
      callback(null, first.address, first.family)
    })
  }
}

function errorText(error: NodeJS.ErrnoException, timeoutMs: number): string {
  switch (error.code) {
    case 'EWEBHOOKTIMEOUT':
      return `No answer within ${Math.round(timeoutMs / 1000)} s.`
    case 'EWEBHOOKPRIVATE':
      return WEBHOOK_URL_RESOLVES_PRIVATE_MESSAGE
    case 'ECONNREFUSED':
      return 'Connection refused.'
    case 'ECONNRESET':
      return 'Connection reset before an answer.'
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'The host name could not be resolved.'
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
  headers,
  body,
  timeoutMs,
  allowPrivate,
}: {
  url: string
  headers: Record<string, string>
  body: string
  timeoutMs: number
  /** Development: loopback and private addresses may be reached. */
  allowPrivate: boolean
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
    let target: URL
    try {
      target = new URL(url)
    } catch {
      finish({ responseCode: null, error: 'The URL is not valid.' })
      return
    }
    const client = target.protocol === 'https:' ? https : http
    const payload = Buffer.from(body, 'utf8')
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'Content-Type': 'application/json',
          'Content-Length': String(payload.length),
          'User-Agent': USER_AGENT,
        },
        lookup: guardedLookup(allowPrivate),
        agent: false,
      },
      (response) => {
        let read = 0
        response.on('data', (chunk: Buffer) => {
          read += chunk.length
          if (read > MAX_ANSWER_BYTES) response.destroy()
        })
        const done = () => finish({ responseCode: response.statusCode ?? null, error: null })
        response.on('end', done)
        response.on('close', done)
        response.on('error', done)
      },
    )
    const timer = setTimeout(() => {
      request.destroy(Object.assign(new Error('timeout'), { code: 'EWEBHOOKTIMEOUT' }))
    }, timeoutMs)
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({ responseCode: null, error: errorText(error, timeoutMs) }),
    )
    request.end(payload)
  })
}
