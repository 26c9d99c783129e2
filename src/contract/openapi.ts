import { type JsonSchema, toJsonSchema, type ConversionConfig } from '@valibot/to-json-schema'
import * as v from 'valibot'
import { apiTokenAccess } from '@/contract/api-tokens'
import * as address from '@/contract/address'
import * as auth from '@/contract/auth'
import * as catalogue from '@/contract/catalogue'
import * as certificates from '@/contract/certificates'
import * as certification from '@/contract/certification'
import * as common from '@/contract/common'
import {
  ENDPOINT_DOCS,
  ENDPOINT_TAG_DESCRIPTIONS,
  ENDPOINT_TAGS,
  type EndpointTag,
} from '@/contract/endpoint-docs'
import { type Endpoint, type EndpointName, endpoints, RUN_REPORT_PATH } from '@/contract/endpoints'
import { EXAMPLE_DEVICE, specLiteralSavePayload, submittedDevicePayload } from '@/contract/fixtures/payloads'
import * as lab from '@/contract/lab'
import * as portfolio from '@/contract/portfolio'
import * as records from '@/contract/records'
import { BODY_FIELD, FIELD_HEADER, refusalFormOf } from '@/contract/refusals'
import * as roles from '@/contract/roles'
import * as serverMessages from '@/contract/server-messages'
import * as team from '@/contract/team'

/*
 * Issue 21 (docs/decisions/0029): the OpenAPI 3.1 document of both services, generated from the
 * endpoint table (src/contract/endpoints.ts) and its valibot schemas with @valibot/to-json-schema —
 * never written by hand. Pure and free of Node modules: the main service serves it at
 * /api/openapi.json (server/apps/api-docs/openapi.ts) with the URLs it knows at run time.
 *
 * - Every entry of the table is an operation; operationId is its key, summary and tag come from
 *   src/contract/endpoint-docs.ts.
 * - Schemas describe what travels (typeMode 'input'): a request as the caller sends it, an answer
 *   as the service sends it. What JSON Schema cannot say is handled by a fixed policy
 *   (RULE_POLICY below, tested): the contract's character rules become patterns, trimming and
 *   NFC-normalisation are noted, any other custom check is named in the field's description (the
 *   schema then admits more than the server does, and says so); a schema the converter does not
 *   know stops the generation with the endpoint's name rather than document it wrongly.
 * - The error answers follow the project's model (docs/decisions/0014, 0015, 0016): 400 `{ message,
 *   field }` for a call that reads input, 401 and 403 (with the exact refusals) for a call that
 *   needs a login, 403 for a state-changing main-service call without the CSRF Token, 413 and 415
 *   for bodies, and the 404/409/429 its handler answers (endpoint-docs.ts).
 */

/** The API's version in the document's info (the portal's API, not the OpenAPI version). */
export const OPENAPI_API_VERSION = '1.0.0'
export const OPENAPI_PATH = '/api/openapi.json'
export const API_DOCS_PATH = '/api/docs'
/** The portal's page where a vendor creates API tokens (issue 21 item 2). */
export const API_TOKENS_PAGE_PATH = '/settings/tokens'
/** The session cookie the main service sets (server/http/session-token.ts SESSION_COOKIE). */
export const SESSION_COOKIE_NAME = 'portal_session'

/** Placeholders the document's examples use for ids a caller gets from earlier answers. */
export const EXAMPLE_IDS = {
  vendorUserId: '3f1c2a9e-5b7d-4c21-9a8e-2d4b6f8a1c03',
  portfolioManagerId: '8a6e0f4b-2c1d-4e9a-b7f3-5d2c1a0e9b44',
  runId: 'c2d9e7a1-4f3b-4a8c-9e21-7b5d3f1a6c88',
} as const

/** The certification service's address as a caller reaches it (docs/decisions/0010). */
export type CertificationServer = { scheme: 'http' | 'https'; host: string; port: number }

/**
 * A webhook delivery the contract describes (issue 21 item 3, src/contract/webhooks.ts when
 * present): the event's type and the JSON body's schema.
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

type JsonObject = Record<string, unknown>
export type OpenApiDocument = JsonObject & {
  openapi: '3.1.0'
  paths: Record<string, Record<string, unknown>>
  components: { schemas: Record<string, JsonSchema> } & JsonObject
}

/* ------------------------------------------------------------------------------------------------
 * Schemas: conversion and its policy
 */

