import * as v from 'valibot'
import { idSchema, nameText, text } from '@/contract/common'
import { WEBHOOK_EVENT_TYPES } from '@/contract/webhooks-events'

/*
 * docs/decisions/0027: webhooks — an organization's Owners register HTTPS URLs that the
 * portal POSTs to when something happens to the organization's devices, runs and certificates.
 *
 * - The events: WEBHOOK_EVENT_TYPES (and `ping`, sent only by "Send test event"). Each delivery's
 *   body is a WebhookDelivery of webhookBodySchema: `{ id, type, createdAt, organizationId, data }`.
 *   `id` names the event: a retry or a redelivery of it carries the same id, so a receiver that
 *   has handled an id ignores it again (delivery is at least once).
 * - The signature: HMAC-SHA256, keyed with the endpoint's secret (`whsec_…`, the whole string as
 *   UTF-8), over `<Webhook-Timestamp>.<body>`, sent as `Webhook-Signature: v1=<hex>`; with
 *   `Webhook-Id` (the body's id) and `Webhook-Timestamp` (Unix seconds). verifyWebhook checks one
 *   delivery as a receiver should; it runs in Node and in browsers (Web Crypto).
 * - The rules of a URL (checkWebhookDestination, src/contract/webhook-destination.ts): https to a
 *   public address, or http to this machine when the portal runs as a development portal; never a
 *   user name or password. The server checks it at registration and again before every delivery,
 *   on the addresses the connection then uses.
 */

// The events and bodies, their catalogue with an example of each (docs/decisions/0043), and the
// signature with its check, are modules of their own; every name of theirs is a name of this module too.
export * from '@/contract/webhooks-events'
export * from '@/contract/webhooks-catalogue'
export * from '@/contract/webhooks-signature'

export const WEBHOOKS_PATH = '/settings/webhooks'

/** How long a delivery is retried after its first attempt, and how long an endpoint may fail before it is disabled. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000
/** An attempt not answered within this fails. */
export const WEBHOOK_TIMEOUT_MS = 10_000
/** At most this many endpoints per organization. */
export const WEBHOOK_ENDPOINTS_MAX = 10
export const WEBHOOK_URL_MAX_LENGTH = 2000
/** An endpoint's description (docs/decisions/0043): what it is for, in the Owner's words. */
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200
/** How much of a receiver's answer each attempt keeps. */
export const WEBHOOK_RESPONSE_BODY_MAX_BYTES = 4096
/** A finished delivery, with its attempts' requests and responses, is kept this many days. */
export const WEBHOOK_DELIVERY_RETENTION_DAYS = 30
/** The delivery log's page. */
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20

/* ---------------------------------------------------------------------------- URL rules */

export const WEBHOOK_URL_REQUIRED_MESSAGE = 'URL is required.'
export const WEBHOOK_URL_INVALID_MESSAGE =
  'URL must be a full address such as https://ci.example.com/hooks/portal.'
export const WEBHOOK_URL_TOO_LONG_MESSAGE = `URL must be at most ${WEBHOOK_URL_MAX_LENGTH} characters.`
export const WEBHOOK_URL_SCHEME_MESSAGE = 'URL must start with https://.'
export const WEBHOOK_URL_SCHEME_DEVELOPMENT_MESSAGE =
  'URL must start with https:// (or http:// to this machine: localhost, 127.0.0.1 or [::1]).'
export const WEBHOOK_URL_CREDENTIALS_MESSAGE = 'URL must not contain a user name or password.'
export const WEBHOOK_URL_PRIVATE_MESSAGE =
  'URL must reach a public internet address: loopback, private, link-local and other local or reserved addresses are refused.'
/** A development portal: https is held to the production rule; only http may reach this machine. */
export const WEBHOOK_URL_PRIVATE_DEVELOPMENT_MESSAGE =
  'URL must be https:// to a public internet address, or http:// to this machine (localhost, 127.0.0.1 or [::1]): private, link-local and other local addresses are refused.'
export const WEBHOOK_URL_FRAGMENT_MESSAGE = 'URL must not contain a fragment (#…).'
export const WEBHOOK_URL_DUPLICATE_MESSAGE = 'URL is already registered for this organization.'
/**
 * At delivery time, the attempt's error when the destination check refused the URL or an address
 * its host resolved to (src/contract/webhook-destination.ts): nothing was sent, and the endpoint
 * is disabled ('destination').
 */
export const WEBHOOK_DESTINATION_REFUSED_ERROR =
  'Nothing was sent: this URL is not allowed, it points at a private or local address (or is not https).'

