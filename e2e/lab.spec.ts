import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { devices, expect, type Page, request as requestContext, test } from '@playwright/test'
import {
  LAB_COMMENT_ADDED_MESSAGE,
  MAINTENANCE_END_BEFORE_START_MESSAGE,
  MAINTENANCE_ENDED_MESSAGE,
  MAINTENANCE_STARTED_MESSAGE,
  REVIEW_ON_MESSAGE,
  REVIEW_REASON_REQUIRED_MESSAGE,
  RUN_APPROVED_MESSAGE,
  RUN_REJECTED_MESSAGE,
} from '../src/contract/lab'
import { createAccount, uniqueEmail } from './accounts'
import { cardCount, type Device, openMenu, row, statusBar, submitDevice } from './devices'
import { logIn, openDashboard, openPage } from './live'
import { addLabManager, mailOf, setPasswordAndLogIn } from './lab-staff'
import { ownPortal } from './own-portal'

/*
 * The lab's side, end to end, on a portal of its own (maintenance and the review setting
 * are the whole bench's, so they must not reach the journeys running beside this one). The first
 * Lab manager is made by the command (`npm run lab:add-staff`) before the portal starts, sets a
 * password from the mailed link and logs in on the usual login page, landing on /lab. A vendor
 * submits a device; the lab puts the bench into maintenance (the vendor's run waits in Maintenance),
 * ends it, the run finishes and waits for review; the lab rejects it with a reason, the vendor asks
 * why in the comments (the lab hears of it live and by mail, whose link opens the record), the lab
 * answers (the vendor is mailed too), the vendor runs it again and the lab approves: Certified.
 */

const LAB_EMAIL = 'lena.lab@lab.e2e.example'
const MANAGER = { email: LAB_EMAIL, name: 'Lena Lab', password: 'Lab#Bench2026' }
const VENDOR_PASSWORD = 'Vendor#Lab2026'
const REJECT_REASON = 'The serial number on the label is not the one declared in the form.'

/** A record in the lab's queue under the state tab `tab`, opened at its own address. */
async function openInQueue(lab: Page, tab: RegExp, deviceName: string) {
  await lab.getByRole('navigation', { name: 'Queue states' }).getByRole('button', { name: tab }).click()
  const open = lab.getByRole('link', { name: new RegExp(`^Open ${deviceName} of `) })
  await expect(open).toBeVisible({ timeout: 30_000 })
  await open.click()
  return recordPage(lab, deviceName)
}

/** The record's page (/lab/records/$id), once its heading shows. */
async function recordPage(lab: Page, deviceName: string) {
  await expect(lab.getByRole('heading', { level: 1, name: deviceName })).toBeVisible()
  await expect(lab).toHaveURL(/\/lab\/records\/[^/?]+/)
  return lab.getByRole('main')
}

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first()

