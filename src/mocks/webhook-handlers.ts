import { HttpResponse } from 'msw'
import { can, ROLE_REFUSALS, type Role } from '@/contract/roles'
import { checkWebhookDestination } from '@/contract/webhook-destination'
import {
  WEBHOOK_BEFORE_INVALID_MESSAGE,
  WEBHOOK_CREATED_MESSAGE,
  WEBHOOK_DELETED_MESSAGE,
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_DELIVERY_NOT_FOUND_MESSAGE,
  WEBHOOK_DISABLED_MESSAGE,
  WEBHOOK_EDITED_MESSAGE,
  WEBHOOK_ENABLED_MESSAGE,
  WEBHOOK_ENDPOINT_DISABLED_MESSAGE,
  WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE,
  WEBHOOK_ENDPOINTS_LIMIT_MESSAGE,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_NOTHING_TO_UPDATE_MESSAGE,
  WEBHOOK_PING_MESSAGE,
  WEBHOOK_SECRET_ROTATED_MESSAGE,
  WEBHOOK_REDELIVERY_MESSAGE,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_UPDATED_MESSAGE,
  WEBHOOK_URL_DUPLICATE_MESSAGE,
  type WebhookDelivery,
  type WebhookEventType,
  webhookEventsProblem,
} from '@/contract/webhooks'
import { fixtureAcknowledgement, fixtureBody, fixtureRequest } from '@/mocks/fixtures/webhook-attempts'
import { FIXTURE_NOW, type MockVendor, world } from '@/mocks/fixtures/world'
import { answer, mockEndpoint, vendorEndpoint } from '@/mocks/mock-endpoint'

/*
 * The webhook calls in the fixture world, with the server's rules and words
 * (server/webhooks/routes.ts): every member reads, only Owners change; a URL must pass the server's
 * destination check — https to a public address (the fixture world is not a development portal;
 * it resolves only localhost, so another name is accepted as the server accepts one that does
 * not resolve yet); an unknown id answers 404.
 * A ping is queued (status pending, no attempt yet): the fixture world sends nothing. A Resend is
 * answered at once by the fixture world's receiver (a new attempt, HTTP 200 with its
 * acknowledgement), so that the delivery's panel shows it recorded (docs/decisions/0043).
 */

const roleOf = (vendor: MockVendor | undefined): Role => vendor?.authData.role ?? 'Owner'
const refusal = (message: string, field: string, status: number) =>
  HttpResponse.json({ message, field }, { status })
const refusedChange = (vendor: MockVendor) =>
  can(roleOf(vendor), 'webhooks') ? undefined : answer(ROLE_REFUSALS.webhooks, 403)
const findEndpoint = (endpointId: string) =>
  world.webhooks.endpoints.find((endpoint) => endpoint.endpointId === endpointId)
const fixtureDestination = (url: string) =>
  checkWebhookDestination(url, { development: false, lookup: fixtureLookup })

/** A delivery of the organization's, with its endpoint's id. */
function findDelivery(deliveryId: string) {
  for (const [endpointId, log] of Object.entries(world.webhooks.deliveries)) {
    const delivery = log.find((item) => item.deliveryId === deliveryId)
    if (delivery) return { endpointId, delivery }
  }
  return undefined
}

/** A Resend, answered at once by the fixture world's receiver: a new attempt, HTTP 200. */
function resend(endpointId: string, delivery: WebhookDelivery) {
  const at = FIXTURE_NOW.toISOString()
  const attempts = (world.webhooks.attempts[delivery.deliveryId] ??= [])
  Object.assign(delivery, {
    status: 'succeeded',
    attempts: delivery.attempts + 1,
    lastAttemptAt: at,
    responseCode: 200,
    error: null,
    nextAttemptAt: null,
    deliveredAt: at,
  })
  attempts.unshift({
    attempt: delivery.attempts,
    startedAt: at,
    durationMs: 143,
    responseCode: 200,
    error: null,
    recorded: true,
    request: fixtureRequest(delivery.eventId, fixtureBody(delivery, endpointId), at),
    response: { status: 200, body: fixtureAcknowledgement(delivery.eventId), truncated: false },
  })
}

function newSecret() {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  const base64 = btoa(String.fromCharCode(...bytes))
  return `${WEBHOOK_SECRET_PREFIX}${base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`
}

/** The fixture world's resolver knows only this machine's name, as a hosts file does. */
const fixtureLookup = async (hostname: string) =>
  hostname === 'localhost' ? [{ address: '127.0.0.1', family: 4 }] : []

