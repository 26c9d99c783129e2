import ipaddr from 'ipaddr.js'
import {
  WEBHOOK_URL_CREDENTIALS_MESSAGE,
  WEBHOOK_URL_FRAGMENT_MESSAGE,
  WEBHOOK_URL_INVALID_MESSAGE,
  WEBHOOK_URL_MAX_LENGTH,
  WEBHOOK_URL_PRIVATE_DEVELOPMENT_MESSAGE,
  WEBHOOK_URL_PRIVATE_MESSAGE,
  WEBHOOK_URL_REQUIRED_MESSAGE,
  WEBHOOK_URL_SCHEME_DEVELOPMENT_MESSAGE,
  WEBHOOK_URL_SCHEME_MESSAGE,
  WEBHOOK_URL_TOO_LONG_MESSAGE,
} from '@/contract/webhooks'

/*
 * docs/decisions/0027 point 5: the one check of where a webhook may go, used
 * at registration (server/webhooks/routes.ts, and the fixture world) and before every delivery
 * (server/webhooks/attempt.ts, on the addresses the connection is then pinned to).
 *
 * - Production: https only, and every address of the host public unicast — ipaddr.js's
 *   `range() === 'unicast'` once IPv6 forms that embed an IPv4 address (mapped ::ffff:0:0/96,
 *   translated ::ffff:0:0:0/96, compatible ::/96, 6to4 2002::/16, NAT64 64:ff9b::/96, Teredo
 *   2001::/32) are judged as that IPv4. The local-use NAT64 prefix 64:ff9b:1::/48 is refused
 *   whatever it embeds: it never leaves the operator's network, and where its IPv4 sits depends on
 *   the operator's prefix length.
 * - Development adds exactly one thing: http to this machine, every address loopback (127.0.0.0/8,
 *   ::1, ::ffff:127.0.0.0/104). 0.0.0.0 and :: are not this machine's name (they reach it by
 *   accident), and https is held to the production rule.
 * - The host: the WHATWG URL parser already turns every IPv4 spelling (2852039166, 0xa9fea9fe,
 *   0251.0376.0251.0376, 127.1, a trailing dot) into a dotted quad and IPv6 into its compressed
 *   form, so a literal here is either of those; anything else is a name and is resolved by the
 *   caller's `lookup` — every answer must pass (one private answer refuses the name).
 */

export type WebhookAddress = { address: string; family: number }
/** All the addresses of a host name (dns.lookup with all: true on the server); rejects when there are none. */
export type WebhookLookup = (hostname: string) => Promise<readonly WebhookAddress[]>

export type WebhookDestination =
  /** The addresses to connect to — the only ones checked — in the resolver's order. */
  | { kind: 'allowed'; url: URL; addresses: WebhookAddress[] }
  /** Why the URL may not be called (a registration refusal names `url` with it). */
  | { kind: 'refused'; message: string }
  /** An https URL whose name did not resolve now: nothing to judge yet (registration accepts it). */
  | { kind: 'unresolved'; url: URL; error: string }

/** The attempt's error when the host name did not resolve at delivery. */
export const WEBHOOK_HOST_UNRESOLVED_ERROR = 'The host name could not be resolved.'

type Judgement = 'public' | 'loopback' | 'refused'

/** Stands for an address that is refused whatever it embeds (0.0.0.0 is never allowed). */
const NOWHERE = new ipaddr.IPv4([0, 0, 0, 0])

