import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { devices, expect, type Page, request as requestContext, test } from '@playwright/test'
import { createAccount, uniqueEmail } from './accounts'
import { type Device, openMenu, statusBar, submitDevice } from './devices'
import { addLabManager, mailOf, setPasswordAndLogIn } from './lab-staff'
import { logIn, openDashboard, openPage } from './live'
import { ownPortal } from './own-portal'

/*
 * Test plans as the programme's data (docs/decisions/0032), on a portal of its own (a published
 * plan is the whole programme's): a vendor's device is certified under version 1 of the Wi-Fi Mesh
 * Device plan; a Lab manager drafts version 2 without "Band steering" and publishes it; the
 * vendor's next device runs version 2, and each certificate's /verify page names the version it
 * was earned under — the first still version 1.
 */

const MANAGER = { email: 'pia.plans@lab.e2e.example', name: 'Pia Plans', password: 'Lab#Plans2026' }
const VENDOR_PASSWORD = 'Vendor#Plans2026'
const mesh = { deviceType: 'Wi-Fi Mesh Device', productClass: 'Wi-Fi 6 Mesh' }

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first()

/** Starts the device's run from the dashboard and waits until it is Certified. */
async function certify(vendor: Page, device: Device) {
  await openDashboard(vendor)
  const menu = await openMenu(vendor, device.deviceName)
  await menu.getByRole('menuitem', { name: 'Start Certify' }).click()
  await expect(statusBar(vendor, device.deviceName)).toHaveAttribute(
    'aria-label',
    `${device.deviceName}: Certified`,
    { timeout: 60_000 },
  )
}

/** The Test plan line of a certificate's /verify page. */
async function verifiedPlan(visitor: Page, number: string) {
  await openPage(visitor, `/verify/${number}`)
  const term = visitor.getByRole('term').filter({ hasText: /^Test plan$/ })
  await expect(term).toBeVisible({ timeout: 15_000 })
  return visitor.getByRole('definition').filter({ hasText: /test cases$/ })
}

test('a Lab manager publishes plan v2: the next run uses it, and the older certificate still names v1', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'The programme’s plans are changed once, at desktop width.')
  test.setTimeout(240_000)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-plans-'))
  const portal = await ownPortal(dataDir, { caseMs: 60 })
  await addLabManager(portal, MANAGER)
  await portal.start()
  const labContext = await browser.newContext({ ...devices['Desktop Chrome'], baseURL: portal.base })
  const vendorContext = await browser.newContext({ ...devices['Desktop Chrome'], baseURL: portal.base })
  const api = await requestContext.newContext({ baseURL: portal.base })
  try {
    // A vendor's Beacon 6 is certified under version 1.
    const vendorEmail = uniqueEmail('plans-journey')
    await createAccount(api, { emailId: vendorEmail, password: VENDOR_PASSWORD })
    const vendor = await vendorContext.newPage()
    await logIn(vendor, vendorEmail, VENDOR_PASSWORD)
    const first: Device = { deviceName: 'Beacon 6', ...mesh, baseFirmwareVersion: '1.4.2' }
    await submitDevice(vendor, first)
    await certify(vendor, first)
    const firstNumber = /DCP-[0-9A-Z-]{14}/.exec(
      (await mailOf(api, vendorEmail, /^Certificate DCP-\S+ issued for Beacon 6$/)).subject,
    )![0]

    // The Lab manager opens the plan: version 1, published by the programme, applying to the device.
    const lab = await labContext.newPage()
    await setPasswordAndLogIn(lab, api, MANAGER)
    await lab.getByRole('link', { name: 'Test plans' }).click()
    await expect(lab).toHaveURL(/\/lab\/test-plans$/)
    await lab.getByRole('link', { name: 'Wi-Fi Mesh Device' }).first().click()
    await expect(lab.getByRole('heading', { level: 1, name: 'Wi-Fi Mesh Device' })).toBeVisible()
    const appliesTo = lab.getByRole('region', { name: 'Applies to' })
    await expect(appliesTo.getByRole('row').filter({ hasText: 'Journey Networks' })).toContainText('Beacon 6')

    // Version 2: without Band steering, saved as a draft, then published.
    await lab.getByRole('button', { name: 'Draft next version' }).click()
    await lab.getByRole('button', { name: 'Remove: Band steering' }).click()
    await lab.getByRole('button', { name: 'Save draft' }).click()
    await expect(
      toast(lab, 'Draft saved. Runs keep using the published version until you publish it.'),
    ).toBeVisible()
    await lab.getByRole('button', { name: 'Publish v2' }).click()
    const confirm = lab.getByRole('alertdialog', { name: 'Publish Wi-Fi Mesh Device v2?' })
    await confirm.getByRole('button', { name: 'Publish v2' }).click()
    await expect(
      toast(lab, 'Wi-Fi Mesh Device version 2 is published. Runs started from now on use it.'),
    ).toBeVisible()

    // The vendor's next device runs version 2.
    const second: Device = { deviceName: 'Beacon 10', ...mesh, baseFirmwareVersion: '2.0.1' }
    await submitDevice(vendor, second)
    await certify(vendor, second)
    const secondNumber = /DCP-[0-9A-Z-]{14}/.exec(
      (await mailOf(api, vendorEmail, /^Certificate DCP-\S+ issued for Beacon 10$/)).subject,
    )![0]

    // Each certificate names the plan version it was earned under.
    const visitor = await browser.newPage({ baseURL: portal.base })
    await expect(await verifiedPlan(visitor, secondNumber)).toHaveText(
      'Wi-Fi Mesh Device / Wi-Fi 6 Mesh (version 2), 13 test cases',
    )
    await expect(await verifiedPlan(visitor, firstNumber)).toHaveText(
      'Wi-Fi Mesh Device / Wi-Fi 6 Mesh (version 1), 14 test cases',
    )
    await visitor.close()
  } finally {
    await labContext.close()
    await vendorContext.close()
    await api.dispose()
    await portal.kill()
    rmSync(dataDir, { recursive: true, force: true })
  }
})