export const WEBHOOK_EVENTS_EMPTY_MESSAGE = 'Events must name at least one event.'
export const WEBHOOK_EVENTS_UNKNOWN_MESSAGE = `Events must be among ${WEBHOOK_EVENT_TYPES.join(', ')}.`

/** Why an events list cannot be registered, or null. */
export function webhookEventsProblem(events: readonly string[]): string | null {
  if (events.length === 0) return WEBHOOK_EVENTS_EMPTY_MESSAGE
  if (events.some((event) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(event))) {
    return WEBHOOK_EVENTS_UNKNOWN_MESSAGE
  }
  return null
}

/* -------------------------------------------------------------------------------- calls */

export const WEBHOOK_ENDPOINT_STATES = ['active', 'disabled'] as const
/**
 * Why an endpoint is disabled: by a person, by the portal after 24 h of failures, or by the portal
 * because its URL no longer passes the destination check at delivery (e.g. registered on a
 * development portal as http://127.0.0.1, then run without DEV_WEBHOOKS).
 */
export const WEBHOOK_DISABLED_REASONS = ['owner', 'failing', 'destination'] as const
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number]
export const WEBHOOK_DISABLED_REASON_MESSAGES: Readonly<Record<WebhookDisabledReason, string>> = {
  owner: 'Disabled by an Owner: it receives nothing until it is enabled again.',
  failing:
    'Disabled by the portal: every delivery failed for 24 hours. Fix the receiver, then enable it; waiting deliveries are sent again.',
  destination:
    'Disabled by the portal: this URL is no longer allowed (it points at a private or local address), so nothing is sent to it. Delete it and add an https URL that reaches your receiver over the internet.',
}

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivering', 'succeeded', 'failed'] as const
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number]
/** How the delivery log names each status. */
export const WEBHOOK_DELIVERY_STATUS_LABELS: Readonly<Record<WebhookDeliveryStatus, string>> = {
  pending: 'Retrying',
  delivering: 'Sending',
  succeeded: 'Delivered',
  failed: 'Failed',
}

export const webhookLastDeliverySchema = v.object({
  status: v.picklist(WEBHOOK_DELIVERY_STATUSES),
  /** ISO 8601: its last attempt (or when it was queued). */
  at: v.string(),
  responseCode: v.nullable(v.number()),
})

export const webhookEndpointSchema = v.looseObject({
  endpointId: v.string(),
  url: v.string(),
  /** docs/decisions/0043: the Owner's note ('' when none). */
  description: v.string(),
  events: v.array(v.picklist(WEBHOOK_EVENT_TYPES)),
  state: v.picklist(WEBHOOK_ENDPOINT_STATES),
  disabledReason: v.nullable(v.picklist(WEBHOOK_DISABLED_REASONS)),
  /** ISO 8601, when disabled. */
  disabledAt: v.nullable(v.string()),
  /** ISO 8601: since when every attempt has failed (null when the last one succeeded). */
  failingSince: v.nullable(v.string()),
  /** The secret's last four characters, to tell secrets apart: `whsec_…a1B2`. */
  secretHint: v.string(),
  createdAt: v.string(),
  lastDelivery: v.nullable(webhookLastDeliverySchema),
})
export type WebhookEndpoint = v.InferOutput<typeof webhookEndpointSchema>

/** GET /api/webhooks: the organization's endpoints (every member reads them; only Owners change them). */
export const webhooksAnswerSchema = v.looseObject({ endpoints: v.array(webhookEndpointSchema) })
export type WebhooksAnswer = v.InferOutput<typeof webhooksAnswerSchema>

const endpointIdSchema = idSchema
const eventsSchema = v.pipe(v.array(text(50)), v.maxLength(20))
/** The acting member, as in the spec's payloads: the session's own when sent (a token's caller may leave it out). */
const acting = { vendorUserId: v.optional(idSchema) }

const descriptionSchema = nameText(WEBHOOK_DESCRIPTION_MAX_LENGTH)
/** How a refusal names the description (PAYLOAD_FIELD_LABELS' `description` is the portfolio form's). */
export const WEBHOOK_FIELD_LABELS = { description: 'Description' } as const

export const createWebhookPayloadSchema = v.object({
  ...acting,
  url: text(WEBHOOK_URL_MAX_LENGTH + 100),
  events: eventsSchema,
  description: v.optional(descriptionSchema),
})

/**
 * docs/decisions/0043: the edit dialog's save — the URL and events as they are to be, and the
 * description (left out: kept as it is). The URL passes the same checks as a new one.
 */
