import preview from '#.storybook/preview'
import { expect, fn, waitFor, within } from 'storybook/test'
import { HeaderSearch } from '@/components/layout/header-search'
import { OrganizationMenu } from '@/components/layout/organization-menu'
import { OrganizationSwitch } from '@/components/layout/organization-switch'
import { ProfileMenu } from '@/components/layout/profile-menu'
import { SiteHeader } from '@/components/layout/site-header'
import { DEFAULT_SUPPORT_EMAIL } from '@/lib/config'
import { readAuthData } from '@/lib/storage'
import { nokiaMember, nokiaMemberOfTwo, NOKIA_ORGANIZATION, OTHER_ORGANIZATION } from '@/mocks/fixtures/roles'
import { authDataOf, loggedInAs, loggedOut } from '../support/session'

/** The site header (spec §2 "Header") for a visitor and for a logged-in vendor, on desktop and phone. */
/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `The header of every vendor and public page: Home, Portfolio Manager, Device Certifications,
Dashboard (logged in only) and Contact Us; logged in, the search box, the profile with Logout and
the help icon; logged out, Sign Up and Sign In. On a phone the links fold into a menu.`

const meta = preview.meta({
  title: 'Layout/Site header',
  component: SiteHeader,
  subcomponents: { OrganizationMenu, OrganizationSwitch, HeaderSearch, ProfileMenu },
  args: { onLogout: fn() },
  parameters: {
    layout: 'fullscreen',
    router: { url: '/portfolio-manager' },
    docs: { description: { component: ABOUT } },
  },
  globals: { viewport: { value: 'desktop', isRotated: false } },
  beforeEach: loggedOut,
})

const SUPPORT_MAILTO = `mailto:${DEFAULT_SUPPORT_EMAIL}?subject=Device%20certification%20support`
const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

