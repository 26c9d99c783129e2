import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EndpointName, endpointPath, endpoints } from '@/contract/endpoints'
import { createVendor, startTestPortal, type TestPortal, type TestVendor } from '../test/portal.ts'

/*
 * Every call of the endpoint table (src/contract/endpoints) is answered by its service, at the
 * table's method and path (docs/decisions/0005): no call falls through to a service's 404 for paths
 * it does not know. The calls go in as a signed-in vendor with an empty body, so each reaches its
 * route (which may then refuse the body); logout goes last, since it ends the session.
 */

let test: TestPortal
let vendor: TestVendor

beforeAll(async () => {
  test = await startTestPortal()
  vendor = await createVendor(test, 'every-endpoint@example.com', 'Every')
}, 60_000)

afterAll(async () => {
  await test?.close()
})

const FALLBACK = /^No (API )?call at /

async function call(name: EndpointName) {
  const endpoint = endpoints[name]
  const path = endpointPath(endpoint.path, { runId: 'no-such-run', number: 'DCP-0000-0000-0000' })
  const options = { method: endpoint.method, body: {} }
  const response =
    endpoint.service === 'main'
      ? await vendor.browser.call(path, options)
      : await vendor.browser.cert(path, options)
  const text = await response.text()
  let message = ''
  try {
    message = String((JSON.parse(text) as { message?: unknown }).message ?? '')
  } catch {
    // A text answer (token, change-password) is no fallback: those answer JSON.
  }
  return { status: response.status, message }
}

const names = (Object.keys(endpoints) as EndpointName[]).sort(
  (a, b) => Number(a === 'logout') - Number(b === 'logout'),
)

describe('the endpoint table', () => {
  it('has a fallback to tell apart: a path outside the table gets it on both services', async () => {
    const main = await vendor.browser.call('/api/no-such-call', { method: 'POST', body: {} })
    expect(main.status).toBe(404)
    expect(((await main.json()) as { message: string }).message).toMatch(FALLBACK)
    const cert = await vendor.browser.cert('/no-such-call', { method: 'POST', body: {} })
    expect(cert.status).toBe(404)
    expect(((await cert.json()) as { message: string }).message).toMatch(FALLBACK)
  })

  it.each(names)('%s is answered by its service at the table’s method and path', async (name) => {
    const answer = await call(name)
    expect(answer.message, `${endpoints[name].method} ${endpoints[name].path}`).not.toMatch(FALLBACK)
    expect(answer.status).not.toBe(405)
  })
})
