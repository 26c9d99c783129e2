import { expect, type Page, test } from '@playwright/test'
import { createAccount, logInWithForm, uniqueEmail } from './accounts'
import { openPage } from './live'
import { choose } from './select'

/*
 * The portfolio form against the real server: a new vendor saves each section, finds
 * them read-only after a reload, submits, lands home after 2 s and has a Submitted record; a
 * second portfolio starts from 'Add New Portfolio'.
 */

const HOME_HEADING = 'Certify your telecom devices, from first form to certificate'

const section = (page: Page, title: string) => page.getByRole('region', { name: new RegExp(`^${title}`) })

/** The vendor's submitted records, as the dashboard reads them. */
async function submittedRecords(page: Page) {
  return page.evaluate(async () => {
    const authData = JSON.parse(localStorage.getItem('AUTH_DATA') ?? '{}') as { vendorUserId: string }
    const answer = await fetch('/api/portfoliomanager/list', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Token: localStorage.getItem('TOKEN') ?? '' },
      body: JSON.stringify({ vendorUserId: authData.vendorUserId }),
    })
    const body = (await answer.json()) as {
      portfolioManagerSubmittedDetailsList: Array<{ deviceName: string; status: string; vendor: string }>
    }
    return body.portfolioManagerSubmittedDetailsList
  })
}

test('a new vendor saves each section, reloads, submits, and starts a second portfolio', async ({
  page,
  request,
  isMobile,
}) => {
  test.skip(isMobile, 'Runs once, at desktop width: e2e/clean-journey.spec.ts fills the form on a phone.')
  // Two submits with their 2 s redirects, a reload, three section saves and eleven menu choices:
  // ≈ 20 s alone on a 2-core machine, and about 60 s in npm test beside the other journeys (a
  // fresh-clone run on 2026-11-27 timed out at 60 s on its very last check, every step done).
  test.setTimeout(120_000)
  const emailId = uniqueEmail('portfolio')
  await createAccount(request, { emailId, password: 'Folio#2026x', firstName: 'Ada', lastName: 'Lovelace' })
  await openPage(page, '/login')
  await logInWithForm(page, { emailId, password: 'Folio#2026x' })
  await expect(page.getByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible()

  await page.goto('/portfolio')
  await expect(page.getByRole('heading', { level: 1, name: 'PORTFOLIO FORM' })).toBeVisible()

  // Portfolio Manager: prefilled from the registration, the rest typed.
  const organization = section(page, 'Portfolio Manager')
  await expect(organization.getByRole('textbox', { name: /^Organization name/ })).toHaveValue(
    'Journey Networks',
  )
  await expect(organization.getByRole('textbox', { name: /^Business contact name/ })).toHaveValue(
    'Ada Lovelace',
  )
  await expect(organization.getByRole('textbox', { name: /^Email/ })).toHaveValue(emailId)
  await organization.getByRole('textbox', { name: /^About the organization/ }).fill('Fibre and Wi-Fi gear.')
  await organization.getByRole('textbox', { name: /^Best time to reach/ }).fill('0930')
  await organization.getByRole('button', { name: 'Monday' }).click()
  await organization.getByRole('button', { name: 'Thursday' }).click()
  await organization.getByRole('textbox', { name: /^Address/ }).fill('12 MG Road')
  await organization.getByRole('button', { name: 'Save Portfolio Manager' }).click()
  await expect(
    page.getByText('Organization portfolio manager details saved successfully').first(),
  ).toBeVisible()
  await expect(organization.getByRole('heading', { name: 'View' })).toBeVisible()

  // Saving again without a change is refused with the warning.
  await organization.getByRole('button', { name: 'Edit Portfolio Manager' }).click()
  await organization.getByRole('button', { name: 'Save Portfolio Manager' }).click()
  await expect(
    page.getByText('No updates were made. Please modify the data before saving.').first(),
  ).toBeVisible()

  const lineOfBusiness = section(page, 'Line of Business')
  await lineOfBusiness.getByRole('button', { name: 'Wireless' }).click()
  await lineOfBusiness.getByRole('button', { name: 'Save Line of Business' }).click()
  await expect(
    page.getByText('Organization line of business details saved successfully').first(),
  ).toBeVisible()

  const device = section(page, 'Device Portfolio')
  await choose(device, page, /^Device manufacturer/, 'Nokia')
  await choose(device, page, /^Device name/, 'Beacon 6')
  await choose(device, page, /^Device type/, 'Wi-Fi Mesh Device')
  await choose(device, page, /^Product class/, 'Wi-Fi 6 Mesh')
  await device.getByRole('textbox', { name: /^Devices to be certified/ }).fill('2')
  await device.getByRole('textbox', { name: 'Serial number 1' }).fill('JN0001')
  await device.getByRole('button', { name: 'Add serial number' }).click()
  await device.getByRole('textbox', { name: 'Serial number 2' }).fill('JN0002')
  await expect(device.getByRole('button', { name: 'Add serial number' })).toBeDisabled()
  await device.getByRole('textbox', { name: /^Base firmware version/ }).fill('1.2.3')
  await device.getByRole('textbox', { name: /^Year of manufacturing/ }).fill('2024')
  await choose(device, page, /^Engineering build available/, 'Yes')
  await expect(
    device.getByText('Please share the Engineering build firmware during submission of device'),
  ).toBeVisible()
  await device.getByRole('button', { name: 'Save Device Portfolio' }).click()
  await expect(
    page.getByText('Organization device portfolio details saved successfully').first(),
  ).toBeVisible()

  // A reload opens the saved draft, every section read-only.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'PORTFOLIO FORM' })).toBeVisible()
  for (const title of ['Portfolio Manager', 'Line of Business', 'Device Portfolio']) {
    await expect(section(page, title).getByRole('heading', { name: 'View' })).toBeVisible()
  }
  await expect(section(page, 'Device Portfolio')).toContainText('JN0001, JN0002')
  await expect(section(page, 'Portfolio Manager')).toContainText('Monday, Thursday')

  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Portfolio submitted successfully').first()).toBeVisible()
  // Two seconds later, home.
  await expect(page.getByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible()
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('AUTH_DATA') ?? '{}'))
  expect(stored).toMatchObject({
    isPortfolioManagerPreviousReqSaved: 'NO',
    isPortfolioManagerSubmittedDataExists: 'YES',
    isPortfolioManagerSavedOrSubmittedDataExists: 'YES',
  })
  expect(await submittedRecords(page)).toEqual([
    expect.objectContaining({ vendor: 'Nokia', deviceName: 'Beacon 6', status: 'Submitted' }),
  ])

  // A second portfolio: the organization comes from the submitted request, the device is blank.
  await openPage(page, '/portfolio-manager')
  await page.getByRole('link', { name: 'Add New Portfolio' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'PORTFOLIO FORM' })).toBeVisible()
  await expect(
    section(page, 'Portfolio Manager').getByRole('textbox', { name: /^Organization name/ }),
  ).toHaveValue('Journey Networks')
  const second = section(page, 'Device Portfolio')
  await expect(second.getByRole('combobox', { name: /^Device manufacturer/ })).toContainText(
    'Select a manufacturer',
  )
  await choose(second, page, /^Device manufacturer/, 'Nokia')
  await choose(second, page, /^Device name/, 'Add New Device Name')
  await second.getByRole('textbox', { name: /^New device name/ }).fill('Journey Hub')
  await choose(second, page, /^Device type/, 'Add New Device Type')
  await second.getByRole('textbox', { name: /^New device type/ }).fill('Hub')
  await choose(second, page, /^Product class/, 'Add New Product Class')
  await second.getByRole('textbox', { name: /^New product class/ }).fill('Gen 1')
  await second.getByRole('textbox', { name: /^Devices to be certified/ }).fill('1')
  await second.getByRole('textbox', { name: 'Serial number 1' }).fill('JH0001')
  await second.getByRole('textbox', { name: /^Base firmware version/ }).fill('2.0')
  await second.getByRole('textbox', { name: /^Year of manufacturing/ }).fill('2025')
  await choose(second, page, /^Engineering build available/, 'No')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Portfolio submitted successfully').first()).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible()
  const records = await submittedRecords(page)
  expect(records).toHaveLength(2)
  expect(records).toContainEqual(expect.objectContaining({ deviceName: 'Journey Hub', status: 'Submitted' }))
})