/** The IPv4 address an IPv6 address stands for, when it embeds one (see above); null otherwise. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] | null {
  const p = address.parts
  const v4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff])
  switch (address.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
    case 'rfc6052':
      // The last 32 bits (mapped, translated, NAT64); local-use NAT64 64:ff9b:1::/48 is refused.
      return p[0] === 0x64 && p[2] === 1 ? [NOWHERE] : [v4(p[6]!, p[7]!)]
    case '6to4':
      return [v4(p[1]!, p[2]!)]
    case 'teredo':
      // The Teredo server, and the client stored bit-inverted: both must be public.
      return [v4(p[2]!, p[3]!), v4(~p[6]! & 0xffff, ~p[7]! & 0xffff)]
    default:
      // IPv4-compatible ::a.b.c.d (deprecated): all zero but the last 32 bits (:: and ::1 excepted).
      if (p.slice(0, 6).every((part) => part === 0) && (p[6] !== 0 || p[7]! > 1)) return [v4(p[6]!, p[7]!)]
      return null
  }
}

function judgeIPv4(address: ipaddr.IPv4): Judgement {
  const range = address.range()
  return range === 'unicast' ? 'public' : range === 'loopback' ? 'loopback' : 'refused'
}

/** Whether an address may be called: public unicast, this machine (loopback), or neither. */
function judge(text: string): Judgement {
  if (!ipaddr.isValid(text)) return 'refused'
  const address = ipaddr.parse(text)
  if (address.kind() === 'ipv4') return judgeIPv4(address as ipaddr.IPv4)
  const v6 = address as ipaddr.IPv6
  const embedded = embeddedIPv4(v6)
  if (embedded) {
    const judged = embedded.map(judgeIPv4)
    if (judged.some((verdict) => verdict !== 'public')) {
      // Only a mapped loopback is this machine (a dual-stack socket reaches 127.x through it).
      return v6.range() === 'ipv4Mapped' && judged[0] === 'loopback' ? 'loopback' : 'refused'
    }
    return 'public'
  }
  const range = v6.range()
  return range === 'unicast' ? 'public' : range === 'loopback' ? 'loopback' : 'refused'
}

/** The URL's own rules (before any address): a parsed URL, or why not. */
function parseWebhookUrl(url: string, development: boolean): URL | string {
  const trimmed = url.trim()
  if (trimmed === '') return WEBHOOK_URL_REQUIRED_MESSAGE
  if (trimmed.length > WEBHOOK_URL_MAX_LENGTH) return WEBHOOK_URL_TOO_LONG_MESSAGE
  let parsed: URL
  try {
    parsed = new URL(trimmed)
  } catch {
    return WEBHOOK_URL_INVALID_MESSAGE
  }
  const schemeMessage = development ? WEBHOOK_URL_SCHEME_DEVELOPMENT_MESSAGE : WEBHOOK_URL_SCHEME_MESSAGE
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return schemeMessage
  if (parsed.hostname === '') return WEBHOOK_URL_INVALID_MESSAGE
  if (parsed.username !== '' || parsed.password !== '') return WEBHOOK_URL_CREDENTIALS_MESSAGE
  if (parsed.hash !== '' || trimmed.includes('#')) return WEBHOOK_URL_FRAGMENT_MESSAGE
  // Plain http is only ever for this machine in development: no need to ask about the host.
  if (parsed.protocol === 'http:' && !development) return schemeMessage
  return parsed
}

/**
 * Where `url` may be delivered: the one check (see above). `lookup` resolves host names; an IP
 * literal is judged as it is written (it is what the connection uses).
 */
export async function checkWebhookDestination(
  url: string,
  { development, lookup }: { development: boolean; lookup: WebhookLookup },
): Promise<WebhookDestination> {
  const parsed = parseWebhookUrl(url, development)
  if (typeof parsed === 'string') return { kind: 'refused', message: parsed }
  const http = parsed.protocol === 'http:'
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1')
  let addresses: WebhookAddress[]
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }]
  } else {
    try {
      addresses = [...(await lookup(host))]
    } catch {
      addresses = []
    }
    if (addresses.length === 0) {
      // http must be shown to be this machine; https is judged again at each delivery.
      if (http) return { kind: 'refused', message: WEBHOOK_URL_SCHEME_DEVELOPMENT_MESSAGE }
      return { kind: 'unresolved', url: parsed, error: WEBHOOK_HOST_UNRESOLVED_ERROR }
    }
  }
  const judged = addresses.map((entry) => judge(entry.address))
  if (http) {
    return judged.every((verdict) => verdict === 'loopback')
      ? { kind: 'allowed', url: parsed, addresses }
      : { kind: 'refused', message: WEBHOOK_URL_SCHEME_DEVELOPMENT_MESSAGE }
  }
  if (judged.every((verdict) => verdict === 'public')) return { kind: 'allowed', url: parsed, addresses }
  return {
    kind: 'refused',
    message: development ? WEBHOOK_URL_PRIVATE_DEVELOPMENT_MESSAGE : WEBHOOK_URL_PRIVATE_MESSAGE,
  }
}
