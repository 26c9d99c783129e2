import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  type Browser,
  devices,
  expect,
  type Locator,
  type Page,
  request as requestContext,
  test,
} from '@playwright/test'
import { createAccount, uniqueEmail } from './accounts'
import { addLabStaff, type LabMember, setPasswordAndLogIn } from './lab-staff'
import { logIn, openPage } from './live'
import { ownPortal } from './own-portal'
import { choose } from './select'

/*
 * The programme's catalogue kept by the lab (docs/decisions/0034), on a portal of its own (an
 * approved name is every organization's): a vendor of Mesh Alpha adds "Deco Z9" and "Deco Z10"
 * with 'Add New Device Name' through the portfolio form; a vendor of Mesh Beta does not see them
 * while they wait. A Lab manager approves "Deco Z9" from the review queue of /lab/catalogue, and
 * Mesh Beta's form offers it under TP-Link with its type. A Lab engineer reads the queue (at a
 * phone's width) without the manager's buttons. The Lab manager declines "Deco Z10" with a reason,
 * which Mesh Alpha's vendor reads in Settings › Catalogue and under the device-name field.
 */

const MANAGER: LabMember = {
  email: 'cara.catalogue@lab.e2e.example',
  name: 'Cara Catalogue',
  password: 'Lab#Cat2026',
}
const ENGINEER: LabMember = {
  email: 'eli.catalogue@lab.e2e.example',
  name: 'Eli Catalogue',
  password: 'Lab#Eng2026',
}
const VENDOR_PASSWORD = 'Vendor#Cat2026'
const ALPHA = 'Mesh Alpha Networks'
const BETA = 'Mesh Beta Networks'
const REASON =
  'TP-Link makes no Deco Z10. Choose Deco X50 if that is the model, or type the name on its label.'
const HOME_HEADING = 'Certify your telecom devices, from first form to certificate'
const SHOTS = '/tmp/shots-cat-e2e'

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first()
const section = (page: Page, title: string) => page.getByRole('region', { name: new RegExp(`^${title}`) })

/** A vendor of a new organization, logged in. */
async function vendorOf(browser: Browser, base: string, organization: string, label: string) {
  const context = await browser.newContext({ ...devices['Desktop Chrome'], baseURL: base })
  const api = await requestContext.newContext({ baseURL: base })
  const email = uniqueEmail(label)
  await createAccount(api, { emailId: email, password: VENDOR_PASSWORD, organization })
  await api.dispose()
  const page = await context.newPage()
  await logIn(page, email, VENDOR_PASSWORD)
  return { context, page }
}

/** The portfolio form's sections before the device, for a vendor with no portfolio yet. */
async function fillOrganization(page: Page) {
  const organization = section(page, 'Portfolio Manager')
  await organization.getByRole('textbox', { name: /^About the organization/ }).fill('Mesh Wi-Fi for homes.')
  await organization.getByRole('textbox', { name: /^Best time to reach/ }).fill('0930')
  await organization.getByRole('button', { name: 'Monday' }).click()
  await organization.getByRole('textbox', { name: /^Address/ }).fill('12 MG Road')
  await section(page, 'Line of Business').getByRole('button', { name: 'Wireless' }).click()
}

/** Device Portfolio: TP-Link's new device name (with 'Add New Device Name'), a Wi-Fi Mesh Device. */
async function fillNewDeviceName(page: Page, name: string, serial: string) {
  const device = section(page, 'Device Portfolio')
  await choose(device, page, /^Device manufacturer/, 'TP-Link')
  await choose(device, page, /^Device name/, 'Add New Device Name')
  await device.getByRole('textbox', { name: /^New device name/ }).fill(name)
  await choose(device, page, /^Device type/, 'Wi-Fi Mesh Device')
  await choose(device, page, /^Product class/, 'Wi-Fi 6 Mesh')
  await device.getByRole('textbox', { name: /^Devices to be certified/ }).fill('1')
  await device.getByRole('textbox', { name: 'Serial number 1' }).fill(serial)
  await device.getByRole('textbox', { name: /^Base firmware version/ }).fill('1.0.4')
  await device.getByRole('textbox', { name: /^Year of manufacturing/ }).fill('2025')
  await choose(device, page, /^Engineering build available/, 'No')
}

