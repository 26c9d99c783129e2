import preview from '#.storybook/preview'
import * as React from 'react'
import { expect, fn } from 'storybook/test'
import { Checkbox } from '@/components/ui/checkbox'
import { Field, FieldError, FieldHint, FieldLabel } from '@/components/ui/field'
import { Input } from '@/components/ui/input'

const meta = preview.meta({
  title: 'UI/Field',
  component: Field,
  args: { invalid: false, disabled: false, required: false },
  render: (args) => (
    <div className="w-full max-w-sm">
      <Field {...args}>
        <FieldLabel>Organization name</FieldLabel>
        <Input autoComplete="organization" />
        <FieldHint>Letters, numbers and spaces; 3 to 50 characters.</FieldHint>
      </Field>
    </div>
  ),
})

/** The label names the control, the hint describes it. */
export const Default = meta.story({
  name: 'Default',
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Organization name' })
    const hint = canvas.getByText('Letters, numbers and spaces; 3 to 50 characters.')
    await expect(input).toHaveAttribute('aria-describedby', hint.id)
    await expect(input).toHaveAccessibleDescription('Letters, numbers and spaces; 3 to 50 characters.')
    await expect(input).not.toHaveAttribute('aria-invalid')
    await userEvent.tab()
    await expect(input).toHaveFocus()
    await userEvent.keyboard('Acme Broadband Devices')
    await expect(input).toHaveValue('Acme Broadband Devices')
  },
})

/** Keyboard focus lands on the control and shows the ring. */
export const Focused = meta.story({
  name: 'Focused',
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab()
    const input = canvas.getByRole('textbox', { name: 'Organization name' })
    await expect(input).toHaveFocus()
    await expect(input.matches(':focus-visible')).toBe(true)
  },
})

/** Required: a star after the label for the eye, `required` on the control for screen readers. */
export const Required = meta.story({
  name: 'Required',
  args: { required: true },
  play: async ({ canvas, userEvent }) => {
    // The star is hidden from screen readers, so the name stays 'Organization name'.
    const input = canvas.getByRole('textbox', { name: 'Organization name' })
    await expect(input).toBeRequired()
    await expect(canvas.getByText('*')).toHaveAttribute('aria-hidden', 'true')
    await userEvent.tab()
    await expect(input).toHaveFocus()
  },
})

/** A disabled field dims its label and its control; Tab passes it by. */
export const Disabled = meta.story({
  name: 'Disabled',
  args: { disabled: true },
  render: (args) => (
    <div className="flex w-full max-w-sm flex-col gap-4">
      <Field {...args}>
        <FieldLabel>State</FieldLabel>
        <Input />
        <FieldHint>Choose a country first.</FieldHint>
      </Field>
      <Field>
        <FieldLabel>Address</FieldLabel>
        <Input autoComplete="street-address" />
      </Field>
    </div>
  ),
  play: async ({ canvas, userEvent }) => {
    const state = canvas.getByRole('textbox', { name: 'State' })
    await expect(state).toBeDisabled()
    await expect(state.closest('[data-slot="field"]')).toHaveAttribute('data-disabled', 'true')
    await userEvent.tab()
    await expect(canvas.getByRole('textbox', { name: 'Address' })).toHaveFocus()
  },
})

/** Invalid: `aria-invalid` on the control, described by the hint and then the message. */
export const Invalid = meta.story({
  name: 'Invalid',
  args: { invalid: true },
  render: (args) => (
    <div className="w-full max-w-sm">
      <Field {...args}>
        <FieldLabel>Business contact name</FieldLabel>
        <Input autoComplete="name" defaultValue="Priya 2" />
        <FieldHint>Letters and spaces; 3 to 50 characters.</FieldHint>
        <FieldError>Only letters are allowed.</FieldError>
      </Field>
    </div>
  ),
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Business contact name' })
    await userEvent.tab()
    await expect(input).toHaveFocus()
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    const error = canvas.getByRole('alert')
    await expect(error).toBeVisible()
    await expect(error).toHaveTextContent('Only letters are allowed.')
    await expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(error.id)
    await expect(input).toHaveAccessibleDescription(
      'Letters and spaces; 3 to 50 characters. Only letters are allowed.',
    )
  },
})

const validated = fn()

