import preview from '#.storybook/preview'
import * as React from 'react'
import { expect, fn, waitFor, within } from 'storybook/test'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { Field, FieldHint, FieldLabel } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'

const meta = preview.meta({
  title: 'UI/Dialog',
  component: Dialog,
  subcomponents: { DialogTrigger, DialogContent, DialogHeader, DialogTitle, DialogDescription, DialogFooter },
  args: { onOpenChange: fn() },
})

/** Dialogs render in a portal, outside the story's canvas. */
function screen(canvasElement: HTMLElement) {
  return within(canvasElement.ownerDocument.body)
}

/** Waits for the open animation, so measured boxes are the final ones. */
async function settled(element: HTMLElement) {
  await Promise.all(element.getAnimations().map((animation) => animation.finished))
}

function activeElement(canvasElement: HTMLElement) {
  return canvasElement.ownerDocument.activeElement
}

/** The Create Password dialog that follows a successful registration (spec §2, §5). */
function CreatePasswordDialog(props: React.ComponentProps<typeof Dialog>) {
  return (
    <Dialog {...props}>
      <DialogTrigger asChild>
        <Button>Create Password</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create Password</DialogTitle>
          <DialogDescription>
            Enter the 6-digit code we sent to ravi.kumar@nokia.com and choose your password.
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={(event) => event.preventDefault()}>
          <Field required>
            <FieldLabel>6-Digit code</FieldLabel>
            <Input autoComplete="one-time-code" />
          </Field>
          <Field required>
            <FieldLabel>Password</FieldLabel>
            <Input type="password" autoComplete="new-password" blockPaste />
            <FieldHint>
              8–20 characters, with one upper, one lower, one number, one special; no spaces.
            </FieldHint>
          </Field>
          <Field required>
            <FieldLabel>Confirm password</FieldLabel>
            <Input type="password" autoComplete="new-password" blockPaste />
          </Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit">Submit</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

type Comment = { id: number; author: string; date: string; text: string }

const COMMENTS: Comment[] = [
  {
    id: 1,
    author: 'Ravi Kumar (Nokia)',
    date: '12 Jun 2025, 09:14',
    text: 'Firmware 3.4.12 fixes the DFS channel issue seen in the previous run.',
  },
  {
    id: 2,
    author: 'Ravi Kumar (Nokia)',
    date: '11 Jun 2025, 16:40',
    text: 'Engineering build shared with the lab; SSH is enabled on port 2222.',
  },
]

const TOPICS = [
  'Wi-Fi 6 throughput test rerun requested after the antenna change.',
  'Mesh backhaul failover passes with two Beacon 6 satellites.',
  'TR-069 parameters updated to the latest data model.',
  'Serial numbers BN6-0042 and BN6-0043 added to the device portfolio.',
  'Power cycle test passed 500 cycles without a lost configuration.',
  'WPA3 transition mode verified with legacy clients.',
  'IPv6 prefix delegation fixed in the new firmware.',
  'Thermal test at 45 °C passed for 72 hours.',
  'Band steering thresholds tuned following lab feedback.',
  'Parental controls schedule confirmed to survive a reboot.',
  'Factory reset restores the default SSID printed on the label.',
  'Submitted again after fixing the validation failure on DHCP options.',
]

const LONG_HISTORY: Comment[] = TOPICS.map((text, index) => ({
  id: index + 10,
  author: index % 3 === 0 ? 'Certification lab' : 'Ravi Kumar (Nokia)',
  date: `${String(28 - index).padStart(2, '0')} May 2025, 10:${String(index * 4).padStart(2, '0')}`,
  text,
}))

/** The Add Comments dialog of a dashboard row: a new comment on top, the history below (newest first). */
function CommentsDialog({ initial, ...props }: React.ComponentProps<typeof Dialog> & { initial: Comment[] }) {
  const [comments, setComments] = React.useState(initial)
  const [draft, setDraft] = React.useState('')
  return (
    <Dialog {...props}>
      <DialogTrigger asChild>
        <Button variant="outline">Add Comments</Button>
      </DialogTrigger>
      {/* The footer has its own Close button, so no corner (X) button. */}
      <DialogContent showCloseButton={false}>
        <DialogHeader>
          <DialogTitle>Comments</DialogTitle>
          <DialogDescription>Beacon 6 by Nokia, firmware 3.4.12</DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault()
            const text = draft.trim()
            if (!text) return
            setComments((current) => [
              { id: Date.now(), author: 'Ravi Kumar (Nokia)', date: 'Just now', text },
              ...current,
            ])
            setDraft('')
          }}
        >
          <Field>
            <FieldLabel>New comment</FieldLabel>
            <Textarea limit={500} value={draft} onChange={(event) => setDraft(event.target.value)} />
          </Field>
          <Button type="submit" variant="secondary" className="self-end">
            Add comment
          </Button>
        </form>
        <section aria-labelledby="comment-history" className="flex flex-col gap-2">
          <h3 id="comment-history" className="text-small font-semibold text-ink">
            {comments.length} comments
          </h3>
          <ul className="flex flex-col divide-y divide-line rounded-control border border-line">
            {comments.map((comment) => (
              <li key={comment.id} className="flex flex-col gap-1 px-3 py-2.5">
                <p className="flex flex-wrap justify-between gap-x-3 text-caption text-ink-muted">
                  <span className="font-semibold text-ink">{comment.author}</span>
                  <span>{comment.date}</span>
                </p>
                <p className="text-small text-ink">{comment.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/** Closed: only the trigger shows; it tells screen readers it opens a dialog. */
export const Closed = meta.story({
  name: 'Closed',
  render: (args) => <CreatePasswordDialog {...args} />,
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Create Password' })
    await userEvent.tab()
    await expect(trigger).toHaveFocus()
    await expect(trigger).toHaveAttribute('aria-haspopup', 'dialog')
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await expect(screen(canvasElement).queryByRole('dialog')).not.toBeInTheDocument()
    await expect(args.onOpenChange).not.toHaveBeenCalled()
  },
})

/** Enter on the trigger opens the dialog, named by its title, and focus moves to the first field. */
export const Open = meta.story({
  name: 'Open',
  render: (args) => <CreatePasswordDialog {...args} />,
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Create Password' })
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    const dialog = await screen(canvasElement).findByRole('dialog', { name: 'Create Password' })
    // Visible once the zoom-in animation has faded it in.
    await waitFor(() => expect(dialog).toBeVisible())
    await expect(dialog).toHaveAccessibleDescription(/6-digit code we sent to ravi\.kumar@nokia\.com/)
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    await expect(args.onOpenChange).toHaveBeenCalledWith(true)
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: '6-Digit code' })).toHaveFocus())
  },
})

