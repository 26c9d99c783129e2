import preview from '#.storybook/preview'
import * as React from 'react'
import { expect, fn } from 'storybook/test'
import { Field, FieldError, FieldHint, FieldLabel } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { TimeInput } from '@/components/ui/time-input'

const meta = preview.meta({
  title: 'UI/Time input',
  component: TimeInput,
  args: { onValueChange: fn(), onBlur: fn() },
  render: (args) => (
    <div className="flex w-full max-w-sm flex-col gap-4">
      <Field>
        <FieldLabel>Best time to reach</FieldLabel>
        <TimeInput {...args} />
        <FieldHint>24-hour time, HH:MM.</FieldHint>
      </Field>
      <Field>
        <FieldLabel>Address</FieldLabel>
        <Input autoComplete="street-address" />
      </Field>
    </div>
  ),
})

/** Digits only; the colon comes by itself: typing 0930 shows 09:30. */
export const Default = meta.story({
  name: 'Default',
  play: async ({ canvas, args, userEvent }) => {
    const time = canvas.getByRole('textbox', { name: 'Best time to reach' })
    await expect(time).toHaveAttribute('placeholder', 'HH:MM')
    await expect(time).toHaveAttribute('inputmode', 'numeric')
    await expect(time).toHaveAccessibleDescription('24-hour time, HH:MM.')
    await userEvent.tab()
    await expect(time).toHaveFocus()
    await userEvent.keyboard('09')
    await expect(time).toHaveValue('09')
    await userEvent.keyboard('3')
    await expect(time).toHaveValue('09:3')
    await userEvent.keyboard('0')
    await expect(time).toHaveValue('09:30')
    // A fifth digit and letters are refused.
    await userEvent.keyboard('5a')
    await expect(time).toHaveValue('09:30')
    await expect(args.onValueChange).toHaveBeenLastCalledWith('09:30')
    await userEvent.tab()
    await expect(time).toHaveValue('09:30')
    await expect(args.onBlur).toHaveBeenCalledTimes(1)
  },
})

/** Keyboard focus shows the ring; the clock icon stays inside the field. */
export const Focused = meta.story({
  name: 'Focused',
  args: { defaultValue: '14:00' },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const time = canvas.getByRole('textbox', { name: 'Best time to reach' })
    await userEvent.tab()
    await expect(time).toHaveFocus()
    await expect(time.matches(':focus-visible')).toBe(true)
    const icon = canvasElement.querySelector('[data-slot="time-input"] svg')
    if (!icon) throw new Error('No clock icon')
    await expect(icon).toHaveAttribute('aria-hidden', 'true')
    await expect(icon.getBoundingClientRect().right).toBeLessThan(time.getBoundingClientRect().right)
  },
})

/**
 * Arrow Up and Down step the part the caret is in: the hours at the start, the minutes at the
 * end. Several presses in a row keep stepping the same part, and the clock wraps around.
 */
export const StepWithArrows = meta.story({
  name: 'Step with arrows',
  args: { defaultValue: '09:30' },
  play: async ({ canvas, args, userEvent }) => {
    const time = canvas.getByRole('textbox', { name: 'Best time to reach' })
    await userEvent.tab()
    await userEvent.keyboard('{Home}{ArrowUp}')
    await expect(time).toHaveValue('10:30')
    await expect((time as HTMLInputElement).selectionStart).toBe(0)
    await userEvent.keyboard('{ArrowUp}{ArrowUp}')
    await expect(time).toHaveValue('12:30')
    await userEvent.keyboard('{ArrowDown}')
    await expect(time).toHaveValue('11:30')

    await userEvent.keyboard('{End}{ArrowDown}{ArrowDown}')
    await expect(time).toHaveValue('11:28')
    await expect((time as HTMLInputElement).selectionStart).toBe(5)
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}')
    await expect(time).toHaveValue('11:31')
    await expect(args.onValueChange).toHaveBeenLastCalledWith('11:31')
    await expect(args.onValueChange).toHaveBeenCalledTimes(9)

    // Holding the key down: the repeats come faster than a frame and still step the hours.
    const held = userEvent.setup({ delay: null })
    await held.keyboard('{Home}{ArrowUp>4/}')
    await expect(time).toHaveValue('15:31')
    await expect((time as HTMLInputElement).selectionStart).toBe(0)
  },
})

/** Stepping past midnight wraps to 00 and back to 23. */
export const WrapsAroundMidnight = meta.story({
  name: 'Wraps around midnight',
  args: { defaultValue: '23:45' },
  play: async ({ canvas, userEvent }) => {
    const time = canvas.getByRole('textbox', { name: 'Best time to reach' })
    await userEvent.tab()
    await userEvent.keyboard('{Home}{ArrowUp}')
    await expect(time).toHaveValue('00:45')
    await userEvent.keyboard('{ArrowDown}')
    await expect(time).toHaveValue('23:45')
  },
})

