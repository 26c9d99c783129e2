import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '@/contract/endpoints'
import { webhookDisabledMailSubject } from '@/contract/mails/webhook-disabled-mail'
import { ROLE_REFUSALS } from '@/contract/roles'
import { PORTFOLIO_SUBMITTED_MESSAGE } from '@/contract/server-messages'
import {
  type CreateWebhookAnswer,
  WEBHOOK_BAD_SIGNATURE_MESSAGE,
  WEBHOOK_CREATED_MESSAGE,
  WEBHOOK_DELETED_MESSAGE,
  WEBHOOK_DELIVERY_NOT_FOUND_MESSAGE,
  WEBHOOK_DISABLED_MESSAGE,
  WEBHOOK_ENABLED_MESSAGE,
  WEBHOOK_ENDPOINT_DISABLED_MESSAGE,
  WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE,
  WEBHOOK_EVENTS_EMPTY_MESSAGE,
  WEBHOOK_EVENTS_UNKNOWN_MESSAGE,
  WEBHOOK_ID_HEADER,
  WEBHOOK_NOTHING_TO_UPDATE_MESSAGE,
  WEBHOOK_PING_MESSAGE,
  WEBHOOK_REDELIVERY_MESSAGE,
  WEBHOOK_SECRET_ROTATED_MESSAGE,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_STALE_MESSAGE,
  WEBHOOK_TIMESTAMP_HEADER,
  WEBHOOK_UNSIGNED_MESSAGE,
  WEBHOOK_UPDATED_MESSAGE,
  WEBHOOK_URL_CREDENTIALS_MESSAGE,
  WEBHOOK_URL_DUPLICATE_MESSAGE,
  WEBHOOK_URL_INVALID_MESSAGE,
  WEBHOOK_URL_PRIVATE_MESSAGE,
  WEBHOOK_URL_SCHEME_MESSAGE,
  type WebhookDeliveriesAnswer,
  type WebhooksAnswer,
  verifyWebhook,
  webhookSignature,
} from '@/contract/webhooks'
import { appendEvent } from '../events/append.ts'
import { readDevMailbox } from '../apps/dev-mailbox.ts'
import {
  type Browser,
  createVendor,
  eventually,
  startTestPortal,
  submitPayloadFor,
  type TestPortal,
  type TestVendor,
  callEndpoint,
} from '../test/portal.ts'
import { startTestReceiver, type TestReceiver } from '../test/webhook-receiver.ts'
import { createJobRunner } from '../platform/jobs/runner.ts'
import { backoffMs, webhookDeliveryJobs } from './delivery-job.ts'

/*
 * docs/decisions/0027: webhooks over real HTTP. A production-like portal (no
 * development conveniences) for the registration rules and the deliveries; a development portal with
 * a loopback receiver and a job runner of webhook deliveries driven by an injected clock for
 * signatures, retries, the 24-hour disable and its mail, and redelivery.
 */

let prod: TestPortal
let dev: TestPortal
let olga: TestVendor
let erin: TestVendor
let devOwner: TestVendor
let receiver: TestReceiver
/** The workers' clock: real time moved on by the tests (the changes' rows carry real time). */
let offset = 0
const clock = () => new Date(Date.now() + offset)
const advance = (ms: number) => {
  offset += ms
}
const moveTo = (at: Date) => {
  offset = Math.max(offset, at.getTime() - Date.now())
}

beforeAll(async () => {
  prod = await startTestPortal({ webhooks: { development: false, run: false } })
  dev = await startTestPortal({ webhooks: { development: true, run: false, clock, random: () => 0.5 } })
  olga = await createVendor(prod, 'olga.hooks@example.com', 'Olga')
  erin = await createVendor(prod, 'erin.hooks@example.com', 'Erin')
  devOwner = await createVendor(dev, 'dana.hooks@example.com', 'Dana')
}, 60_000)

afterAll(async () => {
  await receiver?.close()
  await prod?.close()
  await dev?.close()
})

const call = callEndpoint

const list = (browser: Browser) => call<WebhooksAnswer>(browser, 'webhooks', {})
const deliveryRows = (test: TestPortal) =>
  test.database.db.selectFrom('webhook_deliveries').selectAll().orderBy('created_at').execute()

/**
 * The deliveries once the webhooks' reader has read every committed event (they are written after
 * the change's commit, by the job runner).
 */
