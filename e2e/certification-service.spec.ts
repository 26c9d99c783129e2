import { expect, test } from '@playwright/test'

/*
 * docs/decisions/0006 in a real browser: a page of the portal calls the certification service on
 * its other port with the session cookie (credentialed CORS, SameSite=Lax across ports), and the
 * service refuses the same call without it. Driven through the API from the page, with the demo
 * vendor that `npm start` seeds, until the screens that make these calls exist.
 */

const certUrl = process.env.E2E_CERT_URL ?? 'http://127.0.0.1:7600'
const DEMO = { emailId: 'demo.vendor@example.com', password: 'Certify#Demo2025' }

test('a portal page starts a certification run with the session cookie, and not without it', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'One run per demo record: the desktop project drives it.')
  await page.goto('/')
  const outcome = await page.evaluate(
    async ({ certUrl, demo }) => {
      const tokenAnswer = await fetch('/api/token', { credentials: 'include' })
      const token = tokenAnswer.headers.get('Token') ?? ''
      const json = { 'Content-Type': 'application/json', Token: token }
      const login = await fetch('/api/login', {
        method: 'POST',
        credentials: 'include',
        headers: json,
        body: JSON.stringify(demo),
      })
      const { vendorUserId } = (await login.json()) as { vendorUserId: string }
      const list = await fetch('/api/portfoliomanager/list', {
        method: 'POST',
        credentials: 'include',
        headers: json,
        body: JSON.stringify({ vendorUserId }),
      })
      const records = (await list.json()) as {
        portfolioManagerSubmittedDetailsList: Array<{ portfolioManagerId: string; status: string }>
      }
      const submitted = records.portfolioManagerSubmittedDetailsList.find(
        (record) => record.status === 'Submitted',
      )
      const body = JSON.stringify({
        vendor_user_id: vendorUserId,
        portfolio_manager_id: submitted?.portfolioManagerId,
      })
      const headers = { 'Content-Type': 'application/json' }
      const withoutCookie = await fetch(`${certUrl}/run-tests`, {
        method: 'POST',
        credentials: 'omit',
        headers,
        body,
      })
      const withCookie = await fetch(`${certUrl}/run-tests`, {
        method: 'POST',
        credentials: 'include',
        headers,
        body,
      })
      const runs = await fetch(
        `${certUrl}/runs?${new URLSearchParams({ vendor_user_id: vendorUserId, portfolio_manager_id: submitted?.portfolioManagerId ?? '' })}`,
        { credentials: 'include' },
      )
      return {
        login: login.status,
        found: Boolean(submitted),
        withoutCookie: { status: withoutCookie.status, body: await withoutCookie.json() },
        withCookie: { status: withCookie.status, body: await withCookie.json() },
        runs: { status: runs.status, count: ((await runs.json()) as { runs: unknown[] }).runs.length },
      }
    },
    { certUrl, demo: DEMO },
  )
  expect(outcome.login).toBe(200)
  expect(outcome.found).toBe(true)
  expect(outcome.withoutCookie).toEqual({
    status: 401,
    body: { message: 'Your session has ended. Please sign in again.' },
  })
  expect(outcome.withCookie.status).toBe(200)
  expect(outcome.withCookie.body).toMatchObject({ message: 'Certification run started' })
  expect(outcome.runs).toEqual({ status: 200, count: 1 })
})
