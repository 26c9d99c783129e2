import type { JsonSchema } from '@valibot/to-json-schema'
import type * as v from 'valibot'
import { type ContractWebhook, type JsonObject, MEDIA_JSON } from './options.ts'
import { isSchema } from './schemas.ts'

/* The document's `webhooks` (OpenAPI 3.1): the deliveries src/contract/webhooks.ts describes. */

export const WEBHOOK_HEADERS = {
  'Webhook-Id': 'The delivery’s id: the same on every retry of one delivery, so a receiver can drop repeats.',
  'Webhook-Timestamp':
    'When the delivery was signed, in seconds since 1970 (UTC). Refuse old ones (replays).',
  'Webhook-Signature':
    'HMAC-SHA256 with the endpoint’s secret over `<Webhook-Timestamp>.<body>` (the raw body as received).',
} as const

export function webhookItems(
  webhooks: ReadonlyArray<ContractWebhook>,
  convert: (schema: v.GenericSchema, where: string) => JsonSchema,
): Record<string, JsonObject> | null {
  if (webhooks.length === 0) return null
  const items: Record<string, JsonObject> = {}
  for (const webhook of webhooks) {
    items[webhook.type] = {
      post: {
        operationId: `webhook:${webhook.type}`,
        summary: webhook.summary ?? `The ${webhook.type} event`,
        description:
          'Sent to each webhook endpoint the organization registered for this event, signed; retried with exponential backoff for 24 hours until it is acknowledged.',
        parameters: Object.entries(WEBHOOK_HEADERS).map(([header, description]) => ({
          name: header,
          in: 'header',
          required: true,
          description,
          schema: { type: 'string' },
        })),
        requestBody: {
          required: true,
          content: { [MEDIA_JSON]: { schema: convert(webhook.schema, `the ${webhook.type} webhook`) } },
        },
        responses: {
          '2XX': { description: 'Acknowledged: not delivered again.' },
          default: { description: 'Any other answer, or none in time: delivered again later.' },
        },
      },
    }
  }
  return items
}

/**
 * Reads a contract module's `webhooks` export: a list of `{ type, schema }` (`body` or `payload`
 * for the schema, `description` or `summary` for the words), or a record of type → schema. Anything
 * else is refused with the reason, so that a shape this generator does not know is not left out
 * silently.
 */
export function contractWebhooks(exported: unknown): ContractWebhook[] {
  if (exported === undefined || exported === null) return []
  const entries: Array<[string, unknown]> = Array.isArray(exported)
    ? exported.map((item: unknown) => {
        const record = (item ?? {}) as Record<string, unknown>
        const type = record.type ?? record.event ?? record.name
        return [typeof type === 'string' ? type : '', item]
      })
    : typeof exported === 'object'
      ? Object.entries(exported as Record<string, unknown>)
      : []
  if (entries.length === 0 && !(Array.isArray(exported) || typeof exported === 'object')) {
    throw new Error('OpenAPI: the contract’s webhooks export is neither a list nor a record.')
  }
  return entries.map(([type, value]) => {
    const record = (value ?? {}) as Record<string, unknown>
    const schema = isSchema(value) ? value : [record.schema, record.body, record.payload].find(isSchema)
    if (!type || !schema) {
      throw new Error(
        `OpenAPI: the contract’s webhook ${type || '(unnamed)'} has no type or no valibot body schema.`,
      )
    }
    const summary = [record.summary, record.description, record.label].find(
      (text) => typeof text === 'string',
    )
    return { type, schema, ...(typeof summary === 'string' ? { summary } : {}) }
  })
}
