import preview from '#.storybook/preview'
import { expect, fn } from 'storybook/test'
import { Field, FieldError, FieldHint, FieldLabel } from '@/components/ui/field'
import { Input } from '@/components/ui/input'

const meta = preview.meta({
  title: 'UI/Input',
  component: Input,
  args: { onChange: fn(), onPaste: fn() },
  render: (args) => (
    <div className="w-full max-w-sm">
      <Field>
        <FieldLabel>Email</FieldLabel>
        <Input type="email" autoComplete="email" placeholder="name@company.com" {...args} />
      </Field>
    </div>
  ),
})

/** Tab reaches the field; what is typed is what is shown. */
export const Default = meta.story({
  name: 'Default',
  play: async ({ canvas, args, userEvent }) => {
    const email = canvas.getByRole('textbox', { name: 'Email' })
    await userEvent.tab()
    await expect(email).toHaveFocus()
    await userEvent.keyboard('priya.sharma@nokia.com')
    await expect(email).toHaveValue('priya.sharma@nokia.com')
    await expect(args.onChange).toHaveBeenCalledTimes('priya.sharma@nokia.com'.length)
  },
})

/** Keyboard focus draws the brand ring and border, without a hover. */
export const Focused = meta.story({
  name: 'Focused',
  args: { defaultValue: 'priya.sharma@nokia.com' },
  play: async ({ canvas, userEvent }) => {
    const email = canvas.getByRole('textbox', { name: 'Email' })
    await userEvent.tab()
    await expect(email).toHaveFocus()
    await expect(email.matches(':focus-visible')).toBe(true)
    await expect(getComputedStyle(email).outlineStyle).toBe('solid')
  },
})

/** The phone number stays disabled until a country code is chosen: Tab skips it. */
export const Disabled = meta.story({
  name: 'Disabled',
  render: (args) => (
    <div className="flex w-full max-w-sm flex-col gap-4">
      <Field disabled>
        <FieldLabel>Phone number</FieldLabel>
        <Input type="tel" autoComplete="tel-national" {...args} />
        <FieldHint>Choose a country code first.</FieldHint>
      </Field>
      <Field>
        <FieldLabel>City</FieldLabel>
        <Input autoComplete="address-level2" />
      </Field>
    </div>
  ),
  play: async ({ canvas, args, userEvent }) => {
    const phone = canvas.getByRole('textbox', { name: 'Phone number' })
    await expect(phone).toBeDisabled()
    await expect(phone).toHaveAccessibleDescription('Choose a country code first.')
    await userEvent.tab()
    await expect(canvas.getByRole('textbox', { name: 'City' })).toHaveFocus()
    await userEvent.keyboard('Bengaluru')
    await expect(phone).toHaveValue('')
    await expect(args.onChange).not.toHaveBeenCalled()
  },
})

/** An invalid value: red border, `aria-invalid`, and the message read as the description. */
export const Invalid = meta.story({
  name: 'Invalid',
  args: { defaultValue: 'priya.sharma@nokia' },
  render: (args) => (
    <div className="w-full max-w-sm">
      <Field invalid>
        <FieldLabel>Email</FieldLabel>
        <Input type="email" autoComplete="email" {...args} />
        <FieldError>Must be a valid email format.</FieldError>
      </Field>
    </div>
  ),
  play: async ({ canvas, userEvent }) => {
    const email = canvas.getByRole('textbox', { name: 'Email' })
    await userEvent.tab()
    await expect(email).toHaveFocus()
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    const message = canvas.getByText('Must be a valid email format.')
    await expect(message).toBeVisible()
    await expect(email).toHaveAttribute('aria-describedby', message.id)
    await expect(email).toHaveAccessibleDescription('Must be a valid email format.')
    await expect(getComputedStyle(email).borderTopColor).toBe('rgb(185, 28, 28)')
  },
})

/** The portfolio form's e-mail comes from the account: it can be focused and read, not changed. */
export const ReadOnly = meta.story({
  name: 'Read-only',
  args: { readOnly: true, defaultValue: 'priya.sharma@nokia.com' },
  play: async ({ canvas, args, userEvent }) => {
    const email = canvas.getByRole('textbox', { name: 'Email' })
    await userEvent.tab()
    await expect(email).toHaveFocus()
    await expect(email).toHaveAttribute('readonly')
    await userEvent.keyboard('{End}x{Backspace}{Backspace}')
    await expect(email).toHaveValue('priya.sharma@nokia.com')
    await expect(args.onChange).not.toHaveBeenCalled()
  },
})

