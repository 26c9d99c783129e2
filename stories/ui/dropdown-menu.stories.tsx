import preview from '#.storybook/preview'
import { Download, EllipsisVertical, Mail, MessageSquarePlus, Pencil, Play, Trash2 } from 'lucide-react'
import type * as React from 'react'
import { expect, fn, waitFor, within } from 'storybook/test'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'

type RowActions = {
  onStartCertify: () => void
  onEdit: () => void
  onDelete: () => void
  onDownloadResults: () => void
  onAddComments: () => void
  onEmailCertificate: () => void
}

const meta = preview.type<{ args: RowActions }>().meta({
  title: 'UI/Dropdown menu',
  component: DropdownMenu,
  subcomponents: { DropdownMenuTrigger, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel },
  args: {
    onOpenChange: fn(),
    onStartCertify: fn(),
    onEdit: fn(),
    onDelete: fn(),
    onDownloadResults: fn(),
    onAddComments: fn(),
    onEmailCertificate: fn(),
  },
  // The menu opens below its trigger: leave room so it is not cut off.
  parameters: { layout: 'centered' },
  decorators: [
    (Story) => (
      <div className="flex min-h-96 items-start justify-center px-4 pt-4">
        <Story />
      </div>
    ),
  ],
})

/** Menus render in a portal, outside the story's canvas. */
function screen(canvasElement: HTMLElement) {
  return within(canvasElement.ownerDocument.body)
}

type DeviceRecord = {
  device: string
  vendor: string
  status: 'Submitted' | 'InProgress' | 'Completed' | 'Maintenance'
  isCertified?: 'CERTIFIED-OK' | 'Validation failure'
}

const SUBMITTED: DeviceRecord = { device: 'Beacon 6', vendor: 'Nokia', status: 'Submitted' }
const CERTIFIED: DeviceRecord = {
  device: 'OptiXstar K662c',
  vendor: 'Huawei',
  status: 'Completed',
  isCertified: 'CERTIFIED-OK',
}

