import preview from '#.storybook/preview'
import * as React from 'react'
import { expect, fn, waitFor } from 'storybook/test'
import { Button } from '@/components/ui/button'
import { Chip, ChipGroup } from '@/components/ui/chip-group'
import { Field, FieldError, FieldHint, FieldLabel } from '@/components/ui/field'

const WEEKDAYS = [
  { value: 'Sunday', letter: 'S' },
  { value: 'Monday', letter: 'M' },
  { value: 'Tuesday', letter: 'T' },
  { value: 'Wednesday', letter: 'W' },
  { value: 'Thursday', letter: 'T' },
  { value: 'Friday', letter: 'F' },
  { value: 'Saturday', letter: 'S' },
]

const meta = preview.meta({
  title: 'UI/Chip group',
  component: ChipGroup,
  args: { shape: 'letter', onValueChange: fn() },
  argTypes: { shape: { control: 'inline-radio', options: ['letter', 'pill'] } },
  render: (args) => (
    <div className="w-full max-w-sm">
      <Field>
        <FieldLabel>Days</FieldLabel>
        <ChipGroup {...args}>
          {WEEKDAYS.map(({ value, letter }) => (
            <Chip key={value} value={value} srLabel={value}>
              {letter}
            </Chip>
          ))}
        </ChipGroup>
        <FieldHint>Days we may call the business contact.</FieldHint>
      </Field>
    </div>
  ),
})

/**
 * The contact weekdays as letters S M T W T F S, each named by its full day. One Tab stop for
 * the row: the arrows move between days, Space or Enter toggles one.
 */
export const Weekdays = meta.story({
  name: 'Weekdays',
  play: async ({ canvas, args, userEvent }) => {
    const group = canvas.getByRole('toolbar', { name: 'Days' })
    await expect(group).toHaveAccessibleDescription('Days we may call the business contact.')
    const days = WEEKDAYS.map(({ value }) => canvas.getByRole('button', { name: value }))
    await expect(days.map((day) => day.textContent)).toEqual(['S', 'M', 'T', 'W', 'T', 'F', 'S'])
    for (const day of days) await expect(day).toHaveAttribute('aria-pressed', 'false')

    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Sunday' })).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}')
    const monday = canvas.getByRole('button', { name: 'Monday' })
    await expect(monday).toHaveFocus()
    await userEvent.keyboard(' ')
    await expect(monday).toHaveAttribute('aria-pressed', 'true')
    await expect(args.onValueChange).toHaveBeenLastCalledWith(['Monday'])

    await userEvent.keyboard('{ArrowRight}{ArrowRight}')
    const wednesday = canvas.getByRole('button', { name: 'Wednesday' })
    await expect(wednesday).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(wednesday).toHaveAttribute('aria-pressed', 'true')
    await expect(args.onValueChange).toHaveBeenLastCalledWith(['Monday', 'Wednesday'])

    // The row wraps around: left of Sunday is Saturday.
    await userEvent.keyboard('{Home}{ArrowLeft}')
    await expect(canvas.getByRole('button', { name: 'Saturday' })).toHaveFocus()

    // Toggling off again.
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}')
    await expect(wednesday).toHaveFocus()
    await userEvent.keyboard(' ')
    await expect(wednesday).toHaveAttribute('aria-pressed', 'false')
    await expect(args.onValueChange).toHaveBeenLastCalledWith(['Monday'])
    await expect(args.onValueChange).toHaveBeenCalledTimes(3)
  },
})

/** Line of business as pills, Wireline and Wireless; a chosen pill shows a tick as well as colour. */
export const LineOfBusiness = meta.story({
  name: 'Line of business',
  args: { shape: 'pill' },
  render: (args) => (
    <div className="w-full max-w-sm">
      <Field required>
        <FieldLabel>LOB</FieldLabel>
        <ChipGroup {...args}>
          <Chip value="Wireline">Wireline</Chip>
          <Chip value="Wireless">Wireless</Chip>
        </ChipGroup>
      </Field>
    </div>
  ),
  play: async ({ canvas, args, userEvent }) => {
    const wireline = canvas.getByRole('button', { name: 'Wireline' })
    const wireless = canvas.getByRole('button', { name: 'Wireless' })
    await userEvent.tab()
    await expect(wireline).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await userEvent.keyboard('{ArrowRight} ')
    await expect(wireless).toHaveFocus()
    await expect(wireline).toHaveAttribute('aria-pressed', 'true')
    await expect(wireless).toHaveAttribute('aria-pressed', 'true')
    await expect(args.onValueChange).toHaveBeenLastCalledWith(['Wireline', 'Wireless'])
    await expect(wireless.querySelector('svg')).toBeVisible()
    await userEvent.keyboard('{Enter}')
    await expect(wireless).toHaveAttribute('aria-pressed', 'false')
    await expect(wireless.querySelector('svg')).not.toBeVisible()
    await expect(args.onValueChange).toHaveBeenLastCalledWith(['Wireline'])
  },
})

/** Tab enters at the first chosen day and leaves the row with the next Tab. */
export const Focused = meta.story({
  name: 'Focused',
  args: { defaultValue: ['Tuesday', 'Thursday'] },
  render: (args) => (
    <div className="flex w-full max-w-sm flex-col gap-4">
      <Field>
        <FieldLabel>Days</FieldLabel>
        <ChipGroup {...args}>
          {WEEKDAYS.map(({ value, letter }) => (
            <Chip key={value} value={value} srLabel={value}>
              {letter}
            </Chip>
          ))}
        </ChipGroup>
      </Field>
      <div>
        <Button variant="secondary">Save</Button>
      </div>
    </div>
  ),
  play: async ({ canvas, userEvent }) => {
    const tuesday = canvas.getByRole('button', { name: 'Tuesday' })
    await expect(tuesday).toHaveAttribute('aria-pressed', 'true')
    await expect(canvas.getByRole('button', { name: 'Thursday' })).toHaveAttribute('aria-pressed', 'true')
    await userEvent.tab()
    await expect(tuesday).toHaveFocus()
    await expect(tuesday.matches(':focus-visible')).toBe(true)
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Save' })).toHaveFocus()
  },
})