/** Keyboard focus on the trigger shows the focus ring. */
export const KeyboardFocus = meta.story({
  name: 'Keyboard focus',
  render: (args) => <CreatePasswordDialog {...args} />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab()
    const trigger = canvas.getByRole('button', { name: 'Create Password' })
    await expect(trigger).toHaveFocus()
    await expect(trigger.matches(':focus-visible')).toBe(true)
    await expect(getComputedStyle(trigger).outlineStyle).toBe('solid')
  },
})

/** Escape closes the dialog and focus goes back to the trigger. */
export const EscapeReturnsFocus = meta.story({
  name: 'Escape returns focus',
  render: (args) => <CreatePasswordDialog {...args} />,
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Create Password' })
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    const dialog = await screen(canvasElement).findByRole('dialog', { name: 'Create Password' })
    await waitFor(() => expect(dialog.contains(activeElement(canvasElement))).toBe(true))
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen(canvasElement).queryByRole('dialog')).not.toBeInTheDocument())
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false)
    await waitFor(() => expect(trigger).toHaveFocus())
  },
})

/** Tab and Shift+Tab cycle through the dialog's controls and never reach the page behind it. */
export const FocusTrap = meta.story({
  name: 'Focus trap',
  render: (args) => (
    <div className="flex gap-3">
      <CreatePasswordDialog {...args} />
      <Button variant="outline">Back to login</Button>
    </div>
  ),
  play: async ({ canvas, canvasElement, userEvent }) => {
    const behind = canvas.getByRole('button', { name: 'Back to login' })
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    const dialog = await screen(canvasElement).findByRole('dialog', { name: 'Create Password' })
    const code = within(dialog).getByRole('textbox', { name: '6-Digit code' })
    await waitFor(() => expect(code).toHaveFocus())
    // Code, password, confirm password, Cancel, Submit and the close button: six stops, then round again.
    for (let stop = 0; stop < 6; stop += 1) {
      await userEvent.tab()
      await expect(dialog.contains(activeElement(canvasElement))).toBe(true)
      await expect(behind).not.toHaveFocus()
    }
    await expect(code).toHaveFocus()
    await userEvent.tab({ shift: true })
    await expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus()
    await userEvent.tab({ shift: true })
    await expect(within(dialog).getByRole('button', { name: 'Submit' })).toHaveFocus()
  },
})

