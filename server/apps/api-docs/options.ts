import type { JsonSchema } from '@valibot/to-json-schema'
import type * as v from 'valibot'

/*
 * What the OpenAPI document (docs/decisions/0029) is built with, and the names its parts share:
 * the addresses it names, the paths it is served at, the JSON shapes.
 */

/** The API's version in the document's info (the portal's API, not the OpenAPI version). */
export const OPENAPI_API_VERSION = '1.0.0'
export const OPENAPI_PATH = '/api/openapi.json'
export const API_DOCS_PATH = '/api/docs'
/** The portal's page where a vendor creates API tokens. */
export const API_TOKENS_PAGE_PATH = '/settings/tokens'
/** The session cookie the main service sets (server/http/session-token.ts SESSION_COOKIE). */
export const SESSION_COOKIE_NAME = 'portal_session'

/** The certification service's address as a caller reaches it (docs/decisions/0010). */
export type CertificationServer = { scheme: 'http' | 'https'; host: string; port: number }

/**
 * A webhook delivery the contract describes (src/contract/webhooks.ts when present): the event's
 * type and the JSON body's schema.
 */
export type ContractWebhook = { type: string; schema: v.GenericSchema; summary?: string }

export type OpenApiOptions = {
  /** The main service's URL; '/' (the document's own origin) by default. */
  mainServerUrl?: string
  /** The portal's address as the walkthrough's curl calls use it. */
  portalUrl?: string
  certificationServer?: CertificationServer
  /** The webhook deliveries; the `webhooks` section is left out when there are none. */
  webhooks?: ReadonlyArray<ContractWebhook>
}

/** Where the walkthrough's curl calls send main-service calls when the server does not say. */
export const DEFAULT_PORTAL_URL = 'http://localhost:7700'

export const DEFAULT_CERTIFICATION_SERVER: CertificationServer = {
  scheme: 'http',
  host: 'localhost',
  port: 7600,
}

export type JsonObject = Record<string, unknown>
export type OpenApiDocument = JsonObject & {
  openapi: '3.1.0'
  paths: Record<string, Record<string, unknown>>
  components: { schemas: Record<string, JsonSchema> } & JsonObject
}

export const MEDIA_JSON = 'application/json'
export const COMPONENT_REF = '#/components/schemas/'
export const ref = (name: string) => ({ $ref: `${COMPONENT_REF}${name}` })

/** `/runs/:runId/results.json` → `/runs/{runId}/results.json`, and the parameters' names. */
export function openApiPath(path: string): { path: string; parameters: string[] } {
  const parameters: string[] = []
  const converted = path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    parameters.push(name)
    return `{${name}}`
  })
  return { path: converted, parameters }
}
