import { Hono } from 'hono'
import { checkWebhookDestination, type WebhookLookup } from '@/contract/webhook-destination'
import {
  WEBHOOK_BEFORE_INVALID_MESSAGE,
  WEBHOOK_CREATED_MESSAGE,
  WEBHOOK_DELETED_MESSAGE,
  WEBHOOK_DELIVERY_NOT_FOUND_MESSAGE,
  WEBHOOK_DISABLED_MESSAGE,
  WEBHOOK_EDITED_MESSAGE,
  WEBHOOK_ENABLED_MESSAGE,
  WEBHOOK_ENDPOINT_DISABLED_MESSAGE,
  WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE,
  WEBHOOK_NOTHING_TO_UPDATE_MESSAGE,
  WEBHOOK_PING_MESSAGE,
  WEBHOOK_REDELIVERY_MESSAGE,
  WEBHOOK_SECRET_ROTATED_MESSAGE,
  WEBHOOK_UPDATED_MESSAGE,
  webhookEventsProblem,
} from '@/contract/webhooks'
import type { MainEnv } from '../http/context.ts'
import { vendorRoute } from '../http/route.ts'
import { wakeJobRunners } from '../platform/jobs/queue.ts'
import { deliveriesPage, deliveryDetail, parseCursor, queuePing, requeueDelivery } from './delivery-store.ts'
import {
  deleteEndpoint,
  editEndpoint,
  endpointsOf,
  endpointUrl,
  hasEndpoint,
  insertEndpoint,
  rotateEndpointSecret,
  updateEndpoint,
} from './endpoint-store.ts'
import { newWebhookSecret, sealSecret, secretHint } from './secrets.ts'
import { systemLookup } from './send.ts'

/*
 * docs/decisions/0027: the calls of the webhooks page. Every member reads the endpoints and their
 * delivery logs ('read'); only Owners add, edit, change, delete, resend and ping ('webhooks', refused
 * 403 with ROLE_REFUSALS.webhooks by vendorRoute). An endpoint or delivery of another organization
 * answers exactly as an unknown one (404). A refusal names its field and changes nothing.
 */

const notFound = { message: WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE, field: 'endpointId' }
const deliveryNotFound = { message: WEBHOOK_DELIVERY_NOT_FOUND_MESSAGE, field: 'deliveryId' }

type Destination = { development: boolean; lookup: WebhookLookup }

/** Why a URL and events cannot be registered (400, naming the field), or null. */
async function registrationProblem(url: string, events: readonly string[], destination: Destination) {
  const checked = await checkWebhookDestination(url, destination)
  if (checked.kind === 'refused') return { message: checked.message, field: 'url' }
  const eventsProblem = webhookEventsProblem(events)
  return eventsProblem ? { message: eventsProblem, field: 'events' } : null
}

type RoutesOptions = { development: boolean; lookup?: WebhookLookup | undefined }

/**
 * The calls, for a portal whose development conveniences are `development` (config.ts). A new URL
 * passes the destination check every delivery passes, its host resolved by `lookup` (a name that does not
 * resolve yet is accepted: it is judged again before every delivery).
 */
export function createWebhookRoutes(options: RoutesOptions) {
  const routes = new Hono<MainEnv>()
  const destination = { development: options.development, lookup: options.lookup ?? systemLookup }
  endpointRoutes(routes, destination)
  editRoute(routes, destination)
  removalAndSecretRoutes(routes)
  deliveryRoutes(routes)
  return routes
}

/** Listing, adding and changing endpoints. */
function endpointRoutes(routes: Hono<MainEnv>, destination: Destination) {
  vendorRoute(routes, 'webhooks', async (c) =>
    c.json({ endpoints: await endpointsOf(c.var.services.db, c.var.organizationId) }),
  )

  vendorRoute(routes, 'createWebhook', async (c) => {
    const { db, secret: serverSecret } = c.var.services
    const url = c.var.body.url.trim()
    const problem = await registrationProblem(url, c.var.body.events, destination)
    if (problem) return c.json(problem, 400)
    const secret = newWebhookSecret()
    const outcome = await insertEndpoint(db, c.var, {
      url,
      events: [...new Set(c.var.body.events)],
      description: c.var.body.description ?? '',
      secretEncrypted: sealSecret(secret, serverSecret),
      secretHint: secretHint(secret),
    })
    if ('refused' in outcome) return c.json(outcome.refused, outcome.status)
    const [endpoint] = await endpointsOf(db, c.var.organizationId, outcome.id)
    return c.json({ message: WEBHOOK_CREATED_MESSAGE, endpoint, secret })
  })

  vendorRoute(routes, 'updateWebhook', async (c) => {
    const { db } = c.var.services
    const { endpointId, events, enabled } = c.var.body
    if (events === undefined && enabled === undefined) {
      return c.json({ message: WEBHOOK_NOTHING_TO_UPDATE_MESSAGE, field: 'events' }, 400)
    }
    const problem = events !== undefined ? webhookEventsProblem(events) : undefined
    if (problem) return c.json({ message: problem, field: 'events' }, 400)
    // A URL this portal would not call is not enabled (the next delivery would only disable it
    // again, and mail the Owners again); the refusal says why.
    if (enabled === true) {
      const url = await endpointUrl(db, c.var.organizationId, endpointId)
      const checked = url === undefined ? undefined : await checkWebhookDestination(url, destination)
      if (checked?.kind === 'refused') return c.json({ message: checked.message, field: 'enabled' }, 400)
    }
    const outcome = await updateEndpoint(db, c.var, { endpointId, events, enabled })
    if (!outcome) return c.json(notFound, 404)
    if (enabled === true) wakeJobRunners()
    const message =
      events !== undefined
        ? WEBHOOK_UPDATED_MESSAGE
        : enabled
          ? WEBHOOK_ENABLED_MESSAGE
          : WEBHOOK_DISABLED_MESSAGE
    const [endpoint] = await endpointsOf(db, c.var.organizationId, endpointId)
    return c.json({ message, endpoint: endpoint ?? null })
  })
}

