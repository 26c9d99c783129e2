import preview from '#.storybook/preview'
import { FilterX, RefreshCw } from 'lucide-react'
import type * as React from 'react'
import { expect, fn, waitFor, within } from 'storybook/test'
import { Button } from '@/components/ui/button'
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip'

type StoryArgs = { onSync: () => void; onResetFilters: () => void }

const meta = preview.type<{ args: StoryArgs }>().meta({
  title: 'UI/Tooltip',
  component: Tooltip,
  subcomponents: { TooltipTrigger, TooltipContent },
  args: { onSync: fn(), onResetFilters: fn() },
  // Tooltips open above their trigger: leave room so they are not cut off.
  parameters: { layout: 'centered' },
  decorators: [
    (Story) => (
      <div className="flex min-h-40 items-center justify-center px-4">
        <Story />
      </div>
    ),
  ],
})

/** Tooltips render in a portal, outside the story's canvas. */
function screen(canvasElement: HTMLElement) {
  return within(canvasElement.ownerDocument.body)
}

/** The visible bubble (Radix also renders a hidden copy with role tooltip for screen readers). */
function bubble(canvasElement: HTMLElement) {
  return canvasElement.ownerDocument.querySelector<HTMLElement>('[data-slot="tooltip-content"]')
}

/** An icon-only button of the dashboard toolbar with its tooltip (spec §2). */
function IconButton({
  label,
  tip = label,
  icon,
  onClick,
  ...props
}: React.ComponentProps<typeof Tooltip> & {
  label: string
  tip?: string
  icon: React.ReactNode
  onClick: () => void
}) {
  return (
    <Tooltip {...props}>
      <TooltipTrigger asChild>
        <Button variant="outline" size="icon" aria-label={label} onClick={onClick}>
          {icon}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{tip}</TooltipContent>
    </Tooltip>
  )
}

function Toolbar({ onSync, onResetFilters, ...props }: React.ComponentProps<typeof Tooltip> & StoryArgs) {
  return (
    <div className="flex gap-2">
      <IconButton {...props} label="Sync" icon={<RefreshCw aria-hidden="true" />} onClick={onSync} />
      <IconButton label="Reset filters" icon={<FilterX aria-hidden="true" />} onClick={onResetFilters} />
    </div>
  )
}

/** Closed: nothing shows until a button is hovered or focused, and the tip goes when focus leaves. */
export const Closed = meta.story({
  name: 'Closed',
  render: (args) => <Toolbar {...args} />,
  play: async ({ canvas, canvasElement, userEvent }) => {
    const sync = canvas.getByRole('button', { name: 'Sync' })
    await expect(canvas.getByRole('button', { name: 'Reset filters' })).toBeVisible()
    await expect(screen(canvasElement).queryByRole('tooltip')).not.toBeInTheDocument()
    await userEvent.tab()
    await expect(sync).toHaveFocus()
    await screen(canvasElement).findByRole('tooltip')
    // Shift+Tab leaves the toolbar: the tip closes and nothing is left on screen.
    await userEvent.tab({ shift: true })
    await expect(sync).not.toHaveFocus()
    await waitFor(() => expect(screen(canvasElement).queryByRole('tooltip')).not.toBeInTheDocument())
    await expect(bubble(canvasElement)).toBeNull()
  },
})

/** Tab to the Sync button: its tooltip appears, and the button keeps its name and gains a description. */
export const OnKeyboardFocus = meta.story({
  name: 'On keyboard focus',
  render: (args) => <Toolbar {...args} />,
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.tab()
    const sync = canvas.getByRole('button', { name: 'Sync' })
    await expect(sync).toHaveFocus()
    await expect(sync.matches(':focus-visible')).toBe(true)
    const tooltip = await screen(canvasElement).findByRole('tooltip')
    await expect(tooltip).toHaveTextContent('Sync')
    await expect(sync).toHaveAccessibleName('Sync')
    await expect(sync).toHaveAccessibleDescription('Sync')
    await waitFor(() => expect(bubble(canvasElement)).toBeVisible())
  },
})

/** Tab moves on to Reset filters: its tooltip replaces the first. */
export const MovingFocus = meta.story({
  name: 'Moving focus',
  render: (args) => <Toolbar {...args} />,
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.tab()
    await expect(await screen(canvasElement).findByRole('tooltip')).toHaveTextContent('Sync')
    await userEvent.tab()
    const reset = canvas.getByRole('button', { name: 'Reset filters' })
    await expect(reset).toHaveFocus()
    await waitFor(() => expect(screen(canvasElement).getByRole('tooltip')).toHaveTextContent('Reset filters'))
    await expect(screen(canvasElement).getAllByRole('tooltip')).toHaveLength(1)
    await expect(reset).toHaveAccessibleName('Reset filters')
  },
})

/** Escape hides the tooltip and leaves focus on the button. */
export const EscapeHides = meta.story({
  name: 'Escape hides',
  render: (args) => <Toolbar {...args} />,
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.tab()
    await screen(canvasElement).findByRole('tooltip')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen(canvasElement).queryByRole('tooltip')).not.toBeInTheDocument())
    await expect(canvas.getByRole('button', { name: 'Sync' })).toHaveFocus()
  },
})

/** The tooltip does not get in the way: Enter on the focused button still runs its action. */
export const ActivatesButton = meta.story({
  name: 'Activates button',
  render: (args) => <Toolbar {...args} />,
  play: async ({ canvasElement, args, userEvent }) => {
    await userEvent.tab()
    await userEvent.tab()
    await screen(canvasElement).findByRole('tooltip')
    await userEvent.keyboard('{Enter}')
    await expect(args.onResetFilters).toHaveBeenCalledTimes(1)
    await expect(args.onSync).not.toHaveBeenCalled()
  },
})

/** A longer tip wraps at 16rem instead of running across the page. */
export const LongText = meta.story({
  name: 'Long text',
  render: (args) => (
    <IconButton
      label="Sync"
      tip="Reload the device records and certification progress from the certification service"
      icon={<RefreshCw aria-hidden="true" />}
      onClick={args.onSync}
    />
  ),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.tab()
    const sync = canvas.getByRole('button', { name: 'Sync' })
    await expect(sync).toHaveFocus()
    await expect(await screen(canvasElement).findByRole('tooltip')).toHaveTextContent(
      /^Reload the device records/,
    )
    const content = bubble(canvasElement)
    await expect(content).not.toBeNull()
    const box = (content as HTMLElement).getBoundingClientRect()
    await expect(box.width).toBeLessThanOrEqual(256)
    await expect(box.height).toBeGreaterThan(32)
    await expect(sync).toHaveAccessibleName('Sync')
  },
})
