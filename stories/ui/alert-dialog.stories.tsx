import preview from '#.storybook/preview'
import { Trash2 } from 'lucide-react'
import type * as React from 'react'
import { expect, fn, waitFor, within } from 'storybook/test'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'

type StoryArgs = {
  /** The confirming action: Delete, or Logout in the session warning. */
  onConfirm: () => void
  /** The safe choice: Cancel, or Continue session. */
  onCancel: () => void
}

const meta = preview.type<{ args: StoryArgs }>().meta({
  title: 'UI/Alert dialog',
  component: AlertDialog,
  subcomponents: {
    AlertDialogContent,
    AlertDialogTitle,
    AlertDialogDescription,
    AlertDialogAction,
    AlertDialogCancel,
  },
  args: { onOpenChange: fn(), onConfirm: fn(), onCancel: fn() },
})

/** Alert dialogs render in a portal, outside the story's canvas. */
function screen(canvasElement: HTMLElement) {
  return within(canvasElement.ownerDocument.body)
}

type DemoProps = React.ComponentProps<typeof AlertDialog> & StoryArgs

/** The dashboard's delete confirmation for a Submitted record (spec §4). */
function DeleteConfirmation({
  onConfirm,
  onCancel,
  device = 'Beacon 6',
  vendor = 'Nokia',
  ...props
}: DemoProps & { device?: string; vendor?: string }) {
  return (
    <AlertDialog {...props}>
      <AlertDialogTrigger asChild>
        <Button variant="destructive">
          <Trash2 aria-hidden="true" /> Delete
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this device record?</AlertDialogTitle>
          <AlertDialogDescription>
            {device} by {vendor} will be removed from your dashboard, with its comments. This cannot be
            undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={onCancel}>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={onConfirm}>
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}

/**
 * The session-expiry modal (spec §2, §5): it opens on its own after idle time, so it has no
 * trigger. Continue session is the safe choice: focused first, and what Escape does.
 */
function SessionExpireWarning({
  onConfirm,
  onCancel,
  seconds = 60,
  ...props
}: DemoProps & { seconds?: number }) {
  return (
    <AlertDialog {...props}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Session expire Warning</AlertDialogTitle>
          <AlertDialogDescription>
            Your session is about to expire. You will be logged out in {seconds} second(s).
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogAction variant="outline" onClick={onConfirm}>
            Logout
          </AlertDialogAction>
          <AlertDialogCancel variant="primary" onClick={onCancel}>
            Continue session
          </AlertDialogCancel>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}

const SESSION_TEXT = 'Your session is about to expire. You will be logged out in 60 second(s).'

/** Closed: the Delete trigger alone, announced as opening a dialog. */
export const Closed = meta.story({
  name: 'Closed',
  render: (args) => <DeleteConfirmation {...args} />,
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Delete' })
    await userEvent.tab()
    await expect(trigger).toHaveFocus()
    await expect(trigger).toHaveAttribute('aria-haspopup', 'dialog')
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await expect(screen(canvasElement).queryByRole('alertdialog')).not.toBeInTheDocument()
    await expect(args.onOpenChange).not.toHaveBeenCalled()
  },
})

/** Enter opens the delete confirmation; focus starts on Cancel, the safe choice. */
export const DeleteOpen = meta.story({
  name: 'Delete open',
  render: (args) => <DeleteConfirmation {...args} />,
  play: async ({ canvasElement, args, userEvent }) => {
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    const dialog = await screen(canvasElement).findByRole('alertdialog', {
      name: 'Delete this device record?',
    })
    await waitFor(() => expect(dialog).toBeVisible())
    await expect(dialog).toHaveAccessibleDescription(/Beacon 6 by Nokia will be removed/)
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus())
    await expect(args.onOpenChange).toHaveBeenCalledWith(true)
    await expect(args.onConfirm).not.toHaveBeenCalled()
  },
})

/** Tab to Delete and press Enter: the action runs, the dialog closes and focus returns to the trigger. */
export const DeleteConfirmed = meta.story({
  name: 'Delete confirmed',
  render: (args) => <DeleteConfirmation {...args} />,
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Delete' })
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    const dialog = await screen(canvasElement).findByRole('alertdialog')
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus())
    await userEvent.tab()
    await expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onConfirm).toHaveBeenCalledTimes(1)
    await expect(args.onCancel).not.toHaveBeenCalled()
    await waitFor(() => expect(screen(canvasElement).queryByRole('alertdialog')).not.toBeInTheDocument())
    await waitFor(() => expect(trigger).toHaveFocus())
  },
})

/** A click on the dimmed page does not dismiss the question; only its buttons (or Escape) do. */
export const OutsideClickKeepsOpen = meta.story({
  name: 'Outside click keeps open',
  render: (args) => <DeleteConfirmation {...args} />,
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Delete' })
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    const dialog = await screen(canvasElement).findByRole('alertdialog')
    const overlay = canvasElement.ownerDocument.querySelector<HTMLElement>(
      '[data-slot="alert-dialog-overlay"]',
    )
    await expect(overlay).not.toBeNull()
    await userEvent.click(overlay as HTMLElement)
    await expect(dialog).toBeInTheDocument()
    await expect(screen(canvasElement).getByRole('alertdialog')).toBe(dialog)
    await expect(args.onOpenChange).not.toHaveBeenCalledWith(false)
    // Focus is still inside; Cancel closes and returns focus to the trigger.
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onCancel).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(screen(canvasElement).queryByRole('alertdialog')).not.toBeInTheDocument())
    await waitFor(() => expect(trigger).toHaveFocus())
    await expect(args.onConfirm).not.toHaveBeenCalled()
  },
})

