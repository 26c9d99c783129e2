import * as v from 'valibot'
import { TOKEN_BOOTSTRAP_SUCCESS, TOKEN_HEADER } from '@/contract/auth'
import { portalConfigAnswerSchema } from '@/contract/common'
import { MISSING_TOKEN_MESSAGE } from '@/contract/server-messages'
import {
  getCertificationServiceBaseUrl,
  getMainServiceBaseUrl,
  isCertificationServiceConfigured,
  setCertificationServicePort,
} from '@/lib/config'
import { sessionStarting } from '@/lib/session-starting'
import { readToken, writeToken } from '@/lib/storage'

/*
 * The one fetch wrapper for both services of spec §7, the transport under requestEndpoint
 * (src/lib/call-endpoint.ts), through which every call is made.
 *
 * Here a non-2xx answer is a result, `{ ok: false, status, message }` with the server's message
 * (spec §8) already read from JSON or text; requestEndpoint turns it into ApiAnswerError for the
 * one error model (src/lib/api-failure.ts). What no answer can say is thrown here: the network
 * failing (ApiNetworkError, spec §8 "logged only") and a 2xx answer that breaks the contract
 * (ApiContractError).
 *
 * Nothing here logs: request bodies carry passwords and personal data, headers carry the token.
 */

export type ResponseType = 'json' | 'text'
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
type AnySchema = v.GenericSchema

export interface ApiCallOptions {
  method?: HttpMethod
  /** JSON-encoded into the request body; leave out for no body. */
  body?: unknown
  /**
   * Query parameters (the GET calls' `request` in src/contract/endpoints); undefined values are
   * left out. Kept out of error messages, since they may carry what a user typed.
   */
  query?: Record<string, string | number | boolean | undefined>
  /** How a 2xx answer is read: 'json' (default) or 'text' (change-password, the token bootstrap). */
  responseType?: ResponseType
  /** Checks a 2xx answer and types `data`; a mismatch throws ApiContractError. */
  schema?: AnySchema
  /** Cancels the call (TanStack Query passes one); an aborted call rejects with the abort reason. */
  signal?: AbortSignal
  /**
   * Whether cookies go with the call. Both services include them (spec §7 for the main service;
   * docs/decisions/0006 for the certification service); set this only for a call that must differ.
   */
  credentials?: RequestCredentials
  /** Headers a call adds to the JSON headers (e.g. submit's Idempotency-Key). */
  headers?: Record<string, string>
}

export type ApiResult<T> =
  | { ok: true; status: number; data: T; headers: Headers }
  | {
      ok: false
      status: number
      /** The answer's body: parsed JSON when it is JSON, else its text, null when empty. */
      data: unknown
      /** What a screen shows: the body's `message`, the text of a text answer, or a fallback. */
      message: string
      headers: Headers
    }

type DataOf<O extends ApiCallOptions> = O extends { schema: infer S extends AnySchema }
  ? v.InferOutput<S>
  : O extends { responseType: 'text' }
    ? string
    : unknown

export type ServiceName = 'main service' | 'certification service'

/** The request never got an answer (offline, refused, CORS, DNS). */
export class ApiNetworkError extends Error {
  override name = 'ApiNetworkError'
  constructor(
    readonly service: ServiceName,
    readonly method: HttpMethod,
    readonly path: string,
    options: { cause: unknown },
  ) {
    super(`The ${service} could not be reached for ${method} ${path}.`, options)
  }
}

/**
 * A 2xx answer that is not what the contract says. The message names the places and what was
 * expected there, never the values received: answers hold personal data and messages get logged.
 */
export class ApiContractError extends Error {
  override name = 'ApiContractError'
  constructor(
    readonly service: ServiceName,
    readonly method: HttpMethod,
    readonly path: string,
    readonly status: number,
    readonly problems: readonly string[],
  ) {
    super(
      `The ${service} answered ${method} ${path} outside its contract (${status}): ${problems.join('; ')}.`,
    )
  }
}

function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string[] {
  return issues.map((issue) => `${v.getDotPath(issue) ?? 'answer'}: expected ${issue.expected ?? issue.type}`)
}

function parseJson(text: string): { json: unknown } | null {
  try {
    return { json: JSON.parse(text) as unknown }
  } catch {
    return null
  }
}

function messageOf(json: unknown): string | null {
  if (typeof json !== 'object' || json === null) return null
  const message: unknown = (json as { message?: unknown }).message
  return typeof message === 'string' && message.trim() !== '' ? message : null
}