/** Disabled, as in the read-only view: the choice shows, Tab passes it by. */
export const Disabled = meta.story({
  name: 'Disabled',
  args: { shape: 'pill', defaultValue: ['Wireless'] },
  render: (args) => (
    <div className="flex w-full max-w-sm flex-col gap-4">
      <Field disabled>
        <FieldLabel>Business domain</FieldLabel>
        <ChipGroup {...args}>
          <Chip value="Wireline">Wireline</Chip>
          <Chip value="Wireless">Wireless</Chip>
        </ChipGroup>
      </Field>
      <div>
        <Button variant="secondary">Edit</Button>
      </div>
    </div>
  ),
  play: async ({ canvas, args, userEvent }) => {
    const wireless = canvas.getByRole('button', { name: 'Wireless' })
    await expect(wireless).toBeDisabled()
    await expect(wireless).toHaveAttribute('aria-pressed', 'true')
    await expect(canvas.getByRole('button', { name: 'Wireline' })).toBeDisabled()
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Edit' })).toHaveFocus()
    await expect(args.onValueChange).not.toHaveBeenCalled()
  },
})

function LobField({ onValueChange }: { onValueChange?: (value: string[]) => void }) {
  const [lob, setLob] = React.useState<string[]>([])
  const error = lob.length === 0 ? 'LOB is required.' : undefined
  return (
    <div className="w-full max-w-sm">
      <Field invalid={error !== undefined} required>
        <FieldLabel>LOB</FieldLabel>
        <ChipGroup
          shape="pill"
          value={lob}
          onValueChange={(value) => {
            setLob(value)
            onValueChange?.(value)
          }}
        >
          <Chip value="Wireline">Wireline</Chip>
          <Chip value="Wireless">Wireless</Chip>
        </ChipGroup>
        <FieldError>{error}</FieldError>
      </Field>
    </div>
  )
}

/** Nothing chosen after Submit: the group is invalid and described by the message until a pick. */
export const Invalid = meta.story({
  name: 'Invalid',
  render: (args) => <LobField onValueChange={args.onValueChange} />,
  play: async ({ canvas, args, userEvent }) => {
    const group = canvas.getByRole('toolbar', { name: 'LOB' })
    await expect(group).toHaveAttribute('aria-invalid', 'true')
    const error = canvas.getByRole('alert')
    await expect(error).toHaveTextContent('LOB is required.')
    await expect(group).toHaveAttribute('aria-describedby', error.id)
    await expect(group).toHaveAccessibleDescription('LOB is required.')
    const wireline = canvas.getByRole('button', { name: 'Wireline' })
    const wireless = canvas.getByRole('button', { name: 'Wireless' })
    for (const chip of [wireline, wireless]) {
      await expect(getComputedStyle(chip).borderTopColor).toBe('rgb(185, 28, 28)')
    }
    await userEvent.tab()
    await expect(wireline).toHaveFocus()
    await userEvent.keyboard(' ')
    await expect(args.onValueChange).toHaveBeenCalledTimes(1)
    await expect(args.onValueChange).toHaveBeenCalledWith(['Wireline'])
    await expect(canvas.queryByRole('alert')).toBeNull()
    await expect(group).not.toHaveAttribute('aria-invalid')
    await waitFor(() => expect(getComputedStyle(wireless).borderTopColor).toBe('rgb(148, 163, 184)'))
    // Unchosen again: the message is back.
    await userEvent.keyboard(' ')
    await expect(await canvas.findByRole('alert')).toHaveTextContent('LOB is required.')
    await expect(group).toHaveAttribute('aria-invalid', 'true')
  },
})

/** Long pill labels wrap onto a second row in a phone-width column; none is cut. */
export const LongText = meta.story({
  name: 'Long text',
  args: { shape: 'pill', defaultValue: ['ONT'] },
  render: (args) => (
    <div className="w-full max-w-xs" data-testid="column">
      <Field>
        <FieldLabel>Device classes to be certified</FieldLabel>
        <ChipGroup {...args}>
          <Chip value="Router">Wi-Fi Router</Chip>
          <Chip value="Mesh">Wi-Fi Mesh Device</Chip>
          <Chip value="Extender">Wi-Fi Extender</Chip>
          <Chip value="ONT">Optical Network Terminal (ONT)</Chip>
          <Chip value="STB">Set-top box</Chip>
        </ChipGroup>
      </Field>
    </div>
  ),
  play: async ({ canvas, args, userEvent }) => {
    const column = canvas.getByTestId('column').getBoundingClientRect()
    const chips = canvas.getAllByRole('button')
    for (const chip of chips) {
      await expect(chip.getBoundingClientRect().right).toBeLessThanOrEqual(column.right + 0.5)
      await expect(chip.scrollWidth).toBeLessThanOrEqual(chip.clientWidth)
    }
    const tops = new Set(chips.map((chip) => Math.round(chip.getBoundingClientRect().top)))
    await expect(tops.size).toBeGreaterThan(1)
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Optical Network Terminal (ONT)' })).toHaveFocus()
    await userEvent.keyboard('{End}{Enter}')
    await expect(args.onValueChange).toHaveBeenCalledTimes(1)
    await expect(args.onValueChange).toHaveBeenCalledWith(['ONT', 'STB'])
  },
})
