import { http, HttpResponse, type RequestHandler } from 'msw'

/**
 * Handlers every story, unit test and the browser-only dev mode start from. The contract issue
 * grows this into the full fixture world; stories override single calls with `msw.use(...)`.
 */

/** ARCHITECTURE.md decision 1: GET /api/token answers SUCCESS and hands the token over in a header. */
export const tokenHandler = http.get('/api/token', () =>
  HttpResponse.text('SUCCESS', { headers: { Token: 'storybook-session-token' } }),
)

export const handlers: RequestHandler[] = [tokenHandler]
