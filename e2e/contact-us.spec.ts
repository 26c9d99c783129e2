import { expect, test } from '@playwright/test'
import { openPage } from './live'

/* Spec §2 /contact-us: a link to the help center and a support address that opens a mail composer. */

test('Contact Us leads to the help center and offers the support address as a mail link', async ({
  page,
}) => {
  await openPage(page, '/contact-us')
  const address = page.getByRole('link', { name: /@/ })
  await expect(address).toHaveAttribute(
    'href',
    /^mailto:[^?]+@[^?]+\?subject=Device%20certification%20support$/,
  )
  await page.getByRole('link', { name: 'Go to the Help Center' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help Center')
  await expect(page).toHaveURL(/\/help-center$/)
})
