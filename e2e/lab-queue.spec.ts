import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { devices, expect, type Page, request as requestContext, test } from '@playwright/test'
import { RUN_APPROVED_MESSAGE } from '@/contract/lab'
import { ASSIGNED_TO_YOU_MESSAGE } from '@/contract/lab-assignment'
import { createAccount, uniqueEmail } from './accounts'
import { type Device, openMenu, statusBar, submitDevice } from './devices'
import { addLabStaff, setPasswordAndLogIn } from './lab-staff'
import { logIn, openDashboard } from './live'
import { ownPortal } from './own-portal'

/*
 * The lab console as a work queue (docs/decisions/0045), on a portal of its own (the review
 * setting is the whole lab's). A Lab manager switches review on and keeps the queue open; a
 * vendor's run finishes and waits for review. A Lab engineer finds it under Awaiting review,
 * opens it at its own address, assigns it to herself, finds it under Mine, and approves it; the
 * manager's tab, never reloaded and polling nothing, shows the assignment and then the record
 * leaving the review queue.
 */

const MANAGER = { email: 'mo.manager@lab.e2e.example', name: 'Mo Manager', password: 'Lab#Queue2026' }
const ENGINEER = { email: 'ella.engineer@lab.e2e.example', name: 'Ella Engineer', password: 'Lab#Queue2026' }
const VENDOR_PASSWORD = 'Vendor#Queue2026'
const device: Device = {
  deviceName: 'Beacon 7',
  deviceType: 'Wi-Fi Mesh Device',
  productClass: 'Wi-Fi 6 Mesh',
  baseFirmwareVersion: '2.0.1',
}

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first()

const queueRow = (page: Page) =>
  page
    .getByRole('list', { name: 'Records' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: new RegExp(`^Open ${device.deviceName} of `) }) })

const stateTab = (page: Page, name: RegExp) =>
  page.getByRole('navigation', { name: 'Queue states' }).getByRole('button', { name })

test('a lab engineer assigns a record to herself, reviews it at its own address, and a second staff tab follows live', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'The lab’s review setting is changed once, at desktop width.')
  test.setTimeout(240_000)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-lab-queue-'))
  const portal = await ownPortal(dataDir, { caseMs: 40 })
  await addLabStaff(portal, MANAGER, 'Lab manager')
  await addLabStaff(portal, ENGINEER, 'Lab engineer')
  await portal.start()
  const managerContext = await browser.newContext({ ...devices['Desktop Chrome'], baseURL: portal.base })
  const engineerContext = await browser.newContext({ ...devices['Desktop Chrome'], baseURL: portal.base })
  const vendorContext = await browser.newContext({ ...devices['Desktop Chrome'], baseURL: portal.base })
  const api = await requestContext.newContext({ baseURL: portal.base })
  try {
    // The manager switches review on, and keeps the queue open on Awaiting review.
    const manager = await managerContext.newPage()
    await setPasswordAndLogIn(manager, api, MANAGER)
    const review = manager.getByRole('checkbox', { name: 'Review finished runs before their result stands' })
    await review.click()
    await expect(review).toBeChecked()
    await stateTab(manager, /^Awaiting review/).click()
    await expect(manager.getByRole('status', { name: 'Live updates' })).toHaveText('Live updates on')

    // A vendor's run finishes and waits for the lab's review.
    const vendorEmail = uniqueEmail('lab-queue')
    await createAccount(api, { emailId: vendorEmail, password: VENDOR_PASSWORD })
    const vendor = await vendorContext.newPage()
    await logIn(vendor, vendorEmail, VENDOR_PASSWORD)
    await submitDevice(vendor, device)
    await openDashboard(vendor)
    const menu = await openMenu(vendor, device.deviceName)
    await menu.getByRole('menuitem', { name: 'Start Certify' }).click()
    await expect(statusBar(vendor, device.deviceName)).toHaveAttribute(
      'aria-label',
      `${device.deviceName}: Awaiting review`,
      { timeout: 60_000 },
    )

    // The manager's queue shows it without a reload: unassigned, waiting.
    await expect(queueRow(manager)).toContainText('Unassigned', { timeout: 15_000 })
    await expect(queueRow(manager)).toContainText(/waiting (under a minute|\d+ minutes?)/)

    // The engineer opens it at its own address from the review queue and assigns it to herself.
    const engineer = await engineerContext.newPage()
    await setPasswordAndLogIn(engineer, api, ENGINEER)
    await stateTab(engineer, /^Awaiting review/).click()
    await queueRow(engineer)
      .getByRole('link', { name: /^Open / })
      .click()
    await expect(engineer.getByRole('heading', { level: 1, name: device.deviceName })).toBeVisible()
    await expect(engineer).toHaveURL(/\/lab\/records\/[^/?]+\?state=review$/)
    const assignment = engineer.getByRole('region', { name: 'Assignment' })
    await assignment.getByRole('button', { name: 'Assign to me' }).click()
    await expect(toast(engineer, ASSIGNED_TO_YOU_MESSAGE)).toBeVisible()
    await expect(assignment).toContainText('Assigned to you')

    // The manager's tab, still not reloaded, says who has it.
    await expect(queueRow(manager)).toContainText('Assigned to Ella Engineer', { timeout: 15_000 })

    // Back to the queue keeps the filter; Mine lists it.
    await engineer.getByRole('link', { name: 'Back to the queue' }).click()
    await expect(engineer).toHaveURL(/\/lab\?state=review$/)
    await expect(stateTab(engineer, /^Awaiting review/)).toHaveAttribute('aria-pressed', 'true')
    await stateTab(engineer, /^Mine$/).click()
    await expect(queueRow(engineer)).toContainText('Assigned to you')

    // She reviews it at its address: approved, the device Certified.
    await queueRow(engineer)
      .getByRole('link', { name: /^Open / })
      .click()
    const decision = engineer.getByRole('form', { name: /^Review attempt 1/ })
    await expect(decision).toContainText('Every case passed.')
    await decision.getByRole('button', { name: 'Approve' }).click()
    await expect(toast(engineer, RUN_APPROVED_MESSAGE)).toBeVisible()
    await expect(engineer.getByRole('main')).toContainText('Approved by Ella Engineer on ')

    // The manager's review queue empties by itself; the vendor's device is Certified.
    await expect(queueRow(manager)).toHaveCount(0, { timeout: 15_000 })
    await expect(stateTab(manager, /^Awaiting review/)).toHaveText(/Awaiting review\s*0/)
    await expect(statusBar(vendor, device.deviceName)).toHaveAttribute(
      'aria-label',
      `${device.deviceName}: Certified`,
      { timeout: 30_000 },
    )
  } finally {
    await api.dispose()
    await managerContext.close()
    await engineerContext.close()
    await vendorContext.close()
    await portal.kill()
    rmSync(dataDir, { recursive: true, force: true })
  }
})
