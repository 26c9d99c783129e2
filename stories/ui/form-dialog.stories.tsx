import preview from '#.storybook/preview'
import * as React from 'react'
import { expect, waitFor, within } from 'storybook/test'
import { FieldFrame } from '@/components/form/field-frame'
import { FormDialog } from '@/components/form/form-dialog'
import { useAppForm } from '@/components/form/form-kit'
import { type FormRefusal, showRefusal } from '@/components/form/form-refusal'
import { FormRefusalMessage } from '@/components/form/form-parts'
import { PageForm } from '@/components/form/page-form'
import { Button } from '@/components/ui/button'

/*
 * The two shapes every form of the portal takes (docs/decisions/0004): FormDialog, a form in a
 * dialog with Cancel, and PageForm, a page's own form. Both are built on useAppForm with the kit's
 * fields. The demo's "server" answers by the address typed: a refusal naming the e-mail field, a
 * refusal naming no field of the form, or a slow success the story lets through.
 */

const TAKEN = 'ana.lopez@nokia.com'
const REFUSED_AS_A_WHOLE = 'refused@nokia.com'
const SLOW = 'slow@nokia.com'
const TAKEN_MESSAGE = `${TAKEN} is already a member of this organization.`
const WHOLE_MESSAGE = 'The invitation could not be sent: the organization has reached its 50 members.'
const EMPTY_MESSAGE = 'Enter the e-mail address to invite.'

/** The answer to a slow submission waits for this (the story lets it through). */
let letThrough: () => void = () => {}

/** The demo server: a refusal, or nothing once the slow answer is let through. */
async function answer(email: string): Promise<FormRefusal | null> {
  if (email === TAKEN) return { field: 'emailId', message: TAKEN_MESSAGE }
  if (email === REFUSED_AS_A_WHOLE) return { field: 'body', message: WHOLE_MESSAGE }
  if (email === SLOW) await new Promise<void>((resolve) => (letThrough = resolve))
  return null
}

function InviteDemo() {
  const [open, setOpen] = React.useState(false)
  const form = useAppForm({
    defaultValues: { name: '', emailId: '' },
    validators: {
      onSubmit: ({ value }) => (value.emailId.trim() ? undefined : { fields: { emailId: EMPTY_MESSAGE } }),
    },
    onSubmit: async ({ value, formApi }) => {
      const refusal = await answer(value.emailId.trim())
      if (refusal) return showRefusal(formApi, refusal)
      setOpen(false)
    },
  })
  return (
    <>
      <Button onClick={() => setOpen(true)}>Invite a member</Button>
      <FormDialog
        form={form}
        open={open}
        onOpenChange={setOpen}
        title="Invite a member"
        description="We send them a link to join Nokia. It works for 7 days."
        submitLabel="Send invitation"
      >
        <form.AppField name="name">
          {(field) => <field.TextField label="Name" autoComplete="off" />}
        </form.AppField>
        <form.AppField name="emailId">
          {(field) => <field.TextField label="E-mail address" type="email" autoComplete="off" required />}
        </form.AppField>
      </FormDialog>
    </>
  )
}

const meta = preview.meta({
  title: 'UI/Form dialog',
  subcomponents: { FormDialog, PageForm, FieldFrame, FormRefusalMessage },
  render: () => <InviteDemo />,
})

type PlayContext = {
  canvas: ReturnType<typeof within>
  canvasElement: HTMLElement
  userEvent: {
    click: (element: Element) => Promise<void>
    type: (element: Element, text: string) => Promise<void>
    clear: (element: Element) => Promise<void>
    keyboard: (text: string) => Promise<void>
  }
}

/** Dialogs render in a portal, outside the story's canvas. */
const screen = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

async function openDialog(
  canvasElement: HTMLElement,
  userEvent: { click: (element: Element) => Promise<void> },
) {
  // Found afresh, with time: on a worker's first visit the preview may still be settling.
  const trigger = await within(canvasElement).findByRole('button', { name: 'Invite a member' })
  await userEvent.click(trigger)
  const dialog = await screen(canvasElement).findByRole('dialog', { name: 'Invite a member' })
  const email = within(dialog).getByRole('textbox', { name: /E-mail address/ })
  return { dialog, email, name: within(dialog).getByRole('textbox', { name: 'Name' }) }
}

