import type { ErrorHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'

/*
 * The last resort: an error no handler expected answers 500 with a plain message. The log names
 * the call and the error (its stack), never the request's body, cookies or headers — they hold
 * passwords, codes and tokens.
 */

export const UNEXPECTED_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.'

export const handleError: ErrorHandler = (error, c) => {
  if (error instanceof HTTPException) {
    const status = error.status
    return c.json({ message: status >= 500 ? UNEXPECTED_ERROR_MESSAGE : error.message }, status)
  }
  console.error(`${c.req.method} ${c.req.path} failed:`, error instanceof Error ? error.stack : String(error))
  return c.json({ message: UNEXPECTED_ERROR_MESSAGE }, 500)
}
