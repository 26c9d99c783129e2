import preview from '#.storybook/preview'
import * as React from 'react'
import { expect, fn } from 'storybook/test'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Field, FieldError, FieldHint, FieldLabel } from '@/components/ui/field'

const meta = preview.meta({
  title: 'UI/Checkbox',
  component: Checkbox,
  args: { onCheckedChange: fn() },
  render: (args) => (
    <div className="w-full max-w-sm">
      <Field orientation="horizontal">
        <Checkbox {...args} />
        <FieldLabel>Remember User ID</FieldLabel>
      </Field>
    </div>
  ),
})

/** 'Remember User ID' on the login form: Tab reaches it, Space ticks and unticks it. */
export const Default = meta.story({
  name: 'Default',
  play: async ({ canvas, args, userEvent }) => {
    const remember = canvas.getByRole('checkbox', { name: 'Remember User ID' })
    await expect(remember).not.toBeChecked()
    await userEvent.tab()
    await expect(remember).toHaveFocus()
    await userEvent.keyboard(' ')
    await expect(remember).toBeChecked()
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true)
    await userEvent.keyboard(' ')
    await expect(remember).not.toBeChecked()
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(false)
    await expect(args.onCheckedChange).toHaveBeenCalledTimes(2)
  },
})

/** Ticked from the start (a remembered user); the tick shows white on the brand colour. */
export const Checked = meta.story({
  name: 'Checked',
  args: { defaultChecked: true },
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const remember = canvas.getByRole('checkbox', { name: 'Remember User ID' })
    await expect(remember).toBeChecked()
    await expect(canvasElement.querySelector('[data-slot="checkbox-indicator"] svg')).toBeVisible()
    await userEvent.tab()
    await userEvent.keyboard(' ')
    await expect(remember).not.toBeChecked()
    await expect(args.onCheckedChange).toHaveBeenCalledTimes(1)
    await expect(args.onCheckedChange).toHaveBeenCalledWith(false)
  },
})

/** Keyboard focus shows the ring around the box. */
export const Focused = meta.story({
  name: 'Focused',
  play: async ({ canvas, userEvent }) => {
    const remember = canvas.getByRole('checkbox', { name: 'Remember User ID' })
    await userEvent.tab()
    await expect(remember).toHaveFocus()
    await expect(remember.matches(':focus-visible')).toBe(true)
    await expect(getComputedStyle(remember).outlineStyle).toBe('solid')
  },
})

/** Disabled, ticked or not: Tab passes both by and Space does nothing. */
export const Disabled = meta.story({
  name: 'Disabled',
  args: { disabled: true },
  render: (args) => (
    <div className="flex w-full max-w-sm flex-col gap-3">
      <Field orientation="horizontal">
        <Checkbox {...args} />
        <FieldLabel>Remember User ID</FieldLabel>
      </Field>
      <Field orientation="horizontal" disabled>
        <Checkbox defaultChecked />
        <FieldLabel>Email certificate to the business contact</FieldLabel>
      </Field>
      <div>
        <Button>Login</Button>
      </div>
    </div>
  ),
  play: async ({ canvas, args, userEvent }) => {
    const remember = canvas.getByRole('checkbox', { name: 'Remember User ID' })
    const email = canvas.getByRole('checkbox', { name: 'Email certificate to the business contact' })
    await expect(remember).toBeDisabled()
    await expect(email).toBeDisabled()
    // Both labels dim with their boxes.
    for (const name of ['Remember User ID', 'Email certificate to the business contact']) {
      await expect(getComputedStyle(canvas.getByText(name)).opacity).toBe('0.6')
    }
    await expect(email).toBeChecked()
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Login' })).toHaveFocus()
    await userEvent.keyboard(' ')
    await expect(remember).not.toBeChecked()
    await expect(args.onCheckedChange).not.toHaveBeenCalled()
  },
})