/** Closed until asked: the trigger alone, no dialog and nothing typed. */
export const Closed = meta.story({
  name: 'Closed until asked',
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('button', { name: 'Invite a member' })
    await expect(screen(canvasElement).queryByRole('dialog')).toBeNull()
  },
})

/** Sending with no address: the form's own check, on its field, which takes the focus. */
export const FieldMessage = meta.story({
  name: 'Field message from the form’s check',
  play: async ({ canvasElement, userEvent }) => {
    const { dialog, email, name } = await openDialog(canvasElement, userEvent)
    await waitFor(() => expect(name).toHaveFocus())
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }))
    await waitFor(() => expect(within(dialog).getByText(EMPTY_MESSAGE)).toBeVisible())
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(email).toHaveAccessibleDescription(EMPTY_MESSAGE)
    await waitFor(() => expect(email).toHaveFocus())
  },
})

/** The server refuses the address (`field: 'emailId'`): the message lands on that field, focused; typing clears it. */
const fieldRefusalPlay = async ({ canvasElement, userEvent }: PlayContext) => {
  const { dialog, email } = await openDialog(canvasElement, userEvent)
  await userEvent.type(email, TAKEN)
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }))
  await expect(await within(dialog).findByText(TAKEN_MESSAGE)).toBeVisible()
  await expect(email).toHaveAccessibleDescription(TAKEN_MESSAGE)
  await waitFor(() => expect(email).toHaveFocus())
  await userEvent.type(email, '{Backspace}')
  await waitFor(() => expect(within(dialog).queryByText(TAKEN_MESSAGE)).toBeNull())
  await expect(email).not.toHaveAttribute('aria-invalid')
}

export const FieldRefusal = meta.story({
  name: 'Refusal naming a field',
  play: fieldRefusalPlay,
})

/** A refusal naming no field of the form (here the body): the form's own message above the buttons. */
const formLevelRefusalPlay = async ({ canvasElement, userEvent }: PlayContext) => {
  const { dialog, email } = await openDialog(canvasElement, userEvent)
  await userEvent.type(email, REFUSED_AS_A_WHOLE)
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }))
  const alert = await within(dialog).findByRole('alert')
  await expect(alert).toHaveTextContent(WHOLE_MESSAGE)
  await expect(email).not.toHaveAttribute('aria-invalid')
  // Sending again asks again: the message goes, and this time the answer is a field's.
  await userEvent.clear(email)
  await userEvent.type(email, TAKEN)
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }))
  await expect(await within(dialog).findByText(TAKEN_MESSAGE)).toBeVisible()
  await expect(within(dialog).queryByText(WHOLE_MESSAGE)).toBeNull()
}

export const FormLevelRefusal = meta.story({
  name: 'Refusal naming no field',
  play: formLevelRefusalPlay,
})

/** While the answer is on its way the submit button is busy; the answer closes the dialog, focus back on its button. */
const busySubmitPlay = async ({ canvasElement, userEvent }: PlayContext) => {
  const { dialog, email } = await openDialog(canvasElement, userEvent)
  await userEvent.type(email, SLOW)
  const send = within(dialog).getByRole('button', { name: 'Send invitation' })
  await userEvent.click(send)
  await waitFor(() => expect(send).toHaveAttribute('aria-busy', 'true'))
  await expect(send).toBeDisabled()
  letThrough()
  await waitFor(() => expect(screen(canvasElement).queryByRole('dialog')).toBeNull())
  await waitFor(() =>
    expect(within(canvasElement).getByRole('button', { name: 'Invite a member' })).toHaveFocus(),
  )
}

export const BusySubmit = meta.story({
  name: 'Busy while sending',
  play: busySubmitPlay,
})