/** The JSON Schema pattern of a text with none of `forbidden`'s characters (a character class). */
export function patternRefusing(forbidden: RegExp): string {
  const source = forbidden.source
  if (!source.startsWith('[') || !source.endsWith(']') || source.startsWith('[^')) {
    throw new Error(`Expected a character class, got /${source}/.`)
  }
  return `^[^${source.slice(1, -1)}]*$`
}

type ActionLike = { type: string; kind: string; requirement?: unknown; message?: unknown }

/**
 * What becomes of the pipe actions JSON Schema has no word for. Each rule either says it exactly
 * (a pattern), or is noted in the description; nothing is dropped unsaid.
 */
export const RULE_POLICY = {
  /** Exact: the contract's character rules (docs/decisions/0015) as patterns. */
  patterns: [
    { requirement: common.isCleanLine, pattern: patternRefusing(common.SINGLE_LINE_FORBIDDEN) },
    { requirement: common.isCleanMultiline, pattern: patternRefusing(common.MULTILINE_FORBIDDEN) },
  ],
  /** Exact by the check's message: a password refuses only NUL. */
  patternsByMessage: { [common.NUL_CHARACTER_RULE]: '^[^\\u0000]*$' } as Record<string, string>,
  /**
   * Well-formed text (no lone surrogate): a JSON parser turns `"\ud800"` into a string JSON Schema
   * validators cannot tell apart; said once in info.description, not per field.
   */
  statedOnce: [common.isWellFormed] as ReadonlyArray<unknown>,
  /** Transformations that keep the type: noted in the description. */
  notes: {
    trim: 'Trimmed before it is checked and stored.',
    normalize: 'NFC-normalised before it is checked and stored.',
  } as Record<string, string>,
} as const

function withPattern(schema: JsonSchema, pattern: string): JsonSchema {
  if (schema.pattern === undefined) return { ...schema, pattern }
  return { ...schema, allOf: [...(schema.allOf ?? []), { pattern }] }
}

function withNote(schema: JsonSchema, note: string): JsonSchema {
  if (schema.description?.includes(note)) return schema
  return { ...schema, description: schema.description ? `${schema.description} ${note}` : note }
}

/** Applies RULE_POLICY to an action the converter could not express; undefined leaves its error standing. */
function convertRule(action: ActionLike, schema: JsonSchema): JsonSchema | undefined {
  if (action.type === 'check') {
    const exact = RULE_POLICY.patterns.find((rule) => rule.requirement === action.requirement)
    if (exact) return withPattern(schema, exact.pattern)
    const byMessage =
      typeof action.message === 'string' ? RULE_POLICY.patternsByMessage[action.message] : undefined
    if (byMessage !== undefined) return withPattern(schema, byMessage)
    if (RULE_POLICY.statedOnce.includes(action.requirement)) return { ...schema }
    const rule = typeof action.message === 'string' ? action.message : 'a further rule'
    return withNote(schema, `The server also checks: ${rule}.`)
  }
  const note = RULE_POLICY.notes[action.type]
  return note === undefined ? undefined : withNote(schema, note)
}

/** The contract modules whose exported schemas become named components when the document uses them. */
const NAMED_SCHEMA_MODULES: ReadonlyArray<Record<string, unknown>> = [
  common,
  auth,
  address,
  catalogue,
  portfolio,
  records,
  certification,
  team,
  lab,
  certificates,
  roles,
]

function isSchema(value: unknown): value is v.GenericSchema {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'schema'
}

/** `recordListAnswerSchema` → `RecordListAnswer`. */
function componentName(exportName: string) {
  const base = exportName.replace(/Schema$/, '')
  return base.charAt(0).toUpperCase() + base.slice(1)
}

/**
 * The contract's exported schemas by component name. A schema exported under several names
 * (runTestsPayloadSchema = cancelRunPayloadSchema) takes the one that begins with the name of
 * the first endpoint using it, else the first in alphabetical order.
 */
function namedSchemas(): Record<string, v.GenericSchema> {
  const firstUser = new Map<unknown, string>()
  for (const [name, endpoint] of Object.entries(endpoints) as Array<[string, Endpoint]>) {
    for (const schema of [endpoint.request, endpoint.answer])
      if (schema && !firstUser.has(schema)) firstUser.set(schema, name)
  }
  const exportsOf = new Map<v.GenericSchema, string[]>()
  for (const module of NAMED_SCHEMA_MODULES) {
    for (const [exportName, value] of Object.entries(module)) {
      if (!exportName.endsWith('Schema') || !isSchema(value)) continue
      exportsOf.set(value, [...(exportsOf.get(value) ?? []), exportName])
    }
  }
  const named: Record<string, v.GenericSchema> = {}
  for (const [schema, names] of exportsOf) {
    const user = firstUser.get(schema)
    const exportName = (user && names.find((name) => name.startsWith(user))) ?? [...names].sort()[0]
    if (exportName === undefined) continue
    const name = componentName(exportName)
    if (!(name in named)) named[name] = schema
  }
  return named
}

