import type * as v from 'valibot'
import type { LabPermission } from '@/contract/lab'
import type { FieldLabels } from '@/contract/refusals'
import type { Permission } from '@/contract/roles'

/*
 * What one entry of the endpoint table says about a call: which service answers it, the method
 * and path, the request and answer schemas, how the answer is read, what the browser sends with
 * it, who may make it, and the words and example of the API document (server/apps/api-docs).
 *
 * - main: the main service (spec §7: cookies, JSON headers and the Token header on every call).
 * - certification: the certification-test service on port 7600, sent no token (spec §7) but, as a
 *   deliberate tightening of §7's "no cookies", the vendor's session cookie: the service accepts
 *   only the owning vendor's session (docs/decisions/0006).
 */

type AnySchema = v.GenericSchema

/** The groups of the API document (named and described in server/apps/api-docs/tags.ts). */
export type EndpointTag =
  | 'session'
  | 'reference'
  | 'portfolio'
  | 'records'
  | 'certification'
  | 'team'
  | 'certificates'
  | 'lab'
  | 'tokens'
  | 'notifications'
  | 'webhooks'

/** A refusal status a call's handler can answer by itself (beyond those the document derives from the entry). */
type HandlerRefusal = 400 | 401 | 404 | 409 | 429

type EndpointBase = {
  service: 'main' | 'certification'
  method: 'GET' | 'POST'
  path: string
  /** The body (POST) or the query parameters (GET), or null when the call takes nothing. */
  request: AnySchema | null
  /** The answer on success; null for answers read as text. */
  answer: AnySchema | null
  /** How the answer is read (spec §7: JSON, text for change-password and the token bootstrap). */
  answerType: 'json' | 'text'
  cookies: boolean
  token: boolean
  /**
   * Not named in spec §7: added by ARCHITECTURE.md's decisions or by one of this repository's
   * (docs/decisions/0005 lists them).
   */
  addedBy?: 'architecture'
  /**
   * Never made with an API token (docs/decisions/0026): signing in and out, the session's
   * organization, leaving it, a person's mail settings, and the token calls themselves, so that a
   * leaked token cannot make itself a successor. The lab's calls are never a token's either.
   */
  sessionOnly?: true
  /** How a refused input is answered where it differs from the default (src/contract/refusals.ts). */
  refusalForm?: {
    /** The form's labels where they differ from PAYLOAD_FIELD_LABELS. */
    labels?: FieldLabels
    /** The call's answers carry status: a refusal answers `status: 'FAILURE'` too. */
    withStatus?: true
  }
  /* The API document's words (docs/decisions/0029). */
  tag: EndpointTag
  summary: string
  description?: string
  /**
   * The refusals the call's own handler can answer, beyond those the document derives from the
   * entry (400 from the request schema, 401/403 from the permission, 403 from the CSRF guard,
   * 413/415 for bodies).
   */
  refusals?: ReadonlyArray<HandlerRefusal>
  /**
   * Answered without a login too (the login only adds to the answer): the document marks the
   * security optional and lists no 401/403 of a login.
   */
  loginOptional?: true
  /** The document's examples: the JSON body of a POST (the query of a GET) and the answer. */
  example?: { request?: Readonly<Record<string, unknown>>; answer?: unknown }
}

/**
 * A vendor's call: the permission its role needs once logged in (src/contract/roles.ts), or null
 * for a call made before or without a login.
 */
export type VendorEndpoint = EndpointBase & { audience: 'vendor'; permission: Permission | null }

/**
 * A lab console call (docs/decisions/0024): lab staff sessions only, with the lab permission it
 * needs (src/contract/lab.ts), or null for the set-password calls made before any login.
 */
export type LabEndpoint = EndpointBase & { audience: 'lab'; permission: LabPermission | null }

export type Endpoint = VendorEndpoint | LabEndpoint

/** The main service's vendor calls share these. */
export const main = { service: 'main', cookies: true, token: true, audience: 'vendor' } as const
/** The certification service's calls (vendors only). */
export const cert = { service: 'certification', cookies: true, token: false, audience: 'vendor' } as const
/** The lab console's calls, on the main service. */
export const labMain = { ...main, audience: 'lab' } as const