/** Closed by Escape, Cancel or the overlay, the dialog opens again empty: no value, no message. */
const reopensEmptyPlay = async ({ canvasElement, userEvent }: PlayContext) => {
  const closers: Array<(dialog: HTMLElement) => Promise<void>> = [
    () => userEvent.keyboard('{Escape}'),
    (dialog) => userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' })),
    async () => {
      const overlay = canvasElement.ownerDocument.querySelector('[data-slot="dialog-overlay"]')
      if (overlay) await userEvent.click(overlay)
    },
  ]
  for (const close of closers) {
    const { dialog, email, name } = await openDialog(canvasElement, userEvent)
    await userEvent.type(name, 'Ana López')
    await userEvent.type(email, TAKEN)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }))
    await within(dialog).findByText(TAKEN_MESSAGE)
    await close(dialog)
    await waitFor(() => expect(screen(canvasElement).queryByRole('dialog')).toBeNull())
    const again = await openDialog(canvasElement, userEvent)
    await expect(again.name).toHaveValue('')
    await expect(again.email).toHaveValue('')
    await expect(within(again.dialog).queryByText(TAKEN_MESSAGE)).toBeNull()
    await expect(again.email).not.toHaveAttribute('aria-invalid')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen(canvasElement).queryByRole('dialog')).toBeNull())
  }
}

export const ReopensEmpty = meta.story({
  name: 'Opens again empty',
  play: reopensEmptyPlay,
})

/** On a phone: the refusal on its field, the dialog inside the screen. */
export const FieldRefusalOnPhone = meta.story({
  name: 'Refusal naming a field, on a phone',
  globals: { viewport: { value: 'phone' } },
  play: async (context) => {
    await fieldRefusalPlay(context)
    const dialog = screen(context.canvasElement).getByRole('dialog')
    await expect(dialog.getBoundingClientRect().width).toBeLessThanOrEqual(390)
  },
})

/** On a phone: the form's own refusal. */
export const FormLevelRefusalOnPhone = meta.story({
  name: 'Refusal naming no field, on a phone',
  globals: { viewport: { value: 'phone' } },
  play: async (context) => formLevelRefusalPlay(context),
})

/** On a phone: busy, then closed. */
export const BusySubmitOnPhone = meta.story({
  name: 'Busy while sending, on a phone',
  globals: { viewport: { value: 'phone' } },
  play: async (context) => busySubmitPlay(context),
})

/** On a phone: opens again empty. */
export const ReopensEmptyOnPhone = meta.story({
  name: 'Opens again empty, on a phone',
  globals: { viewport: { value: 'phone' } },
  play: async (context) => reopensEmptyPlay(context),
})

function PasswordDemo() {
  const [done, setDone] = React.useState(false)
  const form = useAppForm({
    defaultValues: { password: '' },
    validators: {
      onSubmit: ({ value }) => (value.password ? undefined : { fields: { password: 'Enter a password.' } }),
    },
    onSubmit: ({ value, formApi }) => {
      if (value.password === 'expired') {
        return showRefusal(formApi, { field: 'token', message: 'This link has expired. Ask for a new one.' })
      }
      setDone(true)
    },
  })
  return done ? (
    <p>Password set.</p>
  ) : (
    <div className="w-full max-w-sm">
      <PageForm form={form} aria-label="Set your password" submitLabel="Set password" submitSize="lg">
        <form.AppField name="password">
          {(field) => (
            <field.TextField label="New password" type="password" autoComplete="new-password" required />
          )}
        </form.AppField>
      </PageForm>
    </div>
  )
}

/** PageForm: the field's message focused; a refusal of the link (no field of the form) under the fields. */
const pageFormStatesPlay = async ({ canvas, userEvent }: PlayContext) => {
  const form = canvas.getByRole('form', { name: 'Set your password' })
  const password = within(form).getByLabelText(/New password/)
  await userEvent.click(within(form).getByRole('button', { name: 'Set password' }))
  await expect(await within(form).findByText('Enter a password.')).toBeVisible()
  await waitFor(() => expect(password).toHaveFocus())
  await userEvent.type(password, 'expired')
  await userEvent.click(within(form).getByRole('button', { name: 'Set password' }))
  await expect(await within(form).findByRole('alert')).toHaveTextContent(
    'This link has expired. Ask for a new one.',
  )
  await userEvent.clear(password)
  await userEvent.type(password, 'Certify#2026')
  await userEvent.click(within(form).getByRole('button', { name: 'Set password' }))
  await expect(await canvas.findByText('Password set.')).toBeVisible()
}

export const PageFormStates = meta.story({
  name: 'Page form',
  render: () => <PasswordDemo />,
  play: pageFormStatesPlay,
})

/** PageForm on a phone. */
export const PageFormOnPhone = meta.story({
  name: 'Page form, on a phone',
  render: () => <PasswordDemo />,
  globals: { viewport: { value: 'phone' } },
  play: async (context) => pageFormStatesPlay(context),
})