/** A visitor: the four public links, the contact action, Sign Up and Sign In; the current page is marked. */
export const Visitor = meta.story({
  name: 'Visitor',
  play: async ({ canvas, userEvent }) => {
    const nav = canvas.getByRole('navigation', { name: 'Main' })
    const links = within(nav).getAllByRole('link')
    await expect(links.map((link) => link.textContent)).toEqual([
      'Home',
      'Portfolio Manager',
      'Device Certifications',
      'Contact Us',
    ])
    await expect(within(nav).getByRole('link', { name: 'Portfolio Manager' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(canvas.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/create-profile')
    await expect(canvas.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login')
    await expect(canvas.getByRole('link', { name: 'Email support' })).toHaveAttribute('href', SUPPORT_MAILTO)
    // Nothing of a logged-in vendor shows.
    await expect(canvas.queryByRole('search')).toBeNull()
    await expect(canvas.queryByRole('button', { name: 'Profile' })).toBeNull()
    await expect(canvas.queryByRole('link', { name: 'Help center' })).toBeNull()
    // Tab order: brand, then the links in reading order.
    await userEvent.tab()
    await expect(canvas.getByRole('link', { name: 'Device Certification Portal' })).toHaveFocus()
    await userEvent.tab()
    await expect(within(nav).getByRole('link', { name: 'Home' })).toHaveFocus()
  },
})

/** Logged in: Dashboard at the 4th place, the device search, the help icon, the profile; no Sign Up or Sign In. */
export const LoggedIn = meta.story({
  name: 'Logged in',
  beforeEach: loggedInAs('v-nokia'),
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Main' })
    await expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Portfolio Manager', 'Device Certifications', 'Dashboard', 'Contact Us'])
    await expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard')
    await expect(canvas.getByRole('searchbox', { name: 'Search devices' })).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Help center' })).toHaveAttribute('href', '/help-center')
    await expect(canvas.getByRole('link', { name: 'Email support' })).toHaveAttribute('href', SUPPORT_MAILTO)
    await expect(canvas.getByRole('button', { name: 'Profile' })).toHaveTextContent(/^PS/)
    await expect(canvas.queryByRole('link', { name: 'Sign Up' })).toBeNull()
    await expect(canvas.queryByRole('link', { name: 'Sign In' })).toBeNull()
  },
})

/** The profile popup: name, email id and phone number, and Logout, which ends the session. */
export const ProfileOpen = meta.story({
  name: 'Profile open',
  beforeEach: loggedInAs('v-nokia'),
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    const vendor = authDataOf('v-nokia')
    // The popover's code loads on first use: the trigger is then the popover's own (a new element).
    const trigger = () => canvas.getByRole('button', { name: 'Profile' })
    await userEvent.click(trigger())
    const profile = await body(canvasElement).findByRole('dialog', { name: 'Profile' })
    // The popover fades in: wait for it to be fully shown.
    await waitFor(() => expect(within(profile).getByText(vendor.name)).toBeVisible())
    await expect(within(profile).getByText(vendor.emailId)).toBeVisible()
    await expect(within(profile).getByText(vendor.phoneNumber)).toBeVisible()
    const logout = within(profile).getByRole('button', { name: 'Logout' })
    await expect(logout).toHaveFocus()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(body(canvasElement).queryByRole('dialog', { name: 'Profile' })).toBeNull())
    await expect(trigger()).toHaveAttribute('aria-expanded', 'false')
    await expect(trigger()).toHaveFocus()
    // Open again with the keyboard and log out.
    await userEvent.keyboard('{Enter}')
    await userEvent.click(await body(canvasElement).findByRole('button', { name: 'Logout' }))
    await expect(args.onLogout).toHaveBeenCalledTimes(1)
  },
})

/** Opens the profile popup and returns it once shown. */
async function openProfile(
  canvas: ReturnType<typeof within>,
  canvasElement: HTMLElement,
  userEvent: { click: (element: Element) => Promise<void> },
) {
  await userEvent.click(canvas.getByRole('button', { name: 'Profile' }))
  const profile = await body(canvasElement).findByRole('dialog', { name: 'Profile' })
  await waitFor(() => expect(within(profile).getByText(authDataOf('v-nokia').name)).toBeVisible())
  return profile
}

/** A member reads the organization the session acts for and the role there under the name. */
export const ProfileEngineer = meta.story({
  name: 'Profile Engineer',
  beforeEach: loggedInAs('v-nokia', nokiaMember('Engineer')),
  play: async ({ canvas, canvasElement, userEvent }) => {
    const profile = await openProfile(canvas, canvasElement, userEvent)
    await expect(within(profile).getByText('Nokia Solutions and Networks · Engineer')).toBeVisible()
  },
})

/** A Viewer, likewise. */
export const ProfileViewer = meta.story({
  name: 'Profile Viewer',
  beforeEach: loggedInAs('v-nokia', nokiaMember('Viewer')),
  play: async ({ canvas, canvasElement, userEvent }) => {
    const profile = await openProfile(canvas, canvasElement, userEvent)
    await expect(within(profile).getByText('Nokia Solutions and Networks · Viewer')).toBeVisible()
  },
})

/**
 * The Owner of their only organization (a vendor who never invited anyone) sees the
 * specification's popup, without an organization line: name, email id, phone number and Logout,
 * with the Team and Settings links as the only additions (decision 0023 point 4).
 */
export const ProfileOwner = meta.story({
  name: 'Profile Owner',
  beforeEach: loggedInAs('v-nokia', nokiaMember('Owner')),
  play: async ({ canvas, canvasElement, userEvent }) => {
    const profile = await openProfile(canvas, canvasElement, userEvent)
    const vendor = authDataOf('v-nokia')
    await expect(within(profile).queryByText(/Nokia Solutions and Networks/)).toBeNull()
    await expect(profile.querySelector('[data-slot="profile-membership"]')).toBeNull()
    await expect(within(profile).getByText(vendor.emailId)).toBeVisible()
    await expect(within(profile).getByText(vendor.phoneNumber)).toBeVisible()
    const controls = [...profile.querySelectorAll('a, button')].map(
      (control) => `${control.tagName === 'A' ? 'link' : 'button'} ${control.textContent?.trim()}`,
    )
    await expect(controls).toEqual(['link Team', 'link Settings', 'button Logout'])
  },
})

/** An Owner who also belongs to another organization reads which one the session acts for. */
export const ProfileOwnerOfTwo = meta.story({
  name: 'Profile Owner of two',
  beforeEach: loggedInAs('v-nokia', {
    ...nokiaMember('Owner'),
    organizations: [
      { ...NOKIA_ORGANIZATION, role: 'Owner' },
      { organizationId: 'org-brand', organizationName: 'Brand Two Devices', role: 'Engineer' },
    ],
  }),
  play: async ({ canvas, canvasElement, userEvent }) => {
    const profile = await openProfile(canvas, canvasElement, userEvent)
    await expect(within(profile).getByText('Nokia Solutions and Networks · Owner')).toBeVisible()
  },
})

/** The profile popup's list of organizations, as found once it is open. */
function organizationList(profile: HTMLElement) {
  const list = within(profile).getByRole('region', { name: 'Organizations' })
  return {
    list,
    current: () => list.querySelector<HTMLElement>('[aria-current="true"]'),
    switchTo: (name: string) => within(list).getByRole('button', { name: new RegExp(name) }),
  }
}

/**
 * An account in two organizations finds both in the popup, the one the session acts
 * for marked, the other a button; focus still starts on Logout and the list is reached with Tab.
 */
export const ProfileTwoOrganizations = meta.story({
  name: 'Profile two organizations',
  beforeEach: loggedInAs('v-nokia', nokiaMemberOfTwo('Owner')),
  play: async ({ canvas, canvasElement, userEvent }) => {
    const profile = await openProfile(canvas, canvasElement, userEvent)
    const { list, current, switchTo } = organizationList(profile)
    await expect(current()).toHaveTextContent(`${NOKIA_ORGANIZATION.organizationName}Owner(current)`)
    await expect(within(list).getAllByRole('button')).toHaveLength(1)
    const other = switchTo(OTHER_ORGANIZATION.organizationName)
    await expect(other).toHaveTextContent(`${OTHER_ORGANIZATION.organizationName}${OTHER_ORGANIZATION.role}`)
    await expect(within(profile).getByRole('button', { name: 'Logout' })).toHaveFocus()
    // Backwards from Logout: the Settings link, the Team link, then the other organization.
    await userEvent.tab({ shift: true })
    await expect(within(profile).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings')
    await expect(within(profile).getByRole('link', { name: 'Settings' })).toHaveFocus()
    await userEvent.tab({ shift: true })
    await expect(within(profile).getByRole('link', { name: 'Team' })).toHaveFocus()
    await userEvent.tab({ shift: true })
    await expect(other).toHaveFocus()
  },
})

/**
 * Choosing the other organization with the keyboard switches the session to it and opens
 * its dashboard (the real app, from the team page); the popup then marks it as the current one.
 */
export const SwitchOrganization = meta.story({
  name: 'Switch organization',
  parameters: { router: { app: true, url: '/team' } },
  beforeEach: loggedInAs('v-nokia', nokiaMemberOfTwo('Owner')),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Team' })
    const profile = await openProfile(canvas, canvasElement, userEvent)
    organizationList(profile).switchTo(OTHER_ORGANIZATION.organizationName).focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(body(canvasElement).queryByRole('dialog', { name: 'Profile' })).toBeNull())
    await waitFor(() => expect(canvas.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible())
    await expect(readAuthData()).toMatchObject({
      organizationId: OTHER_ORGANIZATION.organizationId,
      organizationName: OTHER_ORGANIZATION.organizationName,
      role: OTHER_ORGANIZATION.role,
    })
    const again = await openProfile(canvas, canvasElement, userEvent)
    await expect(
      within(again).getByText(`${OTHER_ORGANIZATION.organizationName} · ${OTHER_ORGANIZATION.role}`),
    ).toBeVisible()
    const { current, switchTo } = organizationList(again)
    await expect(current()).toHaveTextContent(OTHER_ORGANIZATION.organizationName)
    await expect(switchTo(NOKIA_ORGANIZATION.organizationName)).toBeEnabled()
  },
})

/** On a phone a visitor keeps Sign Up and Sign In; the links and the contact action sit in a menu. */
export const PhoneMenu = meta.story({
  name: 'Phone menu',
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expect(canvas.getByRole('link', { name: 'Sign In' })).toBeVisible()
    // The menu's code loads on first use: the trigger is then the popover's own (a new element).
    const trigger = () => canvas.getByRole('button', { name: 'Open menu' })
    await expect(trigger()).toHaveAttribute('aria-expanded', 'false')
    trigger().focus()
    await userEvent.keyboard('{Enter}')
    const menu = await body(canvasElement).findByRole('dialog', { name: 'Menu' })
    await expect(trigger()).toHaveAttribute('aria-expanded', 'true')
    await expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Portfolio Manager', 'Device Certifications', 'Contact Us', 'Email support'])
    await userEvent.keyboard('{Escape}')
    await expect(trigger()).toHaveAttribute('aria-expanded', 'false')
    await expect(trigger()).toHaveFocus()
  },
})

/** On a phone a logged-in vendor finds the device search and Dashboard (4th) in the menu. */
export const PhoneMenuLoggedIn = meta.story({
  name: 'Phone menu logged in',
  globals: { viewport: { value: 'phone', isRotated: false } },
  beforeEach: loggedInAs('v-sagemcom'),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expect(canvas.getByRole('button', { name: 'Profile' })).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Help center' })).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Open menu' }))
    const menu = await body(canvasElement).findByRole('dialog', { name: 'Menu' })
    await waitFor(() => expect(within(menu).getByRole('searchbox', { name: 'Search devices' })).toBeVisible())
    await expect(
      within(within(menu).getByRole('navigation', { name: 'Main' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Portfolio Manager', 'Device Certifications', 'Dashboard', 'Contact Us'])
  },
})

/** Between 1024 and 1280 px the search field opens from a button, focused and ready to type. */
export const SearchFromButton = meta.story({
  name: 'Search from button',
  globals: { viewport: { value: 'laptop', isRotated: false } },
  beforeEach: loggedInAs('v-zyxel'),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Search devices' }))
    const panel = await body(canvasElement).findByRole('dialog', { name: 'Search devices' })
    await expect(within(panel).getByRole('searchbox', { name: 'Search devices' })).toHaveFocus()
  },
})