/** Escape answers Cancel: nothing is deleted, and focus returns to the trigger. */
export const EscapeCancels = meta.story({
  name: 'Escape cancels',
  render: (args) => <DeleteConfirmation {...args} />,
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Delete' })
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    await screen(canvasElement).findByRole('alertdialog')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen(canvasElement).queryByRole('alertdialog')).not.toBeInTheDocument())
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false)
    await expect(args.onConfirm).not.toHaveBeenCalled()
    await waitFor(() => expect(trigger).toHaveFocus())
  },
})

/** Keyboard focus on the trigger shows the focus ring. */
export const KeyboardFocus = meta.story({
  name: 'Keyboard focus',
  render: (args) => <DeleteConfirmation {...args} />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab()
    const trigger = canvas.getByRole('button', { name: 'Delete' })
    await expect(trigger).toHaveFocus()
    await expect(trigger.matches(':focus-visible')).toBe(true)
    await expect(getComputedStyle(trigger).outlineStyle).toBe('solid')
  },
})

/** The session warning, open with its exact text; Continue session has focus and Tab stays between the two buttons. */
export const SessionWarning = meta.story({
  name: 'Session warning',
  args: { defaultOpen: true },
  render: (args) => <SessionExpireWarning {...args} />,
  play: async ({ canvasElement, args, userEvent }) => {
    const dialog = await screen(canvasElement).findByRole('alertdialog', { name: 'Session expire Warning' })
    await expect(dialog).toHaveAccessibleDescription(SESSION_TEXT)
    await waitFor(() => expect(within(dialog).getByText(SESSION_TEXT)).toBeVisible())
    const keep = within(dialog).getByRole('button', { name: 'Continue session' })
    const logout = within(dialog).getByRole('button', { name: 'Logout' })
    await waitFor(() => expect(keep).toHaveFocus())
    await userEvent.tab()
    await expect(logout).toHaveFocus()
    await userEvent.tab()
    await expect(keep).toHaveFocus()
    await userEvent.tab({ shift: true })
    await expect(logout).toHaveFocus()
    await userEvent.tab({ shift: true })
    await expect(keep).toHaveFocus()
    await expect(args.onConfirm).not.toHaveBeenCalled()
    await expect(args.onCancel).not.toHaveBeenCalled()
  },
})

/** Enter on Continue session keeps the user signed in and closes the warning. */
export const SessionContinued = meta.story({
  name: 'Session continued',
  args: { defaultOpen: true },
  render: (args) => <SessionExpireWarning {...args} />,
  play: async ({ canvasElement, args, userEvent }) => {
    const dialog = await screen(canvasElement).findByRole('alertdialog', { name: 'Session expire Warning' })
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Continue session' })).toHaveFocus(),
    )
    await userEvent.keyboard('{Enter}')
    await expect(args.onCancel).toHaveBeenCalledTimes(1)
    await expect(args.onConfirm).not.toHaveBeenCalled()
    await waitFor(() => expect(screen(canvasElement).queryByRole('alertdialog')).not.toBeInTheDocument())
  },
})

/** Shift+Tab to Logout and Enter: the user is logged out and the warning closes. */
export const SessionLogout = meta.story({
  name: 'Session logout',
  args: { defaultOpen: true },
  render: (args) => <SessionExpireWarning {...args} />,
  play: async ({ canvasElement, args, userEvent }) => {
    const dialog = await screen(canvasElement).findByRole('alertdialog', { name: 'Session expire Warning' })
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Continue session' })).toHaveFocus(),
    )
    await userEvent.tab({ shift: true })
    await expect(within(dialog).getByRole('button', { name: 'Logout' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onConfirm).toHaveBeenCalledTimes(1)
    await expect(args.onCancel).not.toHaveBeenCalled()
    await waitFor(() => expect(screen(canvasElement).queryByRole('alertdialog')).not.toBeInTheDocument())
  },
})

/** A long device name and firmware string wrap inside the dialog instead of widening it. */
export const LongText = meta.story({
  name: 'Long text',
  render: (args) => (
    <DeleteConfirmation
      {...args}
      device="Beacon 6 Tri-Band Wi-Fi 6E Mesh Gateway with firmware BCN6_3.4.12_build20250611_rc2_eu_telco_profile_signed_release.bin"
      vendor="Nokia Solutions and Networks Oy"
    />
  ),
  play: async ({ canvasElement, userEvent }) => {
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    const dialog = await screen(canvasElement).findByRole('alertdialog')
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus())
    await Promise.all(dialog.getAnimations().map((animation) => animation.finished))
    const description = within(dialog).getByText(/will be removed/)
    await expect(description.scrollWidth).toBeLessThanOrEqual(description.clientWidth)
    await expect(dialog.scrollWidth).toBeLessThanOrEqual(dialog.clientWidth)
    const viewportWidth = canvasElement.ownerDocument.documentElement.clientWidth
    await expect(dialog.getBoundingClientRect().right).toBeLessThanOrEqual(viewportWidth)
  },
})