/** The Cancel button and the close (X) button both close the dialog and return focus to the trigger. */
export const CloseButtons = meta.story({
  name: 'Close buttons',
  render: (args) => <CreatePasswordDialog {...args} />,
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Create Password' })
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    let dialog = await screen(canvasElement).findByRole('dialog', { name: 'Create Password' })
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: '6-Digit code' })).toHaveFocus())
    // Shift+Tab from the first field wraps round to the close (X) button in the corner.
    await userEvent.tab({ shift: true })
    await expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(screen(canvasElement).queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(trigger).toHaveFocus())

    await userEvent.keyboard('{Enter}')
    dialog = await screen(canvasElement).findByRole('dialog', { name: 'Create Password' })
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: '6-Digit code' })).toHaveFocus())
    await userEvent.tab()
    await userEvent.tab()
    await userEvent.tab()
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(screen(canvasElement).queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(trigger).toHaveFocus())
    await expect(args.onOpenChange).toHaveBeenCalledTimes(4)
  },
})

/** The comments dialog of a dashboard row: a comment typed and added with the keyboard tops the list. */
export const Comments = meta.story({
  name: 'Comments',
  render: (args) => <CommentsDialog {...args} initial={COMMENTS} />,
  play: async ({ canvasElement, userEvent }) => {
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    const dialog = await screen(canvasElement).findByRole('dialog', { name: 'Comments' })
    await expect(dialog).toHaveAccessibleDescription('Beacon 6 by Nokia, firmware 3.4.12')
    const field = within(dialog).getByRole('textbox', { name: 'New comment' })
    await waitFor(() => expect(field).toHaveFocus())
    await userEvent.keyboard('Please rerun the mesh roaming test on firmware 3.4.13.')
    await userEvent.tab()
    await expect(within(dialog).getByRole('button', { name: 'Add comment' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    const items = within(dialog).getAllByRole('listitem')
    await expect(items).toHaveLength(3)
    await expect(items[0]).toHaveTextContent('Please rerun the mesh roaming test on firmware 3.4.13.')
    await expect(within(dialog).getByRole('heading', { name: '3 comments' })).toBeVisible()
    await expect(field).toHaveValue('')
  },
})

/** A long history: the dialog stays inside the viewport and scrolls; Tab brings the footer into view. */
export const LongContent = meta.story({
  name: 'Long content',
  render: (args) => <CommentsDialog {...args} initial={[...COMMENTS, ...LONG_HISTORY]} />,
  play: async ({ canvasElement, userEvent }) => {
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    const dialog = await screen(canvasElement).findByRole('dialog', { name: 'Comments' })
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'New comment' })).toHaveFocus())
    await settled(dialog)
    const viewportHeight = canvasElement.ownerDocument.documentElement.clientHeight
    await expect(dialog.getBoundingClientRect().bottom).toBeLessThanOrEqual(viewportHeight)
    await expect(dialog.getBoundingClientRect().top).toBeGreaterThanOrEqual(0)
    await expect(dialog.scrollHeight).toBeGreaterThan(dialog.clientHeight)
    await expect(dialog.scrollTop).toBe(0)

    await userEvent.tab()
    await userEvent.tab()
    const close = within(dialog).getByRole('button', { name: 'Close' })
    await expect(close).toHaveFocus()
    await waitFor(() => expect(dialog.scrollTop).toBeGreaterThan(0))
    const box = dialog.getBoundingClientRect()
    const footer = close.getBoundingClientRect()
    await expect(footer.bottom).toBeLessThanOrEqual(box.bottom)
    await expect(footer.top).toBeGreaterThanOrEqual(box.top)
    // Tab stays inside: from the last button back to the comment field, scrolled back into view.
    await userEvent.tab()
    const field = within(dialog).getByRole('textbox', { name: 'New comment' })
    await expect(field).toHaveFocus()
    await waitFor(() => expect(field.getBoundingClientRect().top).toBeGreaterThanOrEqual(box.top))
    await expect(field.getBoundingClientRect().bottom).toBeLessThanOrEqual(box.bottom)
  },
})