/** An HTML error page (a proxy's 502) is no message to show a user. */
function isHtml(response: Response) {
  return response.headers.get('Content-Type')?.includes('text/html') ?? false
}

function queryString(path: string, query: ApiCallOptions['query']): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.append(name, String(value))
  }
  const encoded = params.toString()
  if (!encoded) return ''
  return `${path.includes('?') ? '&' : '?'}${encoded}`
}

interface ServiceSettings {
  name: ServiceName
  baseUrl: () => string | Promise<string>
  credentials: RequestCredentials
  sendsToken: boolean
}

/**
 * A state-changing call to the main service needs the session's Token (decision 1). When none is
 * stored yet (the call comes before the start-up bootstrap answered) it is fetched first; when the
 * guard refuses the one sent (the server ended a long-idle visitor session), a fresh one is fetched
 * and the call is made once more. Either way the caller sees one call and one answer.
 */
async function call(
  service: ServiceSettings,
  path: string,
  options: ApiCallOptions,
): Promise<ApiResult<unknown>> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST')
  const guarded = service.sendsToken && method !== 'GET'
  if (guarded) {
    // A Token request on its way (the start-up bootstrap, a renewal) replaces the stored Token:
    // sending the old one meanwhile would be refused and sent again. The start-up request counts
    // from the instant the app starts it, before this module has even loaded for it.
    const starting = sessionStarting()
    if (starting) await starting
    if (tokenRequest) await tokenRequest.catch(() => false)
    else if (!readToken()) await refreshSessionToken().catch(() => false)
  }
  const result = await callOnce(service, path, options, method)
  if (guarded && !result.ok && result.status === 403 && result.message === MISSING_TOKEN_MESSAGE) {
    const renewed = await refreshSessionToken().catch(() => false)
    if (renewed) return callOnce(service, path, options, method)
  }
  return result
}

async function callOnce(
  service: ServiceSettings,
  path: string,
  options: ApiCallOptions,
  method: HttpMethod,
): Promise<ApiResult<unknown>> {
  const responseType = options.responseType ?? 'json'

  const headers = new Headers({
    ...options.headers,
    'Content-Type': 'application/json',
    Accept: 'application/json',
  })
  const token = service.sendsToken ? readToken() : null
  if (token) headers.set(TOKEN_HEADER, token)

  let response: Response
  try {
    response = await fetch(`${await service.baseUrl()}${path}${queryString(path, options.query)}`, {
      method,
      headers,
      credentials: options.credentials ?? service.credentials,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    })
  } catch (error) {
    // A cancelled call is not a network failure: callers (TanStack Query) expect the abort itself.
    if (options.signal?.aborted) throw error
    throw new ApiNetworkError(service.name, method, path, { cause: error })
  }

  let text: string
  try {
    text = await response.text()
  } catch (error) {
    if (options.signal?.aborted) throw error
    throw new ApiNetworkError(service.name, method, path, { cause: error })
  }
  const { status, headers: answerHeaders } = response

  if (!response.ok) {
    const parsed = text.trim() === '' ? null : parseJson(text)
    const data = parsed ? parsed.json : text.trim() === '' ? null : text
    const textMessage = responseType === 'text' && !isHtml(response) ? text.trim() || null : null
    const message = messageOf(parsed?.json) ?? textMessage ?? `The server answered ${status}.`
    return { ok: false, status, data, message, headers: answerHeaders }
  }

  let data: unknown = text
  if (responseType === 'json') {
    const parsed = text.trim() === '' ? { json: null } : parseJson(text)
    if (!parsed) {
      throw new ApiContractError(service.name, method, path, status, ['answer: expected JSON'])
    }
    data = parsed.json
  }
  if (options.schema) {
    const checked = v.safeParse(options.schema, data)
    if (!checked.success) {
      throw new ApiContractError(service.name, method, path, status, describeIssues(checked.issues))
    }
    data = checked.output
  }
  return { ok: true, status, data, headers: answerHeaders }
}

export interface ServiceClient {
  /** Any method; without `method`, GET when there is no body and POST when there is one. */
  request<O extends ApiCallOptions>(path: string, options?: O): Promise<ApiResult<DataOf<O>>>
  get<O extends Omit<ApiCallOptions, 'method' | 'body'>>(
    path: string,
    options?: O,
  ): Promise<ApiResult<DataOf<O>>>
  post<O extends Omit<ApiCallOptions, 'method' | 'body'>>(
    path: string,
    body: unknown,
    options?: O,
  ): Promise<ApiResult<DataOf<O>>>
}

