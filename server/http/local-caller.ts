import { timingSafeEqual } from 'node:crypto'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import { isLoopbackHost } from '../platform/development.ts'
import { bearerSecret } from './bearer-token.ts'

/*
 * Who may call a portal's operations beyond the vendors' and the lab's API (/metrics, the operator
 * calls under /operations/; docs/decisions/0047 and 0048): a caller on this machine that came
 * through no proxy (a proxy on this machine adds Forwarded or X-Forwarded-For, and would otherwise
 * hand the call to anyone), or one that sends `token` as a Bearer token.
 */
export function isLocalCallerOrBearer(c: Context, token: string | undefined): boolean {
  const bearer = bearerSecret(c.req.header('Authorization') ?? '')
  if (token && bearer) {
    const given = Buffer.from(bearer)
    const wanted = Buffer.from(token)
    return given.length === wanted.length && timingSafeEqual(given, wanted)
  }
  if (c.req.header('Forwarded') || c.req.header('X-Forwarded-For')) return false
  try {
    return isLoopbackHost(getConnInfo(c).remote.address ?? '')
  } catch {
    return false
  }
}
