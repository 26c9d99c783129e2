import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { WEBHOOK_EVENT_CATALOGUE, WEBHOOK_EVENT_EXAMPLES } from '@/contract/webhooks-catalogue'
import {
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  webhookBodySchema,
} from '@/contract/webhooks-events'

describe('the webhook event catalogue', () => {
  it('lists every event type once, in order, with its description', () => {
    expect(WEBHOOK_EVENT_CATALOGUE.map((entry) => entry.type)).toEqual([...WEBHOOK_EVENT_TYPES])
    for (const entry of WEBHOOK_EVENT_CATALOGUE) {
      expect(entry.description).toBe(WEBHOOK_EVENT_DESCRIPTIONS[entry.type])
    }
  })

  it.each(WEBHOOK_EVENT_TYPES)(
    'has an example of %s that validates against the body schema of its type',
    (type) => {
      const example = WEBHOOK_EVENT_EXAMPLES[type]
      expect(example.type).toBe(type)
      const parsed = v.safeParse(webhookBodySchema, example)
      expect(parsed.issues?.map((issue) => issue.message)).toBeUndefined()
      expect(parsed.output).toEqual(example)
    },
  )
})