async function settledDeliveries(test: TestPortal) {
  await eventually(async () => {
    const { newest } = await test.database.db
      .selectFrom('events')
      .select((eb) => eb.fn.max('seq').as('newest'))
      .executeTakeFirstOrThrow()
    const cursor = await test.database.db
      .selectFrom('event_cursors')
      .select('last_seq')
      .where('consumer', '=', 'webhooks')
      .executeTakeFirstOrThrow()
    return cursor.last_seq >= Number(newest ?? 0)
  })
  return deliveryRows(test)
}

describe('registering an endpoint', () => {
  it('refuses bad input with a message naming the field, and changes nothing', async () => {
    const cases: Array<[object, string, string]> = [
      [{ url: 'not a url', events: ['run.finished'] }, WEBHOOK_URL_INVALID_MESSAGE, 'url'],
      [{ url: 'ftp://files.example.com/x', events: ['run.finished'] }, WEBHOOK_URL_SCHEME_MESSAGE, 'url'],
      [{ url: 'http://ci.example.com/hook', events: ['run.finished'] }, WEBHOOK_URL_SCHEME_MESSAGE, 'url'],
      [{ url: 'http://127.0.0.1:9000/hook', events: ['run.finished'] }, WEBHOOK_URL_SCHEME_MESSAGE, 'url'],
      [
        { url: 'https://user:pw@ci.example.com/hook', events: ['run.finished'] },
        WEBHOOK_URL_CREDENTIALS_MESSAGE,
        'url',
      ],
      [{ url: 'https://10.1.2.3/hook', events: ['run.finished'] }, WEBHOOK_URL_PRIVATE_MESSAGE, 'url'],
      [{ url: 'https://192.168.0.10/hook', events: ['run.finished'] }, WEBHOOK_URL_PRIVATE_MESSAGE, 'url'],
      [
        { url: 'https://169.254.169.254/latest', events: ['run.finished'] },
        WEBHOOK_URL_PRIVATE_MESSAGE,
        'url',
      ],
      [{ url: 'https://[fd00::1]/hook', events: ['run.finished'] }, WEBHOOK_URL_PRIVATE_MESSAGE, 'url'],
      [{ url: 'https://localhost/hook', events: ['run.finished'] }, WEBHOOK_URL_PRIVATE_MESSAGE, 'url'],
      [{ url: 'https://ci.example.com/hook', events: [] }, WEBHOOK_EVENTS_EMPTY_MESSAGE, 'events'],
      [
        { url: 'https://ci.example.com/hook', events: ['run.exploded'] },
        WEBHOOK_EVENTS_UNKNOWN_MESSAGE,
        'events',
      ],
      [{ url: 42, events: ['run.finished'] }, 'URL must be text.', 'url'],
      [{ url: 'https://ci.example.com/hook', events: 'run.finished' }, 'Events must be a list.', 'events'],
    ]
    for (const [body, message, field] of cases) {
      await call(olga.browser, 'createWebhook', body, 400).then((answer) =>
        expect(answer).toEqual({ message, field }),
      )
    }
    expect(await prod.database.db.selectFrom('webhook_endpoints').selectAll().execute()).toEqual([])
  })

  it('gives the secret once, keeps it sealed, and lists the endpoint without it', async () => {
    const created = await call<CreateWebhookAnswer>(olga.browser, 'createWebhook', {
      url: 'https://ci.example.com/hooks/portal',
      events: ['record.submitted', 'run.finished'],
    })
    expect(created.message).toBe(WEBHOOK_CREATED_MESSAGE)
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/)
    expect(created.endpoint).toMatchObject({
      url: 'https://ci.example.com/hooks/portal',
      events: ['record.submitted', 'run.finished'],
      state: 'active',
      disabledReason: null,
      secretHint: `whsec_…${created.secret.slice(-4)}`,
      lastDelivery: null,
    })
    const stored = await prod.database.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .executeTakeFirstOrThrow()
    expect(stored.secret_encrypted).not.toContain(created.secret.slice(6, 20))
    const { endpoints: listed } = await list(olga.browser)
    expect(listed).toEqual([created.endpoint])
    expect(JSON.stringify(listed)).not.toContain(created.secret)
    // The same URL twice is refused.
    await call(
      olga.browser,
      'createWebhook',
      { url: 'https://ci.example.com/hooks/portal', events: ['run.started'] },
      409,
    ).then((answer) => expect(answer).toEqual({ message: WEBHOOK_URL_DUPLICATE_MESSAGE, field: 'url' }))
  })

  it('lets other roles read but not change; another organization sees nothing of it', async () => {
    const [endpoint] = (await list(olga.browser)).endpoints
    if (!endpoint) throw new Error('No endpoint.')
    // Erin's own organization: another's endpoint is unknown to her.
    expect((await list(erin.browser)).endpoints).toEqual([])
    for (const name of ['updateWebhook', 'deleteWebhook', 'pingWebhook', 'rotateWebhookSecret'] as const) {
      const answer = await call(erin.browser, name, { endpointId: endpoint.endpointId, enabled: false }, 404)
      expect(answer).toEqual({ message: WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE, field: 'endpointId' })
    }
    await call(erin.browser, 'webhookDeliveries', { endpointId: endpoint.endpointId }, 404)
    await call(erin.browser, 'redeliverWebhook', { deliveryId: 'whd_unknown' }, 404).then((answer) =>
      expect(answer).toEqual({ message: WEBHOOK_DELIVERY_NOT_FOUND_MESSAGE, field: 'deliveryId' }),
    )
    // An Engineer of her organization reads but may not change.
    await prod.database.db
      .updateTable('memberships')
      .set({ role: 'Engineer' })
      .where('account_id', '=', erin.id)
      .execute()
    try {
      expect((await list(erin.browser)).endpoints).toEqual([])
      await call(
        erin.browser,
        'createWebhook',
        { url: 'https://ci.example.com/e', events: ['run.started'] },
        403,
      ).then((answer) => expect(answer).toEqual({ message: ROLE_REFUSALS.webhooks }))
      await call(erin.browser, 'rotateWebhookSecret', { endpointId: endpoint.endpointId }, 403).then(
        (answer) => expect(answer).toEqual({ message: ROLE_REFUSALS.webhooks }),
      )
    } finally {
      await prod.database.db
        .updateTable('memberships')
        .set({ role: 'Owner' })
        .where('account_id', '=', erin.id)
        .execute()
    }
  })

  it('changes events, disables and enables, and refuses an update that names nothing', async () => {
    const [endpoint] = (await list(olga.browser)).endpoints
    if (!endpoint) throw new Error('No endpoint.')
    const { endpointId } = endpoint
    await call(olga.browser, 'updateWebhook', { endpointId }, 400).then((answer) =>
      expect(answer).toEqual({ message: WEBHOOK_NOTHING_TO_UPDATE_MESSAGE, field: 'events' }),
    )
    await call(olga.browser, 'updateWebhook', { endpointId, events: [] }, 400)
    const disabled = await call<{ message: string; endpoint: { state: string; disabledReason: string } }>(
      olga.browser,
      'updateWebhook',
      { endpointId, enabled: false },
    )
    expect([disabled.message, disabled.endpoint.state, disabled.endpoint.disabledReason]).toEqual([
      WEBHOOK_DISABLED_MESSAGE,
      'disabled',
      'owner',
    ])
    await call(olga.browser, 'pingWebhook', { endpointId }, 409).then((answer) =>
      expect(answer).toEqual({ message: WEBHOOK_ENDPOINT_DISABLED_MESSAGE, field: 'endpointId' }),
    )
    const enabled = await call<{ message: string }>(olga.browser, 'updateWebhook', {
      endpointId,
      enabled: true,
    })
    expect(enabled.message).toBe(WEBHOOK_ENABLED_MESSAGE)
    const updated = await call<{ message: string; endpoint: { events: string[] } }>(
      olga.browser,
      'updateWebhook',
      {
        endpointId,
        events: ['record.submitted', 'run.started', 'run.finished', 'certificate.issued', 'comment.added'],
      },
    )
    expect(updated.message).toBe(WEBHOOK_UPDATED_MESSAGE)
    expect(updated.endpoint.events).toHaveLength(5)
  })
})

