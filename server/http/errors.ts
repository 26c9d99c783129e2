import type { ErrorHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { log } from '../platform/log.ts'

/*
 * The last resort: an error no handler expected answers 500 with a plain message. The log line
 * (server/platform/log.ts: one JSON object) names the call — its method and path as fields, so that a path
 * holding an encoded newline stays inside its line — and the error with its stack; never the
 * request's body, query, cookies or headers: they hold passwords, codes and tokens.
 */

export const UNEXPECTED_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.'

export const handleError: ErrorHandler = (error, c) => {
  if (error instanceof HTTPException) {
    const status = error.status
    return c.json({ message: status >= 500 ? UNEXPECTED_ERROR_MESSAGE : error.message }, status)
  }
  log.error(
    {
      method: c.req.method,
      path: c.req.path,
      err: error instanceof Error ? error : new Error(String(error)),
    },
    'request failed',
  )
  return c.json({ message: UNEXPECTED_ERROR_MESSAGE }, 500)
}
