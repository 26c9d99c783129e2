import { ONE_CLICK_UNSUBSCRIBE_PATH } from '@/contract/notifications'
import { mkdtempSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { compileErrors, validate } from '@readme/openapi-parser'
import addFormats from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EVENTS_PATH } from '@/contract/events'
import { LAB_EVENTS_PATH } from '@/contract/lab'
import { WEBHOOK_EVENT_TYPES } from '@/contract/webhooks-events'
import { type Endpoint, endpoints } from '@/contract/endpoints'
import { EXAMPLE_IDS } from '@/contract/fixtures/payloads'
import { createCertApp } from '../certification.ts'
import {
  type Browser,
  createStaffMember,
  createVendor,
  eventually,
  startTestPortal,
  type TestPortal,
  type TestStaff,
  type TestVendor,
} from '../../test/portal.ts'
import { createMainApp } from '../main.ts'
import { API_DOCS_ASSETS_PATH, assetUrl, loadContractWebhooks } from './openapi.ts'
import { OPENAPI_PATH, SESSION_COOKIE_NAME } from './options.ts'
import { SESSION_COOKIE } from '../../http/session-token.ts'

/*
 * docs/decisions/0029: the OpenAPI document the main service serves matches the
 * services. Generated from the document itself, so every call the table gains later is checked
 * without a line here:
 * - it validates (@readme/openapi-parser) as served, with this portal's addresses;
 * - every operation is a route its service answers (not its 404 for unknown paths) and the other
 *   service does not; every /api/ route the main app registers and every route of the
 *   certification service is in the document (the live streams and the reference page's files
 *   excepted, EXCLUDED_ROUTES);
 * - every operation, called by a visitor without a session, by a logged-in Owner (with the
 *   document's own example, its placeholders replaced by this vendor's ids, or an empty body) and by
 *   a Lab manager, answers
 *   a status the document lists for it, with a body valid against the document's schema for that
 *   status (ajv, JSON Schema 2020-12, with the formats).
 */

// ajv 8 as ajv-formats uses it (the top-level ajv is v6, without 2020-12).
const requireFromFormats = createRequire(createRequire(import.meta.url).resolve('ajv-formats'))
const Ajv2020 = (requireFromFormats('ajv/dist/2020') as { default: new (options: object) => AjvInstance })
  .default
type ValidateFunction = ((data: unknown) => boolean) & { errors?: unknown }
type AjvInstance = {
  addSchema(schema: object, key: string): void
  compile(schema: object): ValidateFunction
}

/**
 * Routes that are not calls: the live streams (EventSource, docs/decisions/0020), the page's files,
 * and the one-click unsubscribe a mail provider posts as a form (RFC 8058, docs/decisions/0028).
 */
const EXCLUDED_ROUTES = new Set([
  `POST ${ONE_CLICK_UNSUBSCRIBE_PATH}`,
  `GET ${EVENTS_PATH}`,
  `GET ${LAB_EVENTS_PATH}`,
  `GET ${API_DOCS_ASSETS_PATH}/{hash}/{file}`,
])

const FALLBACK = /^No (API )?call at /

type MediaType = { schema?: object; example?: unknown }
type Response = { content?: Record<string, MediaType> }
type Parameter = { name: string; in: string; required?: boolean }
type Operation = {
  operationId: string
  security?: Array<Record<string, string[]>>
  parameters?: Parameter[]
  requestBody?: { content: Record<string, MediaType> }
  responses: Record<string, Response>
}
type Server = { url: string; variables?: Record<string, { default: string }> }
type PathItem = { servers?: Server[] } & Record<string, Operation | Server[] | undefined>
type Document = { paths: Record<string, PathItem>; servers: Server[]; components: { schemas: object } }

type Call = {
  operation: Operation
  method: 'GET' | 'POST'
  path: string
  baseUrl: string
  service: 'main' | 'certification'
}

let test: TestPortal
let owner: TestVendor
let labManager: TestStaff
let document: Document
let calls: Call[]
let ids: Record<string, string>
let ajv: AjvInstance
const validators = new Map<object, ValidateFunction>()