/**
 * The organization's name has room beside five links and the search: from 1024 px the portal's
 * mark stands alone (its name stays the link's accessible name), and "Nokia Solutions and Networks"
 * shows at least its first 14 characters (it had one, an "N", at 1280 px before).
 */
async function organizationHasRoom(canvas: ReturnType<typeof within>, canvasElement: HTMLElement) {
  const switchButton = await canvas.findByRole('button', {
    name: `Organization: ${NOKIA_ORGANIZATION.organizationName}, switch organization`,
  })
  const name = [...switchButton.querySelectorAll('span')].find(
    (span) => span.textContent === NOKIA_ORGANIZATION.organizationName,
  )
  if (!name) throw new Error('No organization name in the header.')
  const shown = name.getBoundingClientRect().width
  const whole = name.scrollWidth
  await expect(Math.min(1, shown / whole)).toBeGreaterThanOrEqual(
    14 / NOKIA_ORGANIZATION.organizationName.length,
  )
  await expect(canvas.getByRole('link', { name: 'Device Certification Portal, home' })).toBeVisible()
  // Nothing in the bar runs past the header's edge.
  const bar = canvasElement.querySelector('[data-slot="site-header"] > div')?.getBoundingClientRect()
  const controls = [
    ...(canvasElement.querySelector('[data-slot="site-header"]')?.querySelectorAll('a, button, input') ?? []),
  ]
  for (const control of controls.filter((item) => item.getClientRects().length > 0)) {
    const edge = control.getBoundingClientRect()
    await expect([edge.left >= (bar?.left ?? 0) - 0.5, edge.right <= (bar?.right ?? 0) + 0.5]).toEqual([
      true,
      true,
    ])
  }
}

export const OrganizationRoomDesktop = meta.story({
  name: 'Organization in the header, 1440 px',
  beforeEach: loggedInAs('v-nokia', nokiaMemberOfTwo('Engineer')),
  play: async ({ canvas, canvasElement }) => {
    await organizationHasRoom(canvas, canvasElement)
    await expect(canvas.getByRole('searchbox', { name: 'Search devices' })).toBeVisible()
  },
})

export const OrganizationRoomLaptop = meta.story({
  name: 'Organization in the header, 1180 px',
  globals: { viewport: { value: 'laptop', isRotated: false } },
  beforeEach: loggedInAs('v-nokia', nokiaMemberOfTwo('Engineer')),
  play: async ({ canvas, canvasElement }) => {
    await organizationHasRoom(canvas, canvasElement)
    await expect(canvas.getByRole('button', { name: 'Search devices' })).toBeVisible()
  },
})
