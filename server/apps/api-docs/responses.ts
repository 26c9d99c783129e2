import type { JsonSchema } from '@valibot/to-json-schema'
import * as v from 'valibot'
import { TOKEN_HEADER } from '@/contract/auth'
import { type Endpoint, type EndpointName, endpoints, refusalFormOf } from '@/contract/endpoints'
import { LAB_MANAGER_ONLY_MESSAGE, LAB_ONLY_MESSAGE, VENDOR_ONLY_MESSAGE } from '@/contract/lab'
import { BODY_FIELD, FIELD_HEADER } from '@/contract/refusals'
import { ROLE_REFUSALS } from '@/contract/roles'
import * as serverMessages from '@/contract/server-messages'
import { type Access, accessOf } from './access.ts'
import { type JsonObject, MEDIA_JSON, ref } from './options.ts'

/*
 * The answers of each operation. The error answers follow the project's model
 * (docs/decisions/0014, 0015, 0016): 400 `{ message, field }` for a call that reads input, 401 and
 * 403 (with the exact refusals) for a call that needs a login, 403 for a state-changing
 * main-service call without the CSRF Token, 413 and 415 for bodies, and the 404/409/429 its
 * handler answers (the entry's `refusals`).
 */

/** Error shapes of the project's error model (docs/decisions/0014, 0015). */
export const ERROR_SCHEMAS = {
  ErrorAnswer: v.looseObject({ message: v.string(), field: v.optional(v.string()) }),
  Refusal: v.looseObject({ message: v.string(), field: v.string() }),
  RefusalWithStatus: v.looseObject({ status: v.literal('FAILURE'), message: v.string(), field: v.string() }),
}

/** The certification service's refusal of a browser POST from another origin (server/apps/certification.ts). */
export const CERTIFICATION_WRONG_ORIGIN_MESSAGE =
  'Requests to the certification service must come from the portal.'

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
  // A GET's query is refused as JSON whatever its answer (server/http/json-body.ts queryInput).
  if (form.asText && endpoints[name].method !== 'GET') {
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

/** The 403 messages a call can answer, in the order the document lists them. */
function forbiddenMessages(endpoint: Endpoint, access: Access): string[] {
  const forbidden: string[] = []
  if (access === 'vendor' && endpoint.audience === 'vendor') {
    forbidden.push(serverMessages.FORBIDDEN_MESSAGE)
    // A login whose account belongs to no organization may only see its invitations.
    forbidden.push(serverMessages.NO_ORGANIZATION_MESSAGE)
    const permission = endpoint.permission
    if (permission && permission !== 'read') forbidden.push(ROLE_REFUSALS[permission])
    forbidden.push(VENDOR_ONLY_MESSAGE)
  }
  if (access === 'lab') {
    forbidden.push(LAB_ONLY_MESSAGE)
    if (endpoint.permission === 'lab-manage') forbidden.push(LAB_MANAGER_ONLY_MESSAGE)
  }
  if (endpoint.service === 'main' && endpoint.method !== 'GET')
    forbidden.push(serverMessages.MISSING_TOKEN_MESSAGE)
  if (endpoint.service === 'certification' && endpoint.method !== 'GET') {
    forbidden.push(CERTIFICATION_WRONG_ORIGIN_MESSAGE)
  }
  return forbidden
}

export function errorResponses(name: EndpointName): Record<string, JsonObject> {
  const endpoint: Endpoint = endpoints[name]
  // A call answered without a login refuses none for the lack of one.
  const access = endpoint.loginOptional ? 'public' : accessOf(name)
  const refusals = endpoint.refusals ?? []
  const responses: Record<string, JsonObject> = {}
  const takesBody = endpoint.method !== 'GET' && endpoint.request !== null
  if (endpoint.request !== null || refusals.includes(400)) {
    responses['400'] = refusedInput(
      name,
      `The ${endpoint.request === null ? 'path' : endpoint.method === 'GET' ? 'query' : 'body'} breaks a rule: \`message\` names the field by its label and the rule, \`field\` is the payload key (or \`${BODY_FIELD}\`).`,
    )
  }
  if (access === 'vendor' || access === 'lab' || refusals.includes(401)) {
    responses['401'] = errorAnswer('No live session (or API token) for this call.', [
      serverMessages.NOT_SIGNED_IN_MESSAGE,
    ])
  }
  const forbidden = forbiddenMessages(endpoint, access)
  if (forbidden.length) {
    responses['403'] = errorAnswer(
      'Refused: another vendor’s data, the role’s refusal, the wrong kind of session (a lab staff member’s, or a login without an organization), or (cookie calls) a missing CSRF Token.',
      forbidden,
    )
  }
  if (refusals.includes(404)) {
    responses['404'] = errorAnswer('Not found: also what another organization’s record or run answers.')
  }
  if (refusals.includes(409))
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
  if (refusals.includes(429)) {
    responses['429'] = errorAnswer('Too many attempts or mails: wait and try again.', [], RETRY_AFTER)
  }
  return responses
}

export function successAnswer(name: EndpointName, answer: JsonSchema | null): JsonObject {
  const endpoint: Endpoint = endpoints[name]
  const example = endpoint.example?.answer
  if (name === 'certificatePdf') {
    return {
      description: 'The signed certificate, as a PDF file (`Content-Disposition: attachment`).',
      content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } },
    }
  }
  if (name === 'activityExport') {
    return {
      description:
        'The filtered lines as a file (`Content-Disposition: attachment`): CSV (RFC 4180, UTF-8 with a byte-order mark, a header row) or a JSON array of the log’s entries.',
      content: {
        'text/csv': { schema: { type: 'string', contentMediaType: 'text/csv' } },
        [MEDIA_JSON]: { schema: { type: 'array', items: ref('ActivityEntry') } },
      },
    }
  }
  if (endpoint.answerType === 'text' || answer === null) {
    return {
      description: name === 'token' ? 'The text `SUCCESS`; the token is in the `Token` header.' : 'Done.',
      ...(name === 'token'
        ? {
            headers: {
              [TOKEN_HEADER]: {
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