test('Submit with empty fields shows every message and focuses the first', async ({ page, request }) => {
  const emailId = uniqueEmail('portfolio-errors')
  await createAccount(request, { emailId, password: 'Folio#2026x' })
  await openPage(page, '/login')
  await logInWithForm(page, { emailId, password: 'Folio#2026x' })
  await expect(page.getByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible()
  await page.goto('/portfolio?portfolio=device-portfolio')
  await expect(page.getByRole('heading', { level: 1, name: 'PORTFOLIO FORM' })).toBeVisible()
  // Spec §2, §9: the jump to the section stops exactly 54 px below the top, under the header.
  await expect
    .poll(async () => Math.round((await section(page, 'Device Portfolio').boundingBox())?.y ?? -1))
    .toBe(54)
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('This field is required').first()).toBeVisible()
  await expect(page.getByRole('textbox', { name: /^About the organization/ })).toBeFocused()
  expect(await page.getByText('This field is required').count()).toBeGreaterThan(5)
})

test('a section link focuses its heading; leaving an edited form asks, Stay keeps it, Leave goes', async ({
  page,
  request,
}) => {
  const emailId = uniqueEmail('portfolio-leave')
  await createAccount(request, { emailId, password: 'Folio#2026x' })
  await openPage(page, '/login')
  await logInWithForm(page, { emailId, password: 'Folio#2026x' })
  await expect(page.getByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible()
  await page.goto('/portfolio?portfolio=device-portfolio')
  const device = section(page, 'Device Portfolio')
  await expect(device.getByRole('heading', { level: 2, name: 'Device Portfolio' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(device.getByRole('button', { name: 'Device Portfolio', exact: true })).toBeFocused()

  // A clean form would leave at once; this one is edited, so Cancel asks.
  await device.getByRole('textbox', { name: /^Base firmware version/ }).fill('4.2.0')
  await page.getByRole('button', { name: 'Cancel' }).click()
  const asked = page.getByRole('alertdialog', { name: 'Leave without saving?' })
  await expect(asked).toContainText(
    'Your changes to the portfolio are not saved. If you leave now, they are lost.',
  )
  await asked.getByRole('button', { name: 'Stay on the form' }).click()
  await expect(asked).toHaveCount(0)
  await expect(device.getByRole('textbox', { name: /^Base firmware version/ })).toHaveValue('4.2.0')

  // A link of the header (in its menu on a phone) asks too; Leave follows it.
  const menu = page.getByRole('button', { name: 'Open menu' })
  if (await menu.isVisible()) await menu.click()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click()
  await asked.getByRole('button', { name: 'Leave without saving' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
})
