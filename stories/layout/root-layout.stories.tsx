import preview from '#.storybook/preview'
import { expect, waitFor, within } from 'storybook/test'
import { PageShell } from '@/components/layout/page-shell'
import { RootLayout } from '@/components/layout/root-layout'

const meta = preview.meta({
  title: 'Layout/Root layout',
  component: RootLayout,
  parameters: { layout: 'fullscreen' },
  args: {
    children: (
      <PageShell title="Contact Us" lead="Find answers in the help center or write to our support team." />
    ),
  },
})

/** The skip link is the first Tab stop and moves focus to the main content. */
export const SkipLink = meta.story({
  name: 'Skip link',
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab()
    const skip = canvas.getByRole('link', { name: 'Skip to content' })
    await expect(skip).toHaveFocus()
    await expect(skip).toBeVisible()
    await userEvent.keyboard('{Enter}')
    await expect(canvas.getByRole('main')).toHaveFocus()
  },
})

/** Landmarks: one banner, one main, one content info. */
export const Landmarks = meta.story({
  name: 'Landmarks',
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('banner')).toBeVisible()
    await expect(canvas.getByRole('main')).toContainElement(canvas.getByRole('heading', { level: 1 }))
    await expect(canvas.getByRole('contentinfo')).toBeVisible()
  },
})

/** Every page's footer leads to the public directory of certified devices and to the verification. */
export const FooterCertificateLinks = meta.story({
  name: 'Footer certificate links',
  play: async ({ canvas }) => {
    const footer = canvas.getByRole('contentinfo')
    const links = within(within(footer).getByRole('navigation', { name: 'Certificates' })).getAllByRole(
      'link',
    )
    await expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Certified devices', '/certified-devices'],
      ['Verify a certificate', '/verify'],
    ])
    for (const link of links) await expect(link).toBeVisible()
  },
})

export const Phone = meta.story({
  name: 'Phone',
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Open menu' })).toBeVisible()
    const footer = canvas.getByRole('contentinfo')
    await expect(within(footer).getByRole('link', { name: 'Certified devices' })).toBeVisible()
    await expect(within(footer).getByRole('link', { name: 'Verify a certificate' })).toBeVisible()
  },
})

/** On a public page the toast container is not even loaded (nothing there toasts). */
export const NoToastsOnPublicPages = meta.story({
  name: 'No toasts on public pages',
  play: async ({ canvasElement }) => {
    await expect(canvasElement.ownerDocument.querySelector('section[aria-label*="Notifications"]')).toBeNull()
  },
})

/** With a screen that calls the server, the container loads and shows toasts top-right. */
export const ToastsOnDataScreens = meta.story({
  name: 'Toasts on data screens',
  args: { toasts: true },
  play: async ({ canvasElement }) => {
    const { toast } = await import('sonner')
    await waitFor(() =>
      expect(
        canvasElement.ownerDocument.querySelector('section[aria-label*="Notifications"]'),
      ).not.toBeNull(),
    )
    toast.success('Portfolio saved as a draft.')
    const page = within(canvasElement.ownerDocument.body)
    // The toast slides in: wait until it is fully shown.
    await waitFor(() => expect(page.getByText('Portfolio saved as a draft.')).toBeVisible())
  },
})
