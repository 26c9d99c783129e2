import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  test,
  type TestInfo,
} from '@playwright/test'
import { uniqueEmail } from './accounts'
import { cardCount, type Device, openMenu, statusBar, submitDevice } from './devices'
import { logIn, openDashboard } from './live'
import {
  createOwner,
  fullName,
  invite,
  joinByInvitation,
  openTeam,
  type Person,
  removeMember,
  streamEnds,
  uniqueOrganization,
} from './team'

/*
 * A team: an Owner invites an Engineer and a Viewer through the team page; each
 * registers from the mail's link in a browser of their own and joins the Owner's organization;
 * the Engineer submits and certifies a device; the Viewer sees it live and cannot act; the Owner
 * removes the Viewer, whose open dashboard tab has its live stream ended by the server and logs out.
 *
 * Every text below is the literal of src/contract (roles.ts, team.ts) or of the screens, so that
 * a change of wording fails here too.
 */

test.skip(
  ({ isMobile }) => isMobile,
  'The team’s screens are the same code on a phone; the phone project walks the public site, the forms and the dashboard.',
)

// src/contract/roles.ts ROLE_REFUSALS and ROLE_REFUSAL_HINT.
const REFUSED = {
  portfolio: 'Your role in this organization does not allow submitting, editing or deleting devices.',
  runs: 'Your role in this organization does not allow starting or cancelling certification runs.',
  certificate: 'Your role in this organization does not allow sending certificates.',
}
const HINT = 'Ask an Owner of your organization for another role.'

const mesh = { deviceType: 'Wi-Fi Mesh Device', productClass: 'Wi-Fi 6 Mesh' }

const invitation = (page: Page, person: Person) =>
  page.locator('[data-slot="invitation"]').filter({ hasText: person.emailId })

type Journey = {
  owner: Person
  engineer: Person
  viewer: Person
  organization: string
  ownerPage: Page
  viewerPage: Page
  certified: Device
  submitted: Device
  /** The invitees' browser contexts, closed by the test. */
  contexts: BrowserContext[]
}