function createServiceClient(service: ServiceSettings): ServiceClient {
  const request = (path: string, options: ApiCallOptions = {}) => call(service, path, options)
  const get = (path: string, options: ApiCallOptions = {}) =>
    request(path, { ...options, method: 'GET', body: undefined })
  const post = (path: string, body: unknown, options: ApiCallOptions = {}) =>
    request(path, { ...options, method: 'POST', body })
  // The generic signatures only narrow `data` from the options; `call` checks it at run time.
  return {
    request: request as ServiceClient['request'],
    get: get as ServiceClient['get'],
    post: post as ServiceClient['post'],
  }
}

/**
 * The main service (paths like '/api/login'): cookies included, JSON headers, and the stored TOKEN
 * as the `Token` header (spec §7, ARCHITECTURE.md decision 1).
 */
export const mainService = createServiceClient({
  name: 'main service',
  baseUrl: getMainServiceBaseUrl,
  credentials: 'include',
  sendsToken: true,
})

/*
 * Spec §7 sends run-tests without token and without cookies. The certification service accepts
 * only the owning vendor's session (ARCHITECTURE.md decision 2, docs/decisions/0006), so the
 * session cookie goes with every call; the service allows credentialed CORS from the portal's
 * origin. Still no Token header: the service guards its POSTs by origin and JSON content type.
 */
export const CERTIFICATION_SERVICE_CREDENTIALS: RequestCredentials = 'include'

let certificationBase: Promise<string> | null = null

/**
 * The certification service's address: asked of the main service once (GET /api/portal-config),
 * unless fixed at build time; if the main service cannot say, the default port is used.
 */
export function resolveCertificationServiceBaseUrl(): Promise<string> {
  if (isCertificationServiceConfigured()) return Promise.resolve(getCertificationServiceBaseUrl())
  certificationBase ??= mainService.get(PORTAL_CONFIG_PATH, { schema: portalConfigAnswerSchema }).then(
    (result) => {
      if (result.ok) setCertificationServicePort(result.data.certificationServicePort)
      else certificationBase = null
      return getCertificationServiceBaseUrl()
    },
    () => {
      // Asked again next time: the main service may be back.
      certificationBase = null
      return getCertificationServiceBaseUrl()
    },
  )
  return certificationBase
}

export const PORTAL_CONFIG_PATH = '/api/portal-config'

/** The certification service: JSON headers, no Token header, cookies per CERTIFICATION_SERVICE_CREDENTIALS. */
export const certificationService = createServiceClient({
  name: 'certification service',
  baseUrl: resolveCertificationServiceBaseUrl,
  credentials: CERTIFICATION_SERVICE_CREDENTIALS,
  sendsToken: false,
})

export const TOKEN_PATH = '/api/token'

/**
 * ARCHITECTURE.md decision 1, run at app start: GET /api/token with cookies; when the answer's text
 * is SUCCESS, the `Token` response header becomes the stored TOKEN. Resolves to whether a token was
 * stored; a network failure rejects with ApiNetworkError like any other call.
 *
 * When the main service is on another origin (VITE_MAIN_API_URL) it must list Token in
 * Access-Control-Expose-Headers, or the header is invisible here and this resolves to false.
 */
export async function bootstrapSession(options: { signal?: AbortSignal } = {}): Promise<boolean> {
  if (options.signal) return fetchSessionToken(options.signal)
  return refreshSessionToken()
}

let tokenRequest: Promise<boolean> | null = null

/** One token request at a time: calls that need a token while one is on its way wait for it. */
function refreshSessionToken(): Promise<boolean> {
  tokenRequest ??= fetchSessionToken().finally(() => {
    tokenRequest = null
  })
  return tokenRequest
}

async function fetchSessionToken(signal?: AbortSignal): Promise<boolean> {
  const options = signal ? { signal } : {}
  const result = await mainService.get(TOKEN_PATH, { responseType: 'text', ...options })
  if (!result.ok || result.data.trim() !== TOKEN_BOOTSTRAP_SUCCESS) return false
  const token = result.headers.get(TOKEN_HEADER)
  if (!token) return false
  writeToken(token)
  return true
}
