import { expect, test } from '@playwright/test'
import { createAccount, uniqueEmail } from './accounts'
import { row, submitDevice } from './devices'
import { logIn, openDashboard } from './live'

/*
 * The dashboard on a phone (docs/decisions/0035): at 390 × 844 a vendor with records sees the
 * first one without scrolling, as a card with its status in words, and its actions as a sheet.
 */

test('at 390 × 844 the first record shows without scrolling, its status in words', async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the phone layout only')
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 390, height: 844 })
  const emailId = uniqueEmail(`dashboard-phone-${testInfo.project.name}`)
  await createAccount(request, { emailId, password: 'Phone#2026x' })
  await logIn(page, emailId, 'Phone#2026x')
  const mesh = { deviceType: 'Wi-Fi Mesh Device', productClass: 'Wi-Fi 6 Mesh' }
  await submitDevice(page, { deviceName: 'Beacon 6', ...mesh, baseFirmwareVersion: '1.4.2' })
  await submitDevice(page, { deviceName: 'Beacon 10', ...mesh, baseFirmwareVersion: '0.9.1' })

  await openDashboard(page)
  await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0)
  const first = page.getByRole('row').first()
  await expect(first).toContainText('Submitted')
  const box = await first.boundingBox()
  expect(box).not.toBeNull()
  expect(box!.y).toBeGreaterThanOrEqual(0)
  expect(box!.y + box!.height).toBeLessThanOrEqual(844)
  expect(box!.x + box!.width).toBeLessThanOrEqual(390)
  await expect(page.getByRole('columnheader')).toHaveCount(0)

  // The Filters button, and the row's actions as a bottom sheet with the reasons of what is disabled.
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Actions for Beacon 6' }).click()
  const menu = page.getByRole('menu', { name: 'Actions for Beacon 6' })
  await expect(menu.getByRole('menuitem', { name: 'Download Results' })).toHaveAccessibleDescription(
    'There are no results until a certification run has ended.',
  )
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(row(page, 'Beacon 10').getByRole('progressbar')).toHaveAttribute(
    'aria-label',
    'Beacon 10: Submitted',
  )
})