/** Steps 1–5: the team is made, the Engineer certifies a device, the Viewer sees it and cannot act. */
async function teamAtWork(
  page: Page,
  browser: Browser,
  request: APIRequestContext,
  testInfo: TestInfo,
): Promise<Journey> {
  const project = testInfo.project.name
  const organization = uniqueOrganization(`Team Works ${project}`)
  const owner: Person = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    emailId: uniqueEmail(`team-owner-${project}`),
    password: 'Team#2026owner',
  }
  const engineer: Person = {
    firstName: 'Grace',
    lastName: 'Hopper',
    emailId: uniqueEmail(`team-engineer-${project}`),
    password: 'Team#2026engineer',
  }
  const viewer: Person = {
    firstName: 'Vera',
    lastName: 'Rubin',
    emailId: uniqueEmail(`team-viewer-${project}`),
    password: 'Team#2026viewer',
  }

  // 1. The Owner registers and logs in.
  await createOwner(request, owner, organization)
  await logIn(page, owner.emailId, owner.password)

  // 2. The team page from the profile popup; two invitations, each with its role.
  await openTeam(page, organization)
  await expect(page.getByText('No invitations are waiting for an answer.')).toBeVisible()
  await invite(page, engineer, 'Engineer', organization)
  await invite(page, viewer, 'Viewer', organization)
  for (const [person, role] of [
    [engineer, 'Engineer'],
    [viewer, 'Viewer'],
  ] as const) {
    await expect(invitation(page, person)).toContainText('Pending')
    await expect(invitation(page, person)).toContainText(`${role} · invited by ${fullName(owner)} · sent `)
  }
  await expect(page.locator('[data-slot="invitation"]')).toHaveCount(2)

  // 3. Each invitee registers from the mail's link in a browser of their own and logs in.
  const { context: engineerContext, page: engineerPage } = await joinByInvitation(browser, request, {
    invitee: engineer,
    organization,
    role: 'Engineer',
    inviter: fullName(owner),
  })
  const { context: viewerContext, page: viewerPage } = await joinByInvitation(browser, request, {
    invitee: viewer,
    organization,
    role: 'Viewer',
    inviter: fullName(owner),
  })

  // The Viewer's dashboard is open (and stays open) while the Engineer works.
  await openDashboard(viewerPage)
  await expect(cardCount(viewerPage, 'Certified')).toHaveText('0')

  // 4. The Engineer submits two devices and certifies the first.
  const certified: Device = { deviceName: 'Beacon 6', ...mesh, baseFirmwareVersion: '1.4.2' }
  const submitted: Device = { deviceName: 'Beacon 10', ...mesh, baseFirmwareVersion: '1.5.0' }
  await submitDevice(engineerPage, certified)
  await submitDevice(engineerPage, submitted)
  await openDashboard(engineerPage)
  const menu = await openMenu(engineerPage, certified.deviceName)
  await menu.getByRole('menuitem', { name: 'Start Certify' }).click()
  await expect(engineerPage.getByText('Device testcase updated successfully!').first()).toBeVisible()
  await expect(statusBar(engineerPage, certified.deviceName)).toHaveAttribute(
    'aria-label',
    `${certified.deviceName}: Certified`,
    { timeout: 60_000 },
  )

  // 5. The Viewer's open tab sees both rows, the first Certified, through its live stream…
  await expect(statusBar(viewerPage, certified.deviceName)).toHaveAttribute(
    'aria-label',
    `${certified.deviceName}: Certified`,
  )
  await expect(statusBar(viewerPage, submitted.deviceName)).toHaveAttribute(
    'aria-label',
    `${submitted.deviceName}: Submitted`,
  )
  await expect(cardCount(viewerPage, 'Certified')).toHaveText('1')

  // …and cannot act: Register Product is disabled, with the reason and the hint beside it.
  const register = viewerPage.getByRole('button', { name: 'Register Product' })
  await expect(register).toHaveAttribute('aria-disabled', 'true')
  await expect(register).toHaveAccessibleDescription(`${REFUSED.portfolio} ${HINT}`)
  const note = viewerPage.locator('[data-slot="dashboard-search"] [data-slot="refusal-note"]')
  await expect(note.getByText(REFUSED.portfolio, { exact: true })).toBeVisible()
  await expect(note.getByText(HINT, { exact: true })).toBeVisible()
  // Focusable though disabled (aria-disabled): pressing it goes nowhere.
  await register.click({ force: true })
  await expect(viewerPage).toHaveURL(/\/dashboard$/)

  // The menu of the submitted device: Start Certify, Edit and Delete refused, each with its reason.
  let viewerMenu = await openMenu(viewerPage, submitted.deviceName)
  for (const [action, reason] of [
    ['Start Certify', REFUSED.runs],
    ['Edit', REFUSED.portfolio],
    ['Delete', REFUSED.portfolio],
  ] as const) {
    const item = viewerMenu.getByRole('menuitem', { name: action })
    await expect(item).toHaveAttribute('aria-disabled', 'true')
    await expect(item).toHaveAccessibleDescription(`${reason} ${HINT}`)
  }
  for (const text of [REFUSED.runs, REFUSED.portfolio, HINT]) {
    await expect(viewerMenu.getByText(text, { exact: true })).toBeVisible()
  }
  // Choosing a refused item does nothing: the menu stays, nothing was sent.
  await viewerMenu.getByRole('menuitem', { name: 'Start Certify' }).click({ force: true })
  await expect(viewerMenu).toBeVisible()
  // (On a phone the menu is a modal sheet and the page behind it is hidden while it is open.)
  await viewerPage.keyboard.press('Escape')
  await expect(viewerMenu).toBeHidden()
  await expect(statusBar(viewerPage, submitted.deviceName)).toHaveAttribute(
    'aria-label',
    `${submitted.deviceName}: Submitted`,
  )

  // The menu of the certified device: reading the results is allowed, mailing the certificate not.
  viewerMenu = await openMenu(viewerPage, certified.deviceName)
  const email = viewerMenu.getByRole('menuitem', { name: 'Email Certificate' })
  await expect(email).toHaveAttribute('aria-disabled', 'true')
  await expect(email).toHaveAccessibleDescription(`${REFUSED.certificate} ${HINT}`)
  await expect(viewerMenu.getByText(REFUSED.certificate, { exact: true })).toBeVisible()
  await expect(viewerMenu.getByRole('menuitem', { name: 'Download Results' })).not.toHaveAttribute(
    'aria-disabled',
    'true',
  )
  await viewerPage.keyboard.press('Escape')
  await expect(viewerMenu).toBeHidden()

  // /portfolio (another tab of the Viewer's): the form is not offered, and why.
  const portfolioPage = await viewerPage.context().newPage()
  await portfolioPage.goto('/portfolio')
  const refused = portfolioPage.getByRole('region', {
    name: 'The portfolio form is not available to your role',
  })
  await expect(refused).toBeVisible()
  await expect(refused.getByText(REFUSED.portfolio, { exact: true })).toBeVisible()
  await expect(refused.getByText(HINT, { exact: true })).toBeVisible()
  await expect(refused.getByRole('textbox')).toHaveCount(0)
  await portfolioPage.close()

  return {
    owner,
    engineer,
    viewer,
    organization,
    ownerPage: page,
    viewerPage,
    certified,
    submitted,
    contexts: [engineerContext, viewerContext],
  }
}