async function submitPortfolio(page: Page) {
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Portfolio submitted successfully').first()).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible()
}

async function openForm(page: Page) {
  await openPage(page, '/portfolio')
  await expect(page.getByRole('heading', { level: 1, name: 'PORTFOLIO FORM' })).toBeVisible()
}

/** A second portfolio of the vendor's, from 'Add New Portfolio'. */
async function openNewPortfolio(page: Page) {
  await openPage(page, '/portfolio-manager')
  await page.getByRole('link', { name: 'Add New Portfolio' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'PORTFOLIO FORM' })).toBeVisible()
}

/** The device names the form offers under a manufacturer (the list opened, read, and closed). */
async function deviceNamesOffered(page: Page, manufacturer: string): Promise<string[]> {
  const device = section(page, 'Device Portfolio')
  await choose(device, page, /^Device manufacturer/, manufacturer)
  await device.getByRole('combobox', { name: /^Device name/ }).click()
  const list = page.getByRole('listbox')
  await expect(list.getByRole('option', { name: 'Add New Device Name', exact: true })).toBeVisible()
  const names = await list.getByRole('option').allTextContents()
  await page.keyboard.press('Escape')
  await expect(list).toBeHidden()
  return names.map((name) => name.trim())
}

/** An addition in the review queue, by its name. */
const queued = (lab: Page, name: string): Locator =>
  lab
    .getByRole('list', { name: 'Additions awaiting review' })
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`${name} by TP-Link`) })

/** The catalogue's row of an entry (the table at a desktop's width). */
const catalogueRow = (lab: Page, name: string) =>
  lab
    .getByRole('table', { name: 'Catalogue entries' })
    .getByRole('row')
    .filter({
      has: lab.getByRole('rowheader', { name, exact: true }),
    })

