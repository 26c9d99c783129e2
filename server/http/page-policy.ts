import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import type { MiddlewareHandler } from 'hono'
import { inlineScriptHashes, pageScriptHashes, SCRIPT_HASHES_FILE } from '../../scripts/script-hashes.mjs'
import { log } from '../platform/log.ts'
import type { MainEnv } from './context.ts'

/*
 * The headers that say what a page may do (docs/decisions/0017).
 *
 * Content-Security-Policy, on every HTML answer of the main service (the prerendered pages,
 * app.html, the development mailbox, the "Storybook being built" page):
 * - scripts: the portal's own files, and the inline scripts the build wrote into the page, by their
 *   SHA-256 (index.html's "logged in?" line before the first paint; a prerendered page's boot,
 *   written by scripts/build.mjs). The hashes come from the build, never from the answer
 *   (an inline script injected into an answer would otherwise be hashed and allowed). The build
 *   records each page's in dist/.script-hashes.json (scripts/script-hashes.mjs); the server reads
 *   it at start, and again when a build rewrites it while the server runs. A dist/ built before
 *   that file existed has its pages' hashes computed from its .html files once, at start: the
 *   build's output, not an answer. The app marks which dist/ file an answer is (`builtPage`, set
 *   where the file is served, app.ts); an HTML answer that is no dist/ file (the API reference,
 *   the development mailbox) gets the hashes of the server's own templates (`serverPageHashes`:
 *   none today). No 'unsafe-inline', no 'unsafe-eval'.
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

export { inlineScriptHashes }

/** A dist/ file's inline scripts' sources, by its '/'-separated path from dist/. */
export type BuiltPageHashes = (page: string) => readonly string[]

type HashesFile = { pages: Record<string, string[]> }

function isHashesFile(value: unknown): value is HashesFile {
  if (typeof value !== 'object' || value === null) return false
  const { pages } = value as { pages?: unknown }
  if (typeof pages !== 'object' || pages === null) return false
  return Object.values(pages).every(
    (hashes) => Array.isArray(hashes) && hashes.every((hash) => typeof hash === 'string'),
  )
}

/**
 * The build's hashes of `distDir`'s pages: its SCRIPT_HASHES_FILE, read again when a build
 * rewrites it; without one (a build from before it), computed from the .html files now, once.
 */
export function builtPageHashes(distDir: string): BuiltPageHashes {
  const file = path.join(distDir, SCRIPT_HASHES_FILE)
  let pages: Record<string, string[]> = {}
  let readAt: number | null = null
  const refresh = () => {
    const stats = statSync(file, { throwIfNoEntry: false })
    // None (yet, or a build emptying dist/ right now): what was read last stays.
    if (!stats || stats.mtimeMs === readAt) return
    readAt = stats.mtimeMs
    try {
      const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'))
      if (!isHashesFile(parsed)) throw new Error(`${SCRIPT_HASHES_FILE} is not { pages: { file: hashes } }.`)
      pages = parsed.pages
    } catch (error) {
      log.error(
        { err: error, file },
        'page policy: the build’s script hashes are unreadable; no inline script is allowed',
      )
      pages = {}
    }
  }
  refresh()
  if (readAt === null) pages = pageScriptHashes(distDir)
  return (page) => {
    refresh()
    return pages[page] ?? []
  }
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
 * /storybook/) unless a route set one, and Permissions-Policy on every answer. The answer's body
 * is not read: a dist/ file's scripts are the build's (`builtPages`), any other page's the
 * server's templates' (`serverPageHashes`).
 */
export function pagePolicy({
  certificationServicePort,
  connectSources = [],
  builtPages,
  serverPageHashes,
}: {
  certificationServicePort: () => number | null
  connectSources?: readonly string[]
  builtPages: BuiltPageHashes
  serverPageHashes: () => readonly string[]
}): MiddlewareHandler<MainEnv> {
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
    const page = c.get('builtPage')
    const host = cspHost(new URL(c.req.url).hostname)
    const certSource = host ? `${host}:${certificationServicePort() ?? DEFAULT_CERT_PORT}` : null
    c.res.headers.set(
      'Content-Security-Policy',
      contentSecurityPolicy({
        scriptHashes: page === undefined ? serverPageHashes() : builtPages(page),
        connectSources: [...(certSource ? [certSource] : []), ...extra],
      }),
    )
  }
}
