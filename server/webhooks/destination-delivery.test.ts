import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webhookDisabledMail, webhookDisabledMailSubject } from '@/contract/mails/webhook-disabled-mail'
import type { WebhookAddress } from '@/contract/webhook-destination'
import {
  type CreateWebhookAnswer,
  WEBHOOK_DESTINATION_REFUSED_ERROR,
  WEBHOOK_DISABLED_REASON_MESSAGES,
  WEBHOOK_ENDPOINT_DISABLED_MESSAGE,
  WEBHOOK_PING_MESSAGE,
  WEBHOOK_URL_PRIVATE_DEVELOPMENT_MESSAGE,
  WEBHOOK_URL_PRIVATE_MESSAGE,
  WEBHOOK_URL_SCHEME_DEVELOPMENT_MESSAGE,
  WEBHOOK_URL_SCHEME_MESSAGE,
  WEBHOOKS_PATH,
  type WebhookDeliveriesAnswer,
  webhookDisabledSubject,
  type WebhooksAnswer,
} from '@/contract/webhooks'
import { readDevMailbox } from '../apps/dev-mailbox.ts'
import {
  createVendor,
  startTestPortal,
  type TestPortal,
  type TestVendor,
  callEndpoint,
} from '../test/portal.ts'
import { startTestReceiver, type TestReceiver } from '../test/webhook-receiver.ts'
import { createJobRunner } from '../platform/jobs/runner.ts'
import { webhookDeliveryJobs } from './delivery-job.ts'

/*
 * 4 and 6 (docs/decisions/0027 point 5): the destination check over the API and
 * before each delivery. Registration refuses, naming `url`, what a development portal used to accept
 * over https and the IPv6 forms of reserved IPv4; before every delivery the stored URL is checked
 * again on the addresses actually connected to, and an endpoint that fails is disabled with
 * reason 'destination' without any connection. Names are resolved by an injected lookup: no DNS.
 */

let dev: TestPortal
let prod: TestPortal
let devOwner: TestVendor
let prodOwner: TestVendor
let receiver: TestReceiver

/** What the portals' and runners' lookup answers, changed by the tests (a name can be rebound). */
const names = new Map<string, WebhookAddress[]>([['localhost', [{ address: '127.0.0.1', family: 4 }]]])
const lookup = async (hostname: string) => {
  const answer = names.get(hostname)
  if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
  return answer
}

beforeAll(async () => {
  // Any secret: what the tests count is connections and deliveries, not their signatures.
  receiver = await startTestReceiver('whsec_not-the-endpoints-secret')
  dev = await startTestPortal({ webhooks: { development: true, run: false, lookup } })
  prod = await startTestPortal({ webhooks: { development: false, run: false, lookup } })
  devOwner = await createVendor(dev, 'dina.destinations@example.com', 'Dina')
  prodOwner = await createVendor(prod, 'pavel.destinations@example.com', 'Pavel')
}, 60_000)

afterAll(async () => {
  await receiver?.close()
  await dev?.close()
  await prod?.close()
})

const call = callEndpoint

const create = (owner: TestVendor, url: string, status = 200) =>
  call<CreateWebhookAnswer & { field?: string }>(
    owner.browser,
    'createWebhook',
    { url, events: ['run.finished'] },
    status,
  )

/** A runner of webhook deliveries over `test`'s database, as another process with its own mode would run it. */
const workerOf = (test: TestPortal, development: boolean) =>
  createJobRunner({
    db: test.database.db,
    handlers: webhookDeliveryJobs({
      db: test.database.db,
      secret: 'server-test-secret-of-at-least-32-characters',
      mailer: test.mailer,
      publicUrl: test.portal.mainUrl,
      development,
      lookup,
      timeoutMs: 2000,
    }),
  })

