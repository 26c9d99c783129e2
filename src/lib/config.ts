/*
 * Where the two services of spec §7 live. Both are computed when asked, never at import, so
 * prerendering and tests can import this module without a browser (ARCHITECTURE.md "Front end").
 *
 * A base URL is the root of a service, without a trailing slash; callers append the service's own
 * paths ('/api/login'). Overrides are read from Vite's build-time env:
 *   VITE_MAIN_API_URL  main service, e.g. 'http://localhost:7700'. Unset: the page's own origin,
 *                      because the main service serves the front end itself.
 *   VITE_CERT_API_URL  certification service, e.g. 'https://cert.example.com'. Unset: port 7600 on
 *                      the page's host (spec §9), since both listeners run in one process by default.
 */

declare global {
  interface ImportMetaEnv {
    readonly VITE_MAIN_API_URL?: string
    readonly VITE_CERT_API_URL?: string
    readonly VITE_SUPPORT_EMAIL?: string
  }
}

export const CERTIFICATION_SERVICE_PORT = 7600

/** Without a page (prerender, Node tests) there is no host to borrow; the local default stands in. */
const HOST_WITHOUT_A_PAGE = 'http://localhost'

function override(value: string | undefined): string | null {
  const trimmed = value?.trim()
  return trimmed ? trimmed.replace(/\/+$/, '') : null
}

function pageLocation(): Location | null {
  return typeof location === 'undefined' ? null : location
}

/** '' (same origin, so requests go to relative '/api/...') unless VITE_MAIN_API_URL is set. */
export function getMainServiceBaseUrl(): string {
  return override(import.meta.env.VITE_MAIN_API_URL) ?? ''
}

let announcedCertificationPort: number | null = null

/**
 * The port the main service says its certification service listens on (GET /api/portal-config,
 * docs/decisions/0010), so that a portal started with another CERT_PORT needs no rebuild.
 */
export function setCertificationServicePort(port: number | null): void {
  announcedCertificationPort = port
}

/** Whether the certification service's address is fixed at build time (VITE_CERT_API_URL). */
export function isCertificationServiceConfigured(): boolean {
  return override(import.meta.env.VITE_CERT_API_URL) !== null
}

/**
 * VITE_CERT_API_URL when set; else the page's host on the port the main service announced, or
 * on 7600 (spec §9) until it has.
 */
export function getCertificationServiceBaseUrl(): string {
  const configured = override(import.meta.env.VITE_CERT_API_URL)
  if (configured) return configured
  const page = pageLocation()
  const origin = page ? `${page.protocol}//${page.hostname}` : HOST_WITHOUT_A_PAGE
  return `${origin}:${announcedCertificationPort ?? CERTIFICATION_SERVICE_PORT}`
}

/**
 * The support address behind Contact Us and the header's contact action (spec §2, which names no
 * address): VITE_SUPPORT_EMAIL at build time. The default is on the reserved .example domain, so
 * that an unconfigured build never mails a stranger.
 */
export const DEFAULT_SUPPORT_EMAIL = 'support@device-certification.example'

export function getSupportEmail(): string {
  const configured = import.meta.env.VITE_SUPPORT_EMAIL?.trim()
  return configured || DEFAULT_SUPPORT_EMAIL
}

export const SUPPORT_MAIL_SUBJECT = 'Device certification support'

/** A mailto: link that opens the mail composer to the support address, with a subject. */
export function supportMailto({
  email = getSupportEmail(),
  subject = SUPPORT_MAIL_SUBJECT,
}: { email?: string; subject?: string } = {}): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}`
}
