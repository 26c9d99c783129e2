import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type CreateWebhookAnswer,
  WEBHOOK_EDITED_MESSAGE,
  WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE,
  WEBHOOK_EVENTS_EMPTY_MESSAGE,
  WEBHOOK_REDELIVERY_MESSAGE,
  WEBHOOK_RESPONSE_BODY_MAX_BYTES,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_URL_DUPLICATE_MESSAGE,
  WEBHOOK_URL_INVALID_MESSAGE,
  type WebhookDeliveryAnswer,
  type WebhooksAnswer,
  webhookEditedSubject,
  webhookResentSubject,
} from '@/contract/webhooks'
import { createJobRunner } from '../platform/jobs/runner.ts'
import { callEndpoint as call, createVendor, type TestPortal, type TestVendor } from '../test/portal.ts'
import { startTestPortal } from '../test/portal.ts'
import { startTestReceiver, type TestReceiver } from '../test/webhook-receiver.ts'
import { webhookDeliveryJobs } from './delivery-job.ts'

/*
 * docs/decisions/0043 over real HTTP, on a development portal (http to loopback) whose deliveries
 * are sent by a runner of the test's own: an Owner edits an endpoint's URL, events and description
 * (refusals name their field and change nothing; the change is in the activity log), and each
 * delivery opens with what every attempt sent and what came back; Resend makes a new attempt of
 * the same event.
 */

let dev: TestPortal
let dana: TestVendor
let receiver: TestReceiver
let secret = ''
let endpointId = ''

const runner = (timeoutMs = 2000) =>
  createJobRunner({
    db: dev.database.db,
    handlers: webhookDeliveryJobs({
      db: dev.database.db,
      secret: 'server-test-secret-of-at-least-32-characters',
      mailer: dev.mailer,
      publicUrl: dev.portal.mainUrl,
      development: true,
      timeoutMs,
    }),
  })

/** Sends every due delivery. */
async function sendAll(timeoutMs?: number) {
  const worker = runner(timeoutMs)
  while ((await worker.runOnce()) > 0);
}

const activity = () =>
  dev.database.db
    .selectFrom('activity_log')
    .select(['action', 'subject'])
    .where('organization_id', '=', dana.organizationId)
    .where('action', 'like', 'webhook.%' as never)
    .orderBy('id')
    .execute()

beforeAll(async () => {
  dev = await startTestPortal({ webhooks: { development: true, run: false } })
  dana = await createVendor(dev, 'dana.edit@example.com', 'Dana')
  receiver = await startTestReceiver('')
  const created = await call<CreateWebhookAnswer>(dana.browser, 'createWebhook', {
    url: 'http://127.0.0.1:9/old-hook',
    events: ['run.finished'],
    description: '  Release pipeline  ',
  })
  expect(created.endpoint).toMatchObject({ description: 'Release pipeline', events: ['run.finished'] })
  secret = created.secret
  receiver.secret = secret
  endpointId = created.endpoint.endpointId
  await call(dana.browser, 'createWebhook', { url: 'http://127.0.0.1:9/other', events: ['run.started'] })
}, 60_000)

afterAll(async () => {
  await receiver?.close()
  await dev?.close()
})

describe('editing an endpoint', () => {
  it('refuses bad input with a message naming the field, and changes nothing', async () => {
    const before = await call<WebhooksAnswer>(dana.browser, 'webhooks', {})
    const valid = { endpointId, url: receiver.url, events: ['run.finished'] }
    const cases: Array<[object, number, { message: string; field: string }]> = [
      [{ ...valid, url: 'not a url' }, 400, { message: WEBHOOK_URL_INVALID_MESSAGE, field: 'url' }],
      [{ ...valid, events: [] }, 400, { message: WEBHOOK_EVENTS_EMPTY_MESSAGE, field: 'events' }],
      [
        { ...valid, description: 'x'.repeat(201) },
        400,
        { message: 'Description must be at most 200 characters.', field: 'description' },
      ],
      [{ ...valid, url: undefined }, 400, { message: 'URL is required.', field: 'url' }],
      [
        { ...valid, url: 'http://127.0.0.1:9/other' },
        409,
        { message: WEBHOOK_URL_DUPLICATE_MESSAGE, field: 'url' },
      ],
      [
        { ...valid, endpointId: 'whe_unknown' },
        404,
        { message: WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE, field: 'endpointId' },
      ],
    ]
    for (const [body, status, refusal] of cases) {
      expect(await call(dana.browser, 'editWebhook', body, status)).toEqual(refusal)
    }
    expect(await call<WebhooksAnswer>(dana.browser, 'webhooks', {})).toEqual(before)
    expect((await activity()).map((row) => row.action)).toEqual(['webhook.created', 'webhook.created'])
  })

  it('saves the URL, events and description, and writes the change to the activity log', async () => {
    const edited = await call<{ message: string; endpoint: WebhooksAnswer['endpoints'][number] }>(
      dana.browser,
      'editWebhook',
      {
        endpointId,
        url: receiver.url,
        events: ['run.finished', 'record.submitted'],
        description: 'Release pipeline (staging)',
      },
    )
    expect(edited.message).toBe(WEBHOOK_EDITED_MESSAGE)
    expect(edited.endpoint).toMatchObject({
      endpointId,
      url: receiver.url,
      events: ['run.finished', 'record.submitted'],
      description: 'Release pipeline (staging)',
      state: 'active',
    })
    const [listed] = (await call<WebhooksAnswer>(dana.browser, 'webhooks', {})).endpoints
    expect(listed).toEqual(edited.endpoint)
    expect((await activity()).at(-1)).toEqual({
      action: 'webhook.updated',
      subject: webhookEditedSubject('http://127.0.0.1:9/old-hook', receiver.url),
    })
    expect(webhookEditedSubject('http://127.0.0.1:9/old-hook', receiver.url)).toBe(
      `http://127.0.0.1:9/old-hook → ${receiver.url}`,
    )
    // Its description left out: kept.
    const again = await call<{ endpoint: { description: string } }>(dana.browser, 'editWebhook', {
      endpointId,
      url: receiver.url,
      events: ['run.finished'],
    })
    expect(again.endpoint.description).toBe('Release pipeline (staging)')
  })
})