/** Step 6: the Owner's team lists the three members; the Owner removes the Viewer. */
async function removeViewer({ owner, engineer, viewer, organization, ownerPage: page, certified }: Journey) {
  // The Owner's dashboard shows the organization's device the Engineer certified.
  await openDashboard(page)
  await expect(statusBar(page, certified.deviceName)).toHaveAttribute(
    'aria-label',
    `${certified.deviceName}: Certified`,
  )
  await openTeam(page, organization)
  const members = page.getByRole('table', { name: `Members of ${organization}` })
  await expect(members.locator('tbody tr')).toHaveCount(3)
  const member = (person: Person) => members.locator('tbody tr').filter({ hasText: person.emailId })
  await expect(member(owner)).toContainText(`${fullName(owner)}(you)`)
  await expect(member(owner).locator('[data-slot="member-role"]')).toHaveText('Owner')
  await expect(page.getByRole('combobox', { name: `Role of ${fullName(engineer)}` })).toHaveText('Engineer')
  await expect(page.getByRole('combobox', { name: `Role of ${fullName(viewer)}` })).toHaveText('Viewer')
  // The invitations were accepted: none waits any more.
  await expect(page.getByText('No invitations are waiting for an answer.')).toBeVisible()

  await removeMember(page, viewer, organization)
  await expect(members.locator('tbody tr')).toHaveCount(2)
  await expect(member(viewer)).toHaveCount(0)
}

test('a team: the Owner invites an Engineer and a Viewer, the Engineer certifies, the Viewer sees and cannot act, and is removed', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000)
  const journey = await teamAtWork(page, browser, request, testInfo)
  const { owner, engineer, viewer, certified, viewerPage } = journey
  expect(await streamEnds(viewerPage)).toBe(0)
  // The Viewer's tab, untouched from here on: the renewal it makes when its stream ends.
  const renewal = viewerPage.waitForResponse(
    (response) => response.url().endsWith('/api/session/keep-alive'),
    {
      timeout: 30_000,
    },
  )

  await removeViewer(journey)

  // The server ends the Viewer's live stream at once; the tab checks its session, which the
  // removal ended (401), and logs out by itself: the sign-in page, no login data left.
  expect((await renewal).status()).toBe(401)
  await expect(viewerPage.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible({
    timeout: 20_000,
  })
  await expect(viewerPage).toHaveURL(/\/login$/)
  // The logout may still be navigating: read the storage once the page is settled.
  await expect
    .poll(() => viewerPage.evaluate(() => localStorage.getItem('AUTH_DATA')).catch(() => 'navigating'))
    .toBeNull()

  // 7. The Owner's activity log (newest first): the invitations, the joins, the Engineer's submit
  // and run, and the removal.
  await page.reload()
  const log = page.getByRole('list', { name: 'Activity' })
  const entries = [
    `${fullName(owner)} · Removed a member · ${fullName(viewer)} (Viewer)`,
    `${fullName(engineer)} · Started certification · ${certified.deviceName} (Nokia)`,
    `${fullName(engineer)} · Submitted a device · ${certified.deviceName} (Nokia)`,
    `${fullName(viewer)} · Joined · ${fullName(viewer)} (Viewer)`,
    `${fullName(engineer)} · Joined · ${fullName(engineer)} (Engineer)`,
    `${fullName(owner)} · Invited a member · ${viewer.emailId} (Viewer)`,
    `${fullName(owner)} · Invited a member · ${engineer.emailId} (Engineer)`,
  ]
  for (const entry of entries) {
    await expect(log.getByRole('listitem').filter({ hasText: entry })).toHaveCount(1)
  }
  for (const context of journey.contexts) await context.close()
})
