// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:3000/"}
import { delay, http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import * as v from 'valibot'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest'
import {
  ApiContractError,
  ApiNetworkError,
  bootstrapSession,
  certificationService,
  mainService,
} from '@/lib/api-client'
import { MISSING_TOKEN_MESSAGE } from '@/contract/server-messages'
import { startSession } from '@/lib/session-start'
import { readToken, writeToken } from '@/lib/storage'

/** What the server saw of each request, for asserting headers and bodies. */
interface Received {
  url: string
  method: string
  headers: Headers
  body: string
}
let received: Received[] = []

async function record(request: Request) {
  received.push({
    url: request.url,
    method: request.method,
    headers: request.headers,
    body: await request.clone().text(),
  })
}

const loginAnswer = {
  name: 'Asha Rao',
  emailId: 'asha.rao@netgear-labs.example',
  phoneNumber: '9876543210',
  vendorUserId: 'VU-1001',
  message: 'Login is successful',
  isPortfolioManagerPreviousReqSaved: 'NO',
  isPortfolioManagerSavedOrSubmittedDataExists: 'NO',
  isPortfolioManagerSubmittedDataExists: 'NO',
}

const server = setupServer(
  // A page that starts without a stored Token gets one first (decision 1)…
  http.get('http://localhost:3000/api/token', () =>
    HttpResponse.text('SUCCESS', { headers: { Token: 'tok-bootstrap' } }),
  ),
  // …and asks where the certification service is (decision 0010): here, the default port.
  http.get('http://localhost:3000/api/portal-config', () =>
    HttpResponse.json({ certificationServicePort: null }),
  ),
  http.post('http://localhost:3000/api/login', async ({ request }) => {
    await record(request)
    const { password } = (await request.json()) as { password: string }
    return password === 'Secret#123'
      ? HttpResponse.json(loginAnswer)
      : HttpResponse.json({ message: 'Invalid email or password' }, { status: 401 })
  }),
  http.get('http://localhost:3000/api/registration/get-country-state-city-list', async ({ request }) => {
    await record(request)
    return HttpResponse.json({ countryDetailsList: [], stateList: [], cityList: [] })
  }),
  http.post('http://localhost:7600/run-tests', async ({ request }) => {
    await record(request)
    return HttpResponse.json({ message: 'Run started' })
  }),
)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => {
  received = []
  localStorage.clear()
})
afterEach(() => {
  server.resetHandlers()
  vi.unstubAllEnvs()
})
afterAll(() => server.close())

function lastFetchInit(spy: { mock: { calls: unknown[][] } }): RequestInit {
  const call = spy.mock.calls.at(-1)
  return (call?.[1] ?? {}) as RequestInit
}

const credentials = { emailId: 'asha.rao@netgear-labs.example', password: 'Secret#123' }

