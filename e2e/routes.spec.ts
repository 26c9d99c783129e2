import { expect, test } from '@playwright/test'
import { openPage } from './live'
import { expectTitledPage, HOME, pageTitle } from './routes'

/**
 * Every route of spec §2 answers with its titled page; anything else lands on the home page. The
 * prerendered pages (every route below without its query) are opened, titled and hydrated in
 * public-site.spec.ts; here, the routes whose query the app acts on at once.
 */
const ROUTES = ['/login?from=create-portfolio', '/portfolio-manager?portfolio=device-portfolio'] as const

test.describe('every route', () => {
  test.skip(({ isMobile }) => isMobile, 'A route answers the same page at any width.')

  for (const path of ROUTES) {
    test(`${path} shows “${pageTitle(path)}”`, async ({ page }) => {
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      await openPage(page, path)
      await expectTitledPage(page, path)
      expect(errors).toEqual([])
    })
  }

  // Spec §2: the protected routes send a visitor to /login (accounts.spec.ts logs in and comes back).
  for (const path of ['/portfolio?portfolio=organization-portfolio', '/dashboard?search=ONT']) {
    test(`${path} while logged out shows the login`, async ({ page }) => {
      await openPage(page, path)
      await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(path)}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in')
    })
  }

  for (const path of ['/no-such-page', '/create-profile/unknown', '/dashboard/extra/segments']) {
    test(`unknown path ${path} redirects to /`, async ({ page }) => {
      await openPage(page, path)
      await expect(page).toHaveURL(/\/$/)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOME)
    })
  }

  test('a mistyped portfolio value still opens the page', async ({ page }) => {
    await openPage(page, '/portfolio-manager?portfolio=not-a-type')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Portfolio Manager')
  })
})

test('the header links lead to their pages', async ({ page, isMobile }) => {
  await openPage(page, '/')
  if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('link', { name: 'Contact Us' }).click()
  await expect(page).toHaveURL(/\/contact-us$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us')
  await page.getByRole('link', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/login$/)
})
