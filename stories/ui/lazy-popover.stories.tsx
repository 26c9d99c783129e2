import preview from '#.storybook/preview'
import { expect, waitFor, within } from 'storybook/test'
import { Button } from '@/components/ui/button'
import { LazyPopover } from '@/components/ui/lazy-popover'
import PopoverPanel from '@/components/ui/popover-panel'

/**
 * A popover whose code loads on first use (the header's menus): a plain button until then, the
 * ordinary Radix popover after. Focus moves in on open and back to the trigger on Escape.
 */
const meta = preview.meta({
  title: 'UI/Lazy popover',
  parameters: { layout: 'centered' },
  render: () => (
    <div className="flex min-h-60 items-start justify-center pt-4">
      <LazyPopover
        trigger={<Button variant="outline">Account</Button>}
        contentProps={{ align: 'start', 'aria-label': 'Account' }}
      >
        <p className="mb-3 text-small text-ink-muted">Signed in as Priya Sharma.</p>
        <Button variant="outline" className="w-full">
          Logout
        </Button>
      </LazyPopover>
    </div>
  ),
})

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

/** Before first use: a plain button that says it opens a dialog. */
export const Closed = meta.story({
  name: 'Closed',
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Account' })
    await expect(trigger).toHaveAttribute('aria-haspopup', 'dialog')
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
  },
})

/** Enter loads and opens it, focus moves in; Escape closes it and focus returns to the trigger. */
export const OpenByKeyboard = meta.story({
  name: 'Open by keyboard',
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    const panel = await page(canvasElement).findByRole('dialog', { name: 'Account' })
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Logout' })).toHaveFocus())
    await expect(canvas.getByRole('button', { name: 'Account' })).toHaveAttribute('aria-expanded', 'true')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(page(canvasElement).queryByRole('dialog', { name: 'Account' })).toBeNull())
    await expect(canvas.getByRole('button', { name: 'Account' })).toHaveFocus()
    // Once loaded it opens again like any popover.
    await userEvent.keyboard('{Enter}')
    await expect(await page(canvasElement).findByRole('dialog', { name: 'Account' })).toBeInTheDocument()
  },
})

/** The loaded part on its own (src/components/ui/popover-panel.tsx): the Radix popover, here held open. */
export const PanelOnceLoaded = meta.story({
  name: 'Panel once loaded',
  render: () => (
    <div className="flex min-h-60 items-start justify-center pt-4">
      <PopoverPanel
        open
        onOpenChange={() => {}}
        trigger={<Button variant="outline">Account</Button>}
        contentProps={{ align: 'start', 'aria-label': 'Account' }}
      >
        <p className="text-small text-ink-muted">Signed in as Priya Sharma.</p>
      </PopoverPanel>
    </div>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('button', { name: 'Account' })).toHaveAttribute('aria-expanded', 'true')
    await expect(await page(canvasElement).findByRole('dialog', { name: 'Account' })).toBeInTheDocument()
  },
})
