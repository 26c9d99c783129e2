import { expect, test } from '@playwright/test'
import { openPage } from './live'

/* Spec §2 device certifications page: Read More toggles and expandable cards per device class. */

test('Read More opens the introduction and a device-class card', async ({ page }) => {
  await openPage(page, '/device-certifications')
  await expect(page.getByRole('heading', { level: 3 })).toHaveText([
    'Wi-Fi Routers',
    'Wi-Fi Mesh Devices',
    'Set-top boxes',
    'ONT',
    'OLT',
    'ONU',
  ])
  const ont = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'ONT', exact: true }) })
  await ont.getByRole('button', { name: 'Read More' }).click()
  await expect(ont.getByText('Ranging and registration with the OLT')).toBeVisible()
  await expect(ont.getByRole('button', { name: 'Read Less' })).toHaveAttribute('aria-expanded', 'true')
})
