import { compileErrors, validate } from '@readme/openapi-parser'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { isCleanLine, isCleanMultiline, text } from '@/contract/common'
import { apiTokenAccess, type Endpoint, type EndpointName, endpoints } from '@/contract/endpoints'
import { EXAMPLE_IDS } from '@/contract/fixtures/payloads'
import { submitPayloadSchema } from '@/contract/portfolio'
import { buildOpenApiDocument } from './document.ts'
import { convertSchema, RULE_POLICY } from './schemas.ts'
import { pipelineWalkthrough } from './walkthrough.ts'
import { contractWebhooks, WEBHOOK_HEADERS } from './webhook-items.ts'

/*
 * The OpenAPI document generated from the endpoint table (docs/decisions/0029): valid OpenAPI 3.1
 * by a real validator, one operation per table entry, and the conversion policy for what JSON
 * Schema cannot say. openapi.test.ts beside it checks it against the running services.
 */

const document = buildOpenApiDocument()

/** The validator dereferences in place: it gets a copy. Its own types name each version's fields. */
const validateDocument = (doc: object) => validate(structuredClone(doc) as Parameters<typeof validate>[0])
const names = Object.keys(endpoints) as EndpointName[]
/** The request examples of the table's entries. */
const requestExamples = Object.fromEntries(
  names.flatMap((name) => {
    const example = (endpoints[name] as Endpoint).example?.request
    return example ? [[name, example]] : []
  }),
)

type Operation = {
  operationId: string
  summary: string
  security: Array<Record<string, string[]>>
  responses: Record<string, unknown>
  requestBody?: { content: Record<string, { schema: unknown; example?: unknown }> }
}

function operations(doc = document): Operation[] {
  return Object.values(doc.paths).flatMap((item) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post'].includes(method))
      .map(([, operation]) => operation as Operation),
  )
}
const operationOf = (name: string) => operations().find((operation) => operation.operationId === name)

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 (@readme/openapi-parser)', async () => {
    const result = await validateDocument(document)
    expect(result.valid ? '' : compileErrors(result)).toBe('')
    expect(result.specification).toBe('OpenAPI')
    expect(document.openapi).toBe('3.1.0')
  })

  it('has one operation per entry of the endpoint table, named by its key', () => {
    const ids = operations().map((operation) => operation.operationId)
    for (const name of names) expect(ids).toContain(name)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('gives every operation its entry’s summary', () => {
    expect(names.filter((name) => operationOf(name)?.summary !== endpoints[name].summary)).toEqual([])
  })

  it('sends the certification service’s calls to that service, the others to the main one', () => {
    for (const [path, item] of Object.entries(document.paths)) {
      const certification = Object.values(endpoints).some(
        (endpoint) =>
          endpoint.service === 'certification' && path === endpoint.path.replace(/:(\w+)/g, '{$1}'),
      )
      const servers = item.servers as
        Array<{ url: string; variables: Record<string, { default: string }> }> | undefined
      if (certification) {
        expect(servers?.[0]?.url, path).toBe('{scheme}://{host}:{port}')
        expect(servers?.[0]?.variables.port?.default).toBe('7600')
      } else if (!path.endsWith('results.html')) {
        expect(servers, path).toBeUndefined()
      }
    }
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })])
  })

  it('accepts API tokens on every vendor call, with read scope for the reads only, never on the lab’s or public calls', () => {
    for (const name of names) {
      const security = operationOf(name)?.security ?? []
      const bearer = security.find((requirement) => 'bearerAuth' in requirement)?.bearerAuth
      const endpoint: Endpoint = endpoints[name]
      const access =
        endpoint.audience === 'lab' || endpoint.permission === null ? 'session' : apiTokenAccess(name)
      if (access === 'session') {
        expect(bearer, name).toBeUndefined()
        continue
      }
      expect(bearer, name).toEqual([access === 'read' ? 'read' : 'read-write'])
    }
    for (const name of [
      'leaveOrganization',
      'createApiToken',
      'listApiTokens',
      'updateNotificationSetting',
    ] as const)
      expect(
        operationOf(name)?.security?.some((requirement) => 'bearerAuth' in requirement),
        name,
      ).toBe(false)
    expect(operationOf('runTests')?.security).toEqual([{ sessionCookie: [] }, { bearerAuth: ['read-write'] }])
    expect(operationOf('listRecords')?.security).toEqual([
      { sessionCookie: [], csrfToken: [] },
      { bearerAuth: ['read'] },
    ])
    expect(operationOf('login')?.security).toEqual([{ sessionCookie: [], csrfToken: [] }])
    expect(operationOf('catalogue')?.security).toEqual([{}, { sessionCookie: [] }, { bearerAuth: ['read'] }])
    expect(operationOf('directory')?.security).toEqual([])
    expect(operationOf('labQueue')?.security).toEqual([{ sessionCookie: [] }])
  })

  it('lists the error answers of the error model where they apply', () => {
    const codes = (name: string) => Object.keys(operationOf(name)?.responses ?? {})
    expect(codes('runTests')).toEqual(['200', '400', '401', '403', '404', '409', '413', '415'])
    expect(codes('login')).toEqual(['200', '400', '401', '403', '413', '415', '429'])
    expect(codes('catalogue')).toEqual(['200'])
    expect(codes('listRecords')).toEqual(['200', '400', '401', '403', '413', '415'])
    expect(codes('directory')).toEqual(['200', '400'])
    const roleRefusal = JSON.stringify(operationOf('submitPortfolio')?.responses['403'])
    expect(roleRefusal).toContain('does not allow submitting, editing or deleting devices')
    expect(JSON.stringify(operationOf('login')?.responses['429'])).toContain('Retry-After')
  })

  it('reuses named components for the contract’s shared shapes', () => {
    const schemas = document.components.schemas
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining(['AuthData', 'RunTestsPayload', 'MessageAnswer']),
    )
    expect(operationOf('rerunFailed')?.requestBody?.content['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/RunTestsPayload',
    })
    expect(JSON.stringify(document)).not.toContain('#/$defs/')
  })

  it('gives examples from the fixtures that the contract accepts', () => {
    const example = operationOf('submitPortfolio')?.requestBody?.content['application/json']?.example
    expect(v.safeParse(submitPayloadSchema, example).success).toBe(true)
    expect(example).toEqual(requestExamples.submitPortfolio)
    for (const [name, body] of Object.entries(requestExamples)) {
      const request = endpoints[name as EndpointName].request
      if (!request) continue
      const parsed = v.safeParse(request, body)
      expect(parsed.success, name).toBe(true)
      // No key the schema does not read (v.object drops them silently).
      expect(
        Object.keys(body).filter((key) => !(key in (parsed.output as object))),
        name,
      ).toEqual([])
    }
  })
})

