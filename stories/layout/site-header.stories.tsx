import preview from '#.storybook/preview'
import { expect, within } from 'storybook/test'
import { SiteHeader } from '@/components/layout/site-header'

const meta = preview.meta({
  title: 'Layout/Site header',
  component: SiteHeader,
  parameters: { layout: 'fullscreen', router: { url: '/portfolio-manager' } },
})

/** A visitor on a desktop: the four public links, Sign Up and Sign In; the current page is marked. */
export const Visitor = meta.story({
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
    // Tab order: brand, then the links in reading order.
    await userEvent.tab()
    await expect(canvas.getByRole('link', { name: /Device Certification Portal/ })).toHaveFocus()
    await userEvent.tab()
    await expect(within(nav).getByRole('link', { name: 'Home' })).toHaveFocus()
  },
})

/** On a phone the links move into a menu opened from the keyboard; Escape closes it. */
export const PhoneMenu = meta.story({
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Open menu' })
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    trigger.focus()
    await userEvent.keyboard('{Enter}')
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    const menu = within(canvasElement.ownerDocument.body).getByRole('dialog')
    await expect(within(menu).getAllByRole('link')).toHaveLength(4)
    await userEvent.keyboard('{Escape}')
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await expect(trigger).toHaveFocus()
  },
})
