import { expect, type Page, test } from '@playwright/test'
import { uniqueEmail } from './accounts'
import { row, submitDevice } from './devices'
import { liveStatus, logIn, openDashboard, openPage } from './live'
import { createOwner, invitationPathFromMail, openProfile, type Person, uniqueOrganization } from './team'

/*
 * An account in two organizations (docs/decisions/0023): it joins a partner's
 * organization from an invitation, then switches between the two in the profile popup. After each
 * switch the dashboard shows that organization's records only, and its live stream is the new
 * organization's: still on past the stream's keep-alive session check (15 s), which ends the
 * streams of the session the switch rotated away, and carrying the partner's new device at once.
 */

test.skip(({ isMobile }) => isMobile, 'The switch is the same code on a phone; its layout is in the stories.')

const person = (firstName: string, lastName: string): Person => ({
  firstName,
  lastName,
  emailId: uniqueEmail(firstName.toLowerCase()),
  password: 'Switch#Orgs2026',
})

const mesh = { deviceType: 'Wi-Fi Mesh Device', productClass: 'Wi-Fi 6 Mesh' }

/** Invites `emailId` as an Engineer, from the logged-in page of an Owner. */
async function inviteEngineer(page: Page, emailId: string) {
  const status = await page.evaluate(async (emailId) => {
    const authData = JSON.parse(localStorage.getItem('AUTH_DATA') ?? '{}') as { vendorUserId: string }
    const answer = await fetch('/api/team/invitations/create', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Token: localStorage.getItem('TOKEN') ?? '' },
      body: JSON.stringify({ vendorUserId: authData.vendorUserId, emailId, role: 'Engineer' }),
    })
    return answer.status
  }, emailId)
  expect(status).toBe(200)
}

/** Switches to `organization` in the profile popup and waits for its dashboard, live. */
async function switchTo(page: Page, organization: string, role: string) {
  const profile = await openProfile(page)
  await profile.getByRole('button', { name: new RegExp(`^${organization}`) }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(liveStatus(page)).toHaveText('Live updates on')
  // Opened just after the switch, the popup was once seen closing again before it was read (a fresh
  // CI run, 1 of 176): reopened until it names the organization and role.
  await expect(async () => {
    const reopened = await openProfile(page)
    await expect(reopened.getByText(`${organization} · ${role}`)).toBeVisible({ timeout: 3000 })
  }).toPass({ timeout: 20_000 })
  await page.keyboard.press('Escape')
}

test('an account in two organizations switches between them; each dashboard is its own, and stays live', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const amir = person('Amir', 'Home')
  const petra = person('Petra', 'Partner')
  const home = uniqueOrganization('Switch Home')
  const partner = uniqueOrganization('Switch Partner')
  await createOwner(request, amir, home)
  await createOwner(request, petra, partner)
  const homeDevice = { deviceName: 'Beacon 6', baseFirmwareVersion: '1.0.0', ...mesh }
  const partnerDevice = { deviceName: 'Beacon 10', baseFirmwareVersion: '2.0.0', ...mesh }

  // The partner, in a browser of its own, has a device and invites Amir.
  const partnerContext = await browser.newContext()
  const partnerPage = await partnerContext.newPage()
  await logIn(partnerPage, petra.emailId, petra.password)
  await submitDevice(partnerPage, partnerDevice)
  await inviteEngineer(partnerPage, amir.emailId)

  // Amir has a device at home, then accepts the partner's invitation: the session acts for it.
  await logIn(page, amir.emailId, amir.password)
  await submitDevice(page, homeDevice)
  await openPage(page, await invitationPathFromMail(request, amir.emailId, partner))
  await page.getByRole('button', { name: 'Accept the invitation' }).click()
  // Acting for home, Amir is asked before the session moves to the partner (decision 0039).
  const asked = page.getByRole('alertdialog', { name: `You joined ${partner}` })
  await expect(asked).toContainText(`Switch to ${partner} now? Until you do, you keep working for ${home}.`)
  await expect(asked.getByRole('button', { name: `Stay in ${home}` })).toBeFocused()
  await asked.getByRole('button', { name: `Switch to ${partner}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(
    page.getByRole('button', { name: `Organization: ${partner}, switch organization` }),
  ).toBeVisible()
  await expect(row(page, partnerDevice.deviceName)).toHaveCount(1)
  await expect(row(page, homeDevice.deviceName)).toHaveCount(0)

  // Home: its own record only.
  await switchTo(page, home, 'Owner')
  await expect(row(page, homeDevice.deviceName)).toHaveCount(1)
  await expect(row(page, partnerDevice.deviceName)).toHaveCount(0)

  // The partner's dashboard never shows Amir's home device.
  await openDashboard(partnerPage)
  await expect(row(partnerPage, partnerDevice.deviceName)).toHaveCount(1)
  await expect(row(partnerPage, homeDevice.deviceName)).toHaveCount(0)

  // Back to the partner; past the keep-alive session check the stream is still on, and the
  // partner's new device (a Beacon 6 of its own) arrives without a reload.
  await switchTo(page, partner, 'Engineer')
  await expect(row(page, partnerDevice.deviceName)).toHaveCount(1)
  await expect(row(page, homeDevice.deviceName)).toHaveCount(0)
  await page.waitForTimeout(16_000)
  await expect(liveStatus(page)).toHaveText('Live updates on')
  await submitDevice(partnerPage, { ...homeDevice, baseFirmwareVersion: '3.0.0' })
  await expect(row(page, homeDevice.deviceName)).toHaveCount(1, { timeout: 10_000 })
  await expect(liveStatus(page)).toHaveText('Live updates on')
  await partnerContext.close()
})

test('joining an organization by invitation asks first; Stay keeps the session where it was', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000)
  const maya = person('Maya', 'Home')
  const olli = person('Olli', 'Partner')
  const home = uniqueOrganization('Stay Home')
  const partner = uniqueOrganization('Stay Partner')
  await createOwner(request, maya, home)
  await createOwner(request, olli, partner)
  const partnerContext = await browser.newContext()
  const partnerPage = await partnerContext.newPage()
  await logIn(partnerPage, olli.emailId, olli.password)
  await inviteEngineer(partnerPage, maya.emailId)
  await partnerContext.close()

  await logIn(page, maya.emailId, maya.password)
  await openPage(page, await invitationPathFromMail(request, maya.emailId, partner))
  await page.getByRole('button', { name: 'Accept the invitation' }).click()
  const asked = page.getByRole('alertdialog', { name: `You joined ${partner}` })
  await asked.getByRole('button', { name: `Stay in ${home}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  // Still home, now a member of both: the header's switch lists the partner.
  const inHeader = page.getByRole('button', { name: `Organization: ${home}, switch organization` })
  await expect(inHeader).toBeVisible()
  await inHeader.click()
  const popup = page.getByRole('dialog', { name: 'Switch organization' })
  await expect(popup.getByRole('button', { name: new RegExp(`^${partner}`) })).toBeEnabled()
  // The server's session acts for home too.
  const acting = await page.evaluate(async () => {
    const answer = await fetch('/api/team', {
      credentials: 'include',
      headers: { Token: localStorage.getItem('TOKEN') ?? '' },
    })
    return ((await answer.json()) as { organizationName: string }).organizationName
  })
  expect(acting).toBe(home)
})