describe('the conversion policy', () => {
  const samples = [
    'plain',
    'Café',
    'a\u0000b',
    'tab\there',
    'line\nbreak',
    'zw\u200bsp',
    'bidi\u202e',
    '\ufeffbom',
    'ok ✓',
  ]

  it('turns the character rules into patterns that agree with the contract', () => {
    const [line, multiline] = RULE_POLICY.patterns.map((rule) => new RegExp(rule.pattern, 'u'))
    for (const sample of samples) {
      expect(line?.test(sample), JSON.stringify(sample)).toBe(isCleanLine(sample))
      expect(multiline?.test(sample), JSON.stringify(sample)).toBe(isCleanMultiline(sample))
    }
    expect(convertSchema(text(10), 'text').schema).toEqual({
      type: 'string',
      pattern: RULE_POLICY.patterns[0]?.pattern,
      maxLength: 10,
    })
  })

  it('notes trimming and normalisation, and any other check by its message', () => {
    const name = v.pipe(v.string(), v.normalize('NFC'), v.trim(), v.maxLength(5))
    expect(convertSchema(name, 'name').schema.description).toBe(
      'NFC-normalised before it is checked and stored. Trimmed before it is checked and stored.',
    )
    const custom = v.pipe(
      v.string(),
      v.check((value) => value !== 'x', 'must not be x'),
    )
    expect(convertSchema(custom, 'custom').schema).toEqual({
      type: 'string',
      description: 'The server also checks: must not be x.',
    })
  })

  it('refuses, naming the call, a schema it cannot document', () => {
    expect(() => convertSchema(v.object({ when: v.date() }), 'someCall (request)')).toThrow(
      /the schema of someCall \(request\) cannot be documented/,
    )
  })
})

describe('webhooks', () => {
  const body = v.object({
    id: v.string(),
    type: v.literal('run.finished'),
    data: v.object({ runId: v.string() }),
  })

  it('are left out when the contract has none', () => {
    expect(document).not.toHaveProperty('webhooks')
    expect(contractWebhooks(undefined)).toEqual([])
  })

  it('read a list or a record of event bodies, and document each signed delivery', async () => {
    expect(contractWebhooks({ 'run.finished': body })).toEqual([{ type: 'run.finished', schema: body }])
    const fromList = contractWebhooks([{ type: 'run.finished', body, description: 'A run finished.' }])
    expect(fromList).toEqual([{ type: 'run.finished', schema: body, summary: 'A run finished.' }])
    const withWebhooks = buildOpenApiDocument({ webhooks: fromList })
    const delivery = (
      withWebhooks.webhooks as Record<string, { post: { parameters: Array<{ name: string }> } }>
    )['run.finished']
    expect(delivery?.post.parameters.map((parameter) => parameter.name)).toEqual(Object.keys(WEBHOOK_HEADERS))
    const result = await validateDocument(withWebhooks)
    expect(result.valid ? '' : compileErrors(result)).toBe('')
  })

  it('refuse a shape they cannot read, rather than leave it out', () => {
    expect(() => contractWebhooks([{ type: 'run.finished' }])).toThrow(/no type or no valibot body schema/)
    expect(() => contractWebhooks('run.finished')).toThrow(/neither a list nor a record/)
  })
})

describe('the pipeline walkthrough (info.description)', () => {
  const walkthrough = pipelineWalkthrough()

  it('walks through token, submit, certify, wait and download with the table’s own paths', () => {
    const order = [
      '/settings/tokens',
      endpoints.submitPortfolio.path,
      endpoints.runTests.path,
      'run.finished',
      '/runs/$RUN_ID/results.json',
      '/runs/$RUN_ID/certificate.pdf',
    ].map((part) => walkthrough.indexOf(part))
    expect(order.every((index) => index >= 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
    expect(walkthrough).toContain('Authorization: Bearer $TOKEN')
  })

  it('submits the fixture payload, which the contract accepts once the shell fills in the account', () => {
    const [, json = ''] =
      /portfoliomanager\/create"[\s\S]*?<<JSON\n([\s\S]*?)\n\s*JSON\n/.exec(walkthrough) ?? []
    const payload = JSON.parse(json.replace(/\$VENDOR_USER_ID/g, EXAMPLE_IDS.vendorUserId)) as unknown
    expect(v.safeParse(submitPayloadSchema, payload).success).toBe(true)
    expect(payload).toEqual(requestExamples.submitPortfolio)
  })
})