export const editWebhookPayloadSchema = v.object({
  ...acting,
  endpointId: endpointIdSchema,
  url: text(WEBHOOK_URL_MAX_LENGTH + 100),
  events: eventsSchema,
  description: v.optional(descriptionSchema),
})

/** The creation's answer, and a new secret's (rotateWebhookSecret): the only time a secret is shown. */
export const createWebhookAnswerSchema = v.looseObject({
  message: v.string(),
  endpoint: webhookEndpointSchema,
  secret: v.string(),
})
export type CreateWebhookAnswer = v.InferOutput<typeof createWebhookAnswerSchema>

/** Changes the events, or enables or disables the endpoint (at least one of them). */
export const updateWebhookPayloadSchema = v.object({
  ...acting,
  endpointId: endpointIdSchema,
  events: v.optional(eventsSchema),
  enabled: v.optional(v.boolean()),
})

export const webhookEndpointPayloadSchema = v.object({ ...acting, endpointId: endpointIdSchema })

export const webhookChangeAnswerSchema = v.looseObject({
  message: v.string(),
  endpoint: v.nullable(webhookEndpointSchema),
})

export const webhookDeliveriesQuerySchema = v.object({
  endpointId: endpointIdSchema,
  /** The `next` of the previous page. */
  before: v.optional(text(200)),
})

export const webhookDeliverySchema = v.looseObject({
  deliveryId: v.string(),
  /** The body's id. */
  eventId: v.string(),
  type: v.string(),
  status: v.picklist(WEBHOOK_DELIVERY_STATUSES),
  /** ISO 8601: when the change queued it. */
  createdAt: v.string(),
  attempts: v.number(),
  lastAttemptAt: v.nullable(v.string()),
  /** The last attempt's HTTP status, or null (no answer). */
  responseCode: v.nullable(v.number()),
  /** Why the last attempt failed without an HTTP status (timeout, refused connection). */
  error: v.nullable(v.string()),
  /** ISO 8601: the next attempt, while it is retried. */
  nextAttemptAt: v.nullable(v.string()),
  deliveredAt: v.nullable(v.string()),
})
export type WebhookDelivery = v.InferOutput<typeof webhookDeliverySchema>

export const webhookDeliveriesAnswerSchema = v.looseObject({
  deliveries: v.array(webhookDeliverySchema),
  /** The `before` of the next (older) page, or null. */
  next: v.nullable(v.string()),
})
export type WebhookDeliveriesAnswer = v.InferOutput<typeof webhookDeliveriesAnswerSchema>

export const redeliverWebhookPayloadSchema = v.object({ ...acting, deliveryId: endpointIdSchema })

/* ---------------------------------------------------- one delivery, docs/decisions/0043 */

export const webhookDeliveryQuerySchema = v.object({ deliveryId: idSchema })

/** One attempt of a delivery, as the delivery's panel shows it. */
export const webhookAttemptSchema = v.looseObject({
  /** 1 for the first; a Resend is the next. */
  attempt: v.number(),
  /** ISO 8601. */
  startedAt: v.string(),
  durationMs: v.number(),
  responseCode: v.nullable(v.number()),
  /** Why it failed without a status, or 'HTTP 500' for a refusing status; null when it succeeded. */
  error: v.nullable(v.string()),
  /** False for an attempt made before the portal recorded requests and responses. */
  recorded: v.boolean(),
  /** What was sent: the headers (the signature, never the secret) and the body; null when nothing was. */
  request: v.nullable(v.looseObject({ headers: v.record(v.string(), v.string()), body: v.string() })),
  /** What came back: null when no answer came (a timeout, a refused connection). */
  response: v.nullable(
    v.looseObject({
      status: v.number(),
      /** The first WEBHOOK_RESPONSE_BODY_MAX_BYTES of the body. */
      body: v.string(),
      truncated: v.boolean(),
    }),
  ),
})
export type WebhookAttempt = v.InferOutput<typeof webhookAttemptSchema>

/** GET /api/webhooks/delivery: one delivery with its attempts, newest first. */
export const webhookDeliveryAnswerSchema = v.looseObject({
  endpointId: v.string(),
  delivery: webhookDeliverySchema,
  attempts: v.array(webhookAttemptSchema),
})
export type WebhookDeliveryAnswer = v.InferOutput<typeof webhookDeliveryAnswerSchema>

/* ----------------------------------------------------------------------------- messages */

export const WEBHOOK_CREATED_MESSAGE = 'Endpoint added. Copy its signing secret now: it is not shown again.'
/** Beside the secret shown once. */
export const WEBHOOK_SECRET_SHOWN_ONCE_WARNING =
  'Keep this secret in your receiver’s secret store. The portal shows only its last four characters from now on.'