/**
 * docs/decisions/0043: the edit dialog's save. The URL and events are held to a new endpoint's rules
 * (a URL another endpoint of the organization has is refused 409); the change is logged.
 */
function editRoute(routes: Hono<MainEnv>, destination: Destination) {
  vendorRoute(routes, 'editWebhook', async (c) => {
    const { db } = c.var.services
    const { endpointId, events, description } = c.var.body
    const url = c.var.body.url.trim()
    if (!(await hasEndpoint(db, c.var.organizationId, endpointId))) return c.json(notFound, 404)
    const problem = await registrationProblem(url, events, destination)
    if (problem) return c.json(problem, 400)
    const outcome = await editEndpoint(db, c.var, { endpointId, url, events, description })
    if (!outcome) return c.json(notFound, 404)
    if ('refused' in outcome) return c.json(outcome.refused, outcome.status)
    const [endpoint] = await endpointsOf(db, c.var.organizationId, endpointId)
    return c.json({ message: WEBHOOK_EDITED_MESSAGE, endpoint: endpoint ?? null })
  })
}

/** Deleting an endpoint and rotating its secret. */
function removalAndSecretRoutes(routes: Hono<MainEnv>) {
  vendorRoute(routes, 'deleteWebhook', async (c) => {
    const deleted = await deleteEndpoint(c.var.services.db, c.var, c.var.body.endpointId)
    if (!deleted) return c.json(notFound, 404)
    return c.json({ message: WEBHOOK_DELETED_MESSAGE, endpoint: null })
  })

  /*
   * A new signing secret, at once: every delivery from now on (a retry of an older one too) is
   * signed with it, and it is answered once, as at creation. For a secret that may have leaked, or
   * one the portal can no longer read (the server's secret changed: SECRET_UNREADABLE).
   */
  vendorRoute(routes, 'rotateWebhookSecret', async (c) => {
    const { db, secret: serverSecret } = c.var.services
    const { organizationId } = c.var
    const { endpointId } = c.var.body
    const secret = newWebhookSecret()
    const rotated = await rotateEndpointSecret(db, c.var, endpointId, {
      secretEncrypted: sealSecret(secret, serverSecret),
      secretHint: secretHint(secret),
    })
    if (!rotated) return c.json(notFound, 404)
    const [endpoint] = await endpointsOf(db, organizationId, endpointId)
    return c.json({ message: WEBHOOK_SECRET_ROTATED_MESSAGE, endpoint, secret })
  })
}

/** An endpoint's delivery log, sending a delivery again, and a test event. */
function deliveryRoutes(routes: Hono<MainEnv>) {
  vendorRoute(routes, 'webhookDeliveries', async (c) => {
    const { db } = c.var.services
    const { endpointId, before } = c.var.body
    if (!(await hasEndpoint(db, c.var.organizationId, endpointId))) return c.json(notFound, 404)
    const cursor = before === undefined ? null : parseCursor(before)
    if (before !== undefined && !cursor) {
      return c.json({ message: WEBHOOK_BEFORE_INVALID_MESSAGE, field: 'before' }, 400)
    }
    return c.json(await deliveriesPage(db, endpointId, cursor))
  })

  vendorRoute(routes, 'webhookDelivery', async (c) => {
    const detail = await deliveryDetail(c.var.services.db, c.var.organizationId, c.var.body.deliveryId)
    return detail ? c.json(detail) : c.json(deliveryNotFound, 404)
  })

  vendorRoute(routes, 'redeliverWebhook', async (c) => {
    const outcome = await requeueDelivery(c.var.services.db, c.var, c.var.body.deliveryId)
    if (outcome === 'not-found') return c.json(deliveryNotFound, 404)
    if (outcome === 'disabled')
      return c.json({ message: WEBHOOK_ENDPOINT_DISABLED_MESSAGE, field: 'deliveryId' }, 409)
    wakeJobRunners()
    return c.json({ message: WEBHOOK_REDELIVERY_MESSAGE })
  })

  vendorRoute(routes, 'pingWebhook', async (c) => {
    const outcome = await queuePing(c.var.services.db, c.var, c.var.body.endpointId)
    if (outcome === 'not-found') return c.json(notFound, 404)
    if (outcome === 'disabled')
      return c.json({ message: WEBHOOK_ENDPOINT_DISABLED_MESSAGE, field: 'endpointId' }, 409)
    wakeJobRunners()
    return c.json({ message: WEBHOOK_PING_MESSAGE })
  })
}
