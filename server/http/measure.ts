import type { MiddlewareHandler } from 'hono'
import { httpRequestDuration } from '../platform/metrics.ts'

/**
 * Times every answer of a service into portal_http_request_duration_seconds, labelled by the
 * pattern of the route that answered (`/api/records/:id`, never the path with its ids) and the
 * status. A live stream counts until its answer starts, not while it stays open.
 */
export const measureRequests =
  (service: 'main' | 'certification'): MiddlewareHandler =>
  async (c, next) => {
    const started = performance.now()
    await next()
    httpRequestDuration.observe(
      { service, method: c.req.method, route: c.req.routePath, status: String(c.res.status) },
      (performance.now() - started) / 1000,
    )
  }