export const WEBHOOK_SECRET_ROTATED_MESSAGE =
  'New signing secret made. Deliveries are signed with it from now on, retries included: put it in your receiver now. Copy it: it is not shown again.'
/** The confirmation before a new secret is made. */
export const rotateWebhookSecretQuestion = (url: string) => `Make a new signing secret for ${url}?`
export const ROTATE_WEBHOOK_SECRET_CONSEQUENCE =
  'The current secret stops signing at once: your receiver refuses deliveries until it has the new one. Do this when the secret may have leaked, or when the portal can no longer read it.'
export const WEBHOOK_UPDATED_MESSAGE = 'Endpoint updated.'
export const WEBHOOK_ENABLED_MESSAGE = 'Endpoint enabled.'
export const WEBHOOK_DISABLED_MESSAGE = 'Endpoint disabled.'
export const WEBHOOK_DELETED_MESSAGE = 'Endpoint deleted.'
export const WEBHOOK_REDELIVERY_MESSAGE = 'Resend queued: a new attempt is sent within a few seconds.'
export const WEBHOOK_PING_MESSAGE = 'Test event queued: it is sent within a few seconds.'
export const WEBHOOK_EDITED_MESSAGE = 'Endpoint saved.'
export const WEBHOOK_NOTHING_TO_UPDATE_MESSAGE = 'Events or Enabled is required.'
export const WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE = 'This webhook endpoint does not exist.'
export const WEBHOOK_DELIVERY_NOT_FOUND_MESSAGE = 'This delivery does not exist.'
export const WEBHOOK_ENDPOINT_DISABLED_MESSAGE =
  'This endpoint is disabled: enable it first, then redeliver or send a test event.'
export const WEBHOOK_ENDPOINTS_LIMIT_MESSAGE = `An organization can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints; delete one first.`
export const WEBHOOK_BEFORE_INVALID_MESSAGE = 'Before must be the next value of the previous page.'
export const WEBHOOK_PING_TEXT = 'A test event from the Device Certification Portal.'
/** The add and edit dialog's words (docs/decisions/0043). */
export const WEBHOOK_ADD_DESCRIPTION =
  'The portal POSTs a signed JSON body to this URL when a chosen event happens, and retries for 24 hours when it fails.'
export const WEBHOOK_EDIT_DESCRIPTION =
  'Deliveries not yet sent go to the new URL; the signing secret stays the same.'
export const WEBHOOK_DESCRIPTION_HINT = 'Optional: what this endpoint is for, such as “Release pipeline”.'
export const WEBHOOK_ALL_EVENTS_LABEL = 'All events'

/** The event catalogue's words (docs/decisions/0043). */
export const WEBHOOK_CATALOGUE_TITLE = 'Event catalogue'
export const WEBHOOK_CATALOGUE_INTRO =
  'Every event an endpoint can subscribe to, with an example of the JSON body it is sent. Each body carries the event’s id (the same in every retry and resend), its type, when it happened, your organization’s id and its data.'

/** The delivery panel's words (docs/decisions/0043). */
export const WEBHOOK_ATTEMPT_NOT_RECORDED_MESSAGE =
  'This attempt was made before the portal recorded requests and responses: there is nothing to show.'
export const WEBHOOK_NOTHING_SENT_MESSAGE = 'Nothing was sent.'
export const WEBHOOK_NO_RESPONSE_MESSAGE = 'No response came back.'
export const WEBHOOK_RESPONSE_TRUNCATED_NOTE = `Only the first ${WEBHOOK_RESPONSE_BODY_MAX_BYTES / 1024} KB of the response body is kept.`
export const WEBHOOK_RETENTION_NOTE = `Deliveries, with each attempt’s request and response, are kept ${WEBHOOK_DELIVERY_RETENTION_DAYS} days.`
/** The activity log's subject of an edit whose URL changed. */
export const webhookEditedSubject = (before: string, after: string) =>
  before === after ? after : `${before} → ${after}`
/** The activity log's subject of a Resend: the event and the endpoint. */
export const webhookResentSubject = (type: string, eventId: string, url: string) =>
  `${type} ${eventId} to ${url}`

/** The activity log's subject when the portal disables an endpoint. */
export const webhookDisabledSubject = (url: string, reason: 'failing' | 'destination') =>
  reason === 'failing'
    ? `${url} (every delivery failed for 24 hours)`
    : `${url} (its address is not allowed: nothing was sent)`