const COMPONENT_REF = '#/components/schemas/'

/**
 * Converts one schema as it travels (typeMode 'input'), with RULE_POLICY, naming `definitions`'
 * schemas as components. Throws for a schema the converter does not know, naming `where`.
 */
export function convertSchema(
  schema: v.GenericSchema,
  where: string,
  definitions: Record<string, v.GenericSchema> = {},
): { schema: JsonSchema; defs: Record<string, JsonSchema> } {
  const config: ConversionConfig = {
    target: 'draft-2020-12',
    typeMode: 'input',
    errorMode: 'throw',
    definitions,
    overrideRef: ({ referenceId }) => `${COMPONENT_REF}${referenceId}`,
    overrideAction: ({ valibotAction, jsonSchema, errors }) =>
      errors ? convertRule(valibotAction as ActionLike, jsonSchema) : undefined,
  }
  let converted: JsonSchema
  try {
    converted = toJsonSchema(schema, config)
  } catch (error) {
    throw new Error(`OpenAPI: the schema of ${where} cannot be documented: ${(error as Error).message}`, {
      cause: error,
    })
  }
  const { $schema: _dialect, $defs = {}, ...rest } = converted
  return { schema: rest, defs: $defs as Record<string, JsonSchema> }
}

/* ------------------------------------------------------------------------------------------------
 * Who may call what
 */

type Access = 'public' | 'visitor-session' | 'login' | 'vendor' | 'lab'

const LOGIN_WITHOUT_PERMISSION: ReadonlySet<EndpointName> = new Set([
  'logout',
  'keepSessionAlive',
  'acceptInvitation',
  'pendingInvitations',
  'switchOrganization',
])

function accessOf(name: EndpointName): Access {
  const endpoint: Endpoint = endpoints[name]
  if (name in lab.LAB_ENDPOINT_PERMISSIONS) {
    const permission = lab.LAB_ENDPOINT_PERMISSIONS[name as lab.LabEndpointName]
    if (permission !== null) return 'lab'
  } else if ((roles.ENDPOINT_PERMISSIONS[name as roles.VendorEndpointName] ?? null) !== null) {
    return 'vendor'
  }
  if (LOGIN_WITHOUT_PERMISSION.has(name)) return 'login'
  return endpoint.service === 'main' && endpoint.method !== 'GET' ? 'visitor-session' : 'public'
}

/**
 * The scope an API token needs, as the server's bearer guard decides it (`apiTokenAccess` in
 * src/contract/api-tokens.ts, one rule for both): `read` for the calls that change nothing,
 * `read-write` for the others, none for the calls a token may never make.
 */
export function bearerScopeOf(name: EndpointName): 'read' | 'read-write' | null {
  if (accessOf(name) !== 'vendor') return null
  const access = apiTokenAccess(name as roles.VendorEndpointName)
  return access === 'session' ? null : access === 'read' ? 'read' : 'read-write'
}

function securityOf(name: EndpointName) {
  const endpoint: Endpoint = endpoints[name]
  const access = accessOf(name)
  if (access === 'public') return []
  const csrf = endpoint.service === 'main' && endpoint.method !== 'GET'
  const cookie = csrf ? { sessionCookie: [], csrfToken: [] } : { sessionCookie: [] }
  const scope = bearerScopeOf(name)
  const optional = ENDPOINT_DOCS[name]?.loginOptional ? [{}] : []
  return [...optional, cookie, ...(scope ? [{ bearerAuth: [scope] }] : [])]
}

/* ------------------------------------------------------------------------------------------------
 * The answers
 */

const MEDIA_JSON = 'application/json'
const ref = (name: string) => ({ $ref: `${COMPONENT_REF}${name}` })

/** Error shapes of the project's error model (docs/decisions/0014, 0015). */
const ERROR_SCHEMAS = {
  ErrorAnswer: v.looseObject({ message: v.string(), field: v.optional(v.string()) }),
  Refusal: v.looseObject({ message: v.string(), field: v.string() }),
  RefusalWithStatus: v.looseObject({ status: v.literal('FAILURE'), message: v.string(), field: v.string() }),
}

