import { timingSafeEqual } from 'node:crypto'
import { createMiddleware } from 'hono/factory'
import { TOKEN_HEADER } from '@/contract/auth'
import { MISSING_TOKEN_MESSAGE } from '@/contract/server-messages'
import { tokenDigest } from './session-token.ts'
import type { MainEnv } from './context.ts'

/*
 * The CSRF guard (ARCHITECTURE.md decision 1). GET /api/token hands out a random Token, kept by
 * the client in local storage and sent back as the `Token` header; the session row keeps only its
 * digest. Another site can make a browser send the cookie, but cannot read the Token, so a
 * state-changing call without the matching header is refused. Runs after loadSession.
 */

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export const requireToken = createMiddleware<MainEnv>(async (c, next) => {
  // A call with an API token carries no cookie a browser would add by itself (docs/decisions/0026).
  if (SAFE_METHODS.has(c.req.method) || c.var.session?.apiToken) return next()
  const expected = c.var.session?.csrfTokenHash
  const sent = c.req.header(TOKEN_HEADER)
  if (!expected || !sent || !sameDigest(tokenDigest(sent), expected)) {
    return c.json({ message: MISSING_TOKEN_MESSAGE }, 403)
  }
  await next()
})

function sameDigest(a: string, b: string) {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}