describe('registering a webhook destination', () => {
  it('refuses in development the private and local https URLs, naming url', async () => {
    const P = receiver.port
    const privateOverHttps = [
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1/',
      'https://[fd00::1]/',
      `https://0.0.0.0:${P}/`,
      'https://2852039166/',
      'https://0xa9fea9fe/',
      'https://0251.0376.0251.0376/',
      `https://127.1:${P}/`,
      `https://127.0.0.1:${P}/`,
      `https://localhost:${P}/`,
      'https://172.16.0.1/',
      'https://192.168.1.1/',
      'https://100.64.0.1/',
      'https://224.0.0.1/',
      'https://255.255.255.255/',
      'https://[::]/',
      'https://[fe80::1]/',
      'https://[::ffff:169.254.169.254]/',
      'https://[::a9fe:a9fe]/',
      `https://[::7f00:1]:${P}/`,
      `https://[2002:7f00:1::1]:${P}/`,
      'https://[64:ff9b::a9fe:a9fe]/',
    ]
    for (const url of privateOverHttps) {
      expect([url, await create(devOwner, url, 400)]).toEqual([
        url,
        { message: WEBHOOK_URL_PRIVATE_DEVELOPMENT_MESSAGE, field: 'url' },
      ])
    }
    for (const url of [`http://0.0.0.0:${P}/`, 'http://10.0.0.1/', `http://[::7f00:1]:${P}/`]) {
      expect([url, await create(devOwner, url, 400)]).toEqual([
        url,
        { message: WEBHOOK_URL_SCHEME_DEVELOPMENT_MESSAGE, field: 'url' },
      ])
    }
    expect(await dev.database.db.selectFrom('webhook_endpoints').select('url').execute()).toEqual([])
  })

  it('refuses in production the IPv6 forms of reserved IPv4 and names resolving to private addresses', async () => {
    names.set('intranet.example.test', [{ address: '10.0.0.1', family: 4 }])
    names.set('mapped.example.test', [{ address: '::ffff:7f00:1', family: 6 }])
    const P = receiver.port
    for (const url of [
      'https://[::a9fe:a9fe]/',
      `https://[::7f00:1]:${P}/`,
      `https://[2002:7f00:1::1]:${P}/`,
      'https://[64:ff9b::7f00:1]/',
      'https://[::ffff:127.0.0.1]/',
      `https://localhost:${P}/`,
      'https://intranet.example.test/hooks',
      'https://mapped.example.test/hooks',
    ]) {
      expect([url, await create(prodOwner, url, 400)]).toEqual([
        url,
        { message: WEBHOOK_URL_PRIVATE_MESSAGE, field: 'url' },
      ])
    }
    expect(await prod.database.db.selectFrom('webhook_endpoints').select('url').execute()).toEqual([])
  })

  it('accepts http to this machine in development, and https to a public address in both modes', async () => {
    for (const url of [`http://127.0.0.1:${receiver.port}/a`, `http://localhost:${receiver.port}/a`]) {
      expect((await create(devOwner, url)).endpoint.url).toBe(url)
    }
    expect((await create(devOwner, 'https://93.184.215.14/hooks')).endpoint.url).toBe(
      'https://93.184.215.14/hooks',
    )
    expect((await create(prodOwner, 'https://[2606:4700::1111]/hooks')).endpoint.url).toBe(
      'https://[2606:4700::1111]/hooks',
    )
    // A name that does not resolve yet is checked at each delivery instead.
    expect((await create(prodOwner, 'https://soon.example.test/hooks')).endpoint.url).toBe(
      'https://soon.example.test/hooks',
    )
    for (const test of [dev, prod]) await test.database.db.deleteFrom('webhook_endpoints').execute()
  })
})