describe('a delivery’s request and response', () => {
  let deliveryId = ''
  const detail = () => call<WebhookDeliveryAnswer>(dana.browser, 'webhookDelivery', { deliveryId })

  it('keeps what was sent (headers without the secret, the body) and the first 4 KB of the answer', async () => {
    receiver.answer = () => 200
    receiver.reply = (body) => JSON.stringify({ received: body.id, note: 'queued for build 2214' })
    await call(dana.browser, 'pingWebhook', { endpointId })
    await sendAll()
    const [received] = receiver.received
    if (!received) throw new Error('Nothing was received.')
    const { deliveries } = await call<{ deliveries: Array<{ deliveryId: string }> }>(
      dana.browser,
      'webhookDeliveries',
      { endpointId },
    )
    deliveryId = deliveries[0]!.deliveryId
    const answer = await detail()
    expect(answer.endpointId).toBe(endpointId)
    expect(answer.delivery).toMatchObject({ deliveryId, type: 'ping', status: 'succeeded', attempts: 1 })
    const [attempt] = answer.attempts
    expect(attempt).toMatchObject({ attempt: 1, responseCode: 200, error: null, recorded: true })
    expect(attempt!.request!.body).toBe(received.raw)
    expect(attempt!.request!.headers[WEBHOOK_SIGNATURE_HEADER]).toBe(
      received.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()],
    )
    expect(attempt!.request!.headers['Content-Type']).toBe('application/json')
    expect(attempt!.response).toEqual({
      status: 200,
      body: JSON.stringify({ received: received.body.id, note: 'queued for build 2214' }),
      truncated: false,
    })
    // The signing secret is nowhere in what the panel reads.
    expect(JSON.stringify(answer)).not.toContain(secret)
    expect(JSON.stringify(answer)).not.toContain(secret.slice(6))
  })

  it('keeps only the first 4 KB of a long answer', async () => {
    receiver.reply = () => `${'é'.repeat(3000)}<end>`
    await call(dana.browser, 'redeliverWebhook', { deliveryId })
    await sendAll()
    const [latest] = (await detail()).attempts
    expect(latest!.response!.truncated).toBe(true)
    expect(Buffer.byteLength(latest!.response!.body, 'utf8')).toBeLessThanOrEqual(
      WEBHOOK_RESPONSE_BODY_MAX_BYTES,
    )
    expect(latest!.response!.body.startsWith('é'.repeat(2000))).toBe(true)
    expect(latest!.response!.body).not.toContain('<end>')
  })

  it('records an attempt that got no answer with its request and no response', async () => {
    receiver.answer = () => 'hang'
    await call(dana.browser, 'redeliverWebhook', { deliveryId })
    await sendAll(500)
    const answer = await detail()
    const [latest] = answer.attempts
    expect(latest).toMatchObject({ attempt: 3, responseCode: null, error: 'No answer within 1 s.' })
    expect(latest!.request!.body).toBe(answer.attempts[2]!.request!.body)
    expect(latest!.response).toBeNull()
    receiver.answer = () => 204
  })

  it('Resend: a new attempt of the same event, recorded in the list and the activity log', async () => {
    receiver.reply = () => null
    const before = (await detail()).delivery
    expect(await call(dana.browser, 'redeliverWebhook', { deliveryId })).toEqual({
      message: WEBHOOK_REDELIVERY_MESSAGE,
    })
    await sendAll()
    const answer = await detail()
    expect(answer.delivery).toMatchObject({
      eventId: before.eventId,
      status: 'succeeded',
      attempts: before.attempts + 1,
    })
    expect(answer.attempts.map((attempt) => attempt.attempt)).toEqual([4, 3, 2, 1])
    expect(answer.attempts[0]).toMatchObject({ responseCode: 204, response: { status: 204, body: '' } })
    const sameEvent = receiver.received.filter((delivery) => delivery.body.id === before.eventId)
    expect(sameEvent.length).toBeGreaterThanOrEqual(2)
    expect((await activity()).filter((row) => row.action === 'webhook.resent').at(-1)).toEqual({
      action: 'webhook.resent',
      subject: webhookResentSubject('ping', before.eventId, receiver.url),
    })
  })
})
