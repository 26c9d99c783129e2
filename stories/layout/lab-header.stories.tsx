import preview from '#.storybook/preview'
import { expect, screen, waitFor, within } from 'storybook/test'
import { LabHeader } from '@/components/layout/lab-header'
import { loggedInAsLab } from '../support/session'

/**
 * The lab's own header (docs/decisions/0045): a lab staff member sees the console's places —
 * Queue, Catalogue, Test plans, Staff (a Lab manager only), Notifications — and their profile
 * with Logout, never the vendors' public navigation. Below 768 px the links show their icons,
 * named by their words.
 */

/** Its docs page's text (.storybook/docs-page.tsx): who uses it, its states, its rules. */
const ABOUT = `The lab's own header, for lab staff instead of the vendors' navigation: Queue, Catalogue, Test
plans, Staff (a Lab manager's only) and Notifications, and the profile with Logout. Below 768 px the
links show their icons, named by their words.`

const meta = preview.meta({
  title: 'Lab/Lab header',
  subcomponents: { LabHeader },
  parameters: {
    layout: 'fullscreen',
    router: { app: true, url: '/lab' },
    docs: { description: { component: ABOUT } },
  },
  render: () => <></>,
})

type Canvas = ReturnType<typeof within>

async function labNav(canvas: Canvas) {
  await canvas.findByRole('heading', { level: 1, name: 'Lab console' })
  return canvas.getByRole('navigation', { name: 'Lab' })
}

const linkNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => link.getAttribute('aria-label'))

export const Manager = meta.story({
  name: 'Header of a Lab manager',
  beforeEach: loggedInAsLab('Lab manager'),
  play: async ({ canvas, userEvent }) => {
    const nav = await labNav(canvas)
    await expect(linkNames(nav)).toEqual(['Queue', 'Catalogue', 'Test plans', 'Staff', 'Notifications'])
    await expect(within(nav).getByRole('link', { name: 'Queue' })).toHaveAttribute('data-status', 'active')
    await expect(canvas.queryByRole('navigation', { name: 'Main' })).toBeNull()
    await expect(canvas.queryByRole('link', { name: 'Portfolio Manager' })).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Profile (Lena Lab, Lab manager)' }))
    const profile = await screen.findByRole('dialog', { name: 'Profile' })
    await expect(profile).toHaveTextContent('Lena Lablena.lab@lab.exampleLab manager · Certification lab')
    await waitFor(() => expect(within(profile).getByRole('button', { name: 'Logout' })).toBeVisible())
    await userEvent.keyboard('{Escape}')
    await userEvent.click(within(nav).getByRole('link', { name: 'Test plans' }))
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Test plans' })).toHaveAttribute('data-status', 'active'),
    )
  },
})

export const EngineerOnAPhone = meta.story({
  name: 'Header of a Lab engineer on a phone',
  globals: { viewport: { value: 'phone', isRotated: false } },
  beforeEach: loggedInAsLab('Lab engineer'),
  play: async ({ canvas, canvasElement }) => {
    const nav = await labNav(canvas)
    await expect(linkNames(nav)).toEqual(['Queue', 'Catalogue', 'Test plans', 'Notifications'])
    await expect(within(nav).getByText('Catalogue')).not.toBeVisible()
    const root = canvasElement.ownerDocument.documentElement
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth)
  },
})
