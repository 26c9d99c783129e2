import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import type * as v from 'valibot'
import {
  BODY_FIELD,
  bodyTooLargeMessage,
  FIELD_HEADER,
  isJsonContentType,
  NOT_JSON_MESSAGE,
  NOT_SENT_AS_JSON_MESSAGE,
  readInput,
  type Refusal,
  refusalBody,
  type RefusalForm,
} from '@/contract/refusals'

/*
 * Every request body is read against its contract schema before a handler sees it
 * (ARCHITECTURE.md "Server"): a body not sent as JSON (415), too large (413), malformed JSON, wrong
 * types, missing fields or forbidden characters (400) are refused with `{ message, field }`
 * (src/contract/refusals.ts, docs/decisions/0015), and the handler — the only code that writes —
 * never runs.
 */

/** No call of the portal sends more than a few KB; the limit keeps a huge body from being read. */
export const BODY_LIMIT_BYTES = 100 * 1024

export const limitBodySize = bodyLimit({
  maxSize: BODY_LIMIT_BYTES,
  onError: (c) =>
    c.json({ message: bodyTooLargeMessage(BODY_LIMIT_BYTES), field: BODY_FIELD }, 413, {
      Connection: 'close',
    }),
})

/** Answers a refusal in the call's form. */
export function refuse(c: Context, refusal: Refusal, status: 400 | 413 | 415, form: RefusalForm = {}) {
  if (form.asText) return c.text(refusal.message, status, { [FIELD_HEADER]: refusal.field })
  return c.json(refusalBody(refusal, form), status)
}

/**
 * Parses the body as JSON and checks it with `schema`; the handler reads the result as
 * `c.var.body`. The spec §5 rules with their own messages are checked by the handler.
 */
export function jsonBody<S extends v.GenericSchema>(schema: S, form: RefusalForm = {}) {
  return createMiddleware<{ Variables: { body: v.InferOutput<S> } }>(async (c, next) => {
    if (!isJsonContentType(c.req.header('Content-Type'))) {
      return refuse(c, { message: NOT_SENT_AS_JSON_MESSAGE, field: BODY_FIELD }, 415, form)
    }
    let raw: unknown
    try {
      raw = JSON.parse(await c.req.text())
    } catch {
      return refuse(c, { message: NOT_JSON_MESSAGE, field: BODY_FIELD }, 400, form)
    }
    const read = readInput(schema, raw, form.labels)
    if ('refused' in read) return refuse(c, read.refused, 400, form)
    c.set('body', read.output)
    await next()
  })
}

/**
 * Checks the query parameters of a GET with `schema`, as jsonBody checks a body (the refusal names
 * the parameter); the handler reads the result as `c.var.body`.
 */
export function queryInput<S extends v.GenericSchema>(schema: S) {
  return createMiddleware<{ Variables: { body: v.InferOutput<S> } }>(async (c, next) => {
    const read = readInput(schema, c.req.query())
    if ('refused' in read) return c.json(read.refused, 400)
    c.set('body', read.output)
    await next()
  })
}