const secretHintOf = (secret: string) => `${WEBHOOK_SECRET_PREFIX}…${secret.slice(-4)}`

function queue(endpointId: string, fields: Pick<WebhookDelivery, 'type'> & Partial<WebhookDelivery>) {
  world.nextId += 1
  const queued: WebhookDelivery = {
    deliveryId: `whd_${world.nextId}`,
    eventId: `evt_${world.nextId}`,
    status: 'pending',
    createdAt: FIXTURE_NOW.toISOString(),
    attempts: 0,
    lastAttemptAt: null,
    responseCode: null,
    error: null,
    nextAttemptAt: FIXTURE_NOW.toISOString(),
    deliveredAt: null,
    ...fields,
  }
  const log = (world.webhooks.deliveries[endpointId] ??= [])
  log.unshift(queued)
  return queued
}

export const webhookHandlers = [
  // A GET names no vendor: the fixture session is Nokia's vendor's.
  mockEndpoint('webhooks', () =>
    HttpResponse.json({ endpoints: world.webhooks.endpoints.map((endpoint) => ({ ...endpoint })) }),
  ),

  vendorEndpoint('createWebhook', async ({ body, vendor }) => {
    const refused = refusedChange(vendor)
    if (refused) return refused
    const url = body.url.trim()
    const destination = await fixtureDestination(url)
    if (destination.kind === 'refused') return refusal(destination.message, 'url', 400)
    const eventsProblem = webhookEventsProblem(body.events)
    if (eventsProblem) return refusal(eventsProblem, 'events', 400)
    if (world.webhooks.endpoints.some((endpoint) => endpoint.url === url)) {
      return refusal(WEBHOOK_URL_DUPLICATE_MESSAGE, 'url', 409)
    }
    if (world.webhooks.endpoints.length >= WEBHOOK_ENDPOINTS_MAX) {
      return refusal(WEBHOOK_ENDPOINTS_LIMIT_MESSAGE, 'url', 409)
    }
    world.nextId += 1
    const secret = newSecret()
    const endpoint = {
      endpointId: `whe_${world.nextId}`,
      url,
      description: body.description?.trim() ?? '',
      events: [...new Set(body.events)] as WebhookEventType[],
      state: 'active' as const,
      disabledReason: null,
      disabledAt: null,
      failingSince: null,
      secretHint: secretHintOf(secret),
      createdAt: FIXTURE_NOW.toISOString(),
      lastDelivery: null,
    }
    world.webhooks.endpoints.push(endpoint)
    world.webhooks.deliveries[endpoint.endpointId] = []
    return HttpResponse.json({ message: WEBHOOK_CREATED_MESSAGE, endpoint: { ...endpoint }, secret })
  }),

  vendorEndpoint('updateWebhook', async ({ body, vendor }) => {
    const refused = refusedChange(vendor)
    if (refused) return refused
    if (body.events === undefined && body.enabled === undefined) {
      return refusal(WEBHOOK_NOTHING_TO_UPDATE_MESSAGE, 'events', 400)
    }
    if (body.events !== undefined) {
      const problem = webhookEventsProblem(body.events)
      if (problem) return refusal(problem, 'events', 400)
    }
    const endpoint = findEndpoint(body.endpointId)
    if (!endpoint) return refusal(WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE, 'endpointId', 404)
    if (body.enabled === true) {
      // As the server: a URL the portal would not call is not enabled.
      const destination = await fixtureDestination(endpoint.url)
      if (destination.kind === 'refused') return refusal(destination.message, 'enabled', 400)
    }
    if (body.events !== undefined) endpoint.events = [...new Set(body.events)] as WebhookEventType[]
    if (body.enabled === true && endpoint.state === 'disabled') {
      Object.assign(endpoint, { state: 'active', disabledReason: null, disabledAt: null, failingSince: null })
    }
    if (body.enabled === false && endpoint.state === 'active') {
      Object.assign(endpoint, {
        state: 'disabled',
        disabledReason: 'owner',
        disabledAt: FIXTURE_NOW.toISOString(),
      })
    }
    const message =
      body.events !== undefined
        ? WEBHOOK_UPDATED_MESSAGE
        : body.enabled
          ? WEBHOOK_ENABLED_MESSAGE
          : WEBHOOK_DISABLED_MESSAGE
    return HttpResponse.json({ message, endpoint: { ...endpoint } })
  }),

  vendorEndpoint('editWebhook', async ({ body, vendor }) => {
    const refused = refusedChange(vendor)
    if (refused) return refused
    const endpoint = findEndpoint(body.endpointId)
    if (!endpoint) return refusal(WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE, 'endpointId', 404)
    const url = body.url.trim()
    const destination = await fixtureDestination(url)
    if (destination.kind === 'refused') return refusal(destination.message, 'url', 400)
    const eventsProblem = webhookEventsProblem(body.events)
    if (eventsProblem) return refusal(eventsProblem, 'events', 400)
    const others = world.webhooks.endpoints.filter((item) => item !== endpoint)
    if (others.some((item) => item.url === url)) return refusal(WEBHOOK_URL_DUPLICATE_MESSAGE, 'url', 409)
    Object.assign(endpoint, {
      url,
      events: [...new Set(body.events)] as WebhookEventType[],
      ...(body.description !== undefined ? { description: body.description.trim() } : {}),
    })
    return HttpResponse.json({ message: WEBHOOK_EDITED_MESSAGE, endpoint: { ...endpoint } })
  }),

  vendorEndpoint('deleteWebhook', ({ body, vendor }) => {
    const refused = refusedChange(vendor)
    if (refused) return refused
    if (!findEndpoint(body.endpointId)) return refusal(WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE, 'endpointId', 404)
    world.webhooks.endpoints = world.webhooks.endpoints.filter((item) => item.endpointId !== body.endpointId)
    delete world.webhooks.deliveries[body.endpointId]
    return HttpResponse.json({ message: WEBHOOK_DELETED_MESSAGE, endpoint: null })
  }),

  mockEndpoint('webhookDeliveries', ({ body }) => {
    if (!findEndpoint(body.endpointId)) return refusal(WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE, 'endpointId', 404)
    const log = world.webhooks.deliveries[body.endpointId] ?? []
    let start = 0
    if (body.before !== undefined) {
      start = log.findIndex((item) => item.deliveryId === body.before) + 1
      if (start === 0) return refusal(WEBHOOK_BEFORE_INVALID_MESSAGE, 'before', 400)
    }
    const deliveries = log.slice(start, start + WEBHOOK_DELIVERIES_PAGE_SIZE)
    const next =
      log.length > start + WEBHOOK_DELIVERIES_PAGE_SIZE ? (deliveries.at(-1)?.deliveryId ?? null) : null
    return HttpResponse.json({ deliveries: deliveries.map((item) => ({ ...item })), next })
  }),

  mockEndpoint('webhookDelivery', ({ body }) => {
    const found = findDelivery(body.deliveryId)
    if (!found) return refusal(WEBHOOK_DELIVERY_NOT_FOUND_MESSAGE, 'deliveryId', 404)
    return HttpResponse.json({
      endpointId: found.endpointId,
      delivery: { ...found.delivery },
      attempts: (world.webhooks.attempts[body.deliveryId] ?? []).map((attempt) => ({ ...attempt })),
    })
  }),

  vendorEndpoint('redeliverWebhook', ({ body, vendor }) => {
    const refused = refusedChange(vendor)
    if (refused) return refused
    const found = findDelivery(body.deliveryId)
    if (!found) return refusal(WEBHOOK_DELIVERY_NOT_FOUND_MESSAGE, 'deliveryId', 404)
    if (findEndpoint(found.endpointId)?.state !== 'active') {
      return refusal(WEBHOOK_ENDPOINT_DISABLED_MESSAGE, 'deliveryId', 409)
    }
    if (found.delivery.status !== 'delivering') resend(found.endpointId, found.delivery)
    return answer(WEBHOOK_REDELIVERY_MESSAGE)
  }),

  vendorEndpoint('pingWebhook', ({ body, vendor }) => {
    const refused = refusedChange(vendor)
    if (refused) return refused
    const endpoint = findEndpoint(body.endpointId)
    if (!endpoint) return refusal(WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE, 'endpointId', 404)
    if (endpoint.state !== 'active') return refusal(WEBHOOK_ENDPOINT_DISABLED_MESSAGE, 'endpointId', 409)
    queue(endpoint.endpointId, { type: 'ping' })
    return answer(WEBHOOK_PING_MESSAGE)
  }),

  vendorEndpoint('rotateWebhookSecret', ({ body, vendor }) => {
    const refused = refusedChange(vendor)
    if (refused) return refused
    const endpoint = findEndpoint(body.endpointId)
    if (!endpoint) return refusal(WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE, 'endpointId', 404)
    const secret = newSecret()
    endpoint.secretHint = secretHintOf(secret)
    return HttpResponse.json({ message: WEBHOOK_SECRET_ROTATED_MESSAGE, endpoint: { ...endpoint }, secret })
  }),
]