describe('main service calls (spec §7)', () => {
  it('send the stored TOKEN, JSON headers, the JSON body and cookies', async () => {
    writeToken('tok-abc')
    const fetchSpy = vi.spyOn(globalThis, 'fetch')

    const result = await mainService.post('/api/login', credentials)

    expect(result).toMatchObject({ ok: true, status: 200, data: loginAnswer })
    const [request] = received
    expect(request?.url).toBe('http://localhost:3000/api/login')
    expect(request?.method).toBe('POST')
    expect(request?.headers.get('Token')).toBe('tok-abc')
    expect(request?.headers.get('Content-Type')).toBe('application/json')
    expect(request?.headers.get('Accept')).toBe('application/json')
    expect(JSON.parse(request?.body ?? '')).toEqual(credentials)
    expect(lastFetchInit(fetchSpy).credentials).toBe('include')
  })

  it('fetch the Token first when none is stored, one request for calls made together', async () => {
    server.use(
      http.get('http://localhost:3000/api/token', async ({ request }) => {
        await record(request)
        await delay(20)
        return HttpResponse.text('SUCCESS', { headers: { Token: 'tok-new' } })
      }),
    )
    await Promise.all([
      mainService.post('/api/login', credentials),
      mainService.post('/api/login', credentials),
    ])
    expect(received.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      'GET /api/token',
      'POST /api/login',
      'POST /api/login',
    ])
    expect(received[1]?.headers.get('Token')).toBe('tok-new')
    expect(received[2]?.headers.get('Token')).toBe('tok-new')
  })

  it('wait for a Token request on its way (the start-up bootstrap) rather than send the old Token', async () => {
    writeToken('tok-old')
    server.use(
      http.get('http://localhost:3000/api/token', async ({ request }) => {
        await record(request)
        await delay(20)
        return HttpResponse.text('SUCCESS', { headers: { Token: 'tok-rotated' } })
      }),
    )
    const started = bootstrapSession()
    await mainService.post('/api/login', credentials)
    await expect(started).resolves.toBe(true)
    expect(received.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      'GET /api/token',
      'POST /api/login',
    ])
    expect(received[1]?.headers.get('Token')).toBe('tok-rotated')
  })

  it('wait for the start-up Token request from the instant the app starts it', async () => {
    // A full load of /dashboard: the app starts the session, and the route's loader calls at once,
    // while the API client the start-up request needs is still being loaded.
    writeToken('tok-old')
    server.use(
      http.get('http://localhost:3000/api/token', async ({ request }) => {
        await record(request)
        return HttpResponse.text('SUCCESS', { headers: { Token: 'tok-rotated' } })
      }),
    )
    const started = startSession()
    await mainService.post('/api/login', credentials)
    await started
    expect(received.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      'GET /api/token',
      'POST /api/login',
    ])
    expect(received[1]?.headers.get('Token')).toBe('tok-rotated')
  })

  it('leave the Token header out when no token can be had, and still make the call', async () => {
    server.use(http.get('http://localhost:3000/api/token', () => HttpResponse.error()))
    const result = await mainService.post('/api/login', credentials)
    expect(result.ok).toBe(true)
    expect(received[0]?.headers.has('Token')).toBe(false)
  })

  it('do not fetch a Token for a GET', async () => {
    await mainService.get('/api/registration/get-country-state-city-list')
    expect(received.map((request) => new URL(request.url).pathname)).toEqual([
      '/api/registration/get-country-state-city-list',
    ])
  })

  it('fetch a fresh Token and try once more when the guard refuses the stored one', async () => {
    writeToken('tok-stale')
    let tokens = 0
    server.use(
      http.get('http://localhost:3000/api/token', () => {
        tokens += 1
        return HttpResponse.text('SUCCESS', { headers: { Token: `tok-fresh-${tokens}` } })
      }),
      http.post('http://localhost:3000/api/login', async ({ request }) => {
        await record(request)
        return request.headers.get('Token') === 'tok-stale'
          ? HttpResponse.json({ message: MISSING_TOKEN_MESSAGE }, { status: 403 })
          : HttpResponse.json(loginAnswer)
      }),
    )
    const result = await mainService.post('/api/login', credentials)
    expect(result).toMatchObject({ ok: true, data: loginAnswer })
    expect(received.map((request) => request.headers.get('Token'))).toEqual(['tok-stale', 'tok-fresh-1'])
    expect(readToken()).toBe('tok-fresh-1')
  })

  it('answer the refusal itself when a fresh Token is refused too (no loop)', async () => {
    writeToken('tok-stale')
    server.use(
      http.get('http://localhost:3000/api/token', () =>
        HttpResponse.text('SUCCESS', { headers: { Token: 'tok-other' } }),
      ),
      http.post('http://localhost:3000/api/login', async ({ request }) => {
        await record(request)
        return HttpResponse.json({ message: MISSING_TOKEN_MESSAGE }, { status: 403 })
      }),
    )
    const result = await mainService.post('/api/login', credentials)
    expect(result).toMatchObject({ ok: false, status: 403, message: MISSING_TOKEN_MESSAGE })
    expect(received).toHaveLength(2)
  })

  it('leave a 403 for another reason alone', async () => {
    writeToken('tok-abc')
    server.use(
      http.post('http://localhost:3000/api/login', async ({ request }) => {
        await record(request)
        return HttpResponse.json(
          { message: "You may not read or change another vendor's data." },
          { status: 403 },
        )
      }),
    )
    const result = await mainService.post('/api/login', credentials)
    expect(result).toMatchObject({ ok: false, status: 403 })
    expect(received).toHaveLength(1)
  })

  it('read the token at call time, so a new token is used at once', async () => {
    writeToken('first')
    await mainService.post('/api/login', credentials)
    writeToken('second')
    await mainService.post('/api/login', credentials)
    expect(received.map((request) => request.headers.get('Token'))).toEqual(['first', 'second'])
  })

  it('GET without a body', async () => {
    const result = await mainService.get('/api/registration/get-country-state-city-list')
    expect(result).toMatchObject({ ok: true, data: { countryDetailsList: [] } })
    expect(received[0]?.method).toBe('GET')
    expect(received[0]?.body).toBe('')
  })

  it('append query parameters, leaving out undefined ones', async () => {
    await mainService.get('/api/registration/get-country-state-city-list', {
      query: { country: 'India', state: 'Tamil Nadu', city: undefined, limit: 20 },
    })
    const url = new URL(received[0]?.url ?? '')
    expect(url.pathname).toBe('/api/registration/get-country-state-city-list')
    expect([...url.searchParams]).toEqual([
      ['country', 'India'],
      ['state', 'Tamil Nadu'],
      ['limit', '20'],
    ])
  })

  it('go to VITE_MAIN_API_URL when it is set', async () => {
    vi.stubEnv('VITE_MAIN_API_URL', 'http://api.example.test:7700')
    server.use(
      http.get('http://api.example.test:7700/api/token', () =>
        HttpResponse.text('SUCCESS', { headers: { Token: 'remote' } }),
      ),
    )
    expect(await bootstrapSession()).toBe(true)
    expect(readToken()).toBe('remote')
  })
})

