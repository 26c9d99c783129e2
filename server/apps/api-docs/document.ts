import type { JsonSchema } from '@valibot/to-json-schema'
import type * as v from 'valibot'
import { TOKEN_HEADER } from '@/contract/auth'
import { CERTIFICATE_NUMBER_EXAMPLE } from '@/contract/certificates'
import { type Endpoint, type EndpointName, endpoints, RUN_REPORT_PATH } from '@/contract/endpoints'
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@/contract/portfolio'
import { securityOf } from './access.ts'
import {
  API_DOCS_PATH,
  API_TOKENS_PAGE_PATH,
  type CertificationServer,
  DEFAULT_CERTIFICATION_SERVER,
  type JsonObject,
  MEDIA_JSON,
  OPENAPI_API_VERSION,
  OPENAPI_PATH,
  type OpenApiDocument,
  type OpenApiOptions,
  openApiPath,
  SESSION_COOKIE_NAME,
} from './options.ts'
import { ERROR_SCHEMAS, errorResponses, successAnswer } from './responses.ts'
import { convertSchema, namedSchemas } from './schemas.ts'
import { ENDPOINT_TAG_DESCRIPTIONS, ENDPOINT_TAGS } from './tags.ts'
import { pipelineWalkthrough } from './walkthrough.ts'
import { webhookItems } from './webhook-items.ts'

/*
 * The OpenAPI 3.1 document of both services (docs/decisions/0029), generated from the endpoint
 * table (src/contract/endpoints) and its valibot schemas with @valibot/to-json-schema — never
 * written by hand. The main service serves it at /api/openapi.json (openapi.ts) with the URLs it
 * knows at run time. Every entry of the table is an operation: operationId is its key; summary,
 * description, tag, the handler's refusals and the examples are the entry's own.
 */

type Convert = (schema: v.GenericSchema, where: string, named?: boolean) => JsonSchema

function queryParameters(schema: JsonSchema, where: string) {
  if (schema.type !== 'object' || !schema.properties) {
    throw new Error(`OpenAPI: the query of ${where} must be an object schema.`)
  }
  const required = new Set(schema.required ?? [])
  return Object.entries(schema.properties).map(([parameter, property]) => ({
    name: parameter,
    in: 'query',
    required: required.has(parameter),
    schema: property,
  }))
}

function servedBy(endpoint: Endpoint, certification: CertificationServer) {
  if (endpoint.service === 'main') return undefined
  return [
    {
      url: '{scheme}://{host}:{port}',
      description:
        'The certification service: the main service’s host, on the port `GET /api/portal-config` announces (7600 by default).',
      variables: {
        scheme: { default: certification.scheme, enum: ['http', 'https'] },
        host: { default: certification.host },
        port: { default: String(certification.port) },
      },
    },
  ]
}

/** The path's and query's parameters and the body of one call. */
function inputOf(name: EndpointName, convert: Convert) {
  const endpoint: Endpoint = endpoints[name]
  const parameters: JsonObject[] = openApiPath(endpoint.path).parameters.map((parameter) => ({
    name: parameter,
    in: 'path',
    required: true,
    schema: {
      type: 'string',
      ...(parameter === 'number' ? { examples: [CERTIFICATE_NUMBER_EXAMPLE] } : {}),
    },
  }))
  let requestBody: JsonObject | undefined
  const example = endpoint.example?.request
  if (endpoint.request !== null) {
    if (endpoint.method === 'GET') {
      parameters.push(...queryParameters(convert(endpoint.request, `${name} (query)`, false), name))
    } else {
      requestBody = {
        required: true,
        content: {
          [MEDIA_JSON]: {
            schema: convert(endpoint.request, `${name} (request)`),
            ...(example ? { example } : {}),
          },
        },
      }
    }
  }
  if (name === 'submitPortfolio') {
    parameters.push({
      name: IDEMPOTENCY_KEY_HEADER,
      in: 'header',
      required: false,
      description: 'A repeat of the same key gets the first answer and submits nothing more.',
      schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
    })
  }
  return { parameters, requestBody }
}

/** The operation of one entry of the table. */
function operationOf(name: EndpointName, convert: Convert): JsonObject {
  const endpoint: Endpoint = endpoints[name]
  const { parameters, requestBody } = inputOf(name, convert)
  const answer = endpoint.answer === null ? null : convert(endpoint.answer, `${name} (answer)`)
  return {
    operationId: name,
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    tags: [ENDPOINT_TAGS[endpoint.tag]],
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: { '200': successAnswer(name, answer), ...errorResponses(name) },
    security: securityOf(name),
    ...(endpoint.addedBy ? { 'x-added-by': endpoint.addedBy } : {}),
  }
}