function serverUrl(server: Server | undefined, documentUrl: string) {
  if (!server) return new URL('/', documentUrl).origin
  const url = server.url.replace(/\{(\w+)\}/g, (_, name: string) => server.variables?.[name]?.default ?? '')
  return new URL(url, documentUrl).origin
}

function operationsOf(doc: Document, documentUrl: string): Call[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    (['get', 'post'] as const)
      .filter((method) => item[method] !== undefined)
      .map((method) => ({
        operation: item[method] as Operation,
        method: method.toUpperCase() as 'GET' | 'POST',
        path,
        baseUrl: serverUrl(item.servers?.[0] ?? doc.servers[0], documentUrl),
        service: item.servers ? ('certification' as const) : ('main' as const),
      })),
  )
}

/** The document's example with its placeholder ids replaced by this vendor's. */
function withIds(value: unknown): unknown {
  let json = JSON.stringify(value)
  for (const [name, placeholder] of Object.entries(EXAMPLE_IDS))
    json = json.replaceAll(placeholder, ids[name] ?? placeholder)
  return JSON.parse(json) as unknown
}

function urlOf(call: Call, query: Record<string, unknown> | undefined) {
  const filled = call.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(ids[name] ?? `no-such-${name}`),
  )
  const url = new URL(filled, call.baseUrl)
  for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, String(value))
  return url.toString()
}

function exampleOf(call: Call) {
  const example =
    call.operation.requestBody?.content['application/json']?.example ??
    (endpoints[call.operation.operationId as keyof typeof endpoints] as Endpoint | undefined)?.example
      ?.request
  return example === undefined ? undefined : (withIds(example) as Record<string, unknown>)
}

/** Makes the call as `who`: 'visitor' (no cookie, no Token) or the logged-in Owner's browser. */
async function callAs(call: Call, who: 'visitor' | Browser) {
  const example = exampleOf(call)
  const url = urlOf(call, call.method === 'GET' ? example : undefined)
  const headers = new Headers({ 'Content-Type': 'application/json' })
  if (who !== 'visitor') {
    headers.set('Cookie', who.cookie)
    if (call.service === 'main') headers.set('Token', who.token)
  }
  const response = await fetch(url, {
    method: call.method,
    headers,
    ...(call.method === 'POST' ? { body: JSON.stringify(example ?? {}) } : {}),
  })
  // As the client does: GET /api/token hands out a new Token, which later calls send.
  const token = response.headers.get('Token')
  if (who !== 'visitor' && token) who.token = token
  return response
}

function schemaValidator(schema: object) {
  let validator = validators.get(schema)
  if (!validator) {
    const anchored = JSON.parse(
      JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/'),
    ) as object
    validator = ajv.compile(anchored)
    validators.set(schema, validator)
  }
  return validator
}

/** What is wrong with `response` as the document describes the operation's answers; '' when nothing. */
async function mismatch(call: Call, response: globalThis.Response, who: 'visitor' | Browser) {
  const where = `${call.method} ${call.path} (${call.operation.operationId}) answered ${response.status}`
  const documented = call.operation.responses[String(response.status)]
  const text = await response.text()
  if (!documented) return `${where}, which the document does not list: ${text.slice(0, 200)}`
  if (FALLBACK.test(text)) return `${where} with the service's fallback for unknown paths`
  const security = call.operation.security ?? []
  const open = security.length === 0 || security.some((requirement) => Object.keys(requirement).length === 0)
  if (who === 'visitor' && response.ok && !open) {
    return `${where} to a visitor without a session, but the document requires ${JSON.stringify(security)}`
  }
  const contentType = (response.headers.get('Content-Type') ?? '').split(';')[0]?.trim() ?? ''
  const content = documented.content
  if (!content) return ''
  const media = content[contentType]
  if (!media) return `${where} as ${contentType}; the document lists ${Object.keys(content).join(', ')}`
  if (contentType !== 'application/json' || !media.schema) return ''
  const validator = schemaValidator(media.schema)
  if (!validator(JSON.parse(text))) {
    return `${where} with a body the document's schema refuses: ${JSON.stringify(validator.errors)} — ${text.slice(0, 300)}`
  }
  return ''
}

