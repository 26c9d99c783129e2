import { expect, test } from '@playwright/test'
import { logInWithForm, uniqueEmail } from './accounts'
import { type Device, statusBar, submitDevice } from './devices'
import { logIn, openDashboard, openPage } from './live'
import {
  createOwner,
  fullName,
  invite,
  joinByInvitation,
  openProfile,
  openTeam,
  type Person,
  removeMember,
  uniqueOrganization,
} from './team'

/*
 * A removed member can rejoin. The Owner invites a colleague, who joins through
 * the mail's link (the Owner's organization is their only one); the Owner removes them, then
 * invites them again. Their login, which used to be refused for want of an organization, lands on
 * their pending invitations; they accept, and land on the organization's dashboard with the role
 * of the new invitation.
 *
 * Every text is the literal of src/contract or of the screens, so that a change of wording fails
 * here too.
 */

test.skip(
  ({ isMobile }) => isMobile,
  'Rejoining is the same code on a phone; the phone project walks the public site, the forms and the dashboard.',
)

const INVITATIONS_LEAD = (emailId: string) =>
  `You are signed in as ${emailId}, which belongs to no organization now. Accept an invitation to continue.`

test('a removed member is invited again, logs in to the invitation, accepts and works in the organization', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000)
  const project = testInfo.project.name
  const organization = uniqueOrganization(`Rejoin ${project}`)
  const owner: Person = {
    firstName: 'Rosalind',
    lastName: 'Franklin',
    emailId: uniqueEmail(`rejoin-owner-${project}`),
    password: 'Rejoin#2026owner',
  }
  const member: Person = {
    firstName: 'Maurice',
    lastName: 'Wilkins',
    emailId: uniqueEmail(`rejoin-member-${project}`),
    password: 'Rejoin#2026member',
  }

  // 1. The Owner registers, submits a device, and invites the colleague, who joins by the link.
  await createOwner(request, owner, organization)
  await logIn(page, owner.emailId, owner.password)
  const device: Device = {
    deviceName: 'Beacon 6',
    deviceType: 'Wi-Fi Mesh Device',
    productClass: 'Wi-Fi 6 Mesh',
    baseFirmwareVersion: '2.0.1',
  }
  await submitDevice(page, device)
  await openTeam(page, organization)
  await invite(page, member, 'Engineer', organization)
  const { context, page: memberPage } = await joinByInvitation(browser, request, {
    invitee: member,
    organization,
    role: 'Engineer',
    inviter: fullName(owner),
  })

  // 2. The Owner removes them, then invites them again, as a Viewer this time.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible()
  await removeMember(page, member, organization)
  await invite(page, member, 'Viewer', organization)

  // 3. The colleague logs in again: no organization, so the login lands on the invitations.
  await memberPage.evaluate(() => localStorage.clear())
  await openPage(memberPage, '/login')
  await logInWithForm(memberPage, member)
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Invitations' })).toBeVisible()
  await expect(memberPage).toHaveURL(/\/invitations$/)
  await expect(memberPage.getByText(INVITATIONS_LEAD(member.emailId))).toBeVisible()
  const invitations = memberPage.getByRole('list', { name: 'Pending invitations' })
  await expect(invitations.getByRole('article')).toHaveCount(1)
  const card = invitations.getByRole('article', { name: organization })
  await expect(card.locator('dl')).toContainText('Viewer')
  await expect(card.locator('dl')).toContainText(`Invited by${fullName(owner)}`)

  // 4. Accept: the dashboard of the organization, its device, and the new role.
  await card.getByRole('button', { name: `Accept the invitation to ${organization}` }).click()
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(memberPage).toHaveURL(/\/dashboard$/)
  await expect(statusBar(memberPage, device.deviceName)).toHaveAttribute(
    'aria-label',
    `${device.deviceName}: Submitted`,
  )
  const profile = await openProfile(memberPage)
  await expect(profile.locator('[data-slot="profile-membership"]')).toHaveText(`${organization} · Viewer`)
  await memberPage.keyboard.press('Escape')

  // The Owner's team lists them again, as a Viewer; nothing waits for an answer.
  await page.reload()
  await expect(page.getByRole('combobox', { name: `Role of ${fullName(member)}` })).toHaveText('Viewer')
  await expect(page.getByText('No invitations are waiting for an answer.')).toBeVisible()
  await openDashboard(memberPage)
  await context.close()
})