function examplesOf(messages: ReadonlyArray<string>) {
  return Object.fromEntries(messages.map((message, index) => [`refusal${index + 1}`, { value: { message } }]))
}

function errorAnswer(description: string, messages: ReadonlyArray<string> = [], headers?: JsonObject) {
  return {
    description,
    ...(headers ? { headers } : {}),
    content: {
      [MEDIA_JSON]: {
        schema: ref('ErrorAnswer'),
        ...(messages.length ? { examples: examplesOf(messages) } : {}),
      },
    },
  }
}

function refusedInput(name: EndpointName, description: string) {
  const form = refusalFormOf(name)
  if (form.asText) {
    return {
      description: `${description} The answer is the message as text; the field is named in \`${FIELD_HEADER}\`.`,
      headers: { [FIELD_HEADER]: { description: 'The payload key refused.', schema: { type: 'string' } } },
      content: { 'text/plain': { schema: { type: 'string' } } },
    }
  }
  return {
    description,
    content: { [MEDIA_JSON]: { schema: ref(form.withStatus ? 'RefusalWithStatus' : 'Refusal') } },
  }
}

const RETRY_AFTER = {
  'Retry-After': {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer', minimum: 0 },
  },
}

function errorResponses(name: EndpointName): Record<string, JsonObject> {
  const endpoint: Endpoint = endpoints[name]
  const doc = ENDPOINT_DOCS[name]
  // A call answered without a login refuses none for the lack of one.
  const access = doc?.loginOptional ? 'public' : accessOf(name)
  const responses: Record<string, JsonObject> = {}
  const takesBody = endpoint.method !== 'GET' && endpoint.request !== null
  if (endpoint.request !== null || doc?.refusals?.includes(400)) {
    responses['400'] = refusedInput(
      name,
      `The ${endpoint.request === null ? 'path' : endpoint.method === 'GET' ? 'query' : 'body'} breaks a rule: \`message\` names the field by its label and the rule, \`field\` is the payload key (or \`${BODY_FIELD}\`).`,
    )
  }
  const needsLogin = access === 'vendor' || access === 'lab' || doc?.refusals?.includes(401)
  if (needsLogin) {
    responses['401'] = errorAnswer('No live session (or API token) for this call.', [
      serverMessages.NOT_SIGNED_IN_MESSAGE,
    ])
  }
  const forbidden: string[] = []
  if (access === 'vendor') {
    forbidden.push(serverMessages.FORBIDDEN_MESSAGE)
    // A login whose account belongs to no organization may only see its invitations.
    forbidden.push(serverMessages.NO_ORGANIZATION_MESSAGE)
    const permission = roles.ENDPOINT_PERMISSIONS[name as roles.VendorEndpointName]
    if (permission && permission !== 'read') forbidden.push(roles.ROLE_REFUSALS[permission])
    forbidden.push(lab.VENDOR_ONLY_MESSAGE)
  }
  if (access === 'lab') {
    forbidden.push(lab.LAB_ONLY_MESSAGE)
    const permission = lab.LAB_ENDPOINT_PERMISSIONS[name as lab.LabEndpointName]
    if (permission === 'lab-manage') forbidden.push(lab.LAB_MANAGER_ONLY_MESSAGE)
  }
  if (endpoint.service === 'main' && endpoint.method !== 'GET')
    forbidden.push(serverMessages.MISSING_TOKEN_MESSAGE)
  if (endpoint.service === 'certification' && endpoint.method !== 'GET') {
    forbidden.push(CERTIFICATION_WRONG_ORIGIN_MESSAGE)
  }
  if (forbidden.length) {
    responses['403'] = errorAnswer(
      'Refused: another vendor’s data, the role’s refusal, the wrong kind of session (a lab staff member’s, or a login without an organization), or (cookie calls) a missing CSRF Token.',
      forbidden,
    )
  }
  if (doc?.refusals?.includes(404)) {
    responses['404'] = errorAnswer('Not found: also what another organization’s record or run answers.')
  }
  if (doc?.refusals?.includes(409))
    responses['409'] = errorAnswer('The record, run or member is not in a state that allows this.')
  if (takesBody) {
    responses['413'] = {
      description: 'The body is larger than 100 KB.',
      content: { [MEDIA_JSON]: { schema: ref('Refusal') } },
    }
    responses['415'] = {
      description: 'The body was not sent as `application/json`.',
      content: { [MEDIA_JSON]: { schema: ref('ErrorAnswer') } },
    }
  }
  if (doc?.refusals?.includes(429)) {
    responses['429'] = errorAnswer('Too many attempts or mails: wait and try again.', [], RETRY_AFTER)
  }
  return responses
}

