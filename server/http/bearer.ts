import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { Kysely } from 'kysely'
import {
  API_TOKEN_READ_ONLY_MESSAGE,
  API_TOKEN_SESSION_ONLY_MESSAGE,
  type ApiTokenAccess,
  AUTHORIZATION_HEADER,
} from '@/contract/api-tokens'
import { apiTokenAccess, type EndpointName, endpoints } from '@/contract/endpoints'
import { EVENTS_PATH } from '@/contract/events'
import { LAB_EVENTS_PATH } from '@/contract/lab'
import { authenticateBearer } from './bearer-token.ts'
import type { Database } from '../platform/db/schema.ts'
import type { LiveSession, MainEnv } from './context.ts'

/*
 * docs/decisions/0026: a main-service call with `Authorization: Bearer <token>`
 * acts as the token's member in the token's organization, with the member's role as it is now.
 * It runs before loadSession and, when the header is there, decides alone: the cookie is not
 * read, and the CSRF guard does not apply (no browser sends this header by itself, so another
 * site cannot make one send it). The call's access (src/contract/endpoints apiTokenAccess)
 * is checked against the token's scope here, before the endpoint's own checks (role, ownership),
 * which then run as for a session.
 */

const mainEndpointByRoute = new Map<string, EndpointName>(
  (Object.keys(endpoints) as EndpointName[])
    .filter((name) => endpoints[name].service === 'main')
    .map((name) => [`${endpoints[name].method} ${endpoints[name].path}`, name]),
)

/** What a token needs to make the call at `method path`; 'read' for a path no call has (answered 404). */
export function accessOfRoute(method: string, path: string): ApiTokenAccess {
  const name = mainEndpointByRoute.get(`${method === 'HEAD' ? 'GET' : method} ${path}`)
  if (name === undefined) return path === EVENTS_PATH || path === LAB_EVENTS_PATH ? 'session' : 'read'
  return apiTokenAccess(name)
}

/** The 401 or 429 of a refused bearer, as both services answer it. */
export function bearerRefusal(
  c: Context,
  verdict: { status: 401 | 429; message: string; retryAfterSeconds?: number },
) {
  if (verdict.status === 429) {
    c.header('Retry-After', String(verdict.retryAfterSeconds ?? 60))
  } else {
    c.header('WWW-Authenticate', 'Bearer realm="Device Certification Portal"')
  }
  return c.json({ message: verdict.message }, verdict.status)
}

/**
 * The session a bearer call acts with, or the refusal to answer: a token that is unknown, revoked
 * or limited (401, 429), a call only a session may make (403), or a change made with a read token
 * (403).
 */
export async function bearerSession(
  c: Context,
  db: Kysely<Database>,
  header: string,
  access: ApiTokenAccess,
): Promise<LiveSession | Response> {
  const verdict = await authenticateBearer(db, header)
  if (!verdict.ok) return bearerRefusal(c, verdict)
  if (access === 'session') return c.json({ message: API_TOKEN_SESSION_ONLY_MESSAGE }, 403)
  const { caller } = verdict
  if (access === 'write' && caller.scope !== 'read-write') {
    return c.json({ message: API_TOKEN_READ_ONLY_MESSAGE }, 403)
  }
  return {
    id: `api-token:${caller.tokenId}`,
    accountId: caller.accountId,
    organizationId: caller.organizationId,
    role: caller.role,
    labStaffId: null,
    labRole: null,
    csrfTokenHash: null,
    lastSeenAt: new Date(),
    // No cached answer is picked by a version read here: the answer cache builds afresh.
    dataVersion: null,
    apiToken: { id: caller.tokenId, scope: caller.scope },
  }
}

export const loadBearer = createMiddleware<MainEnv>(async (c, next) => {
  const header = c.req.header(AUTHORIZATION_HEADER)
  if (header === undefined) return next()
  const { db } = c.var.services
  const session = await bearerSession(c, db, header, accessOfRoute(c.req.method, c.req.path))
  if (session instanceof Response) return session
  c.set('session', session)
  await next()
})