describe('checking the destination before every delivery', () => {
  it('refuses to enable, naming enabled, an endpoint whose URL this portal would not call', async () => {
    const { endpoint } = await create(prodOwner, 'https://[2606:4700::1111]/enable')
    const { endpointId } = endpoint
    // As a development portal left it: a loopback URL, disabled at delivery by a production one.
    await prod.database.db
      .updateTable('webhook_endpoints')
      .set({
        url: `http://127.0.0.1:${receiver.port}/enable`,
        enabled: false,
        disabled_reason: 'destination',
      })
      .where('id', '=', endpointId)
      .execute()
    expect(await call(prodOwner.browser, 'updateWebhook', { endpointId, enabled: true }, 400)).toEqual({
      message: WEBHOOK_URL_SCHEME_MESSAGE,
      field: 'enabled',
    })
    const [listed] = (await call<WebhooksAnswer>(prodOwner.browser, 'webhooks', {})).endpoints
    expect([listed!.state, listed!.disabledReason]).toEqual(['disabled', 'destination'])
    await prod.database.db.deleteFrom('webhook_endpoints').execute()
  })

  it('disables, without connecting, an endpoint registered in development once the portal runs without it', async () => {
    const url = `http://127.0.0.1:${receiver.port}/hooks/portal`
    const { endpoint } = await create(devOwner, url)
    const { endpointId } = endpoint
    expect(await call(devOwner.browser, 'pingWebhook', { endpointId })).toEqual({
      message: WEBHOOK_PING_MESSAGE,
    })
    const production = workerOf(dev, false)
    expect(await production.runOnce()).toBe(1)
    expect(await production.runOnce()).toBe(0)
    expect([receiver.connections, receiver.received.length, receiver.refused.length]).toEqual([0, 0, 0])

    const [listed] = (await call<WebhooksAnswer>(devOwner.browser, 'webhooks', {})).endpoints
    expect([listed!.state, listed!.disabledReason]).toEqual(['disabled', 'destination'])
    expect(WEBHOOK_DISABLED_REASON_MESSAGES.destination).toBe(
      'Disabled by the portal: this URL is no longer allowed (it points at a private or local address), so nothing is sent to it. Delete it and add an https URL that reaches your receiver over the internet.',
    )
    // The delivery waits, as every delivery of a disabled endpoint does, with why it was not sent.
    const log = await call<WebhookDeliveriesAnswer>(devOwner.browser, 'webhookDeliveries', { endpointId })
    expect(log.deliveries.map((d) => [d.type, d.status, d.attempts, d.responseCode, d.error])).toEqual([
      ['ping', 'pending', 1, null, WEBHOOK_DESTINATION_REFUSED_ERROR],
    ])
    await call(devOwner.browser, 'pingWebhook', { endpointId }, 409).then((answer) =>
      expect(answer).toEqual({ message: WEBHOOK_ENDPOINT_DISABLED_MESSAGE, field: 'endpointId' }),
    )
    const activity = await dev.database.db
      .selectFrom('activity_log')
      .select(['action', 'actor_name', 'subject'])
      .where('action', '=', 'webhook.disabled')
      .execute()
    expect(activity).toEqual([
      {
        action: 'webhook.disabled',
        actor_name: 'The portal',
        subject: webhookDisabledSubject(url, 'destination'),
      },
    ])
    const mails = (await readDevMailbox(dev.database.db)).filter(
      (mail) => mail.subject === webhookDisabledMailSubject('Dina Networks'),
    )
    const expected = webhookDisabledMail({
      to: 'dina.destinations@example.com',
      organizationName: 'Dina Networks',
      url,
      reason: 'destination',
      link: `${dev.portal.mainUrl}${WEBHOOKS_PATH}`,
    })
    expect(mails.map((mail) => [mail.to, mail.text])).toEqual([[expected.to, expected.text]])
    expect(expected.text).toContain(WEBHOOK_DISABLED_REASON_MESSAGES.destination)

    // Enabled again while the portal still runs without development: refused again, still no connection.
    await call(devOwner.browser, 'updateWebhook', { endpointId, enabled: true })
    expect(await production.runOnce()).toBe(1)
    expect(receiver.connections).toBe(0)
    const again = (await call<WebhooksAnswer>(devOwner.browser, 'webhooks', {})).endpoints[0]!
    expect([again.state, again.disabledReason]).toEqual(['disabled', 'destination'])
    // Back in development, enabled: the waiting ping goes out.
    await call(devOwner.browser, 'updateWebhook', { endpointId, enabled: true })
    expect(await workerOf(dev, true).runOnce()).toBe(1)
    expect(receiver.connections).toBe(1)
    await dev.database.db.deleteFrom('webhook_endpoints').execute()
  })

  it('checks the addresses a name resolves to at each delivery and connects only to them', async () => {
    const P = receiver.port
    // Public at registration, rebound to loopback before the delivery.
    names.set('rebound.example.test', [{ address: '93.184.215.14', family: 4 }])
    const rebound = await create(prodOwner, `https://rebound.example.test:${P}/hooks`)
    names.set('rebound.example.test', [{ address: '127.0.0.1', family: 4 }])
    await call(prodOwner.browser, 'pingWebhook', { endpointId: rebound.endpoint.endpointId })
    const before = receiver.connections
    expect(await workerOf(prod, false).runOnce()).toBe(1)
    expect(receiver.connections).toBe(before)
    const listed = (await call<WebhooksAnswer>(prodOwner.browser, 'webhooks', {})).endpoints[0]!
    expect([listed.state, listed.disabledReason]).toEqual(['disabled', 'destination'])

    // In development a name only the injected lookup knows is delivered to the address it answered.
    names.set('receiver.example.test', [{ address: '127.0.0.1', family: 4 }])
    const local = await create(devOwner, `http://receiver.example.test:${P}/hooks`)
    receiver.secret = local.secret
    await call(devOwner.browser, 'pingWebhook', { endpointId: local.endpoint.endpointId })
    expect(await workerOf(dev, true).runOnce()).toBe(1)
    expect(receiver.received.map((delivery) => delivery.body.type)).toEqual(['ping'])
  })
})