describe('certification service calls (spec §7)', () => {
  it('go to port 7600 of the page host with a JSON body and the session cookie, without Token (decision 0006)', async () => {
    writeToken('tok-abc')
    const fetchSpy = vi.spyOn(globalThis, 'fetch')

    const result = await certificationService.post('/run-tests', {
      vendor_user_id: 'VU-1001',
      portfolio_manager_id: 'PM-7',
    })

    expect(result).toMatchObject({ ok: true, status: 200 })
    const [request] = received
    expect(request?.url).toBe('http://localhost:7600/run-tests')
    expect(request?.headers.has('Token')).toBe(false)
    expect(request?.headers.get('Content-Type')).toBe('application/json')
    expect(JSON.parse(request?.body ?? '')).toEqual({
      vendor_user_id: 'VU-1001',
      portfolio_manager_id: 'PM-7',
    })
    expect(lastFetchInit(fetchSpy).credentials).toBe('include')
  })

  it('go to the port the main service announces (GET /api/portal-config), asked once', async () => {
    vi.resetModules()
    const fresh = await import('@/lib/api-client')
    let asked = 0
    server.use(
      http.get('http://localhost:3000/api/portal-config', () => {
        asked += 1
        return HttpResponse.json({ certificationServicePort: 7611 })
      }),
      http.post('http://localhost:7611/run-tests', async ({ request }) => {
        await record(request)
        return HttpResponse.json({ message: 'Run started' })
      }),
    )
    await fresh.certificationService.post('/run-tests', {})
    await fresh.certificationService.post('/run-tests', {})
    expect(received.map((request) => request.url)).toEqual([
      'http://localhost:7611/run-tests',
      'http://localhost:7611/run-tests',
    ])
    expect(asked).toBe(1)
  })

  it('keep port 7600 when the main service cannot say, and ask again next time', async () => {
    vi.resetModules()
    const fresh = await import('@/lib/api-client')
    let asked = 0
    server.use(
      http.get('http://localhost:3000/api/portal-config', () => {
        asked += 1
        return HttpResponse.error()
      }),
    )
    await fresh.certificationService.post('/run-tests', {})
    await fresh.certificationService.post('/run-tests', {})
    expect(received.map((request) => request.url)).toEqual([
      'http://localhost:7600/run-tests',
      'http://localhost:7600/run-tests',
    ])
    expect(asked).toBe(2)
  })

  it('take a per-call credentials mode', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    await certificationService.post('/run-tests', {}, { credentials: 'omit' })
    expect(lastFetchInit(fetchSpy).credentials).toBe('omit')
    expect(received[0]?.headers.has('Token')).toBe(false)
  })
})

