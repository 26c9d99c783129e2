import preview from '#.storybook/preview'
import { expect, fn, waitFor, within } from 'storybook/test'
import { OrganizationMenu } from '@/components/layout/organization-menu'
import { SiteHeader } from '@/components/layout/site-header'
import { readAuthData } from '@/lib/storage'
import { nokiaMember, nokiaMemberOfTwo, NOKIA_ORGANIZATION, OTHER_ORGANIZATION } from '@/mocks/fixtures/roles'
import { loggedInAs, loggedOut } from '../support/session'

/**
 * The organization the session acts for, in the header (docs/decisions/0039): a plain name for a
 * member of one organization, a button opening the switch for a member of several; at 1280 px and
 * on a phone.
 */
/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `The organization the session acts for, in the header: a plain name for a member of one organization,
a button opening the switch for a member of several; at 1280 px and on a phone.`

const meta = preview.meta({
  title: 'Layout/Header organization',
  component: SiteHeader,
  subcomponents: { OrganizationMenu },
  args: { onLogout: fn() },
  parameters: {
    layout: 'fullscreen',
    router: { url: '/portfolio-manager' },
    docs: { description: { component: ABOUT } },
  },
  beforeEach: loggedOut,
})

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)
const SWITCH_NAME = `Organization: ${NOKIA_ORGANIZATION.organizationName}, switch organization`

/** The organization's name, whole to screen readers and in its title, inside the header's bar. */
async function expectNameShown(canvas: ReturnType<typeof within>, canvasElement: HTMLElement) {
  const banner = canvas.getByRole('banner')
  const name = within(banner).getByText(NOKIA_ORGANIZATION.organizationName)
  await expect(name).toBeVisible()
  await expect(name.closest('[data-slot="header-organization"]')).toHaveAttribute(
    'title',
    NOKIA_ORGANIZATION.organizationName,
  )
  const bar = banner.getBoundingClientRect()
  const box = name.getBoundingClientRect()
  await expect(box.left).toBeGreaterThanOrEqual(bar.left)
  await expect(box.right).toBeLessThanOrEqual(bar.right)
  // Nothing of the header runs off the side of the window.
  await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
}

/** A member of one organization reads its name in the header, with nothing to switch. */
export const OneOrganization = meta.story({
  name: 'One organization',
  beforeEach: loggedInAs('v-nokia', nokiaMember('Engineer')),
  play: async ({ canvas, canvasElement }) => {
    await expectNameShown(canvas, canvasElement)
    await expect(canvas.queryByRole('button', { name: /switch organization/ })).toBeNull()
  },
})

/** A member of two: the name is a button; its popup lists both, the current one marked. */
export const TwoOrganizations = meta.story({
  name: 'Two organizations',
  beforeEach: loggedInAs('v-nokia', nokiaMemberOfTwo('Owner')),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expectNameShown(canvas, canvasElement)
    const trigger = () => canvas.getByRole('button', { name: SWITCH_NAME })
    trigger().focus()
    await userEvent.keyboard('{Enter}')
    const popup = await body(canvasElement).findByRole('dialog', { name: 'Switch organization' })
    const list = within(popup).getByRole('region', { name: 'Organizations' })
    await waitFor(() => expect(list).toBeVisible())
    await expect(list.querySelector('[aria-current="true"]')).toHaveTextContent(
      `${NOKIA_ORGANIZATION.organizationName}Owner(current)`,
    )
    await expect(
      within(list).getByRole('button', { name: new RegExp(OTHER_ORGANIZATION.organizationName) }),
    ).toBeEnabled()
    await userEvent.keyboard('{Escape}')
    await waitFor(() =>
      expect(body(canvasElement).queryByRole('dialog', { name: 'Switch organization' })).toBeNull(),
    )
    await expect(trigger()).toHaveFocus()
  },
})

/** Choosing the other organization in the header's switch acts for it and opens its dashboard. */
export const SwitchFromHeader = meta.story({
  name: 'Switch from header',
  parameters: { router: { app: true, url: '/team' } },
  beforeEach: loggedInAs('v-nokia', nokiaMemberOfTwo('Owner')),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Team' })
    await userEvent.click(canvas.getByRole('button', { name: SWITCH_NAME }))
    const popup = await body(canvasElement).findByRole('dialog', { name: 'Switch organization' })
    await userEvent.click(
      await within(popup).findByRole('button', { name: new RegExp(OTHER_ORGANIZATION.organizationName) }),
    )
    await waitFor(() => expect(canvas.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible())
    await expect(readAuthData()).toMatchObject({ organizationId: OTHER_ORGANIZATION.organizationId })
    await expect(
      canvas.getByRole('button', {
        name: `Organization: ${OTHER_ORGANIZATION.organizationName}, switch organization`,
      }),
    ).toBeVisible()
  },
})

/** On a phone the name stays in the bar, beside the profile and the menu. */
export const OneOrganizationPhone = meta.story({
  name: 'One organization phone',
  globals: { viewport: { value: 'phone', isRotated: false } },
  beforeEach: loggedInAs('v-nokia', nokiaMember('Engineer')),
  play: async ({ canvas, canvasElement }) => {
    await expectNameShown(canvas, canvasElement)
    await expect(canvas.getByRole('button', { name: 'Open menu' })).toBeVisible()
  },
})

/** On a phone the switch opens from the name as on a desktop. */
export const TwoOrganizationsPhone = meta.story({
  name: 'Two organizations phone',
  globals: { viewport: { value: 'phone', isRotated: false } },
  beforeEach: loggedInAs('v-nokia', nokiaMemberOfTwo('Owner')),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expectNameShown(canvas, canvasElement)
    await expect(canvas.getByRole('button', { name: 'Profile' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Open menu' })).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: SWITCH_NAME }))
    const popup = await body(canvasElement).findByRole('dialog', { name: 'Switch organization' })
    await waitFor(() => expect(within(popup).getByRole('region', { name: 'Organizations' })).toBeVisible())
    const box = popup.getBoundingClientRect()
    await expect(box.left).toBeGreaterThanOrEqual(0)
    await expect(box.right).toBeLessThanOrEqual(window.innerWidth)
  },
})