describe('the deliveries', () => {
  it('writes a delivery once the change has committed, and none when the change rolls back', async () => {
    const before = (await settledDeliveries(prod)).length
    const submitted = await olga.browser.post(
      endpoints.submitPortfolio.path,
      submitPayloadFor(olga.id, { deviceNumberList: ['HOOKSN0001', 'HOOKSN0002'] }),
    )
    expect(await submitted.json()).toEqual({ message: PORTFOLIO_SUBMITTED_MESSAGE })
    const rows = await settledDeliveries(prod)
    expect(rows.length).toBe(before + 1)
    const row = rows[rows.length - 1]!
    const body = JSON.parse(row.body) as {
      id: string
      type: string
      organizationId: string
      data: Record<string, unknown>
    }
    expect([row.type, row.status, row.attempts, body.type, body.organizationId, body.id]).toEqual([
      'record.submitted',
      'pending',
      0,
      'record.submitted',
      olga.organizationId,
      row.event_id,
    ])
    expect(body.data).toMatchObject({ status: 'Submitted', recordId: expect.any(String) })

    // The same append, in a transaction that fails after it: neither the event nor a delivery is left.
    await expect(
      prod.database.db.transaction().execute(async (trx) => {
        await appendEvent(trx, olga.organizationId, {
          type: 'comment.added',
          portfolioManagerId: String(body.data.recordId),
          comment: {
            commentId: 'c-rolled-back',
            portfolioManagerId: String(body.data.recordId),
            author: 'Olga Tester',
            text: 'Never committed',
            createdAt: new Date().toISOString(),
          },
        })
        throw new Error('the change fails after its event')
      }),
    ).rejects.toThrow('the change fails after its event')
    expect((await settledDeliveries(prod)).length).toBe(before + 1)
  })

  it('writes nothing for an organization without a subscribed endpoint', async () => {
    const before = (await settledDeliveries(prod)).length
    await erin.browser.post(
      endpoints.submitPortfolio.path,
      submitPayloadFor(erin.id, { deviceNumberList: ['ERINSN01', 'ERINSN02'] }),
    )
    expect((await settledDeliveries(prod)).length).toBe(before)
  })

  it('deletes an endpoint with its deliveries', async () => {
    const [endpoint] = (await list(olga.browser)).endpoints
    const answer = await call(olga.browser, 'deleteWebhook', { endpointId: endpoint!.endpointId })
    expect(answer).toEqual({ message: WEBHOOK_DELETED_MESSAGE, endpoint: null })
    expect(await deliveryRows(prod)).toEqual([])
    const activity = await prod.database.db
      .selectFrom('activity_log')
      .select('action')
      .where('organization_id', '=', olga.organizationId)
      .where('action', 'in', ['webhook.created', 'webhook.updated', 'webhook.deleted', 'webhook.disabled'])
      .orderBy('id')
      .execute()
    expect(activity.map((row) => row.action)).toEqual([
      'webhook.created',
      'webhook.updated',
      'webhook.updated',
      'webhook.updated',
      'webhook.deleted',
    ])
  })
})

