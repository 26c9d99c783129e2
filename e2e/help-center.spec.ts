import { expect, test } from '@playwright/test'
import { openPage } from './live'

/* Spec §2 Help center: the search box filters by title or answer text, case-insensitively. */

test('help-center search by title, by answer text, and with no match', async ({ page }) => {
  await openPage(page, '/help-center')
  const search = page.getByRole('searchbox', { name: 'Search the help center' })
  await expect(search).toHaveAttribute('placeholder', 'How can we help you?')
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(4)

  await search.fill('WI-FI SIGNAL')
  await expect(page.getByRole('button', { name: 'My Wi-Fi signal is weak' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Troubleshooting questions'])

  await search.fill('bank transfer')
  const billing = page.getByRole('button', { name: 'Billing and payments' })
  await expect(billing).toBeVisible()
  await billing.click()
  await expect(page.getByText(/paid by bank transfer within 30 days/)).toBeVisible()

  await search.fill('quantum teleport')
  await expect(page.getByRole('heading', { name: 'No answers match “quantum teleport”' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'contact us', exact: true })).toHaveAttribute(
    'href',
    '/contact-us',
  )
  await page.getByRole('button', { name: 'Clear search' }).click()
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(4)
})