describe('reading answers', () => {
  it('gives the body message of a non-2xx JSON answer (spec §8, login)', async () => {
    const result = await mainService.post('/api/login', { ...credentials, password: 'wrong' })
    expect(result).toMatchObject({
      ok: false,
      status: 401,
      message: 'Invalid email or password',
      data: { message: 'Invalid email or password' },
    })
  })

  it.each([
    ['an empty body', () => new HttpResponse(null, { status: 500 })],
    ['JSON without message', () => HttpResponse.json({ error: 'boom' }, { status: 500 })],
    ['a blank message', () => HttpResponse.json({ message: '  ' }, { status: 500 })],
    ['an HTML error page', () => HttpResponse.html('<h1>Bad gateway</h1>', { status: 500 })],
  ])('falls back to the status for %s', async (_case, answer) => {
    server.use(http.post('http://localhost:3000/api/portfoliomanager/save', answer))
    const result = await mainService.post('/api/portfoliomanager/save', {})
    expect(result).toMatchObject({ ok: false, status: 500, message: 'The server answered 500.' })
  })

  it('reads a text answer as text (change-password)', async () => {
    server.use(
      http.post('http://localhost:3000/api/registration/change-password', () => HttpResponse.text('OK')),
    )
    const result = await mainService.post('/api/registration/change-password', {}, { responseType: 'text' })
    expect(result).toMatchObject({ ok: true, status: 200, data: 'OK' })
    if (result.ok) expectTypeOf(result.data).toEqualTypeOf<string>()
  })

  it('shows the text of a non-2xx text answer as the message (spec §8, change password)', async () => {
    server.use(
      http.post('http://localhost:3000/api/registration/change-password', () =>
        HttpResponse.text('Invalid or expired code', { status: 400 }),
      ),
    )
    const result = await mainService.post('/api/registration/change-password', {}, { responseType: 'text' })
    expect(result).toMatchObject({ ok: false, status: 400, message: 'Invalid or expired code' })
  })

  it("prefers a JSON message on a text call's error (the server's validation answers)", async () => {
    server.use(
      http.post('http://localhost:3000/api/registration/change-password', () =>
        HttpResponse.json({ message: 'Passwords do not match.' }, { status: 400 }),
      ),
    )
    const result = await mainService.post('/api/registration/change-password', {}, { responseType: 'text' })
    expect(result).toMatchObject({ ok: false, message: 'Passwords do not match.' })
  })

  it('reads an empty 2xx JSON answer as null', async () => {
    server.use(
      http.post(
        'http://localhost:3000/api/portfoliomanager/delete',
        () => new HttpResponse(null, { status: 204 }),
      ),
    )
    expect(await mainService.post('/api/portfoliomanager/delete', {})).toMatchObject({
      ok: true,
      status: 204,
      data: null,
    })
  })

  it('throws ApiContractError for a 2xx answer that is not JSON', async () => {
    server.use(http.post('http://localhost:3000/api/login', () => HttpResponse.text('welcome')))
    await expect(mainService.post('/api/login', credentials)).rejects.toBeInstanceOf(ApiContractError)
  })
})