/** The certification service's refusal of a browser POST from another origin (server/apps/certification.ts). */
export const CERTIFICATION_WRONG_ORIGIN_MESSAGE =
  'Requests to the certification service must come from the portal.'

/* ------------------------------------------------------------------------------------------------
 * Examples: the fixtures the tests send (src/contract/fixtures), never invented shapes
 */

const runCall = {
  vendor_user_id: EXAMPLE_IDS.vendorUserId,
  portfolio_manager_id: EXAMPLE_IDS.portfolioManagerId,
}

/** Request examples: the JSON body of a POST, the query of a GET. */
export const REQUEST_EXAMPLES: Partial<Record<EndpointName, Record<string, unknown>>> = {
  savePortfolio: specLiteralSavePayload(EXAMPLE_IDS.vendorUserId),
  submitPortfolio: submittedDevicePayload(EXAMPLE_IDS.vendorUserId),
  listRecords: { vendorUserId: EXAMPLE_IDS.vendorUserId },
  getPortfolio: { vendorUserId: EXAMPLE_IDS.vendorUserId },
  getRecord: { vendorUserId: EXAMPLE_IDS.vendorUserId, portfolioManagerId: EXAMPLE_IDS.portfolioManagerId },
  updateRecord: {
    ...EXAMPLE_DEVICE,
    deviceNumberList: [...EXAMPLE_DEVICE.deviceNumberList],
    portfolioManagerId: EXAMPLE_IDS.portfolioManagerId,
    vendorUserId: EXAMPLE_IDS.vendorUserId,
  },
  listComments: { portfolioManagerId: EXAMPLE_IDS.portfolioManagerId },
  runTests: runCall,
  rerunFailed: runCall,
  cancelRun: runCall,
  emailCertificate: runCall,
  listRuns: runCall,
}

/** Answer examples, where the contract names the answer. */
const ANSWER_EXAMPLES: Partial<Record<EndpointName, unknown>> = {
  submitPortfolio: { message: serverMessages.PORTFOLIO_SUBMITTED_MESSAGE },
  runTests: {
    message: serverMessages.RUN_STARTED_MESSAGE,
    runId: EXAMPLE_IDS.runId,
    status: 'InProgress',
    attempt: 1,
  },
  rerunFailed: {
    message: serverMessages.RERUN_STARTED_MESSAGE,
    runId: EXAMPLE_IDS.runId,
    status: 'InProgress',
    attempt: 2,
  },
  cancelRun: { message: serverMessages.RUN_CANCELLED_MESSAGE },
  logout: { message: serverMessages.LOGGED_OUT_MESSAGE },
  keepSessionAlive: { message: serverMessages.SESSION_RENEWED_MESSAGE },
}

/* ------------------------------------------------------------------------------------------------
 * The document
 */

/** `/runs/:runId/results.json` → `/runs/{runId}/results.json`, and the parameters' names. */
export function openApiPath(path: string): { path: string; parameters: string[] } {
  const parameters: string[] = []
  const converted = path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    parameters.push(name)
    return `{${name}}`
  })
  return { path: converted, parameters }
}

function successAnswer(name: EndpointName, answer: JsonSchema | null): JsonObject {
  const endpoint: Endpoint = endpoints[name]
  const example = ANSWER_EXAMPLES[name]
  if (name === 'certificatePdf') {
    return {
      description: 'The signed certificate, as a PDF file (`Content-Disposition: attachment`).',
      content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } },
    }
  }
  if (endpoint.answerType === 'text' || answer === null) {
    return {
      description: name === 'token' ? 'The text `SUCCESS`; the token is in the `Token` header.' : 'Done.',
      ...(name === 'token'
        ? {
            headers: {
              [auth.TOKEN_HEADER]: {
                description: 'The CSRF token to send back.',
                schema: { type: 'string' },
              },
            },
          }
        : {}),
      content: { 'text/plain': { schema: { type: 'string' } } },
    }
  }
  return {
    description: 'Success.',
    content: { [MEDIA_JSON]: { schema: answer, ...(example !== undefined ? { example } : {}) } },
  }
}

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

