import { describe, expect, it } from 'vitest'
import {
  checkWebhookDestination,
  WEBHOOK_HOST_UNRESOLVED_ERROR,
  type WebhookAddress,
} from '@/contract/webhook-destination'
import {
  WEBHOOK_URL_CREDENTIALS_MESSAGE,
  WEBHOOK_URL_FRAGMENT_MESSAGE,
  WEBHOOK_URL_INVALID_MESSAGE,
  WEBHOOK_URL_PRIVATE_DEVELOPMENT_MESSAGE,
  WEBHOOK_URL_PRIVATE_MESSAGE,
  WEBHOOK_URL_REQUIRED_MESSAGE,
  WEBHOOK_URL_SCHEME_DEVELOPMENT_MESSAGE,
  WEBHOOK_URL_SCHEME_MESSAGE,
} from '@/contract/webhooks'

/*
 * docs/decisions/0027 point 5: the one check of a webhook destination,
 * the same at registration and before every delivery. Host names are resolved by an injected
 * lookup (no DNS here); IP literals never reach it.
 */

const v4 = (address: string): WebhookAddress => ({ address, family: 4 })
const v6 = (address: string): WebhookAddress => ({ address, family: 6 })

/** The names these tests know, as a resolver would answer them. */
const NAMES: Record<string, WebhookAddress[]> = {
  localhost: [v4('127.0.0.1'), v6('::1')],
  'hooks.example.test': [v4('93.184.215.14'), v6('2606:4700::1111')],
  'metadata.example.test': [v4('169.254.169.254')],
  'intranet.example.test': [v4('10.0.0.1')],
  'mixed.example.test': [v4('93.184.215.14'), v4('192.168.1.1')],
  'mapped.example.test': [v6('::ffff:10.0.0.1')],
  'ula.example.test': [v6('fd00::1')],
  'rebind.example.test': [v4('127.0.0.1'), v4('10.0.0.1')],
  'loopback.example.test': [v4('127.0.0.1')],
}

const asked: string[] = []
const lookup = async (hostname: string) => {
  asked.push(hostname)
  const answer = NAMES[hostname]
  if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
  return answer
}

async function verdict(url: string, development: boolean) {
  const result = await checkWebhookDestination(url, { development, lookup })
  return result.kind === 'refused' ? result.message : result.kind
}

/** Refused over https in both modes: not public unicast, however the address is written. */
const NOT_PUBLIC_HTTPS = [
  // Literal private, link-local, unspecified, shared, multicast, broadcast and reserved IPv4.
  'https://169.254.169.254/latest/meta-data/',
  'https://10.0.0.1/',
  'https://172.16.0.1/',
  'https://192.168.1.1/',
  'https://100.64.0.1/',
  'https://224.0.0.1/',
  'https://255.255.255.255/',
  'https://0.0.0.0:8443/',
  'https://127.0.0.1:8443/',
  'https://192.0.2.1/',
  'https://198.18.0.1/',
  'https://240.0.0.1/',
  // The same in the encodings the URL parser turns into dotted quads.
  'https://2852039166/',
  'https://0xa9fea9fe/',
  'https://0251.0376.0251.0376/',
  'https://127.1:8443/',
  'https://0x7f.1/',
  'https://0/',
  'https://%31%32%37.0.0.1/',
  'https://127.0.0.1./',
  // IPv6: unspecified, loopback, unique-local, link-local, multicast, documentation.
  'https://[::]/',
  'https://[::1]/',
  'https://[fd00::1]/',
  'https://[fe80::1]/',
  'https://[ff02::1]/',
  'https://[2001:db8::1]/',
  // IPv6 forms of reserved IPv4: mapped, compatible, translated, 6to4, NAT64, Teredo.
  'https://[::ffff:127.0.0.1]/',
  'https://[::ffff:7f00:1]/',
  'https://[::ffff:169.254.169.254]/',
  'https://[::7f00:1]/',
  'https://[::a9fe:a9fe]/',
  'https://[::ffff:0:a9fe:a9fe]/',
  'https://[2002:7f00:1::1]/',
  'https://[2002:a9fe:a9fe::]/',
  'https://[64:ff9b::a9fe:a9fe]/',
  'https://[64:ff9b::7f00:1]/',
  'https://[64:ff9b:1::5db8:d70e]/',
  // Teredo: server 65.54.227.120, client 127.0.0.1 (stored inverted: 80ff:fffe).
  'https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/',
  // Names whose answers include a refused address.
  'https://localhost:8443/',
  'https://metadata.example.test/',
  'https://intranet.example.test/',
  'https://mixed.example.test/',
  'https://mapped.example.test/',
  'https://ula.example.test/',
]

/** Public unicast (IPv4, IPv6 and IPv6 forms embedding a public IPv4): https only, in both modes. */
const PUBLIC = [
  'https://93.184.215.14/hooks',
  'https://[2606:4700::1111]/hooks',
  'https://[::ffff:93.184.215.14]/hooks',
  'https://[64:ff9b::5db8:d70e]/hooks',
  'https://[2002:5db8:d70e::1]/hooks',
  'https://hooks.example.test/hooks',
]