function ConfirmField(props: React.ComponentProps<typeof Checkbox>) {
  const [checked, setChecked] = React.useState(false)
  const error = checked ? undefined : 'This field is required'
  return (
    <div className="w-full max-w-sm">
      <Field orientation="horizontal" invalid={error !== undefined} required>
        <Checkbox
          {...props}
          checked={checked}
          onCheckedChange={(next) => {
            setChecked(next === true)
            props.onCheckedChange?.(next)
          }}
        />
        <FieldLabel>I confirm the device serial numbers are correct</FieldLabel>
        <FieldError>{error}</FieldError>
      </Field>
    </div>
  )
}

/** Required and left empty: red box, `aria-invalid` and the message as description, until ticked. */
export const Invalid = meta.story({
  name: 'Invalid',
  render: (args) => <ConfirmField {...args} />,
  play: async ({ canvas, args, userEvent }) => {
    const confirm = canvas.getByRole('checkbox', {
      name: 'I confirm the device serial numbers are correct',
    })
    await expect(confirm).toHaveAttribute('aria-invalid', 'true')
    await expect(confirm).toHaveAttribute('aria-required', 'true')
    const error = canvas.getByRole('alert')
    await expect(error).toHaveTextContent('This field is required')
    await expect(confirm).toHaveAttribute('aria-describedby', error.id)
    await expect(getComputedStyle(confirm).borderTopColor).toBe('rgb(185, 28, 28)')
    // The message sits on its own line under the label, not under the box.
    const label = canvas.getByText('I confirm the device serial numbers are correct').getBoundingClientRect()
    await expect(error.getBoundingClientRect().top).toBeGreaterThanOrEqual(label.bottom)
    await expect(error.getBoundingClientRect().left).toBe(label.left)

    await userEvent.tab()
    await expect(confirm).toHaveFocus()
    await userEvent.keyboard(' ')
    await expect(args.onCheckedChange).toHaveBeenCalledTimes(1)
    await expect(args.onCheckedChange).toHaveBeenCalledWith(true)
    await expect(canvas.queryByRole('alert')).toBeNull()
    await expect(confirm).not.toHaveAttribute('aria-invalid')
    await expect(confirm).not.toHaveAttribute('aria-describedby')
    await userEvent.keyboard(' ')
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This field is required')
    await expect(confirm).toHaveAttribute('aria-invalid', 'true')
  },
})

/** A long label wraps beside the box, which keeps its size and stays by the first line. */
export const LongText = meta.story({
  name: 'Long text',
  render: (args) => (
    <div className="w-full max-w-xs">
      <Field orientation="horizontal">
        <Checkbox {...args} />
        <FieldLabel>
          Send me an e-mail when a certification run for one of my registered devices completes or fails
          validation
        </FieldLabel>
        <FieldHint>You can change this later in your profile.</FieldHint>
      </Field>
    </div>
  ),
  play: async ({ canvas, args, userEvent }) => {
    const box = canvas.getByRole('checkbox', { name: /Send me an e-mail/ })
    await expect(box).toHaveAccessibleDescription('You can change this later in your profile.')
    const size = box.getBoundingClientRect()
    await expect(size.width).toBe(size.height)
    await expect(size.width).toBe(20)
    // The label runs beside the box, its first line level with it, the hint under the label.
    const label = canvas.getByText(/Send me an e-mail/).getBoundingClientRect()
    await expect(label.left).toBeGreaterThan(size.right)
    await expect(Math.abs(label.top - size.top)).toBeLessThan(2)
    await expect(label.height).toBeGreaterThan(size.height * 2)
    const hint = canvas.getByText('You can change this later in your profile.').getBoundingClientRect()
    await expect(hint.left).toBe(label.left)
    await userEvent.tab()
    await userEvent.keyboard(' ')
    await expect(args.onCheckedChange).toHaveBeenCalledTimes(1)
    await expect(args.onCheckedChange).toHaveBeenCalledWith(true)
  },
})