beforeAll(async () => {
  test = await startTestPortal()
  owner = await createVendor(test, 'openapi-owner@example.com', 'Openapi')
  labManager = await createStaffMember(test, 'openapi-lab@example.com', 'Lena Lab', 'Lab manager')
  const documentUrl = `${test.portal.mainUrl}${OPENAPI_PATH}`
  document = (await (await fetch(documentUrl)).json()) as Document
  calls = operationsOf(document, documentUrl).sort(
    (a, b) => Number(a.operation.operationId === 'logout') - Number(b.operation.operationId === 'logout'),
  )
  ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false })
  addFormats(ajv as never)
  ajv.addSchema({ components: document.components }, 'openapi.json')

  // A submitted device with a finished run, made through the document's own examples.
  ids = { vendorUserId: owner.id }
  const submit = calls.find((call) => call.operation.operationId === 'submitPortfolio')
  const run = calls.find((call) => call.operation.operationId === 'runTests')
  if (!submit || !run) throw new Error('The document lacks submitPortfolio or runTests.')
  expect((await callAs(submit, owner.browser)).status).toBe(200)
  const listed = (await (
    await owner.browser.post('/api/portfoliomanager/list', { vendorUserId: owner.id })
  ).json()) as {
    portfolioManagerSubmittedDetailsList: Array<{ portfolioManagerId: string }>
  }
  ids.portfolioManagerId = listed.portfolioManagerSubmittedDetailsList[0]?.portfolioManagerId ?? ''
  const started = (await (await callAs(run, owner.browser)).json()) as { runId?: string }
  ids.runId = started.runId ?? ''
  await eventually(async () => {
    const runs = (await (
      await owner.browser.cert(
        `/runs?vendor_user_id=${owner.id}&portfolio_manager_id=${ids.portfolioManagerId}`,
        {
          method: 'GET',
        },
      )
    ).json()) as { runs: Array<{ status: string }> }
    return runs.runs.some((entry) => entry.status === 'Completed')
  })
  const certificate = await test.database.db.selectFrom('certificates').select('number').executeTakeFirst()
  ids.number = certificate?.number ?? ''
}, 60_000)

afterAll(async () => {
  await test?.close()
})

