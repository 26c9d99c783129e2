import { expect, test } from '@playwright/test'
import { openPage } from './live'

/** Every route of spec §2 answers with its titled page; anything else lands on the home page. */
const HOME = 'Certify your telecom devices, from first form to certificate'
const ROUTES = [
  ['/', HOME],
  ['/login', 'Sign in'],
  ['/login?from=create-portfolio', 'Sign in'],
  ['/create-profile', 'Create your vendor profile'],
  ['/create-profile/register', 'Register your organization'],
  ['/forgot-password', 'Forgot password'],
  ['/check-mail', 'Check your mail'],
  ['/password-reset', 'Password reset'],
  ['/portfolio-manager', 'Portfolio Manager'],
  ['/portfolio-manager?portfolio=device-portfolio', 'Portfolio Manager'],
  ['/device-certifications', 'Device Certifications'],
  ['/contact-us', 'Contact Us'],
  ['/help-center', 'Help Center'],
] as const

test.describe('every route', () => {
  test.skip(({ isMobile }) => isMobile, 'A route answers the same page at any width.')

  for (const [path, title] of ROUTES) {
    test(`${path} shows “${title}”`, async ({ page }) => {
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      await openPage(page, path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
      await expect(page).toHaveTitle(
        path === '/'
          ? 'Device Certification Portal · Certify your telecom devices'
          : `${title} · Device Certification Portal`,
      )
      expect(new URL(page.url()).pathname).toBe(path.split('?')[0])
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