/** Builds the document. Throws, naming the endpoint, when a schema cannot be documented. */
export function buildOpenApiDocument(options: OpenApiOptions = {}): OpenApiDocument {
  const certification = options.certificationServer ?? DEFAULT_CERTIFICATION_SERVER
  const definitions = namedSchemas()
  const components: Record<string, JsonSchema> = {}
  const convert = (schema: v.GenericSchema, where: string, named = true) => {
    const { schema: converted, defs } = convertSchema(schema, where, named ? definitions : {})
    Object.assign(components, defs)
    return converted
  }
  for (const [name, schema] of Object.entries(ERROR_SCHEMAS)) components[name] = convert(schema, name, false)

  const paths: OpenApiDocument['paths'] = {}
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const endpoint: Endpoint = endpoints[name]
    const doc = ENDPOINT_DOCS[name]
    const { path, parameters: pathParameters } = openApiPath(endpoint.path)
    const parameters: JsonObject[] = pathParameters.map((parameter) => ({
      name: parameter,
      in: 'path',
      required: true,
      schema: {
        type: 'string',
        ...(parameter === 'number' ? { examples: [certificates.CERTIFICATE_NUMBER_EXAMPLE] } : {}),
      },
    }))
    let requestBody: JsonObject | undefined
    const example = REQUEST_EXAMPLES[name]
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
        name: portfolio.IDEMPOTENCY_KEY_HEADER,
        in: 'header',
        required: false,
        description: 'A repeat of the same key gets the first answer and submits nothing more.',
        schema: { type: 'string', pattern: portfolio.IDEMPOTENCY_KEY_PATTERN.source },
      })
    }
    const answer = endpoint.answer === null ? null : convert(endpoint.answer, `${name} (answer)`)
    const operation: JsonObject = {
      operationId: name,
      summary: doc?.summary ?? `${endpoint.method} ${endpoint.path}`,
      ...(doc?.description ? { description: doc.description } : {}),
      tags: [ENDPOINT_TAGS[doc?.tag ?? (endpoint.service === 'main' ? 'session' : 'certification')]],
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: { '200': successAnswer(name, answer), ...errorResponses(name) },
      security: securityOf(name),
      ...(endpoint.addedBy ? { 'x-added-by': endpoint.addedBy } : {}),
    }
    const item = (paths[path] ??= {})
    const servers = servedBy(endpoint, certification)
    if (servers) item.servers = servers
    item[endpoint.method.toLowerCase()] = operation
  }

  // Calls outside the endpoint table: the printable results report, and this document itself.
  const certificationServers = servedBy(endpoints.runResults, certification)
  const runReport = openApiPath(RUN_REPORT_PATH)
  paths[runReport.path] = {
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
      responses: {
        '200': { description: 'The report.', content: { 'text/html': { schema: { type: 'string' } } } },
        ...errorResponses('runResults'),
      },
      security: securityOf('runResults'),
    },
  }
  paths[OPENAPI_PATH] = {
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
  }
  paths[API_DOCS_PATH] = {
    get: {
      operationId: 'apiDocs',
      summary: 'This reference as a web page',
      tags: [ENDPOINT_TAGS.reference],
      responses: {
        '200': { description: 'The page.', content: { 'text/html': { schema: { type: 'string' } } } },
      },
      security: [],
    },
  }

  const webhooks = webhookItems(options.webhooks ?? [], convert)
  const usedTags = new Set(
    Object.values(paths).flatMap((item) =>
      Object.values(item).flatMap((operation) => (operation as { tags?: string[] }).tags ?? []),
    ),
  )
  return {
    openapi: '3.1.0',
    info: {
      title: 'Device Certification Portal API',
      version: OPENAPI_API_VERSION,
      summary: 'Submit devices, run certification and download results from your own pipeline.',
      description: pipelineWalkthrough(certification, options.portalUrl),
    },
    servers: [{ url: options.mainServerUrl ?? '/', description: 'The main service (the portal itself).' }],
    tags: (Object.keys(ENDPOINT_TAGS) as EndpointTag[])
      .filter((tag) => usedTags.has(ENDPOINT_TAGS[tag]))
      .map((tag) => ({ name: ENDPOINT_TAGS[tag], description: ENDPOINT_TAG_DESCRIPTIONS[tag] })),
    paths,
    ...(webhooks ? { webhooks } : {}),
    components: {
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
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
          name: auth.TOKEN_HEADER,
          description:
            'The token `GET /api/token` answers in its `Token` header; required with the cookie on every state-changing main-service call.',
        },
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: `A personal API token (Settings → API tokens, \`${API_TOKENS_PAGE_PATH}\`), acting with its owner’s role. Scope \`read\` calls only the reads; \`read-write\` every call listed with bearerAuth. No cookie and no Token header.`,
        },
      },
    },
  }
}

