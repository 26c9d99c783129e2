import preview from '#.storybook/preview'
import { expect } from 'storybook/test'
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
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('banner')).toBeVisible()
    await expect(canvas.getByRole('main')).toContainElement(canvas.getByRole('heading', { level: 1 }))
    await expect(canvas.getByRole('contentinfo')).toBeVisible()
  },
})

export const Phone = meta.story({
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Open menu' })).toBeVisible()
  },
})
