import preview from '#.storybook/preview'
import { CircleHelp } from 'lucide-react'
import { expect, waitFor } from 'storybook/test'
import { Button } from '@/components/ui/button'
import { IconHint } from '@/components/ui/icon-hint'

/** The light hint of the header's icon-only controls: on hover and keyboard focus, gone with Escape. */
const meta = preview.meta({
  title: 'UI/Icon hint',
  parameters: { layout: 'centered' },
  render: () => (
    <div className="flex min-h-32 items-start justify-center pt-4">
      <IconHint label="Help center">
        <Button variant="ghost" size="icon" aria-label="Help center">
          <CircleHelp aria-hidden="true" />
        </Button>
      </IconHint>
    </div>
  ),
})

const hintOf = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('[data-slot="icon-hint"] > span[aria-hidden="true"]')!

/** Nothing shows until the control is pointed at or focused; the control keeps its own name. */
export const Closed = meta.story({
  name: 'Closed',
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('button', { name: 'Help center' })).toBeVisible()
    await expect(hintOf(canvasElement)).not.toBeVisible()
  },
})

/** Keyboard focus shows the hint; Escape hides it while focus stays; leaving resets it. */
export const FocusAndEscape = meta.story({
  name: 'Focus and escape',
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Help center' })).toHaveFocus()
    await waitFor(() => expect(hintOf(canvasElement)).toBeVisible())
    await expect(hintOf(canvasElement)).toHaveTextContent('Help center')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(hintOf(canvasElement)).not.toBeVisible())
    await expect(canvas.getByRole('button', { name: 'Help center' })).toHaveFocus()
  },
})

/** Pointing at the control shows the hint; activating the control puts it away. */
export const Hover = meta.story({
  name: 'Hover',
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.hover(canvas.getByRole('button', { name: 'Help center' }))
    await waitFor(() => expect(hintOf(canvasElement)).toBeVisible())
    await userEvent.click(canvas.getByRole('button', { name: 'Help center' }))
    await waitFor(() => expect(hintOf(canvasElement)).not.toBeVisible())
  },
})
