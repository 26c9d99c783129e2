import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import * as v from 'valibot'
import { INVALID_REQUEST_MESSAGE, refusedRequestMessage } from '@/contract/server-messages'

/*
 * Every request body is read against its contract schema before a handler sees it
 * (ARCHITECTURE.md "Server"): malformed JSON, wrong types, missing fields and bodies over the limit
 * get a 400 with a JSON message, and the handler — the only code that writes — never runs.
 */

/** No call of the portal sends more than a few KB; the limit keeps a huge body from being read. */
export const BODY_LIMIT_BYTES = 100 * 1024

export const limitBodySize = bodyLimit({
  maxSize: BODY_LIMIT_BYTES,
  onError: (c) => c.json({ message: INVALID_REQUEST_MESSAGE }, 400),
})

/**
 * Parses the body as JSON and checks it with `schema`; the handler reads the result as
 * `c.var.body`. A refusal answers the general INVALID_REQUEST_MESSAGE, or the schema's own words
 * when they are written for vendors (refusedRequestMessage: e.g. an empty comment); the rules of
 * spec §5 with their messages are checked by the handler.
 */
export function jsonBody<S extends v.GenericSchema>(schema: S) {
  return createMiddleware<{ Variables: { body: v.InferOutput<S> } }>(async (c, next) => {
    let raw: unknown
    try {
      raw = JSON.parse(await c.req.text())
    } catch {
      return c.json({ message: INVALID_REQUEST_MESSAGE }, 400)
    }
    const parsed = v.safeParse(schema, raw)
    if (!parsed.success) return c.json({ message: refusedRequestMessage(parsed.issues[0]?.message) }, 400)
    c.set('body', parsed.output)
    await next()
  })
}

/**
 * Checks the query parameters of a GET with `schema`, as jsonBody checks a body; the handler reads
 * the result as `c.var.body`.
 */
export function queryInput<S extends v.GenericSchema>(schema: S) {
  return createMiddleware<{ Variables: { body: v.InferOutput<S> } }>(async (c, next) => {
    const parsed = v.safeParse(schema, c.req.query())
    if (!parsed.success) return c.json({ message: refusedRequestMessage(parsed.issues[0]?.message) }, 400)
    c.set('body', parsed.output)
    await next()
  })
}