/** Calls outside the endpoint table: the printable results report, and this document itself. */
function pathsBesideTheTable(certification: CertificationServer): OpenApiDocument['paths'] {
  const certificationServers = servedBy(endpoints.runResults, certification)
  const runReport = openApiPath(RUN_REPORT_PATH)
  const page = (description: string) => ({
    description,
    content: { 'text/html': { schema: { type: 'string' } } },
  })
  return {
    [runReport.path]: {
      ...(certificationServers ? { servers: certificationServers } : {}),
      get: {
        operationId: 'runReport',
        summary: 'A run’s results as a printable HTML report',
        tags: [ENDPOINT_TAGS.certification],
        parameters: [
          ...runReport.parameters.map((parameter) => ({
            name: parameter,
            in: 'path',
            required: true,
            schema: { type: 'string' },
          })),
          {
            name: 'download',
            in: 'query',
            required: false,
            description: '`1`: answered as a file to save (`Content-Disposition: attachment`).',
            schema: { type: 'string', enum: ['1'] },
          },
        ],
        responses: { '200': page('The report.'), ...errorResponses('runResults') },
        security: securityOf('runResults'),
      },
    },
    [OPENAPI_PATH]: {
      get: {
        operationId: 'openApiDocument',
        summary: 'This document (OpenAPI 3.1)',
        tags: [ENDPOINT_TAGS.reference],
        responses: {
          '200': {
            description: 'The document; revalidate with `If-None-Match` (ETag).',
            headers: { ETag: { description: 'The document’s version.', schema: { type: 'string' } } },
            content: { [MEDIA_JSON]: { schema: { type: 'object' } } },
          },
          '304': { description: 'Not modified since the ETag sent in `If-None-Match`.' },
        },
        security: [],
      },
    },
    [API_DOCS_PATH]: {
      get: {
        operationId: 'apiDocs',
        summary: 'This reference as a web page',
        tags: [ENDPOINT_TAGS.reference],
        responses: { '200': page('The page.') },
        security: [],
      },
    },
  }
}

const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE_NAME,
    description:
      'The browser’s session, set by `GET /api/token` and replaced by `POST /api/login`. Ends after 300 s idle.',
  },
  csrfToken: {
    type: 'apiKey',
    in: 'header',
    name: TOKEN_HEADER,
    description:
      'The token `GET /api/token` answers in its `Token` header; required with the cookie on every state-changing main-service call.',
  },
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description: `A personal API token (Settings → API tokens, \`${API_TOKENS_PAGE_PATH}\`), acting with its owner’s role. Scope \`read\` calls only the reads; \`read-write\` every call listed with bearerAuth. No cookie and no Token header.`,
  },
}

/** The groups the paths use, in the document's order. */
function tagsOf(paths: OpenApiDocument['paths']) {
  const used = new Set(
    Object.values(paths).flatMap((item) =>
      Object.values(item).flatMap((operation) => (operation as { tags?: string[] }).tags ?? []),
    ),
  )
  return (Object.keys(ENDPOINT_TAGS) as Array<keyof typeof ENDPOINT_TAGS>)
    .filter((tag) => used.has(ENDPOINT_TAGS[tag]))
    .map((tag) => ({ name: ENDPOINT_TAGS[tag], description: ENDPOINT_TAG_DESCRIPTIONS[tag] }))
}

/** Builds the document. Throws, naming the endpoint, when a schema cannot be documented. */
export function buildOpenApiDocument(options: OpenApiOptions = {}): OpenApiDocument {
  const certification = options.certificationServer ?? DEFAULT_CERTIFICATION_SERVER
  const definitions = namedSchemas()
  const components: Record<string, JsonSchema> = {}
  const convert: Convert = (schema, where, named = true) => {
    const { schema: converted, defs } = convertSchema(schema, where, named ? definitions : {})
    Object.assign(components, defs)
    return converted
  }
  for (const [name, schema] of Object.entries(ERROR_SCHEMAS)) components[name] = convert(schema, name, false)

  const paths: OpenApiDocument['paths'] = {}
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const endpoint: Endpoint = endpoints[name]
    const item = (paths[openApiPath(endpoint.path).path] ??= {})
    const servers = servedBy(endpoint, certification)
    if (servers) item.servers = servers
    item[endpoint.method.toLowerCase()] = operationOf(name, convert)
  }
  Object.assign(paths, pathsBesideTheTable(certification))

  const webhooks = webhookItems(options.webhooks ?? [], convert)
  return {
    openapi: '3.1.0',
    info: {
      title: 'Device Certification Portal API',
      version: OPENAPI_API_VERSION,
      summary: 'Submit devices, run certification and download results from your own pipeline.',
      description: pipelineWalkthrough(certification, options.portalUrl),
    },
    servers: [{ url: options.mainServerUrl ?? '/', description: 'The main service (the portal itself).' }],
    tags: tagsOf(paths),
    paths,
    ...(webhooks ? { webhooks } : {}),
    components: {
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: SECURITY_SCHEMES,
    },
  }
}
