import { expect, type Page } from '@playwright/test'

/*
 * The pages of spec §2 by their heading: routes.spec.ts opens the routes the build does not
 * prerender as they are (a query the app acts on), public-site.spec.ts the prerendered pages,
 * each once (decision 0057).
 */

export const HOME = 'Certify your telecom devices, from first form to certificate'

/** Each page's level-1 heading, by its path (a query left out). */
const PAGE_TITLES: Readonly<Record<string, string>> = {
  '/': HOME,
  '/login': 'Sign in',
  '/create-profile': 'Create your vendor profile',
  '/create-profile/register': 'Register your organization',
  '/forgot-password': 'Forgot password',
  '/check-mail': 'Check your mail',
  '/password-reset': 'Password reset',
  '/portfolio-manager': 'Portfolio Manager',
  '/device-certifications': 'Device Certifications',
  '/contact-us': 'Contact Us',
  '/help-center': 'Help Center',
  '/verify': 'Verify a certificate',
  '/certified-devices': 'Certified devices',
}

const pathnameOf = (path: string) => path.split('?')[0] ?? path

/** The heading of the page at `path` (its query left out). */
export const pageTitle = (path: string) => PAGE_TITLES[pathnameOf(path)]

/** The page at `path` shows its heading, its document title and its path (it was not redirected). */
export async function expectTitledPage(page: Page, path: string) {
  const pathname = pathnameOf(path)
  const title = pageTitle(path)
  expect(title, `a title for ${pathname}`).toBeDefined()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title ?? '')
  await expect(page).toHaveTitle(
    pathname === '/'
      ? 'Device Certification Portal · Certify your telecom devices'
      : `${title} · Device Certification Portal`,
  )
  expect(new URL(page.url()).pathname).toBe(pathname)
}