describe('checking answers against a schema', () => {
  const loginAnswerSchema = v.object({
    vendorUserId: v.string(),
    emailId: v.pipe(v.string(), v.email()),
    isPortfolioManagerSubmittedDataExists: v.picklist(['YES', 'NO']),
  })

  it('gives the parsed, typed output on a match', async () => {
    const result = await mainService.post('/api/login', credentials, { schema: loginAnswerSchema })
    expect(result.ok && result.data).toEqual({
      vendorUserId: 'VU-1001',
      emailId: 'asha.rao@netgear-labs.example',
      isPortfolioManagerSubmittedDataExists: 'NO',
    })
    if (result.ok) expectTypeOf(result.data).toEqualTypeOf<v.InferOutput<typeof loginAnswerSchema>>()
  })

  it('throws ApiContractError naming the places, not the values', async () => {
    server.use(
      http.post('http://localhost:3000/api/login', () =>
        HttpResponse.json({
          ...loginAnswer,
          vendorUserId: 1001,
          isPortfolioManagerSubmittedDataExists: 'maybe',
        }),
      ),
    )
    const error = await mainService
      .post('/api/login', credentials, { schema: loginAnswerSchema })
      .catch((caught: unknown) => caught)

    expect(error).toBeInstanceOf(ApiContractError)
    const { message, problems } = error as ApiContractError
    expect(problems).toEqual([
      'vendorUserId: expected string',
      'isPortfolioManagerSubmittedDataExists: expected ("YES" | "NO")',
    ])
    expect(message).toContain('POST /api/login')
    expect(message).not.toContain('1001')
    expect(message).not.toContain('maybe')
    expect(message).not.toContain('asha')
  })

  it('does not check error answers against the schema', async () => {
    const result = await mainService.post(
      '/api/login',
      { ...credentials, password: 'wrong' },
      { schema: loginAnswerSchema },
    )
    expect(result).toMatchObject({ ok: false, message: 'Invalid email or password' })
  })
})

describe('failures without an answer', () => {
  it('throw ApiNetworkError when the network fails, without the body in the message', async () => {
    server.use(http.post('http://localhost:3000/api/login', () => HttpResponse.error()))
    const error = await mainService.post('/api/login', credentials).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiNetworkError)
    expect((error as ApiNetworkError).message).toBe(
      'The main service could not be reached for POST /api/login.',
    )
    expect((error as ApiNetworkError).cause).toBeDefined()
  })

  it('reject with the abort, not a network error, when the signal aborts', async () => {
    server.use(
      http.get('http://localhost:3000/api/registration/get-country-state-city-list', async () => {
        await delay('infinite')
        return HttpResponse.json({})
      }),
    )
    const controller = new AbortController()
    const pending = mainService.get('/api/registration/get-country-state-city-list', {
      signal: controller.signal,
    })
    controller.abort()
    const error = await pending.catch((caught: unknown) => caught)
    expect(error).not.toBeInstanceOf(ApiNetworkError)
    expect((error as Error).name).toBe('AbortError')
  })
})

describe('bootstrapSession (ARCHITECTURE.md decision 1)', () => {
  function tokenAnswer(text: string, token: string | null, status = 200) {
    server.use(
      http.get('http://localhost:3000/api/token', async ({ request }) => {
        await record(request)
        return HttpResponse.text(text, { status, headers: token ? { Token: token } : {} })
      }),
    )
  }

  it('stores the Token header when the answer is SUCCESS, asking with cookies', async () => {
    tokenAnswer('SUCCESS', 'tok-fresh')
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    expect(await bootstrapSession()).toBe(true)
    expect(readToken()).toBe('tok-fresh')
    expect(received[0]?.method).toBe('GET')
    expect(lastFetchInit(fetchSpy).credentials).toBe('include')
  })

  it.each([
    ['another text', 'FAILURE', 'tok-fresh', 200],
    ['no Token header', 'SUCCESS', null, 200],
    ['an error status', 'SUCCESS', 'tok-fresh', 500],
  ] as const)('stores nothing for %s', async (_case, text, token, status) => {
    writeToken('tok-old')
    tokenAnswer(text, token, status)
    expect(await bootstrapSession()).toBe(false)
    expect(readToken()).toBe('tok-old')
  })

  it('rejects with ApiNetworkError when the main service is unreachable', async () => {
    server.use(http.get('http://localhost:3000/api/token', () => HttpResponse.error()))
    await expect(bootstrapSession()).rejects.toBeInstanceOf(ApiNetworkError)
    expect(readToken()).toBeNull()
  })
})