/** The dashboard row's actions menu, with the menu rules of spec §5. */
function RowActionsMenu({
  record,
  downloadLabel = 'Download Results',
  onStartCertify,
  onEdit,
  onDelete,
  onDownloadResults,
  onAddComments,
  onEmailCertificate,
  ...props
}: React.ComponentProps<typeof DropdownMenu> &
  RowActions & { record: DeviceRecord; downloadLabel?: string }) {
  const resultsReady =
    record.status !== 'Submitted' &&
    (record.status === 'Completed' ||
      record.isCertified === 'CERTIFIED-OK' ||
      record.isCertified === 'Validation failure')
  return (
    <DropdownMenu {...props}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${record.device}`}>
          <EllipsisVertical aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuLabel>
          {record.device} · {record.vendor}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onStartCertify}>
          <Play aria-hidden="true" /> Start Certify
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onEdit}>
          <Pencil aria-hidden="true" /> Edit
        </DropdownMenuItem>
        {record.status === 'Submitted' ? (
          <DropdownMenuItem variant="destructive" onSelect={onDelete}>
            <Trash2 aria-hidden="true" /> Delete
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem disabled={!resultsReady} onSelect={onDownloadResults}>
          <Download aria-hidden="true" /> {downloadLabel}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onAddComments}>
          <MessageSquarePlus aria-hidden="true" /> Add Comments
        </DropdownMenuItem>
        <DropdownMenuItem disabled={record.isCertified !== 'CERTIFIED-OK'} onSelect={onEmailCertificate}>
          <Mail aria-hidden="true" /> Email Certificate
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

function focused(canvasElement: HTMLElement) {
  return canvasElement.ownerDocument.activeElement
}

/** Closed: an icon button named for its row, announced as opening a menu. */
export const Closed = meta.story({
  name: 'Closed',
  render: (args) => <RowActionsMenu {...args} record={SUBMITTED} />,
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Actions for Beacon 6' })
    await userEvent.tab()
    await expect(trigger).toHaveFocus()
    await expect(trigger).toHaveAttribute('aria-haspopup', 'menu')
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await expect(screen(canvasElement).queryByRole('menu')).not.toBeInTheDocument()
    await expect(args.onOpenChange).not.toHaveBeenCalled()
  },
})

/** Enter opens the menu with focus on its first item; the menu stays open for review. */
export const Open = meta.story({
  name: 'Open',
  render: (args) => <RowActionsMenu {...args} record={SUBMITTED} />,
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Actions for Beacon 6' })
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    const menu = await screen(canvasElement).findByRole('menu')
    await waitFor(() => expect(menu).toBeVisible())
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    await expect(args.onOpenChange).toHaveBeenCalledWith(true)
    const names = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent?.trim())
    await expect(names).toEqual([
      'Start Certify',
      'Edit',
      'Delete',
      'Download Results',
      'Add Comments',
      'Email Certificate',
    ])
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Start Certify' })).toHaveFocus())
  },
})

/** ArrowDown on the trigger opens the menu too; Escape closes it and focus returns to the trigger. */
export const OpenWithArrowDown = meta.story({
  name: 'Open with arrow down',
  render: (args) => <RowActionsMenu {...args} record={SUBMITTED} />,
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Actions for Beacon 6' })
    await userEvent.tab()
    await userEvent.keyboard('{ArrowDown}')
    const menu = await screen(canvasElement).findByRole('menu')
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Start Certify' })).toHaveFocus())
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen(canvasElement).queryByRole('menu')).not.toBeInTheDocument())
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false)
    await waitFor(() => expect(trigger).toHaveFocus())
    await expect(args.onStartCertify).not.toHaveBeenCalled()
  },
})

/** Enter on an item runs its action once, closes the menu and returns focus to the trigger. */
export const SelectWithEnter = meta.story({
  name: 'Select with enter',
  render: (args) => <RowActionsMenu {...args} record={SUBMITTED} />,
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Actions for Beacon 6' })
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    const menu = await screen(canvasElement).findByRole('menu')
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Start Certify' })).toHaveFocus())
    await userEvent.keyboard('{ArrowDown}')
    await expect(within(menu).getByRole('menuitem', { name: 'Edit' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onEdit).toHaveBeenCalledTimes(1)
    await expect(args.onStartCertify).not.toHaveBeenCalled()
    await waitFor(() => expect(screen(canvasElement).queryByRole('menu')).not.toBeInTheDocument())
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await waitFor(() => expect(trigger).toHaveFocus())
  },
})

/**
 * A Submitted record: Download Results and Email Certificate are disabled. ArrowDown skips them,
 * and a click on one does nothing.
 */
export const DisabledItems = meta.story({
  name: 'Disabled items',
  render: (args) => <RowActionsMenu {...args} record={SUBMITTED} />,
  play: async ({ canvasElement, args, userEvent }) => {
    await userEvent.tab()
    await userEvent.keyboard('{ArrowDown}')
    const menu = await screen(canvasElement).findByRole('menu')
    const item = (name: string) => within(menu).getByRole('menuitem', { name })
    await expect(item('Download Results')).toHaveAttribute('aria-disabled', 'true')
    await expect(item('Email Certificate')).toHaveAttribute('aria-disabled', 'true')
    await waitFor(() => expect(item('Start Certify')).toHaveFocus())
    const visited = []
    for (let step = 0; step < 5; step += 1) {
      await userEvent.keyboard('{ArrowDown}')
      visited.push(focused(canvasElement)?.textContent?.trim())
    }
    // Delete → Add Comments skips Download Results; Email Certificate is never reached.
    await expect(visited).toEqual(['Edit', 'Delete', 'Add Comments', 'Add Comments', 'Add Comments'])
    await userEvent.click(item('Download Results'))
    await userEvent.click(item('Email Certificate'))
    await expect(args.onDownloadResults).not.toHaveBeenCalled()
    await expect(args.onEmailCertificate).not.toHaveBeenCalled()
    await expect(menu).toBeInTheDocument()
  },
})

/** A certified record: no Delete, and Email Certificate is enabled; End jumps to it and Enter sends it. */
export const CertifiedRecord = meta.story({
  name: 'Certified record',
  render: (args) => <RowActionsMenu {...args} record={CERTIFIED} />,
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Actions for OptiXstar K662c' })
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    const menu = await screen(canvasElement).findByRole('menu')
    await expect(within(menu).queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument()
    await expect(within(menu).getByRole('menuitem', { name: 'Download Results' })).not.toHaveAttribute(
      'aria-disabled',
    )
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Start Certify' })).toHaveFocus())
    await userEvent.keyboard('{End}')
    await expect(within(menu).getByRole('menuitem', { name: 'Email Certificate' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onEmailCertificate).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(screen(canvasElement).queryByRole('menu')).not.toBeInTheDocument())
    await waitFor(() => expect(trigger).toHaveFocus())
  },
})

/** Keyboard focus: a ring on the trigger, and a highlighted background on the focused item. */
export const KeyboardFocus = meta.story({
  name: 'Keyboard focus',
  render: (args) => <RowActionsMenu {...args} record={SUBMITTED} />,
  play: async ({ canvas, canvasElement, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Actions for Beacon 6' })
    await userEvent.tab()
    await expect(trigger.matches(':focus-visible')).toBe(true)
    await expect(getComputedStyle(trigger).outlineStyle).toBe('solid')
    await userEvent.keyboard('{ArrowDown}')
    const menu = await screen(canvasElement).findByRole('menu')
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Start Certify' })).toHaveFocus())
    await userEvent.keyboard('{ArrowDown}')
    const edit = within(menu).getByRole('menuitem', { name: 'Edit' })
    const start = within(menu).getByRole('menuitem', { name: 'Start Certify' })
    await expect(edit).toHaveFocus()
    await expect(edit).toHaveAttribute('data-highlighted')
    await expect(getComputedStyle(edit).backgroundColor).not.toBe(getComputedStyle(start).backgroundColor)
  },
})

/** A long label wraps inside the menu, which stays 20rem wide at most and within the viewport. */
export const LongLabel = meta.story({
  name: 'Long label',
  render: (args) => (
    <RowActionsMenu
      {...args}
      record={CERTIFIED}
      downloadLabel="Download Results (printable report and machine-readable JSON for all 48 test cases)"
    />
  ),
  play: async ({ canvasElement, args, userEvent }) => {
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    const menu = await screen(canvasElement).findByRole('menu')
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Start Certify' })).toHaveFocus())
    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
    const item = within(menu).getByRole('menuitem', { name: /^Download Results \(printable report/ })
    await expect(item).toHaveFocus()
    const viewportWidth = canvasElement.ownerDocument.documentElement.clientWidth
    const box = menu.getBoundingClientRect()
    // A gap to the screen's edges, however narrow the screen.
    await expect(box.left).toBeGreaterThanOrEqual(8)
    await expect(box.right).toBeLessThanOrEqual(viewportWidth - 8)
    await expect(box.width).toBeLessThanOrEqual(320)
    await expect(menu.scrollWidth).toBeLessThanOrEqual(menu.clientWidth)
    // The label wraps onto more lines than a one-line item.
    const oneLine = within(menu).getByRole('menuitem', { name: 'Edit' }).getBoundingClientRect().height
    await expect(item.getBoundingClientRect().height).toBeGreaterThan(oneLine)
    await expect(args.onDownloadResults).not.toHaveBeenCalled()
  },
})
