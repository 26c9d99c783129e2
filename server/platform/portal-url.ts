import { isLoopbackHost } from './development.ts'

/*
 * The portal's public address, the one origin of every link the portal mails or
 * shows (set-password, invitation, unsubscribe, verification, dashboard links). It is never read
 * from a request's Host or X-Forwarded-* headers: anyone can send those, and a link built from
 * them hands a mailed token to whoever sent them. PORTAL_URL says it; a portal on loopback may do
 * without it (its own main service's URL), a portal that listens beyond this machine must not.
 */

/** Why the portal does not start without PORTAL_URL beyond loopback. */
export const portalUrlRequiredMessage = (hostname: string) =>
  `PORTAL_URL must be set when the portal listens on ${hostname}, beyond this machine: every link the portal mails or shows (set-password, invitation, verification) points there, e.g. PORTAL_URL=https://certification.example.com.`

/** Why a PORTAL_URL is not taken. */
export const portalUrlInvalidMessage = (value: string) =>
  `PORTAL_URL must be the portal's address as people reach it, an http or https origin such as https://certification.example.com (no path, query, user or password), not "${value}".`

/** The origin in `value` ('https://host[:port]'), or an Error that says what is wrong with it. */
export function parsePortalUrl(value: string): string {
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    throw new Error(portalUrlInvalidMessage(value))
  }
  const plain =
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.username === '' &&
    url.password === '' &&
    url.pathname === '/' &&
    url.search === '' &&
    url.hash === ''
  if (!plain) throw new Error(portalUrlInvalidMessage(value))
  return url.origin
}

/**
 * PORTAL_URL (checked), or the main service's own URL when the portal listens on loopback only;
 * throws an Error whose message is for the person starting it otherwise.
 */
export function portalUrlFromEnv({
  env,
  hostname,
  mainPort,
}: {
  env: NodeJS.ProcessEnv
  /** The address the server listens on (HOST). */
  hostname: string
  mainPort: number
}): string {
  const configured = env.PORTAL_URL?.trim()
  if (configured) return parsePortalUrl(configured)
  if (!isLoopbackHost(hostname)) throw new Error(portalUrlRequiredMessage(hostname))
  const bare = hostname.replace(/^\[(.*)\]$/, '$1')
  return `http://${bare.includes(':') ? `[${bare}]` : bare}:${mainPort}`
}