/**
 * Re-enter Email refuses pasted text (spec §5), so the address is typed twice; the Email field
 * above it accepts a paste as usual.
 */
export const PasteBlocked = meta.story({
  name: 'Paste blocked',
  render: (args) => (
    <div className="flex w-full max-w-sm flex-col gap-4">
      <Field>
        <FieldLabel>Email</FieldLabel>
        <Input type="email" autoComplete="email" />
      </Field>
      <Field>
        <FieldLabel>Re-enter Email</FieldLabel>
        <Input type="email" autoComplete="off" blockPaste {...args} />
        <FieldHint>Type the address again; pasting is turned off.</FieldHint>
      </Field>
    </div>
  ),
  play: async ({ canvas, args, userEvent }) => {
    const email = canvas.getByRole('textbox', { name: 'Email' })
    const again = canvas.getByRole('textbox', { name: 'Re-enter Email' })
    await userEvent.tab()
    await expect(email).toHaveFocus()
    await userEvent.paste('x@y.com')
    await expect(email).toHaveValue('x@y.com')

    await userEvent.tab()
    await expect(again).toHaveFocus()
    await userEvent.paste('x@y.com')
    await expect(again).toHaveValue('')
    // The caller's own handler still hears about the paste.
    await expect(args.onPaste).toHaveBeenCalledTimes(1)
    await userEvent.keyboard('x@y.com')
    await expect(again).toHaveValue('x@y.com')
  },
})

/** The login password: paste is blocked there too, and the characters stay hidden. */
export const PasswordPasteBlocked = meta.story({
  name: 'Password paste blocked',
  render: (args) => (
    <div className="w-full max-w-sm">
      <Field>
        <FieldLabel>Password</FieldLabel>
        <Input type="password" autoComplete="current-password" blockPaste {...args} />
      </Field>
    </div>
  ),
  play: async ({ canvas, args, userEvent }) => {
    const password = canvas.getByLabelText('Password')
    await userEvent.tab()
    await expect(password).toHaveFocus()
    await userEvent.paste('Nokia@2024')
    await expect(password).toHaveValue('')
    await userEvent.keyboard('Nokia@2024')
    await expect(password).toHaveValue('Nokia@2024')
    await expect(password).toHaveAttribute('type', 'password')
    await expect(args.onChange).toHaveBeenCalledTimes('Nokia@2024'.length)
  },
})

/** A long value scrolls inside the field; the field keeps the width of its column on a phone. */
export const LongText = meta.story({
  name: 'Long text',
  args: {
    defaultValue: 'Sagemcom Broadband SAS – Customer Premises Equipment Certification Department',
  },
  render: (args) => (
    <div className="w-full max-w-xs" data-testid="column">
      <Field>
        <FieldLabel>Organization name as registered with the certification authority</FieldLabel>
        <Input {...args} />
      </Field>
    </div>
  ),
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: /Organization name/ })
    await userEvent.tab()
    await expect(input).toHaveFocus()
    await userEvent.keyboard('{End} Team')
    await expect(input).toHaveValue(
      'Sagemcom Broadband SAS – Customer Premises Equipment Certification Department Team',
    )
    const column = canvas.getByTestId('column').getBoundingClientRect()
    const box = input.getBoundingClientRect()
    await expect(box.right).toBeLessThanOrEqual(column.right + 0.5)
    await expect(input.scrollWidth).toBeGreaterThan(input.clientWidth)
  },
})

/** Outside a Field an `aria-label` names the control. */
export const WithAriaLabel = meta.story({
  name: 'With aria-label',
  args: { type: 'search', 'aria-label': 'Search device records', placeholder: 'Search…' },
  render: (args) => (
    <div className="w-full max-w-sm">
      <Input {...args} />
    </div>
  ),
  play: async ({ canvas, userEvent }) => {
    const search = canvas.getByRole('searchbox', { name: 'Search device records' })
    await userEvent.tab()
    await expect(search).toHaveFocus()
    await userEvent.keyboard('ZTE')
    await expect(search).toHaveValue('ZTE')
    await expect(search).not.toHaveAttribute('aria-invalid')
  },
})