test('the lab: maintenance holds a vendor’s run, review rejects with a reason, the thread, a second run approved', async ({
  browser,
}, testInfo) => {
  // The lab's bench is one for the whole portal: the journey runs once, at desktop width.
  test.skip(testInfo.project.name === 'phone', 'The lab journey runs once, at desktop width.')
  test.setTimeout(240_000)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-lab-'))
  const portal = await ownPortal(dataDir, { caseMs: 150 })
  await addLabManager(portal, MANAGER)
  await portal.start()
  const labContext = await browser.newContext({ ...devices['Desktop Chrome'], baseURL: portal.base })
  const vendorContext = await browser.newContext({ ...devices['Desktop Chrome'], baseURL: portal.base })
  const api = await requestContext.newContext({ baseURL: portal.base })
  try {
    // The Lab manager sets a password from the mailed link and logs in: the console.
    const lab = await labContext.newPage()
    await setPasswordAndLogIn(lab, api, MANAGER)
    await expect(lab.getByRole('status', { name: 'Live updates' })).toHaveText('Live updates on')

    // A vendor submits a device.
    const vendorEmail = uniqueEmail('lab-journey')
    await createAccount(api, { emailId: vendorEmail, password: VENDOR_PASSWORD })
    const vendor = await vendorContext.newPage()
    await logIn(vendor, vendorEmail, VENDOR_PASSWORD)
    const device: Device = {
      deviceName: 'Beacon 6',
      deviceType: 'Wi-Fi Mesh Device',
      productClass: 'Wi-Fi 6 Mesh',
      baseFirmwareVersion: '1.4.2',
    }
    await submitDevice(vendor, device)
    // The vendor's pages are not the lab's: the console refuses a vendor.
    await openPage(vendor, '/lab')
    await expect(vendor.getByText('This is for the certification lab’s staff only.')).toBeVisible()

    // The lab sees it waiting, and puts the bench into maintenance (an end before now is refused).
    await lab
      .getByRole('navigation', { name: 'Queue states' })
      .getByRole('button', { name: /^Waiting to start/ })
      .click()
    await expect(lab.getByRole('link', { name: /^Open Beacon 6 of / })).toBeVisible({ timeout: 15_000 })
    await lab.getByRole('button', { name: 'Start maintenance' }).click()
    const maintenance = lab.getByRole('dialog', { name: 'Start maintenance' })
    await maintenance.getByRole('textbox', { name: /Reason/ }).fill('Replacing the RF shield box.')
    const end = maintenance.getByLabel(/Expected end/)
    await end.fill('2020-01-01T10:00')
    await maintenance.getByRole('button', { name: 'Start maintenance' }).click()
    await expect(maintenance.getByText(MAINTENANCE_END_BEFORE_START_MESSAGE)).toBeVisible()
    await end.fill('2099-01-01T10:00')
    await maintenance.getByRole('button', { name: 'Start maintenance' }).click()
    await expect(toast(lab, MAINTENANCE_STARTED_MESSAGE)).toBeVisible()
    await expect(lab.getByText('The bench is in maintenance.', { exact: true })).toBeVisible()
    await expect(lab.getByText('Replacing the RF shield box.')).toBeVisible()

    // The vendor starts certification: the run waits in Maintenance (spec §4's card and bar).
    await openDashboard(vendor)
    let menu = await openMenu(vendor, device.deviceName)
    await menu.getByRole('menuitem', { name: 'Start Certify' }).click()
    await expect(statusBar(vendor, device.deviceName)).toHaveAttribute(
      'aria-label',
      `${device.deviceName}: Maintenance`,
      { timeout: 15_000 },
    )
    await expect(cardCount(vendor, 'Maintenance')).toHaveText('1')
    // Its run details say why and until when.
    await row(vendor, device.deviceName).getByRole('cell', { name: device.baseFirmwareVersion }).click()
    const details = vendor.getByRole('region', { name: `Certification run · ${device.deviceName}` })
    await expect(details.getByRole('status').filter({ hasText: 'The lab is in maintenance' })).toHaveText(
      /^The lab is in maintenance: Replacing the RF shield box\. Expected to end 1 Jan 2099, \d\d:\d\d\.$/,
      { timeout: 15_000 },
    )

    // The lab wants to review results, and ends maintenance: the run resumes, finishes, waits.
    const review = lab.getByRole('checkbox', { name: 'Review finished runs before their result stands' })
    await review.click()
    await expect(toast(lab, REVIEW_ON_MESSAGE)).toBeVisible()
    await expect(review).toBeChecked()
    await lab.getByRole('button', { name: 'End maintenance' }).click()
    await expect(toast(lab, MAINTENANCE_ENDED_MESSAGE)).toBeVisible()
    // The vendor's dashboard says the run awaits the lab's review.
    await expect(statusBar(vendor, device.deviceName)).toHaveAttribute(
      'aria-label',
      `${device.deviceName}: Awaiting review`,
      { timeout: 30_000 },
    )
    let record = await openInQueue(lab, /^Awaiting review/, device.deviceName)
    let decision = record.getByRole('form', { name: /^Review attempt 1/ })
    await expect(decision).toContainText('Every case passed.')

    // Rejected, with the reason required and then given.
    await decision.getByRole('button', { name: 'Reject', exact: true }).click()
    await expect(decision.getByText(REVIEW_REASON_REQUIRED_MESSAGE)).toBeVisible()
    await decision.getByRole('textbox', { name: /Reason or note/ }).fill(REJECT_REASON)
    await decision.getByRole('button', { name: 'Reject', exact: true }).click()
    await expect(toast(lab, RUN_REJECTED_MESSAGE)).toBeVisible()
    await expect(record).toContainText(`Rejected by Lena Lab on `)
    await expect(record).toContainText(REJECT_REASON)
    await lab.getByRole('link', { name: 'Back to the queue' }).click()

    // The vendor sees Validation Failure, and asks why.
    await expect(statusBar(vendor, device.deviceName)).toHaveAttribute(
      'aria-label',
      `${device.deviceName}: Validation Failure`,
      { timeout: 30_000 },
    )
    menu = await openMenu(vendor, device.deviceName)
    await menu.getByRole('menuitem', { name: 'Add Comments' }).click()
    let comments = vendor.getByRole('dialog', { name: 'Comments' })
    await comments.getByRole('textbox', { name: 'New comment' }).fill('Which label? The box or the device?')
    await comments.getByRole('button', { name: 'Add comment' }).click()
    await expect(vendor.getByText('Comment added').first()).toBeVisible()
    await vendor.keyboard.press('Escape')

    // The lab is told at once, and by mail (each staff member's switch, on by default); the mail's
    // link opens the record in the console, where the lab reads the question and answers.
    await expect(toast(lab, 'wrote: “Which label? The box or the device?”')).toBeVisible()
    const asked = await mailOf(api, LAB_EMAIL, / commented on Beacon 6$/)
    expect(asked.text).toContain('> Which label? The box or the device?')
    expect(asked.text).toContain('To stop “Comment from a vendor” mails, open: ')
    const recordLink = /https?:\/\/[^/\s]+(\/lab\/records\/\S+)/.exec(asked.text)?.[1]
    expect(recordLink).toBeTruthy()
    await openPage(lab, recordLink!)
    record = await recordPage(lab, device.deviceName)
    const thread = record.getByRole('list', { name: 'Conversation with the vendor' })
    await expect(thread).toContainText('Which label? The box or the device?')
    await record.getByRole('textbox', { name: /Answer the vendor/ }).fill('The device: it reads BN6A00041.')
    await record.getByRole('button', { name: 'Send answer' }).click()
    await expect(toast(lab, LAB_COMMENT_ADDED_MESSAGE)).toBeVisible()
    await expect(thread).toContainText('Lena Lab · Certification lab · Lab manager')
    await lab.getByRole('link', { name: 'Back to the queue' }).click()

    // The vendor is told at once (and by mail), and reads the answer; then runs the device again.
    await expect(toast(vendor, 'The certification lab answered on Beacon 6.')).toBeVisible()
    expect((await mailOf(api, vendorEmail, /^The lab commented on Beacon 6$/)).text).toContain(
      '> The device: it reads BN6A00041.',
    )
    menu = await openMenu(vendor, device.deviceName)
    await menu.getByRole('menuitem', { name: 'Add Comments' }).click()
    comments = vendor.getByRole('dialog', { name: 'Comments' })
    await expect(comments).toContainText('The device: it reads BN6A00041.')
    await vendor.keyboard.press('Escape')
    menu = await openMenu(vendor, device.deviceName)
    await menu.getByRole('menuitem', { name: 'Start Certify' }).click()
    await expect(vendor.getByText('Device testcase updated successfully!').first()).toBeVisible()

    // The lab approves the second attempt: the vendor's device is Certified.
    record = await openInQueue(lab, /^Awaiting review/, device.deviceName)
    decision = record.getByRole('form', { name: /^Review attempt 2/ })
    await decision.getByRole('button', { name: 'Approve' }).click()
    await expect(toast(lab, RUN_APPROVED_MESSAGE)).toBeVisible()
    await expect(record).toContainText('Approved by Lena Lab on ')
    await expect(statusBar(vendor, device.deviceName)).toHaveAttribute(
      'aria-label',
      `${device.deviceName}: Certified`,
      { timeout: 30_000 },
    )
    await expect(cardCount(vendor, 'Certified')).toHaveText('1')
  } finally {
    await api.dispose()
    await labContext.close()
    await vendorContext.close()
    await portal.kill()
    rmSync(dataDir, { recursive: true, force: true })
  }
})
