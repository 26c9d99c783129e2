import { type Page } from '@playwright/test'
import { CREATE_PASSWORD_MAIL, codeFromMail, logInWithForm, uniqueEmail } from './accounts'
import { expect, test } from './clean-page'
import { openPage } from './live'
import { choose } from './select'

/*
 * What a new vendor meets in the browser, from registration to logout, through full
 * loads of /portfolio and /dashboard (each starts the app afresh, with its Token bootstrap). The
 * clean-page fixture fails the journey on any console error or 4xx/5xx answer it did not expect.
 */

const HOME_HEADING = 'Certify your telecom devices, from first form to certificate'

const section = (page: Page, title: string) => page.getByRole('region', { name: new RegExp(`^${title}`) })

test('the console stays free of errors through a whole journey', async ({ page, request }) => {
  // Registration with its 2 s and 5 s waits, a portfolio, a certification run: a long journey.
  test.setTimeout(120_000)
  const emailId = uniqueEmail('clean')
  const password = 'Clean#2026x'

  await openPage(page, '/create-profile')
  await page.getByRole('link', { name: 'Register' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Register your organization' })).toBeVisible()
  await page.getByRole('textbox', { name: /^First name/ }).fill('Grace')
  await page.getByRole('textbox', { name: /^Last name/ }).fill('Hopper')
  await page.getByRole('textbox', { name: /^Email/ }).fill(emailId)
  await page.getByRole('textbox', { name: /^Re-enter email/ }).fill(emailId)
  await page.getByRole('textbox', { name: /^Organization/ }).fill('Journey Networks')
  await page.getByRole('button', { name: 'Wireless' }).click()
  await choose(page, page, /^Country code/, 'India (+91)')
  await page.getByRole('textbox', { name: /^Phone number/ }).fill('98765 43210')
  await choose(page, page, /^State/, 'Karnataka')
  await choose(page, page, /^City/, 'Bengaluru')
  await page.getByRole('button', { name: 'Register', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Create your password' })
  await expect(dialog).toBeVisible()
  const otp = await codeFromMail(request, emailId, CREATE_PASSWORD_MAIL)
  await dialog.getByRole('textbox', { name: /^6-Digit code/ }).fill(otp)
  await dialog.getByLabel(/^Password/).fill(password)
  await dialog.getByLabel(/^Confirm password/).fill(password)
  await dialog.getByRole('button', { name: 'Create password' }).click()
  await expect(page.getByText('Password created successfully!').first()).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible({ timeout: 10_000 })

  await openPage(page, '/login')
  await logInWithForm(page, { emailId, password })
  await expect(page.getByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible()

  // A full load of the portfolio form: its first data calls go out while the app starts.
  await page.goto('/portfolio')
  await expect(page.getByRole('heading', { level: 1, name: 'PORTFOLIO FORM' })).toBeVisible()
  const organization = section(page, 'Portfolio Manager')
  await expect(organization.getByRole('textbox', { name: /^Organization name/ })).toHaveValue(
    'Journey Networks',
  )
  await organization.getByRole('textbox', { name: /^About the organization/ }).fill('Fibre and Wi-Fi gear.')
  await organization.getByRole('textbox', { name: /^Best time to reach/ }).fill('0930')
  await organization.getByRole('button', { name: 'Monday' }).click()
  await organization.getByRole('textbox', { name: /^Address/ }).fill('12 MG Road')
  await organization.getByRole('button', { name: 'Save Portfolio Manager' }).click()
  await expect(
    page.getByText('Organization portfolio manager details saved successfully').first(),
  ).toBeVisible()
  await section(page, 'Line of Business').getByRole('button', { name: 'Wireless' }).click()
  const device = section(page, 'Device Portfolio')
  await choose(device, page, /^Device manufacturer/, 'Nokia')
  await choose(device, page, /^Device name/, 'Beacon 6')
  await choose(device, page, /^Device type/, 'Wi-Fi Mesh Device')
  await choose(device, page, /^Product class/, 'Wi-Fi 6 Mesh')
  await device.getByRole('textbox', { name: /^Devices to be certified/ }).fill('1')
  await device.getByRole('textbox', { name: 'Serial number 1' }).fill('CJ0001')
  await device.getByRole('textbox', { name: /^Base firmware version/ }).fill('1.2.3')
  await device.getByRole('textbox', { name: /^Year of manufacturing/ }).fill('2024')
  await choose(device, page, /^Engineering build available/, 'Yes')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Portfolio submitted successfully').first()).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible()

  // A full load of the dashboard, then Start Certify on the submitted device.
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: 'Beacon 6' })
  await expect(row).toHaveCount(1)
  await page.getByRole('button', { name: 'Actions for Beacon 6' }).click()
  await page.getByRole('menu').getByRole('menuitem', { name: 'Start Certify' }).click()
  await expect(page.getByText('Device testcase updated successfully!').first()).toBeVisible()

  await page.getByRole('button', { name: /profile/i }).click()
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
})