describe('delivery', () => {
  let secret = ''
  let endpointId = ''
  // The portal's own runner sends none (webhooks.run false): this one does, on the moved clock.
  const worker = () =>
    createJobRunner({
      db: dev.database.db,
      handlers: webhookDeliveryJobs({
        db: dev.database.db,
        secret: 'server-test-secret-of-at-least-32-characters',
        mailer: dev.mailer,
        publicUrl: dev.portal.mainUrl,
        development: true,
        clock,
        random: () => 0.5,
        timeoutMs: 2000,
      }),
      clock,
    })

  beforeAll(async () => {
    receiver = await startTestReceiver('')
    receiver.now = () => clock().getTime()
    const created = await call<CreateWebhookAnswer>(devOwner.browser, 'createWebhook', {
      url: receiver.url,
      events: ['record.submitted', 'run.started', 'run.finished', 'certificate.issued', 'comment.added'],
    })
    secret = created.secret
    receiver.secret = secret
    endpointId = created.endpoint.endpointId
  })

  it('signs each delivery so that the receiver verifies it, with the certificate’s absolute link', async () => {
    await devOwner.browser.post(
      endpoints.submitPortfolio.path,
      submitPayloadFor(devOwner.id, { deviceNumberList: ['DEVSN0001', 'DEVSN0002'] }),
    )
    const [record] = (await settledDeliveries(dev)).map(
      (row) => JSON.parse(row.body) as { data: { recordId: string } },
    )
    const started = await devOwner.browser.cert(endpoints.runTests.path, {
      body: { vendor_user_id: devOwner.id, portfolio_manager_id: record!.data.recordId },
    })
    expect(started.status).toBe(200)
    await eventually(async () => (await deliveryRows(dev)).some((row) => row.type === 'certificate.issued'))
    const w = worker()
    while ((await w.runOnce()) > 0);
    const types = receiver.received.map((delivery) => delivery.body.type)
    expect(new Set(types)).toEqual(
      new Set(['record.submitted', 'run.started', 'run.finished', 'certificate.issued']),
    )
    expect(receiver.refused).toEqual([])
    const finished = receiver.received.find((delivery) => delivery.body.type === 'run.finished')!.body
    expect(finished.data).toMatchObject({
      outcome: 'Certified',
      failedCases: [],
      recordId: record!.data.recordId,
    })
    const certificate = receiver.received.find(
      (delivery) => delivery.body.type === 'certificate.issued',
    )!.body
    expect((certificate.data as { verificationUrl: string }).verificationUrl).toMatch(
      new RegExp(`^${dev.portal.mainUrl}/verify/DCP-`),
    )
    expect((await deliveryRows(dev)).every((row) => row.status === 'succeeded' && row.attempts === 1)).toBe(
      true,
    )

    // What the receiver refuses: an unsigned copy, a tampered body, and a replay outside the window.
    const sample = receiver.received[0]!
    const headers = (overrides: Record<string, string | undefined>) => (name: string) =>
      ({ ...sample.headers, ...overrides })[name.toLowerCase()]
    const verify = (body: string, overrides: Record<string, string | undefined>, at = clock().getTime()) =>
      verifyWebhook({ secret, body, headers: headers(overrides), now: at })
    expect(sample.headers[WEBHOOK_ID_HEADER.toLowerCase()]).toBe(sample.body.id)
    expect(await verify(sample.raw, {})).toMatchObject({ ok: true })
    expect(await verify(sample.raw, { [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: undefined })).toEqual({
      ok: false,
      message: WEBHOOK_UNSIGNED_MESSAGE,
    })
    expect(await verify(sample.raw.replace('"type":', '"type" :'), {})).toEqual({
      ok: false,
      message: WEBHOOK_BAD_SIGNATURE_MESSAGE,
    })
    expect(await verify(sample.raw, {}, clock().getTime() + 6 * 60 * 1000)).toEqual({
      ok: false,
      message: WEBHOOK_STALE_MESSAGE,
    })
    // A replay with a fresh timestamp but the old signature does not match.
    const fresh = String(Math.floor(clock().getTime() / 1000) + 400)
    expect(
      await verify(
        sample.raw,
        { [WEBHOOK_TIMESTAMP_HEADER.toLowerCase()]: fresh },
        clock().getTime() + 400_000,
      ),
    ).toEqual({
      ok: false,
      message: WEBHOOK_BAD_SIGNATURE_MESSAGE,
    })
    // …and sent over HTTP to the receiver, it is answered 400 with the reason.
    const response = await fetch(receiver.url, {
      method: 'POST',
      body: sample.raw,
      headers: { 'Content-Type': 'application/json' },
    })
    expect([response.status, await response.json()]).toEqual([400, { message: WEBHOOK_UNSIGNED_MESSAGE }])
    const wrong = await webhookSignature('whsec_wrong', Math.floor(clock().getTime() / 1000), sample.raw)
    const forged = await fetch(receiver.url, {
      method: 'POST',
      body: sample.raw,
      headers: {
        [WEBHOOK_ID_HEADER]: sample.body.id,
        [WEBHOOK_TIMESTAMP_HEADER]: String(Math.floor(clock().getTime() / 1000)),
        [WEBHOOK_SIGNATURE_HEADER]: wrong,
      },
    })
    expect([forged.status, await forged.json()]).toEqual([400, { message: WEBHOOK_BAD_SIGNATURE_MESSAGE }])
    receiver.refused.length = 0
  })

  it('retries with exponential backoff, disables the endpoint after 24 hours of failures and mails its Owner', async () => {
    receiver.answer = () => 500
    const ping = await call(devOwner.browser, 'pingWebhook', { endpointId })
    expect(ping).toEqual({ message: WEBHOOK_PING_MESSAGE })
    const w = worker()
    expect(await w.runOnce()).toBe(1)
    const waits: number[] = []
    for (let attempt = 1; attempt <= 40; attempt += 1) {
      const [row] = await dev.database.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('type', '=', 'ping')
        .execute()
      if (!row || row.status !== 'pending') break
      const at = clock().getTime()
      waits.push(row.next_attempt_at.getTime() - (row.last_attempt_at?.getTime() ?? at))
      moveTo(row.next_attempt_at)
      await w.runOnce()
    }
    // 10 s, 20 s, 40 s … doubling (random 0.5: no jitter), at most 1 h, the last at the 24-hour mark.
    // (Counted from the attempt's start: the POST itself takes a few ms.)
    const plain = [10_000, 20_000, 40_000, 80_000, 160_000]
    waits.slice(0, 5).forEach((wait, index) => expect(wait - plain[index]!).toBeLessThan(1000))
    expect(Math.max(...waits) - backoffMs(30, () => 0.5)).toBeLessThan(1000)
    const [ping1] = await dev.database.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('type', '=', 'ping')
      .execute()
    expect(ping1).toMatchObject({ status: 'failed', last_response_code: 500, last_error: 'HTTP 500' })
    expect(ping1!.attempts).toBe(waits.length + 1)
    // 24 hours from its first attempt (made a few ms after it was queued).
    const window = ping1!.retry_until!.getTime() - ping1!.created_at.getTime() - 24 * 60 * 60 * 1000
    expect(window).toBeGreaterThanOrEqual(0)
    expect(window).toBeLessThan(1000)

    const endpoint = (await list(devOwner.browser)).endpoints[0]!
    expect([endpoint.state, endpoint.disabledReason]).toEqual(['disabled', 'failing'])
    const mails = (await readDevMailbox(dev.database.db)).filter((mail) =>
      mail.subject.includes('webhook endpoint'),
    )
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      ['dana.hooks@example.com', webhookDisabledMailSubject('Dana Networks')],
    ])
    expect(mails[0]!.text).toContain(receiver.url)
    expect(mails[0]!.text).not.toContain(secret)
    const logged = await dev.database.db
      .selectFrom('activity_log')
      .select(['action', 'actor_name'])
      .where('action', '=', 'webhook.disabled')
      .execute()
    expect(logged).toEqual([{ action: 'webhook.disabled', actor_name: 'The portal' }])

    // The log shows each attempt's outcome; a disabled endpoint gets no redelivery.
    const log = await call<WebhookDeliveriesAnswer>(devOwner.browser, 'webhookDeliveries', { endpointId })
    const failed = log.deliveries[0]!
    expect([failed.type, failed.status, failed.responseCode, failed.nextAttemptAt]).toEqual([
      'ping',
      'failed',
      500,
      null,
    ])
    await call(devOwner.browser, 'redeliverWebhook', { deliveryId: failed.deliveryId }, 409).then((answer) =>
      expect(answer).toEqual({ message: WEBHOOK_ENDPOINT_DISABLED_MESSAGE, field: 'deliveryId' }),
    )

    // Enabled again and redelivered: one attempt now, received.
    receiver.answer = () => 204
    await call(devOwner.browser, 'updateWebhook', { endpointId, enabled: true })
    await call(devOwner.browser, 'redeliverWebhook', { deliveryId: failed.deliveryId }).then((answer) =>
      expect(answer).toEqual({ message: WEBHOOK_REDELIVERY_MESSAGE }),
    )
    const count = receiver.received.length
    expect(await w.runOnce()).toBe(1)
    expect(receiver.received.length).toBe(count + 1)
    expect(receiver.received.at(-1)!.body).toMatchObject({ type: 'ping', id: failed.eventId })
    const after = await call<WebhookDeliveriesAnswer>(devOwner.browser, 'webhookDeliveries', { endpointId })
    expect(after.deliveries[0]).toMatchObject({
      status: 'succeeded',
      responseCode: 204,
      attempts: failed.attempts + 1,
    })
    expect((await list(devOwner.browser)).endpoints[0]!.failingSince).toBeNull()
  })

  it('sends again a delivery whose process died during its attempt, once its lease ran out', async () => {
    await call(devOwner.browser, 'pingWebhook', { endpointId })
    const [row] = await dev.database.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('status', '=', 'pending')
      .execute()
    // Its attempt taken by a process that died: the delivery delivering, its job's lease running.
    await dev.database.db
      .updateTable('webhook_deliveries')
      .set({ status: 'delivering', attempts: 1 })
      .where('id', '=', row!.id)
      .execute()
    await dev.database.db
      .updateTable('jobs')
      .set({
        status: 'running',
        lease_owner: 'a-dead-process',
        lease_until: new Date(clock().getTime() + 60_000),
        attempts: 1,
      })
      .where('topic', '=', row!.id)
      .execute()
    const w = worker()
    expect(await w.runOnce()).toBe(0)
    advance(60_000)
    expect(await w.runOnce()).toBe(1)
    const done = await dev.database.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', row!.id)
      .executeTakeFirstOrThrow()
    expect([done.status, done.attempts]).toEqual(['succeeded', 2])
  })

  it('pages the delivery log newest first', async () => {
    for (let index = 0; index < 22; index += 1) {
      advance(1000)
      await call(devOwner.browser, 'pingWebhook', { endpointId })
    }
    const first = await call<WebhookDeliveriesAnswer>(devOwner.browser, 'webhookDeliveries', { endpointId })
    expect(first.deliveries).toHaveLength(20)
    expect(first.next).not.toBeNull()
    const second = await call<WebhookDeliveriesAnswer>(devOwner.browser, 'webhookDeliveries', {
      endpointId,
      before: first.next!,
    })
    const all = [...first.deliveries, ...second.deliveries]
    expect(new Set(all.map((delivery) => delivery.deliveryId)).size).toBe(all.length)
    const times = all.map((delivery) => delivery.createdAt)
    expect([...times].sort().reverse()).toEqual(times)
    await call(devOwner.browser, 'webhookDeliveries', { endpointId, before: 'nonsense' }, 400)
  })
  it('makes a new signing secret: answered once, it signs every attempt from then on and the old one stops', async () => {
    const w = worker()
    while ((await w.runOnce()) > 0);
    const sealed = () =>
      dev.database.db
        .selectFrom('webhook_endpoints')
        .select('secret_encrypted')
        .where('id', '=', endpointId)
        .executeTakeFirstOrThrow()
    const before = await sealed()
    const rotated = await call<CreateWebhookAnswer>(devOwner.browser, 'rotateWebhookSecret', { endpointId })
    expect(rotated.message).toBe(WEBHOOK_SECRET_ROTATED_MESSAGE)
    expect(rotated.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/)
    expect(rotated.secret).not.toBe(secret)
    expect(rotated.endpoint).toMatchObject({
      endpointId,
      url: receiver.url,
      state: 'active',
      secretHint: `whsec_…${rotated.secret.slice(-4)}`,
    })
    expect((await list(devOwner.browser)).endpoints.map((item) => item.secretHint)).toEqual([
      rotated.endpoint.secretHint,
    ])
    const after = await sealed()
    expect(after.secret_encrypted).not.toBe(before.secret_encrypted)
    expect(after.secret_encrypted).not.toContain(rotated.secret.slice(6, 20))
    expect(
      await dev.database.db
        .selectFrom('activity_log')
        .select(['action', 'subject'])
        .where('action', '=', 'webhook.secret-rotated')
        .execute(),
    ).toEqual([{ action: 'webhook.secret-rotated', subject: receiver.url }])

    // A receiver still on the old secret refuses the next delivery…
    await call(devOwner.browser, 'pingWebhook', { endpointId })
    const count = receiver.received.length
    expect(await w.runOnce()).toBe(1)
    expect(receiver.received.length).toBe(count)
    expect(receiver.refused.map((refusal) => refusal.message)).toEqual([WEBHOOK_BAD_SIGNATURE_MESSAGE])
    // …and, given the new one, takes its retry, which the old one does not verify.
    receiver.secret = rotated.secret
    advance(60_000)
    expect(await w.runOnce()).toBe(1)
    expect(receiver.received.length).toBe(count + 1)
    const retried = receiver.received.at(-1)!
    const header = (name: string) => retried.headers[name.toLowerCase()]
    expect(
      await verifyWebhook({ secret, body: retried.raw, headers: header, now: clock().getTime() }),
    ).toEqual({ ok: false, message: WEBHOOK_BAD_SIGNATURE_MESSAGE })
    expect(
      await verifyWebhook({
        secret: rotated.secret,
        body: retried.raw,
        headers: header,
        now: clock().getTime(),
      }),
    ).toMatchObject({ ok: true })
    receiver.refused.length = 0
    secret = rotated.secret
    await call(devOwner.browser, 'rotateWebhookSecret', { endpointId: 'whe_unknown' }, 404).then((answer) =>
      expect(answer).toEqual({ message: WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE, field: 'endpointId' }),
    )
  })
})
