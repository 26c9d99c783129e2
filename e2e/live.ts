import type { Page } from '@playwright/test'

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
