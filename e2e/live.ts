import type { Page } from '@playwright/test'

/**
 * Opens a page and waits until the app is live on it. Public pages arrive prerendered and the app
 * hydrates them just after they paint (docs/decisions/0008): a journey that clicks a toggle or
 * types in a field waits for that, as a person would wait for the page to respond.
 */
export async function openPage(page: Page, path: string) {
  await page.goto(path)
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}