/** Leaving the field completes a partial time: 9 becomes 09:00, 1745 is kept, 930 is 09:30. */
export const BlurCompletes = meta.story({
  name: 'Blur completes',
  play: async ({ canvas, args, userEvent }) => {
    const time = canvas.getByRole('textbox', { name: 'Best time to reach' })
    await userEvent.tab()
    await userEvent.keyboard('9')
    await expect(time).toHaveValue('9')
    await userEvent.tab()
    await expect(canvas.getByRole('textbox', { name: 'Address' })).toHaveFocus()
    await expect(time).toHaveValue('09:00')
    await expect(args.onValueChange).toHaveBeenLastCalledWith('09:00')

    await userEvent.keyboard('{Shift>}{Tab}{/Shift}')
    await expect(time).toHaveFocus()
    await userEvent.keyboard('{End}{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}930')
    await userEvent.tab()
    await expect(time).toHaveValue('09:30')
  },
})

/** Clearing the field leaves it empty rather than 00:00. */
export const ClearedStaysEmpty = meta.story({
  name: 'Cleared stays empty',
  args: { defaultValue: '18:15' },
  play: async ({ canvas, args, userEvent }) => {
    const time = canvas.getByRole('textbox', { name: 'Best time to reach' })
    await userEvent.tab()
    await userEvent.keyboard('{End}{Backspace}{Backspace}{Backspace}{Backspace}')
    await expect(time).toHaveValue('')
    await userEvent.tab()
    await expect(time).toHaveValue('')
    await expect(args.onValueChange).toHaveBeenLastCalledWith('')
  },
})

/** Disabled: Tab passes it by. */
export const Disabled = meta.story({
  name: 'Disabled',
  args: { defaultValue: '10:00', disabled: true },
  play: async ({ canvas, args, userEvent }) => {
    const time = canvas.getByRole('textbox', { name: 'Best time to reach' })
    await expect(time).toBeDisabled()
    await userEvent.tab()
    await expect(canvas.getByRole('textbox', { name: 'Address' })).toHaveFocus()
    await expect(time).toHaveValue('10:00')
    await expect(args.onValueChange).not.toHaveBeenCalled()
  },
})

/** The read-only view: focusable, but neither typing nor the arrows change it. */
export const ReadOnly = meta.story({
  name: 'Read-only',
  args: { defaultValue: '10:00', readOnly: true },
  play: async ({ canvas, args, userEvent }) => {
    const time = canvas.getByRole('textbox', { name: 'Best time to reach' })
    await userEvent.tab()
    await expect(time).toHaveFocus()
    await userEvent.keyboard('{Home}{ArrowUp}{End}{ArrowDown}5')
    await expect(time).toHaveValue('10:00')
    await expect(args.onValueChange).not.toHaveBeenCalled()
  },
})

function RequiredTime(props: React.ComponentProps<typeof TimeInput>) {
  const [time, setTime] = React.useState('')
  const error = time === '' ? 'This field is required' : undefined
  return (
    <div className="w-full max-w-sm">
      <Field invalid={error !== undefined} required>
        <FieldLabel>Best time to reach</FieldLabel>
        <TimeInput
          {...props}
          value={time}
          onValueChange={(value) => {
            setTime(value)
            props.onValueChange?.(value)
          }}
        />
        <FieldError>{error}</FieldError>
      </Field>
    </div>
  )
}

/** Required and empty after Submit; the message goes once a time is typed. */
export const Invalid = meta.story({
  name: 'Invalid',
  render: (args) => <RequiredTime {...args} />,
  play: async ({ canvas, args, userEvent }) => {
    const time = canvas.getByRole('textbox', { name: 'Best time to reach' })
    await expect(time).toBeRequired()
    await expect(time).toHaveAttribute('aria-invalid', 'true')
    const error = canvas.getByRole('alert')
    await expect(error).toHaveTextContent('This field is required')
    await expect(time).toHaveAttribute('aria-describedby', error.id)
    await expect(getComputedStyle(time).borderTopColor).toBe('rgb(185, 28, 28)')
    await userEvent.tab()
    await expect(time).toHaveFocus()
    await userEvent.keyboard('1730')
    await expect(time).toHaveValue('17:30')
    await expect(args.onValueChange).toHaveBeenLastCalledWith('17:30')
    await expect(canvas.queryByRole('alert')).toBeNull()
    await expect(time).not.toHaveAttribute('aria-invalid')
    // Cleared again: invalid again.
    await userEvent.keyboard('{Backspace}{Backspace}{Backspace}{Backspace}')
    await expect(time).toHaveValue('')
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This field is required')
  },
})