/* ------------------------------------------------------------------------------------------------
 * Webhooks (OpenAPI 3.1 `webhooks`)
 */

export const WEBHOOK_HEADERS = {
  'Webhook-Id': 'The delivery’s id: the same on every retry of one delivery, so a receiver can drop repeats.',
  'Webhook-Timestamp':
    'When the delivery was signed, in seconds since 1970 (UTC). Refuse old ones (replays).',
  'Webhook-Signature':
    'HMAC-SHA256 with the endpoint’s secret over `<Webhook-Timestamp>.<body>` (the raw body as received).',
} as const

function webhookItems(
  webhooks: ReadonlyArray<ContractWebhook>,
  convert: (schema: v.GenericSchema, where: string) => JsonSchema,
): Record<string, JsonObject> | null {
  if (webhooks.length === 0) return null
  const items: Record<string, JsonObject> = {}
  for (const webhook of webhooks) {
    items[webhook.type] = {
      post: {
        operationId: `webhook:${webhook.type}`,
        summary: webhook.summary ?? `The ${webhook.type} event`,
        description:
          'Sent to each webhook endpoint the organization registered for this event, signed; retried with exponential backoff for 24 hours until it is acknowledged.',
        parameters: Object.entries(WEBHOOK_HEADERS).map(([header, description]) => ({
          name: header,
          in: 'header',
          required: true,
          description,
          schema: { type: 'string' },
        })),
        requestBody: {
          required: true,
          content: { [MEDIA_JSON]: { schema: convert(webhook.schema, `the ${webhook.type} webhook`) } },
        },
        responses: {
          '2XX': { description: 'Acknowledged: not delivered again.' },
          default: { description: 'Any other answer, or none in time: delivered again later.' },
        },
      },
    }
  }
  return items
}

/**
 * Reads a contract module's `webhooks` export: a list of `{ type, schema }` (`body` or `payload`
 * for the schema, `description` or `summary` for the words), or a record of type → schema. Anything
 * else is refused with the reason, so that a shape this generator does not know is not left out
 * silently.
 */
export function contractWebhooks(exported: unknown): ContractWebhook[] {
  if (exported === undefined || exported === null) return []
  const entries: Array<[string, unknown]> = Array.isArray(exported)
    ? exported.map((item: unknown) => {
        const record = (item ?? {}) as Record<string, unknown>
        const type = record.type ?? record.event ?? record.name
        return [typeof type === 'string' ? type : '', item]
      })
    : typeof exported === 'object'
      ? Object.entries(exported as Record<string, unknown>)
      : []
  if (entries.length === 0 && !(Array.isArray(exported) || typeof exported === 'object')) {
    throw new Error('OpenAPI: the contract’s webhooks export is neither a list nor a record.')
  }
  return entries.map(([type, value]) => {
    const record = (value ?? {}) as Record<string, unknown>
    const schema = isSchema(value) ? value : [record.schema, record.body, record.payload].find(isSchema)
    if (!type || !schema) {
      throw new Error(
        `OpenAPI: the contract’s webhook ${type || '(unnamed)'} has no type or no valibot body schema.`,
      )
    }
    const summary = [record.summary, record.description, record.label].find(
      (text) => typeof text === 'string',
    )
    return { type, schema, ...(typeof summary === 'string' ? { summary } : {}) }
  })
}

/* ------------------------------------------------------------------------------------------------
 * info.description: the pipeline, with the table's own paths and the fixtures' payloads
 */

/**
 * A curl call with a JSON body, written as a here-document so that "$NAME" values are the shell's
 * variables.
 */
function curlJson(method: string, url: string, body: unknown, extraHeader = '') {
  return [
    `curl -sS -X ${method} "${url}" \\`,
    `  -H "Authorization: Bearer $TOKEN" -H "Content-Type: application/json"${extraHeader} \\`,
    '  --data-binary @- <<JSON',
    JSON.stringify(body, null, 2),
    'JSON',
  ].join('\n')
}

