import { createHash } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'

/*
 * The headers that say what a page may do (docs/decisions/0017).
 *
 * Content-Security-Policy, on every HTML answer of the main service (the prerendered pages,
 * app.html, the development mailbox, the "Storybook being built" page):
 * - scripts: the portal's own files, and the inline scripts of the page itself by their SHA-256
 *   (index.html's "logged in?" line before the first paint; a prerendered page's boot, written by
 *   scripts/build.mjs). The hashes are computed here, from the HTML being served, so that they
 *   always match the page whatever built it (DIST_DIR, a rebuild while the server runs). No
 *   'unsafe-inline', no 'unsafe-eval'.
 * - styles: 'unsafe-inline' as well as the portal's files: a prerendered page inlines its
 *   stylesheet in a <style>, and React, Radix (popper positions, presence) and sonner set style=
 *   attributes at run time, which no hash can allow.
 * - connect-src: the page's own origin and the certification service on the host the page was
 *   reached at, on the port the main service announces at GET /api/portal-config (decision 0010)
 *   or 7600, plus `connectSources` (VITE_CERT_API_URL's origin when the build points elsewhere).
 *   The host is written without a scheme, so that it matches the page's own scheme (http, or
 *   https behind a TLS proxy).
 * - images from the portal, data: and blob: URLs; nothing may frame a page, no <base> elsewhere,
 *   forms post to the portal only, no plug-ins.
 *
 * The built Storybook under /storybook/ runs inline scripts and eval of its own (its manager, the
 * preview, MSW's service worker), so it gets a policy that only keeps it from being framed by
 * another site and from plug-ins, <base> and foreign form targets (STORYBOOK_POLICY). `vite dev`
 * and Storybook's dev server are not served by the portal and carry no policy.
 *
 * Permissions-Policy, on every answer of both services: no camera, microphone, geolocation or
 * the like for the portal's pages, nor for anything they could embed.
 */

export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ')

export const STORYBOOK_POLICY =
  "frame-ancestors 'self'; base-uri 'self'; form-action 'self'; object-src 'none'"

/** The default certification-service port the page falls back to (spec §9). */
const DEFAULT_CERT_PORT = 7600

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi

/** 'sha256-…' sources of every inline script of a page (scripts with a src are files: 'self'). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue
    // A JSON data block is not run: no hash needed.
    if (/\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}

/** A host name fit for a CSP source (letters, digits, dots, hyphens); null otherwise (IPv6 literals too). */
export function cspHost(hostname: string): string | null {
  return /^[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?$/i.test(hostname) ? hostname.toLowerCase() : null
}

/** An origin (scheme://host[:port]) fit for a CSP source; null for anything else. */
export function cspOrigin(value: string): string | null {
  try {
    const url = new URL(value)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    return cspHost(url.hostname) ? url.origin : null
  } catch {
    return null
  }
}

export function contentSecurityPolicy({
  scriptHashes,
  connectSources,
}: {
  scriptHashes: readonly string[]
  connectSources: readonly string[]
}) {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    ["connect-src 'self'", ...connectSources].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * Sets Content-Security-Policy on the main service's HTML answers (STORYBOOK_POLICY under
 * /storybook/) unless a route set one, and Permissions-Policy on every answer.
 */
export function pagePolicy({
  certificationServicePort,
  connectSources = [],
}: {
  certificationServicePort: () => number | null
  connectSources?: readonly string[]
}): MiddlewareHandler {
  const extra = connectSources.map(cspOrigin).filter((origin): origin is string => origin !== null)
  return async (c, next) => {
    await next()
    c.res.headers.set('Permissions-Policy', PERMISSIONS_POLICY)
    const type = c.res.headers.get('Content-Type') ?? ''
    if (!type.toLowerCase().startsWith('text/html') || c.res.headers.has('Content-Security-Policy')) return
    if (c.req.path === '/storybook' || c.req.path.startsWith('/storybook/')) {
      c.res.headers.set('Content-Security-Policy', STORYBOOK_POLICY)
      return
    }
    const html = c.res.body ? await c.res.text() : ''
    const host = cspHost(new URL(c.req.url).hostname)
    const certSource = host ? `${host}:${certificationServicePort() ?? DEFAULT_CERT_PORT}` : null
    const headers = new Headers(c.res.headers)
    headers.delete('Content-Length') // the body is sent again from its text
    headers.set(
      'Content-Security-Policy',
      contentSecurityPolicy({
        scriptHashes: inlineScriptHashes(html),
        connectSources: [...(certSource ? [certSource] : []), ...extra],
      }),
    )
    c.res = new Response(c.req.method === 'HEAD' ? null : html, {
      status: c.res.status,
      statusText: c.res.statusText,
      headers,
    })
  }
}
