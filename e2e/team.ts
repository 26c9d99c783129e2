import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
} from '@playwright/test'
import { createAccount } from './accounts'
import { openPage } from './live'

/*
 * Teams for the journeys: an Owner of an organization named for the journey, the
 * invitation mail's link, and an invitee who joins by it in a browser of their own.
 */

export type Person = { firstName: string; lastName: string; emailId: string; password: string }

export const fullName = (person: Person) => `${person.firstName} ${person.lastName}`

/** An organization name of its own per journey, so that "member of it" means this one. */
export function uniqueOrganization(label: string) {
  return `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
}

/** Registers an Owner of `organization` over the API and sets the password with the mailed code. */
export async function createOwner(request: APIRequestContext, owner: Person, organization: string) {
  await createAccount(request, { ...owner, organization })
}

type MailboxMail = { to: string; subject: string; text: string }

/** The path and query of the invitation link in the newest invitation mail to this address. */
export async function invitationPathFromMail(
  request: APIRequestContext,
  to: string,
  organization: string,
): Promise<string> {
  let link: string | undefined
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/dev/mailbox.json')).json()) as MailboxMail[]
        const mail = mails.find(
          (candidate) => candidate.to === to && candidate.subject === `Invitation to join ${organization}`,
        )
        link = mail?.text.match(/^\s+https?:\/\/[^/\s]+(\/invitation\?token=\S+)\s*$/m)?.[1]
        return link
      },
      { message: `an invitation mail to ${to}`, timeout: 10_000 },
    )
    .toBeTruthy()
  return link as string
}

/** Opens the header's profile popup. */
export async function openProfile(page: Page) {
  const profile = page.getByRole('dialog', { name: 'Profile' })
  // The popup's code loads on the first click; on a loaded machine a click during that load may
  // not open it, so the click is tried again until it does.
  await expect(async () => {
    if (!(await profile.isVisible())) await page.getByRole('button', { name: /profile/i }).click()
    await expect(profile).toBeVisible({ timeout: 3000 })
  }).toPass({ timeout: 15_000 })
  return profile
}

/** The Owner on the team page, reached from the header's profile popup. */
export async function openTeam(page: Page, organization: string) {
  const profile = await openProfile(page)
  await profile.getByRole('link', { name: 'Team' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible()
  await expect(
    page.getByText(`${organization}: who works in your organization, with which role.`),
  ).toBeVisible()
}

/** The Owner invites `person` with `role` from the team page's dialog. */
export async function invite(page: Page, person: Person, role: 'Engineer' | 'Viewer', organization: string) {
  await page.getByRole('button', { name: 'Invite a member' }).click()
  const dialog = page.getByRole('dialog', { name: 'Invite a member' })
  await expect(dialog).toContainText(`We send them a link to join ${organization}. It works for 7 days.`)
  await dialog.getByRole('textbox', { name: /^E-mail address/ }).fill(person.emailId)
  await dialog.getByRole('radio', { name: new RegExp(`^${role}\\b`) }).check()
  await dialog.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText(`Invitation sent to ${person.emailId}.`).first()).toBeVisible()
  await expect(dialog).toBeHidden()
}

/** The Owner removes `person` from the team page, confirming it. */
export async function removeMember(page: Page, person: Person, organization: string) {
  await page.getByRole('button', { name: `Remove ${fullName(person)}` }).click()
  const confirm = page.getByRole('alertdialog', { name: `Remove ${fullName(person)}?` })
  await expect(confirm).toContainText(
    `${fullName(person)} loses access to ${organization}’s devices, runs and certificates at once.`,
  )
  await confirm.getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByText(`${fullName(person)} was removed from the organization.`).first()).toBeVisible()
}

/**
 * Counts the `ended` events of every live stream a page of this context opens, in
 * window.__liveEnded (recordLiveEvents of live.ts keeps the stored events and hellos only).
 */
export async function recordStreamEnds(context: BrowserContext) {
  await context.addInitScript(() => {
    const Native = window.EventSource
    Object.assign(window, { __liveEnded: 0 })
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init)
        this.addEventListener('ended', () => {
          const target = window as unknown as { __liveEnded: number }
          target.__liveEnded += 1
        })
      }
    }
  })
}

export const streamEnds = (page: Page) =>
  page.evaluate(() => (window as unknown as { __liveEnded: number }).__liveEnded)

/**
 * An invitee, in a browser context of their own: opens the link from the mail, sees the
 * invitation, and joins with a name and a password (nothing else is asked), logged in at once.
 * Returns their context and page (the dashboard, logged in).
 */
export async function joinByInvitation(
  browser: Browser,
  request: APIRequestContext,
  {
    invitee,
    organization,
    role,
    inviter,
  }: { invitee: Person; organization: string; role: string; inviter: string },
): Promise<{ context: BrowserContext; page: Page }> {
  const path = await invitationPathFromMail(request, invitee.emailId, organization)
  const context = await browser.newContext()
  await recordStreamEnds(context)
  const page = await context.newPage()

  await openPage(page, path)
  await expect(page.getByRole('heading', { level: 1, name: 'Invitation' })).toBeVisible()
  const details = page.locator('dl').filter({ hasText: 'Invited by' })
  await expect(details).toContainText(organization)
  await expect(details).toContainText(role)
  await expect(details).toContainText(inviter)
  await expect(details).toContainText(invitee.emailId)
  // No account yet: the name and a password only (docs/decisions/0046), then logged in at once.
  const form = page.getByRole('form', { name: 'New to the portal? Join with your name and a password' })
  await expect(page.locator('p', { hasText: 'Your account uses' })).toContainText(invitee.emailId)
  await form.getByRole('textbox', { name: /^First name/ }).fill(invitee.firstName)
  await form.getByRole('textbox', { name: /^Last name/ }).fill(invitee.lastName)
  await form.getByLabel(/^Password/).pressSequentially(invitee.password)
  await form.getByLabel(/^Confirm password/).pressSequentially(invitee.password)
  await form.getByRole('button', { name: 'Join the organization' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()

  // A member of the Owner's organization, with the invited role.
  const profile = await openProfile(page)
  await expect(profile.locator('[data-slot="profile-membership"]')).toHaveText(`${organization} · ${role}`)
  await page.keyboard.press('Escape')
  await expect(profile).toBeHidden()
  return { context, page }
}
