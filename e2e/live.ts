import { type BrowserContext, expect, type Page } from '@playwright/test'
import { logInWithForm } from './accounts'

const HOME_HEADING = 'Certify your telecom devices, from first form to certificate'

/**
 * Opens a page and waits until the app is live on it. Public pages arrive prerendered; the app
 * hydrates them just after they paint for a logged-in vendor, and at the first sign of use for a
 * visitor (docs/decisions/0008, scripts/page-boot.mjs): the pointer moves here, as a person's
 * would, and a journey that clicks a toggle or types in a field waits for the app, as a person
 * would wait for the page to respond.
 */
export async function openPage(page: Page, path: string) {
  await page.goto(path)
  await page.mouse.move(1, 1)
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

export type SeenEvent = {
  seq: number
  type: string
  portfolioManagerId: string
  name?: string
  state?: string
}

/**
 * Keeps every stored event a page's live streams receive in window.__liveEvents (in order), and
 * the seq of each `hello` (where a fresh stream starts) in window.__liveHellos.
 */
export async function recordLiveEvents(context: BrowserContext) {
  await context.addInitScript(() => {
    const Native = window.EventSource
    const seen: unknown[] = []
    const hellos: number[] = []
    Object.assign(window, { __liveEvents: seen, __liveHellos: hellos })
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init)
        this.addEventListener('message', (event) => seen.push(JSON.parse(String(event.data))))
        this.addEventListener('hello', (event) =>
          hellos.push((JSON.parse(String((event as MessageEvent).data)) as { seq: number }).seq),
        )
      }
    }
  })
}

export const liveHellos = (page: Page) =>
  page.evaluate(() => (window as unknown as { __liveHellos: number[] }).__liveHellos)

export const liveEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { __liveEvents: SeenEvent[] }).__liveEvents)

export const liveStatus = (page: Page) => page.getByRole('status', { name: 'Live updates' })

/** Logs in through the login screen and waits for the home page. */
export async function logIn(page: Page, emailId: string, password: string) {
  await openPage(page, '/login')
  await logInWithForm(page, { emailId, password })
  await expect(page.getByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible()
}

/** Opens the dashboard and waits for its live stream. */
export async function openDashboard(page: Page) {
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(liveStatus(page)).toHaveText('Live updates on')
}
