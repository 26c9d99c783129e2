import { Hono, type Context } from 'hono'
import { cors } from 'hono/cors'
import { createMiddleware } from 'hono/factory'
import { secureHeaders } from 'hono/secure-headers'
import { BODY_FIELD, isJsonContentType } from '@/contract/refusals'
import { handleError } from '../http/errors.ts'
import { measureRequests } from '../http/measure.ts'
import { limitBodySize } from '../http/json-body.ts'
import { PERMISSIONS_POLICY } from '../http/page-policy.ts'
import { requireVendorCaller } from '../http/vendor-caller.ts'
import { type CertEnv, type CertServices, certificationRoutes } from '../certification/index.ts'

/*
 * The certification service (CERT_PORT, 7600), composed here: its calls are
 * server/certification/routes.ts, its caller check server/http/vendor-caller.ts.
 *
 * Who may call it — a deliberate tightening of spec §7's "no token, no cookies"
 * (docs/decisions/0006): every call needs the owning vendor's session cookie, the same HttpOnly
 * cookie the main service set at login. Cookies are not scoped by port, so the browser sends it
 * to this service on the page's host; CORS answers the portal's origin only, with credentials.
 * The session is the main service's (sessions table): one that is idle past 300 s, logged out or
 * unknown answers 401, and a call counts as activity like any main-service call. A body's
 * vendor_user_id must be the session's account (403).
 *
 * Cross-site request forgery: the cookie is SameSite=Lax, so another site's POST arrives without
 * it; on top, a POST must be JSON (a cross-origin JSON POST needs a CORS preflight, which other
 * origins fail) and a POST whose Origin is not the portal's is refused before anything happens.
 */

export type CertAppOptions = CertServices & {
  /** Whether a browser page at `origin` is the portal (see portalOriginPolicy). */
  isPortalOrigin: (origin: string, c: Context) => boolean
}

export const WRONG_ORIGIN_MESSAGE = 'Requests to the certification service must come from the portal.'
export const JSON_REQUIRED_MESSAGE = 'Send the request as JSON (Content-Type: application/json).'

/**
 * The origins allowed to call the service from a browser: any origin in `extra` (PORTAL_ORIGIN),
 * and the main service itself on the host this service was reached at — the default deployment,
 * where the page at http://host:7700 calls http://host:7600.
 */
export function portalOriginPolicy({
  mainPort,
  extra = [],
}: {
  mainPort: number
  extra?: readonly string[]
}) {
  const listed = new Set(extra.map((origin) => origin.trim().replace(/\/+$/, '')).filter(Boolean))
  return (origin: string, c: Context) => {
    if (listed.has(origin)) return true
    let page: URL
    try {
      page = new URL(origin)
    } catch {
      return false
    }
    const servedAt = new URL(c.req.url)
    return (
      (page.protocol === 'http:' || page.protocol === 'https:') &&
      page.hostname === servedAt.hostname &&
      page.port === String(mainPort) &&
      page.origin === origin
    )
  }
}

export function createCertApp({ isPortalOrigin, ...services }: CertAppOptions) {
  const app = new Hono<CertEnv>()

  app.onError(handleError)
  app.use(measureRequests('certification'))
  app.use(secureHeaders({ crossOriginResourcePolicy: 'same-site', crossOriginEmbedderPolicy: false }))
  app.use(
    cors({
      origin: (origin, c) => (isPortalOrigin(origin, c) ? origin : null),
      credentials: true,
      allowMethods: ['GET', 'POST'],
      allowHeaders: ['Content-Type'],
      // Retry-After of a token's 429 (docs/decisions/0026); a browser page uses the cookie.
      exposeHeaders: ['Content-Disposition', 'Retry-After'],
      maxAge: 600,
    }),
  )
  app.use('*', async (c, next) => {
    c.set('services', services)
    // Every answer carries a vendor's data or says who may call: never stored by a cache.
    c.header('Cache-Control', 'no-store')
    c.header('Permissions-Policy', PERMISSIONS_POLICY)
    await next()
  })
  app.use('*', limitBodySize, refuseForeignPosts(isPortalOrigin), requireVendorCaller)
  app.route('/', certificationRoutes)

  app.all('*', (c) => c.json({ message: `No call at ${c.req.method} ${c.req.path}.` }, 404))
  return app
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** A state-changing call must be JSON and must not come from a page of another origin. */
function refuseForeignPosts(isPortalOrigin: CertAppOptions['isPortalOrigin']) {
  return createMiddleware<CertEnv>(async (c, next) => {
    if (UNSAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('Origin')
      if (origin !== undefined && !isPortalOrigin(origin, c)) {
        return c.json({ message: WRONG_ORIGIN_MESSAGE }, 403)
      }
      // Read as the main service reads a body (src/contract/refusals.ts, decision 0015).
      if (!isJsonContentType(c.req.header('Content-Type'))) {
        return c.json({ message: JSON_REQUIRED_MESSAGE, field: BODY_FIELD }, 415)
      }
    }
    await next()
  })
}