function ContactNameField({ onValidate }: { onValidate: (error: string | undefined) => void }) {
  const [value, setValue] = React.useState('')
  const [error, setError] = React.useState<string>()
  const validate = (text: string) => {
    const next = /^[\p{L} ]*$/u.test(text) ? undefined : 'Only letters are allowed.'
    setError(next)
    onValidate(next)
  }
  return (
    <div className="flex w-full max-w-sm flex-col gap-4">
      <Field invalid={error !== undefined} required>
        <FieldLabel>Business contact name</FieldLabel>
        <Input
          autoComplete="name"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onBlur={() => validate(value)}
        />
        <FieldError>{error}</FieldError>
      </Field>
      <Field>
        <FieldLabel>Email</FieldLabel>
        <Input type="email" readOnly defaultValue="priya.sharma@nokia.com" />
      </Field>
    </div>
  )
}

/**
 * A message that comes and goes: while it shows, the control points at it; once the value is
 * fixed, the message and the reference both go.
 */
export const MessageAppearsAndClears = meta.story({
  name: 'Message appears and clears',
  render: () => <ContactNameField onValidate={validated} />,
  play: async ({ canvas, userEvent }) => {
    validated.mockClear()
    const input = canvas.getByRole('textbox', { name: 'Business contact name' })
    await expect(input).not.toHaveAttribute('aria-describedby')
    await userEvent.tab()
    await userEvent.keyboard('Priya 2')
    await userEvent.tab()
    await expect(validated).toHaveBeenLastCalledWith('Only letters are allowed.')
    const error = await canvas.findByRole('alert')
    await expect(error).toHaveTextContent('Only letters are allowed.')
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    await expect(input).toHaveAttribute('aria-describedby', error.id)

    await userEvent.keyboard('{Shift>}{Tab}{/Shift}')
    await expect(input).toHaveFocus()
    await userEvent.keyboard('{End}{Backspace}{Backspace}')
    await userEvent.tab()
    await expect(validated).toHaveBeenLastCalledWith(undefined)
    await expect(canvas.queryByRole('alert')).toBeNull()
    await expect(input).not.toHaveAttribute('aria-invalid')
    await expect(input).not.toHaveAttribute('aria-describedby')
    await expect(input).toHaveValue('Priya')
  },
})

/** Horizontal: a checkbox before its label, as on the login form. */
export const Horizontal = meta.story({
  name: 'Horizontal',
  args: { orientation: 'horizontal' },
  render: (args) => (
    <div className="w-full max-w-sm">
      <Field {...args}>
        <Checkbox />
        <FieldLabel>Remember User ID</FieldLabel>
        <FieldHint>Your e-mail is filled in next time you sign in on this device.</FieldHint>
      </Field>
    </div>
  ),
  play: async ({ canvas, userEvent }) => {
    const checkbox = canvas.getByRole('checkbox', { name: 'Remember User ID' })
    await expect(checkbox).toHaveAccessibleDescription(
      'Your e-mail is filled in next time you sign in on this device.',
    )
    await userEvent.tab()
    await expect(checkbox).toHaveFocus()
    await userEvent.keyboard(' ')
    await expect(checkbox).toBeChecked()
    // The hint sits on its own line under the checkbox and its label.
    const label = canvas.getByText('Remember User ID').getBoundingClientRect()
    const hint = canvas.getByText(/Your e-mail is filled in/).getBoundingClientRect()
    await expect(hint.top).toBeGreaterThanOrEqual(label.bottom)
  },
})

/** A long label, hint and message wrap inside a phone-width column. */
export const LongText = meta.story({
  name: 'Long text',
  args: { invalid: true },
  render: (args) => (
    <div className="w-full max-w-xs" data-testid="column">
      <Field {...args}>
        <FieldLabel>Number of devices to be certified in this portfolio request</FieldLabel>
        <Input inputMode="numeric" defaultValue="5" />
        <FieldHint>Between 0 and 3 devices; one serial number is needed for each device.</FieldHint>
        <FieldError>
          You may add up to 3 devices here. For more than three, please send the serial numbers via email
        </FieldError>
      </Field>
    </div>
  ),
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: /Number of devices/ })
    await userEvent.tab()
    await expect(input).toHaveFocus()
    await expect(input).toHaveAccessibleDescription(/please send the serial numbers via email$/)
    const column = canvas.getByTestId('column').getBoundingClientRect()
    for (const part of [canvas.getByText(/Number of devices/), canvas.getByRole('alert')]) {
      await expect(part.getBoundingClientRect().right).toBeLessThanOrEqual(column.right + 0.5)
    }
  },
})