test('a Lab manager approves one vendor name into the shared catalogue and declines another with a reason', async ({
  browser,
}, testInfo) => {
  test.skip(
    testInfo.project.name === 'phone',
    'The programme’s catalogue is changed once, at desktop width (the engineer reads it at a phone’s).',
  )
  // Three portfolio forms, two staff logins and a portal of its own: 2–3 min alone on 2 loaded cores.
  test.setTimeout(480_000)
  mkdirSync(SHOTS, { recursive: true })
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-catalogue-'))
  const portal = await ownPortal(dataDir)
  await addLabStaff(portal, MANAGER, 'Lab manager')
  await addLabStaff(portal, ENGINEER, 'Lab engineer')
  await portal.start()
  const api = await requestContext.newContext({ baseURL: portal.base })
  const labContext = await browser.newContext({ ...devices['Desktop Chrome'], baseURL: portal.base })
  const engineerContext = await browser.newContext({ ...devices['Pixel 7'], baseURL: portal.base })
  const contexts = [labContext, engineerContext]
  try {
    // 1. Mesh Alpha's vendor adds Deco Z9 through the form, then Deco Z10 in a second portfolio.
    const alpha = await vendorOf(browser, portal.base, ALPHA, 'catalogue-alpha')
    contexts.push(alpha.context)
    await openForm(alpha.page)
    await fillOrganization(alpha.page)
    await fillNewDeviceName(alpha.page, 'Deco Z9', 'DZ90001')
    await submitPortfolio(alpha.page)
    await openNewPortfolio(alpha.page)
    // Its own addition is offered to its organization while it waits, and says nothing yet.
    expect(await deviceNamesOffered(alpha.page, 'TP-Link')).toContain('Deco Z9')
    await fillNewDeviceName(alpha.page, 'Deco Z10', 'DZ100001')
    await expect(section(alpha.page, 'Device Portfolio').getByRole('note')).toHaveCount(0)
    await submitPortfolio(alpha.page)

    // Mesh Beta's vendor does not see them while they wait.
    const beta = await vendorOf(browser, portal.base, BETA, 'catalogue-beta')
    contexts.push(beta.context)
    await openForm(beta.page)
    const waiting = await deviceNamesOffered(beta.page, 'TP-Link')
    expect(waiting).toContain('Deco X50')
    expect(waiting).not.toContain('Deco Z9')
    expect(waiting).not.toContain('Deco Z10')

    // 2. The Lab manager opens the catalogue: both names in the queue, oldest first; approves Deco Z9.
    const lab = await labContext.newPage()
    await setPasswordAndLogIn(lab, api, MANAGER)
    await lab.getByRole('link', { name: 'Catalogue', exact: true }).click()
    await expect(lab).toHaveURL(/\/lab\/catalogue$/)
    await expect(lab.getByRole('heading', { level: 1, name: 'Catalogue' })).toBeVisible()
    await expect(lab.getByRole('heading', { level: 2, name: 'Review queue (2)' })).toBeVisible()
    const queue = lab.getByRole('list', { name: 'Additions awaiting review' }).getByRole('listitem')
    await expect(queue).toHaveCount(2)
    await expect(queue.nth(0)).toContainText('Deco Z9 by TP-Link')
    await expect(queue.nth(1)).toContainText('Deco Z10 by TP-Link')
    await expect(queued(lab, 'Deco Z9')).toContainText('Device name')
    await expect(queued(lab, 'Deco Z9')).toContainText(`Added by ${ALPHA}`)
    await lab.screenshot({ path: `${SHOTS}/1-lab-queue.png` })

    await queued(lab, 'Deco Z9').getByRole('button', { name: 'Approve Deco Z9' }).click()
    const approve = lab.getByRole('dialog', { name: 'Approve “Deco Z9”?' })
    await expect(approve).toContainText(
      `Device name “Deco Z9” by TP-Link, added by ${ALPHA}. Every organization’s portfolio form will offer it.`,
    )
    await approve.getByRole('button', { name: 'Approve', exact: true }).click()
    await expect(
      toast(lab, '“Deco Z9” is in the shared catalogue: every organization’s form offers it now.'),
    ).toBeVisible()
    await expect(approve).toBeHidden()
    await expect(lab.getByRole('heading', { level: 2, name: 'Review queue (1)' })).toBeVisible()
    await expect(queued(lab, 'Deco Z9')).toHaveCount(0)
    await lab.getByRole('searchbox', { name: 'Search the catalogue' }).fill('Deco Z')
    await expect(catalogueRow(lab, 'Deco Z9')).toContainText('Approved')
    await expect(catalogueRow(lab, 'Deco Z9')).toContainText(`by ${MANAGER.name}`)

    // 3. Mesh Beta's form offers Deco Z9 under TP-Link now, with its type; not the waiting Deco Z10.
    await openForm(beta.page)
    const shared = await deviceNamesOffered(beta.page, 'TP-Link')
    expect(shared).toContain('Deco Z9')
    expect(shared).not.toContain('Deco Z10')
    const betaDevice = section(beta.page, 'Device Portfolio')
    await choose(betaDevice, beta.page, /^Device name/, 'Deco Z9')
    await choose(betaDevice, beta.page, /^Device type/, 'Wi-Fi Mesh Device')
    await choose(betaDevice, beta.page, /^Product class/, 'Wi-Fi 6 Mesh')
    await expect(betaDevice.getByRole('note')).toHaveCount(0)

    // 5. A Lab engineer, at a phone's width, reads the queue and the catalogue without deciding.
    const engineer = await engineerContext.newPage()
    await setPasswordAndLogIn(engineer, api, ENGINEER)
    await openPage(engineer, '/lab/catalogue')
    await expect(engineer.getByRole('heading', { level: 2, name: 'Review queue (1)' })).toBeVisible()
    await expect(
      engineer.getByText(
        'Vendors’ ‘Add New …’ names, private to their organization until a Lab manager decides. Only a Lab manager can put the bench into maintenance, change the review setting, manage the lab’s staff, revoke certificates, change test plans or decide on the catalogue.',
      ),
    ).toBeVisible()
    await expect(queued(engineer, 'Deco Z10')).toContainText(`Added by ${ALPHA}`)
    for (const decision of ['Approve', 'Map', 'Decline'])
      await expect(engineer.getByRole('button', { name: new RegExp(`^${decision}`) })).toHaveCount(0)
    await expect(engineer.getByRole('heading', { name: 'An organization as a manufacturer' })).toHaveCount(0)
    await engineer.getByRole('searchbox', { name: 'Search the catalogue' }).fill('Deco Z9')
    const cards = engineer.getByRole('list', { name: 'Catalogue entries' }).getByRole('listitem')
    await expect(cards.filter({ hasText: 'Deco Z9 by TP-Link' })).toContainText(`Added by ${ALPHA}`)
    await expect(cards.filter({ hasText: 'Deco Z9 by TP-Link' })).toContainText('Approved')
    await engineer.screenshot({ path: `${SHOTS}/2-engineer-phone.png`, fullPage: true })

    // 4. The Lab manager declines Deco Z10 with a reason.
    await queued(lab, 'Deco Z10').getByRole('button', { name: 'Decline Deco Z10' }).click()
    const decline = lab.getByRole('dialog', { name: 'Decline “Deco Z10”' })
    await decline.getByRole('button', { name: 'Decline', exact: true }).click()
    await expect(decline.getByText('Reason is required.')).toBeVisible()
    await decline.getByRole('textbox', { name: /^Reason/ }).fill(REASON)
    await decline.getByRole('button', { name: 'Decline', exact: true }).click()
    await expect(toast(lab, '“Deco Z10” is declined. Its organization reads your reason.')).toBeVisible()
    await expect(decline).toBeHidden()
    await expect(lab.getByRole('heading', { level: 2, name: 'Review queue (0)' })).toBeVisible()
    await expect(lab.getByText('No additions await review.')).toBeVisible()
    await expect(catalogueRow(lab, 'Deco Z10')).toContainText('Declined')
    await expect(catalogueRow(lab, 'Deco Z10')).toContainText(REASON)

    // Mesh Alpha's vendor reads the reason in Settings › Catalogue additions…
    await openPage(alpha.page, '/settings/catalogue')
    await expect(alpha.page.getByRole('heading', { level: 1, name: 'Catalogue additions' })).toBeVisible()
    const additions = alpha.page.getByRole('list', { name: 'Catalogue additions' }).getByRole('listitem')
    // Its two names, and not the approved name's pairing with the programme's type.
    await expect(additions).toHaveCount(2)
    const addition = (name: string) => additions.filter({ hasText: `Device name · under TP-Link${name}` })
    const declined = addition('Deco Z10')
    await expect(declined).toContainText('Declined')
    await expect(declined).toContainText('The form no longer offers it; your devices keep their name.')
    await expect(declined.getByText(`The lab’s reason: ${REASON}`)).toBeVisible()
    const approved = addition('Deco Z9')
    await expect(approved).toContainText('Approved')
    await expect(approved).toContainText('Every organization’s form offers it now.')
    await alpha.page.screenshot({ path: `${SHOTS}/3-vendor-declined-reason.png`, fullPage: true })

    // …and under the device-name field when it types the declined name again; the list drops it.
    await openNewPortfolio(alpha.page)
    const offered = await deviceNamesOffered(alpha.page, 'TP-Link')
    expect(offered).toContain('Deco Z9')
    expect(offered).not.toContain('Deco Z10')
    const alphaDevice = section(alpha.page, 'Device Portfolio')
    await choose(alphaDevice, alpha.page, /^Device name/, 'Add New Device Name')
    await alphaDevice.getByRole('textbox', { name: /^New device name/ }).fill('Deco Z10')
    await expect(alphaDevice.getByRole('note')).toHaveText(`The lab declined “Deco Z10”: ${REASON}`)
    await alphaDevice.getByRole('note').scrollIntoViewIfNeeded()
    await alpha.page.screenshot({ path: `${SHOTS}/4-vendor-field-note.png` })

    // The engineer's queue is empty now; the catalogue says Declined.
    await engineer.reload()
    await expect(engineer.getByRole('heading', { level: 2, name: 'Review queue (0)' })).toBeVisible()
    await engineer.getByRole('searchbox', { name: 'Search the catalogue' }).fill('Deco Z10')
    await expect(cards.filter({ hasText: 'Deco Z10 by TP-Link' })).toContainText('Declined')
  } finally {
    for (const context of contexts) await context.close()
    await api.dispose()
    await portal.kill()
    rmSync(dataDir, { recursive: true, force: true })
  }
})