/** This machine: the only http a development portal allows. */
const LOOPBACK_HTTP = [
  'http://127.0.0.1:4000/hooks',
  'http://127.9.8.7:4000/hooks',
  'http://[::1]:4000/hooks',
  'http://[::ffff:127.0.0.1]:4000/hooks',
  'http://localhost:4000/hooks',
  'http://loopback.example.test:4000/hooks',
  'http://127.1:4000/hooks',
  'http://2130706433:4000/hooks',
]

/** http that is not this machine, even in development (0.0.0.0 and :: reach it only by accident). */
const OTHER_HTTP = [
  'http://93.184.215.14/hooks',
  'http://hooks.example.test/hooks',
  'http://10.0.0.1/',
  'http://169.254.169.254/latest/meta-data/',
  'http://0.0.0.0:4000/',
  'http://[::]:4000/',
  'http://[fd00::1]/',
  'http://[::7f00:1]:4000/',
  'http://[2002:7f00:1::1]:4000/',
  'http://[64:ff9b::7f00:1]:4000/',
  'http://rebind.example.test:4000/',
  'http://nowhere.example.test:4000/',
]

describe('the webhook destination check', () => {
  it.each(NOT_PUBLIC_HTTPS)('refuses %s in production and in development', async (url) => {
    expect([await verdict(url, false), await verdict(url, true)]).toEqual([
      WEBHOOK_URL_PRIVATE_MESSAGE,
      WEBHOOK_URL_PRIVATE_DEVELOPMENT_MESSAGE,
    ])
  })

  it.each(PUBLIC)('allows %s in both modes, and refuses it over http', async (url) => {
    const http = url.replace('https:', 'http:')
    expect([
      await verdict(url, false),
      await verdict(url, true),
      await verdict(http, false),
      await verdict(http, true),
    ]).toEqual(['allowed', 'allowed', WEBHOOK_URL_SCHEME_MESSAGE, WEBHOOK_URL_SCHEME_DEVELOPMENT_MESSAGE])
  })

  it.each(LOOPBACK_HTTP)('allows %s in development only', async (url) => {
    expect([await verdict(url, false), await verdict(url, true)]).toEqual([
      WEBHOOK_URL_SCHEME_MESSAGE,
      'allowed',
    ])
  })

  it.each(OTHER_HTTP)('refuses %s in both modes', async (url) => {
    expect([await verdict(url, false), await verdict(url, true)]).toEqual([
      WEBHOOK_URL_SCHEME_MESSAGE,
      WEBHOOK_URL_SCHEME_DEVELOPMENT_MESSAGE,
    ])
  })

  it('answers the addresses to connect to, and asks the lookup only about names', async () => {
    asked.length = 0
    const literal = await checkWebhookDestination('https://[2606:4700::1111]:8443/x', {
      development: false,
      lookup,
    })
    const named = await checkWebhookDestination('https://hooks.example.test/x', {
      development: false,
      lookup,
    })
    const local = await checkWebhookDestination('http://2130706433:4000/x', { development: true, lookup })
    expect([literal, named, local].map((result) => result.kind === 'allowed' && result.addresses)).toEqual([
      [v6('2606:4700::1111')],
      NAMES['hooks.example.test'],
      [v4('127.0.0.1')],
    ])
    expect(asked).toEqual(['hooks.example.test'])
  })

  it('tells a name that does not resolve apart from a refused one (https only)', async () => {
    const unresolved = await checkWebhookDestination('https://nowhere.example.test/x', {
      development: false,
      lookup,
    })
    expect(unresolved.kind === 'unresolved' && [unresolved.url.hostname, unresolved.error]).toEqual([
      'nowhere.example.test',
      WEBHOOK_HOST_UNRESOLVED_ERROR,
    ])
    const empty = await checkWebhookDestination('https://empty.example.test/x', {
      development: false,
      lookup: async () => [],
    })
    expect(empty.kind).toBe('unresolved')
  })

  it('keeps the rules of the URL itself', async () => {
    const cases: Array<[string, string]> = [
      ['', WEBHOOK_URL_REQUIRED_MESSAGE],
      ['not a url', WEBHOOK_URL_INVALID_MESSAGE],
      ['ftp://files.example.com/x', WEBHOOK_URL_SCHEME_MESSAGE],
      ['https://user:pw@93.184.215.14/', WEBHOOK_URL_CREDENTIALS_MESSAGE],
      ['https://93.184.215.14/#top', WEBHOOK_URL_FRAGMENT_MESSAGE],
      ['https://1.2.3.999/', WEBHOOK_URL_INVALID_MESSAGE],
    ]
    for (const [url, message] of cases) expect([url, await verdict(url, false)]).toEqual([url, message])
  })
})