describe('the OpenAPI document as the main service serves it', () => {
  it('is valid OpenAPI 3.1 and names this portal’s certification service', async () => {
    const result = await validate(structuredClone(document) as object as Parameters<typeof validate>[0])
    expect(result.valid ? '' : compileErrors(result)).toBe('')
    const runTests = calls.find((call) => call.operation.operationId === 'runTests')
    expect(runTests?.baseUrl).toBe(test.portal.certUrl)
    expect(SESSION_COOKIE_NAME).toBe(SESSION_COOKIE)
  })

  it('is cacheable: an ETag, and 304 for a client that has it', async () => {
    const first = await fetch(`${test.portal.mainUrl}${OPENAPI_PATH}`)
    expect(first.headers.get('Content-Type')).toMatch(/^application\/json/)
    expect(first.headers.get('Cache-Control')).toBe('public, no-cache')
    const etag = first.headers.get('ETag') ?? ''
    expect(etag).toMatch(/^".+"$/)
    const again = await fetch(`${test.portal.mainUrl}${OPENAPI_PATH}`, { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
  })
})

describe('the webhooks of the contract', () => {
  it('are every event type of src/contract/webhooks-events.ts and the test ping', async () => {
    expect((await loadContractWebhooks()).map((webhook) => webhook.type)).toEqual([
      ...WEBHOOK_EVENT_TYPES,
      'ping',
    ])
  })
})

describe('the reference page', () => {
  it('is served by the portal with its strict page policy: no inline script, nothing from elsewhere', async () => {
    const page = await fetch(`${test.portal.mainUrl}/api/docs`)
    expect(page.status).toBe(200)
    const policy = page.headers.get('Content-Security-Policy') ?? ''
    expect(policy).toMatch(/script-src 'self';/)
    const html = await page.text()
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//)
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1])
    expect(scripts).toEqual([assetUrl('swagger-ui-bundle.js'), assetUrl('docs-init.js')])
  })

  it('serves its files named by their hash, cached for a year; another hash is not found', async () => {
    const bundle = await fetch(`${test.portal.mainUrl}${assetUrl('swagger-ui-bundle.js')}`, {
      headers: { 'Accept-Encoding': 'gzip' },
    })
    expect(bundle.status).toBe(200)
    expect(bundle.headers.get('Content-Type')).toMatch(/^text\/javascript/)
    expect(bundle.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    const stale = await fetch(
      `${test.portal.mainUrl}${API_DOCS_ASSETS_PATH}/0000000000000000/swagger-ui-bundle.js`,
    )
    expect(stale.status).toBe(404)
    expect(((await stale.json()) as { message: string }).message).toMatch(FALLBACK)
  })
})

describe('the document matches the services', () => {
  it('lists every /api/ route of the main service and every route of the certification service', () => {
    const distDir = mkdtempSync(path.join(tmpdir(), 'openapi-dist-'))
    const main = createMainApp({
      db: test.database.db,
      mailer: test.mailer,
      secret: 'server-test-secret-of-at-least-32-characters',
      distDir,
      storybookDir: distDir,
    })
    const cert = createCertApp({
      db: test.database.db,
      mailer: test.mailer,
      executor: test.portal.executor,
      certificates: null,
      publicUrl: test.portal.mainUrl,
      isPortalOrigin: () => false,
    })
    const documented = new Set(calls.map((call) => `${call.service} ${call.method} ${call.path}`))
    const registered = (service: string, routes: Array<{ method: string; path: string }>) =>
      routes
        .filter((route) => route.method !== 'ALL' && !route.path.includes('*'))
        .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`)
        .filter((route) => !EXCLUDED_ROUTES.has(route))
        .map((route) => `${service} ${route}`)
    const mainRoutes = registered('main', main.routes).filter(
      (route) => route.startsWith('main GET /api/') || route.startsWith('main POST /api/'),
    )
    const certRoutes = registered('certification', cert.routes)
    expect(mainRoutes.filter((route) => !documented.has(route))).toEqual([])
    expect(certRoutes.filter((route) => !documented.has(route))).toEqual([])
    // And the other way: no operation the services do not register.
    const all = new Set([...mainRoutes, ...certRoutes])
    expect([...documented].filter((route) => !all.has(route))).toEqual([])
  })

  it('has no operation the other service answers', async () => {
    const wrong: string[] = []
    for (const call of calls) {
      const other = call.service === 'main' ? test.portal.certUrl : test.portal.mainUrl
      // As the Owner: the certification service answers 401 to any path without a session.
      const response = await callAs(
        { ...call, baseUrl: other, service: call.service === 'main' ? 'certification' : 'main' },
        owner.browser,
      )
      const text = await response.text()
      // The main service answers a path outside /api/ with the app's page (503 here: no build).
      const answered = response.status !== 404 && response.status !== 503 && !FALLBACK.test(text)
      if (answered) wrong.push(`${call.method} ${call.path} on the wrong service answered ${response.status}`)
    }
    expect(wrong).toEqual([])
  })

  it('answers every operation as documented, to a visitor, the logged-in Owner and a Lab manager', async () => {
    const problems: string[] = []
    const callers = [
      ['visitor', 'visitor'],
      ['owner', owner.browser],
      ['lab manager', labManager.browser],
    ] as const
    for (const call of calls) {
      for (const [name, who] of callers) {
        const answered = await callAs(call, who)
        const problem = await mismatch(call, answered, who)
        if (problem) problems.push(`${name}: ${problem}`)
      }
    }
    expect(problems).toEqual([])
  }, 30_000)
})