export function pipelineWalkthrough(
  certification: CertificationServer = DEFAULT_CERTIFICATION_SERVER,
  portalUrl = DEFAULT_PORTAL_URL,
) {
  const submit = submittedDevicePayload('$VENDOR_USER_ID')
  const run = { vendor_user_id: '$VENDOR_USER_ID', portfolio_manager_id: '$RECORD_ID' }
  const runsQuery = `${openApiPath(endpoints.listRuns.path).path}?vendor_user_id=$VENDOR_USER_ID&portfolio_manager_id=$RECORD_ID`
  const results = endpoints.runResults.path.replace(':runId', '$RUN_ID')
  const resultsPath = openApiPath(endpoints.runResults.path).path
  const pdfPath = openApiPath(endpoints.certificatePdf.path).path
  const pdf = endpoints.certificatePdf.path.replace(':runId', '$RUN_ID')
  return [
    'Both services of the Device Certification Portal, generated from the portal’s own contract. The **main service** is the portal itself; the **certification service** listens on another port of the same host (each operation’s `servers` says where to send it; `GET /api/portal-config` tells its port).',
    '',
    '## From your pipeline',
    '',
    `1. **Create a token.** An Owner or Engineer creates a personal API token on the portal's **Settings → API tokens** page (\`${API_TOKENS_PAGE_PATH}\`): scope \`read-write\` to submit and certify, \`read\` to follow and download. It is shown once. Every call below sends \`Authorization: Bearer $TOKEN\` — no cookie, no \`Token\` header. \`$VENDOR_USER_ID\` is the token owner's account id (the login answer's \`vendorUserId\`).`,
    '',
    '   ```sh',
    `   export PORTAL=${portalUrl}   # the main service`,
    `   export CERT=${certification.scheme}://${certification.host}:${certification.port}   # the certification service`,
    '   export TOKEN=…  VENDOR_USER_ID=…',
    '   ```',
    '',
    `2. **Submit a device** (\`${endpoints.submitPortfolio.method} ${endpoints.submitPortfolio.path}\`, operation \`submitPortfolio\`, spec §3's submit payload). Send an \`Idempotency-Key\` so a retry cannot submit twice. Then find the new record's \`portfolioManagerId\` in \`${endpoints.listRecords.method} ${endpoints.listRecords.path}\` (\`listRecords\`, the newest \`creationTime\`).`,
    '',
    '   ```sh',
    indent(
      curlJson(
        endpoints.submitPortfolio.method,
        `$PORTAL${endpoints.submitPortfolio.path}`,
        submit,
        ' -H "Idempotency-Key: build-$BUILD_ID"',
      ),
    ),
    indent(
      curlJson(endpoints.listRecords.method, `$PORTAL${endpoints.listRecords.path}`, {
        vendorUserId: '$VENDOR_USER_ID',
      }),
    ),
    '   ```',
    '',
    `3. **Start certification** on the certification service (\`${endpoints.runTests.method} ${endpoints.runTests.path}\`, \`runTests\`, spec §7 run-tests). The answer carries the \`runId\`.`,
    '',
    '   ```sh',
    indent(curlJson(endpoints.runTests.method, `$CERT${endpoints.runTests.path}`, run)),
    '   ```',
    '',
    `4. **Wait for the result.** Register a webhook for \`run.finished\` (its delivery is signed: verify \`Webhook-Signature\`, HMAC-SHA256 over \`<Webhook-Timestamp>.<body>\`), or poll \`GET ${runsQuery}\` (\`listRuns\`) until the run's status is \`Completed\` (or \`Cancelled\`); \`isCertified\` is then \`CERTIFIED-OK\` or \`Validation failure\`.`,
    '',
    '   ```sh',
    `   curl -sS "$CERT${runsQuery}" -H "Authorization: Bearer $TOKEN"`,
    '   ```',
    '',
    `5. **Download the results** (\`GET ${resultsPath}\`, \`runResults\`) and, when certified, the certificate (\`GET ${pdfPath}\`, \`certificatePdf\`).`,
    '',
    '   ```sh',
    `   curl -sS -o results.json "$CERT${results}" -H "Authorization: Bearer $TOKEN"`,
    `   curl -sS -o certificate.pdf "$CERT${pdf}" -H "Authorization: Bearer $TOKEN"`,
    '   ```',
    '',
    '## Errors',
    '',
    'Every refusal is JSON `{ "message": … }`; a refused input adds `field`, the payload key (or `body`). 400 bad input, 401 no live session or token, 403 another vendor’s data or your role’s refusal (the message says which), 404 unknown (also another organization’s ids), 409 not in a state that allows it, 413/415 a body too large or not JSON, 429 wait `Retry-After` seconds.',
    '',
    'Text fields refuse control and invisible formatting characters (see each field’s `pattern`) and text that is not well-formed Unicode (a lone surrogate such as `\\ud800`); lengths count UTF-16 code units, as JavaScript does.',
  ].join('\n')
}

function indent(text: string) {
  return text
    .split('\n')
    .map((line) => `   ${line}`)
    .join('\n')
}
