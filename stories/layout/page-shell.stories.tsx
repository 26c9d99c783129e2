import preview from '#.storybook/preview'
import { RefreshCw } from 'lucide-react'
import { expect, waitFor } from 'storybook/test'
import { PageShell } from '@/components/layout/page-shell'
import { Button } from '@/components/ui/button'

const meta = preview.meta({
  title: 'Layout/Page shell',
  component: PageShell,
  parameters: { layout: 'fullscreen' },
  args: {
    title: 'Dashboard',
    lead: 'Every device you submitted, its certification status and its runs.',
  },
})

/** One h1 per page, and the document title follows it. */
export const Default = meta.story({
  name: 'Default',
  args: { title: 'Dashboard' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Dashboard')
    await waitFor(() => expect(document.title).toBe('Dashboard · Device Certification Portal'))
    await expect(canvas.getByRole('region', { name: 'Dashboard' })).toBeVisible()
  },
})

/** Actions beside the heading on a desktop, under it on a phone; Tab reaches them in reading order. */
export const WithActions = meta.story({
  name: 'With actions',
  args: {
    title: 'Dashboard',
    actions: (
      <>
        <Button variant="outline" size="icon" aria-label="Sync">
          <RefreshCw aria-hidden="true" />
        </Button>
        <Button>Register Product</Button>
      </>
    ),
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Sync' })).toHaveFocus()
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Register Product' })).toHaveFocus()
  },
})

/** A long title wraps without pushing the page sideways. */
export const LongTitle = meta.story({
  name: 'Long title',
  args: {
    title: 'Certification of optical network terminals, line terminals and network units',
    lead: 'How each device class is tested, what the test plan covers, and what a certificate means for your customers.',
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth + 1)
  },
})

export const Phone = meta.story({
  name: 'Phone',
  args: { title: 'PORTFOLIO FORM', actions: <Button>Submit</Button> },
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvas }) => {
    const heading = canvas.getByRole('heading', { level: 1 })
    const action = canvas.getByRole('button', { name: 'Submit' })
    // Stacked: the action sits below the heading.
    await expect(action.getBoundingClientRect().top).toBeGreaterThan(heading.getBoundingClientRect().top)
  },
})
