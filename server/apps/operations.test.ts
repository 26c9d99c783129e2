import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '@/contract/endpoints'
import { openTestDatabase } from '../platform/db/test-database.ts'
import {
  createVendor,
  eventually,
  newBrowser,
  startTestPortal,
  submitRecord,
  type TestPortal,
  type TestVendor,
} from '../test/portal.ts'
import { processMetrics } from '../platform/metrics.ts'
import { createOperations, METRICS_REFUSED_MESSAGE } from './operations.ts'

/* /healthz, /readyz and /metrics on both listeners of a portal process. */

const METRICS_TOKEN = 'metrics-token-of-at-least-32-characters'
let test: TestPortal
let owner: TestVendor

beforeAll(async () => {
  // The counters are the process's: the test files a Vitest worker ran before this one (one
  // process runs many: vite.config.ts, isolate) counted their own requests and mails.
  processMetrics.resetMetrics()
  test = await startTestPortal({ metricsToken: METRICS_TOKEN })
  owner = await createVendor(test, 'olive.operations@example.com', 'Olive')
}, 60_000)

afterAll(async () => {
  await test?.close()
})

const both = () => [test.portal.mainUrl, test.portal.certUrl]

describe('GET /healthz', () => {
  it('answers 200 {"status":"ok"} on both listeners, to anyone, uncached', async () => {
    for (const base of both()) {
      const answer = await fetch(`${base}/healthz`)
      expect([answer.status, answer.headers.get('Cache-Control'), await answer.json()]).toEqual([
        200,
        'no-store',
        { status: 'ok' },
      ])
    }
  })
})

describe('GET /readyz', () => {
  it('answers 200 with each check ok on both listeners once the portal has started', async () => {
    for (const base of both()) {
      const answer = await fetch(`${base}/readyz`)
      expect([answer.status, await answer.json()]).toEqual([
        200,
        { status: 'ready', checks: { database: 'ok', migrations: 'ok', jobs: 'ok', events: 'ok' } },
      ])
    }
  })

  it('names the check that fails: a database that does not answer, a job runner and an event hub that stopped', async () => {
    const database = await openTestDatabase({ seeds: { addresses: false, demoAccount: false } })
    await database.close()
    const operations = createOperations({
      db: database.db,
      jobs: { alive: () => false },
      events: { alive: () => false, streamCount: () => 0 },
    })
    const { ready, checks } = await operations.readiness()
    expect(ready).toBe(false)
    expect(checks.database).toMatch(/^failed \(.+\)$/)
    expect(checks.migrations).toMatch(/^failed \(.+\)$/)
    expect([checks.jobs, checks.events]).toEqual(['not running', 'not running or not listening'])
  })
})

describe('GET /metrics', () => {
  it('answers a caller on this machine in Prometheus’s format: requests by route pattern, runs, jobs, streams, mails', async () => {
    const id = await submitRecord(test, owner, ['OPS00001'], { devicesToBeCertified: '1' })
    const started = await owner.browser.cert(endpoints.runTests.path, {
      body: { vendor_user_id: owner.id, portfolio_manager_id: id },
      headers: { Origin: test.portal.mainUrl },
    })
    expect(started.status).toBe(200)
    const scrape = async () => {
      const answer = await fetch(`${test.portal.mainUrl}/metrics`)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('Content-Type')).toMatch(/^text\/plain; version=0\.0\.4/)
      return answer.text()
    }
    await eventually(async () => /^portal_runs\{status="Completed"\} 1$/m.test(await scrape()))
    const text = await scrape()
    expect(text).toMatch(
      /^portal_http_request_duration_seconds_count\{service="main",method="POST",route="\/api\/portfoliomanager\/create",status="200"\} 1$/m,
    )
    expect(text).toMatch(
      /^portal_http_request_duration_seconds_count\{service="certification",method="POST",route="\/run-tests",status="200"\} 1$/m,
    )
    // A route's pattern, never a path with its ids.
    expect(text).not.toContain(id)
    expect(text).toMatch(/^portal_event_streams 0$/m)
    expect(text).toMatch(/^portal_login_throttled_total \d+$/m)
    expect(text).toMatch(/^# TYPE portal_jobs gauge$/m)
    expect(text).toMatch(/^# TYPE portal_jobs_oldest_due_age_seconds gauge$/m)
    expect(text).toMatch(/^# TYPE portal_event_delivery_lag_seconds histogram$/m)
    expect(text).toMatch(/^# TYPE portal_webhook_attempts_total counter$/m)
    expect(text).toMatch(/^portal_process_resident_memory_bytes \d+$/m)
    // Every figure the operators' dashboard charts is there.
    const dashboard = readFileSync('docs/operations/grafana-dashboard.json', 'utf8')
    const charted = new Set(
      [...dashboard.matchAll(/portal_\w+/g)].map(([name]) => name.replace(/_(bucket|count|sum)$/, '')),
    )
    expect(charted.size).toBeGreaterThan(10)
    for (const name of charted) expect(text).toContain(`# TYPE ${name} `)
    // A mail goes out through the job runner: Forgot Password's code.
    const visitor = await newBrowser(test.portal)
    expect((await visitor.post(endpoints.forgotPassword.path, { emailId: owner.email })).status).toBe(200)
    await eventually(async () => /^portal_mails_total\{outcome="sent"\} [1-9]\d*$/m.test(await scrape()))
  }, 60_000)

  it('refuses a caller through a proxy, a session of the portal, and a wrong token; takes METRICS_TOKEN', async () => {
    const refused = async (headers: Record<string, string>) => {
      const answer = await fetch(`${test.portal.mainUrl}/metrics`, { headers })
      return [answer.status, await answer.json()]
    }
    const forwarded = { 'X-Forwarded-For': '203.0.113.9' }
    expect(await refused(forwarded)).toEqual([403, { message: METRICS_REFUSED_MESSAGE }])
    expect(await refused({ Forwarded: 'for=203.0.113.9' })).toEqual([
      403,
      { message: METRICS_REFUSED_MESSAGE },
    ])
    expect(await refused({ ...forwarded, Cookie: owner.browser.cookie })).toEqual([
      403,
      { message: METRICS_REFUSED_MESSAGE },
    ])
    expect(await refused({ ...forwarded, Authorization: `Bearer ${METRICS_TOKEN}x` })).toEqual([
      403,
      { message: METRICS_REFUSED_MESSAGE },
    ])
    const taken = await fetch(`${test.portal.certUrl}/metrics`, {
      headers: { ...forwarded, Authorization: `Bearer ${METRICS_TOKEN}` },
    })
    expect(taken.status).toBe(200)
    expect(await taken.text()).toMatch(/^# TYPE portal_runs gauge$/m)
  })

  it('answers only GET', async () => {
    const answer = await fetch(`${test.portal.mainUrl}/readyz`, { method: 'POST' })
    expect([answer.status, await answer.json()]).toEqual([405, { message: 'No call at POST /readyz.' }])
  })
})

// Last: it stops the suite's portal.
describe('a portal that is stopping', () => {
  it('answers /readyz 503 "stopping" at once, while /healthz still answers', async () => {
    test.portal.operations.stopping()
    const ready = await fetch(`${test.portal.mainUrl}/readyz`)
    expect([ready.status, await ready.json()]).toEqual([
      503,
      { status: 'not ready', checks: { process: 'stopping' } },
    ])
    expect((await fetch(`${test.portal.certUrl}/healthz`)).status).toBe(200)
  })
})
