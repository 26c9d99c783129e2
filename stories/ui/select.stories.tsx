import preview from '#.storybook/preview'
import * as React from 'react'
import { expect, fn, waitFor, within } from 'storybook/test'
import { Field, FieldError, FieldHint, FieldLabel } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { cn } from '@/lib/utils'
import {
  Select,
  SelectAddNewItem,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select'

const VENDORS = ['Huawei', 'Nokia', 'Sagemcom', 'TP-Link', 'ZTE']
const NOKIA_DEVICE_NAMES = ['Beacon 6', 'Beacon 10', 'G-2426G-A', 'XS-2426G-B']
const ADD_NEW_DEVICE_NAME = 'add-new-device-name'

/** The Device Manufacture select of the portfolio form, with the vendor list. */
function VendorSelect({ className, ...props }: React.ComponentProps<typeof Select> & { className?: string }) {
  return (
    <div className={cn('w-full max-w-sm', className)}>
      <Field>
        <FieldLabel>Device Manufacture</FieldLabel>
        <Select {...props}>
          <SelectTrigger>
            <SelectValue placeholder="Select a vendor" />
          </SelectTrigger>
          <SelectContent>
            {VENDORS.map((vendor) => (
              <SelectItem key={vendor} value={vendor}>
                {vendor}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
    </div>
  )
}

const meta = preview.meta({
  title: 'UI/Select',
  component: Select,
  args: { onValueChange: fn(), onOpenChange: fn() },
  render: (args) => <VendorSelect {...args} />,
})

/** Radix renders the list in a portal at the end of the body. */
function page(canvasElement: HTMLElement) {
  return within(canvasElement.ownerDocument.body)
}

/** Closed, with its placeholder; Tab reaches the trigger, which is named by its label. */
export const Default = meta.story({
  name: 'Default',
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Device Manufacture' })
    await expect(trigger).toHaveTextContent('Select a vendor')
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await userEvent.tab()
    await expect(trigger).toHaveFocus()
    await expect(page(canvasElement).queryByRole('listbox')).toBeNull()
    await expect(args.onOpenChange).not.toHaveBeenCalled()
  },
})

/** Keyboard focus on the closed trigger shows the ring. */
export const Focused = meta.story({
  name: 'Focused',
  args: { defaultValue: 'Nokia' },
  play: async ({ canvas, userEvent }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Device Manufacture' })
    await userEvent.tab()
    await expect(trigger).toHaveFocus()
    await expect(trigger.matches(':focus-visible')).toBe(true)
    await expect(trigger).toHaveTextContent('Nokia')
  },
})

/** Open: Enter opens the list with the chosen vendor highlighted and ticked. */
export const Open = meta.story({
  name: 'Open',
  args: { defaultValue: 'Sagemcom' },
  // Room below the trigger so the open list shows in the story.
  render: (args) => <VendorSelect {...args} className="min-h-80" />,
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Device Manufacture' })
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    const listbox = await page(canvasElement).findByRole('listbox')
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    await expect(args.onOpenChange).toHaveBeenCalledWith(true)
    const options = within(listbox).getAllByRole('option')
    await expect(options.map((option) => option.textContent)).toEqual(VENDORS)
    const chosen = within(listbox).getByRole('option', { name: 'Sagemcom' })
    await expect(chosen).toHaveAttribute('aria-selected', 'true')
    await waitFor(() => expect(chosen).toHaveFocus())
    // The list lines up under the trigger and is at least as wide.
    const box = listbox.getBoundingClientRect()
    const triggerBox = trigger.getBoundingClientRect()
    await expect(box.top).toBeGreaterThanOrEqual(triggerBox.bottom)
    await expect(box.width).toBeGreaterThanOrEqual(triggerBox.width - 1)
  },
})

/** Space opens, the arrows move, Enter chooses; the list closes and focus returns to the trigger. */
export const ChooseWithKeyboard = meta.story({
  name: 'Choose with keyboard',
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Device Manufacture' })
    await userEvent.tab()
    await userEvent.keyboard(' ')
    const listbox = await page(canvasElement).findByRole('listbox')
    await waitFor(() => expect(within(listbox).getByRole('option', { name: 'Huawei' })).toHaveFocus())
    await userEvent.keyboard('{ArrowDown}')
    await expect(within(listbox).getByRole('option', { name: 'Nokia' })).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}')
    await expect(within(listbox).getByRole('option', { name: 'ZTE' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onValueChange).toHaveBeenCalledTimes(1)
    await expect(args.onValueChange).toHaveBeenCalledWith('ZTE')
    await waitFor(() => expect(page(canvasElement).queryByRole('listbox')).toBeNull())
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await expect(trigger).toHaveTextContent('ZTE')
    await waitFor(() => expect(trigger).toHaveFocus())
  },
})

/** Escape closes the list and keeps the earlier choice. */
export const EscapeKeepsChoice = meta.story({
  name: 'Escape keeps choice',
  args: { defaultValue: 'TP-Link' },
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Device Manufacture' })
    await userEvent.tab()
    await userEvent.keyboard('{ArrowDown}')
    const listbox = await page(canvasElement).findByRole('listbox')
    await waitFor(() => expect(within(listbox).getByRole('option', { name: 'TP-Link' })).toHaveFocus())
    await userEvent.keyboard('{ArrowUp}{Escape}')
    await waitFor(() => expect(page(canvasElement).queryByRole('listbox')).toBeNull())
    await expect(trigger).toHaveTextContent('TP-Link')
    await expect(args.onValueChange).not.toHaveBeenCalled()
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false)
    await waitFor(() => expect(trigger).toHaveFocus())
  },
})

function DeviceNameField({ onValueChange }: { onValueChange?: (value: string) => void }) {
  const [deviceName, setDeviceName] = React.useState('')
  return (
    <div className="flex min-h-96 w-full max-w-sm flex-col gap-4">
      <Field>
        <FieldLabel>Device Name</FieldLabel>
        <Select
          value={deviceName}
          onValueChange={(value) => {
            setDeviceName(value)
            onValueChange?.(value)
          }}
        >
          <SelectTrigger>
            <SelectValue placeholder="Select a device name" />
          </SelectTrigger>
          <SelectContent>
            {NOKIA_DEVICE_NAMES.map((name) => (
              <SelectItem key={name} value={name}>
                {name}
              </SelectItem>
            ))}
            <SelectAddNewItem value={ADD_NEW_DEVICE_NAME}>Add New Device Name</SelectAddNewItem>
          </SelectContent>
        </Select>
        <FieldHint>Device names offered for Nokia.</FieldHint>
      </Field>
      {deviceName === ADD_NEW_DEVICE_NAME ? (
        <Field>
          <FieldLabel>New device name</FieldLabel>
          <Input maxLength={15} />
          <FieldHint>At most 15 characters.</FieldHint>
        </Field>
      ) : null}
    </div>
  )
}

/**
 * The 'Add New Device Name' option ends the dependent list, set apart by a line and a plus;
 * choosing it by keyboard reveals the field for the new name.
 */
export const AddNewDeviceName = meta.story({
  name: 'Add new device name',
  render: (args) => <DeviceNameField onValueChange={args.onValueChange} />,
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Device Name' })
    await userEvent.tab()
    await expect(trigger).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    const listbox = await page(canvasElement).findByRole('listbox')
    const addNew = within(listbox).getByRole('option', { name: 'Add New Device Name' })
    await expect(within(listbox).getAllByRole('option').at(-1)).toBe(addNew)
    await waitFor(() => expect(within(listbox).getByRole('option', { name: 'Beacon 6' })).toHaveFocus())
    await userEvent.keyboard('{End}')
    await expect(addNew).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onValueChange).toHaveBeenCalledTimes(1)
    await expect(args.onValueChange).toHaveBeenCalledWith(ADD_NEW_DEVICE_NAME)
    await waitFor(() => expect(page(canvasElement).queryByRole('listbox')).toBeNull())
    await expect(trigger).toHaveTextContent('Add New Device Name')
    // The form reveals the new-name field, next in the Tab order.
    const newName = canvas.getByRole('textbox', { name: 'New device name' })
    await waitFor(() => expect(trigger).toHaveFocus())
    await userEvent.tab()
    await expect(newName).toHaveFocus()
    await userEvent.keyboard('Beacon 24 Pro')
    await expect(newName).toHaveValue('Beacon 24 Pro')
  },
})

/** State stays disabled until a country is chosen: Tab skips it and it cannot open. */
export const Disabled = meta.story({
  name: 'Disabled',
  render: (args) => (
    <div className="flex w-full max-w-sm flex-col gap-4">
      <Field disabled>
        <FieldLabel>State</FieldLabel>
        <Select {...args}>
          <SelectTrigger>
            <SelectValue placeholder="Select a state" />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="Karnataka">Karnataka</SelectItem>
          </SelectContent>
        </Select>
        <FieldHint>Choose a country first.</FieldHint>
      </Field>
      <Field>
        <FieldLabel>Address</FieldLabel>
        <Input autoComplete="street-address" />
      </Field>
    </div>
  ),
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const trigger = canvas.getByRole('combobox', { name: 'State' })
    await expect(trigger).toBeDisabled()
    await expect(trigger).toHaveAccessibleDescription('Choose a country first.')
    await userEvent.tab()
    await expect(canvas.getByRole('textbox', { name: 'Address' })).toHaveFocus()
    trigger.focus()
    await userEvent.keyboard('{Enter}')
    await expect(page(canvasElement).queryByRole('listbox')).toBeNull()
    await expect(args.onOpenChange).not.toHaveBeenCalled()
  },
})

const COUNTRIES = [
  { code: '+91', country: 'India' },
  { code: '+33', country: 'France' },
  { code: '+49', country: 'Germany' },
  { code: '+1', country: 'United States' },
]

function CountryField({ onValueChange }: { onValueChange?: (value: string) => void }) {
  const [country, setCountry] = React.useState('')
  const error = country === '' ? 'Country is required.' : undefined
  return (
    <div className="min-h-80 w-full max-w-sm">
      <Field invalid={error !== undefined} required>
        <FieldLabel>Country</FieldLabel>
        <Select
          value={country}
          onValueChange={(value) => {
            setCountry(value)
            onValueChange?.(value)
          }}
        >
          <SelectTrigger>
            <SelectValue placeholder="Select a country" />
          </SelectTrigger>
          <SelectContent>
            {COUNTRIES.map(({ country: name, code }) => (
              <SelectItem key={name} value={name}>
                {name} ({code})
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <FieldError>{error}</FieldError>
      </Field>
    </div>
  )
}

/**
 * Required and empty after Submit: `aria-invalid`, a red border and the message as the
 * description, until a country is chosen.
 */
export const Invalid = meta.story({
  name: 'Invalid',
  render: (args) => <CountryField onValueChange={args.onValueChange} />,
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Country' })
    await expect(trigger).toHaveAttribute('aria-invalid', 'true')
    await expect(trigger).toHaveAttribute('aria-required', 'true')
    const error = canvas.getByRole('alert')
    await expect(error).toHaveTextContent('Country is required.')
    await expect(trigger).toHaveAttribute('aria-describedby', error.id)
    await expect(trigger).toHaveAccessibleDescription('Country is required.')
    await expect(getComputedStyle(trigger).borderTopColor).toBe('rgb(185, 28, 28)')
    await userEvent.tab()
    await expect(trigger).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}')
    const listbox = await page(canvasElement).findByRole('listbox')
    await waitFor(() => expect(within(listbox).getByRole('option', { name: 'India (+91)' })).toHaveFocus())
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}')
    await expect(args.onValueChange).toHaveBeenCalledTimes(1)
    await expect(args.onValueChange).toHaveBeenCalledWith('United States')
    await expect(trigger).toHaveTextContent('United States (+1)')
    // Chosen: the message and the invalid state go.
    await expect(canvas.queryByRole('alert')).toBeNull()
    await expect(trigger).not.toHaveAttribute('aria-invalid')
    await expect(trigger).not.toHaveAttribute('aria-describedby')
  },
})

/** Groups with headings; typing a letter jumps to the first match. */
export const Grouped = meta.story({
  name: 'Grouped',
  render: (args) => (
    <div className="min-h-96 w-full max-w-sm">
      <Field>
        <FieldLabel>Country code</FieldLabel>
        <Select {...args}>
          <SelectTrigger>
            <SelectValue placeholder="Code" />
          </SelectTrigger>
          <SelectContent>
            <SelectGroup>
              <SelectLabel>Asia</SelectLabel>
              <SelectItem value="+91">India (+91)</SelectItem>
              <SelectItem value="+81">Japan (+81)</SelectItem>
            </SelectGroup>
            <SelectGroup>
              <SelectLabel>Europe</SelectLabel>
              <SelectItem value="+33">France (+33)</SelectItem>
              <SelectItem value="+49">Germany (+49)</SelectItem>
            </SelectGroup>
            <SelectGroup>
              <SelectLabel>Americas</SelectLabel>
              <SelectItem value="+1">United States (+1)</SelectItem>
              <SelectItem value="+52">Mexico (+52)</SelectItem>
            </SelectGroup>
          </SelectContent>
        </Select>
      </Field>
    </div>
  ),
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Country code' })
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    const listbox = await page(canvasElement).findByRole('listbox')
    await expect(within(listbox).getAllByRole('group')).toHaveLength(3)
    await waitFor(() => expect(within(listbox).getByRole('group', { name: 'Europe' })).toBeVisible())
    await waitFor(() => expect(within(listbox).getByRole('option', { name: 'India (+91)' })).toHaveFocus())
    await userEvent.keyboard('u')
    await expect(within(listbox).getByRole('option', { name: 'United States (+1)' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onValueChange).toHaveBeenCalledTimes(1)
    await expect(args.onValueChange).toHaveBeenCalledWith('+1')
    await expect(trigger).toHaveTextContent('United States (+1)')
  },
})

/** A long choice is cut with an ellipsis in the trigger and wraps in the open list. */
export const LongText = meta.story({
  name: 'Long text',
  args: { defaultValue: 'ont' },
  render: (args) => (
    <div className="min-h-80 w-full max-w-xs" data-testid="column">
      <Field>
        <FieldLabel>Device Type</FieldLabel>
        <Select {...args}>
          <SelectTrigger>
            <SelectValue placeholder="Select a device type" />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="ont">Optical Network Terminal (GPON, XGS-PON dual-band Wi-Fi 6)</SelectItem>
            <SelectItem value="mesh">Wi-Fi Mesh Device with 2.5 GbE backhaul</SelectItem>
            <SelectItem value="stb">Set-top box</SelectItem>
            <SelectAddNewItem value="add-new-device-type">Add New Device Type</SelectAddNewItem>
          </SelectContent>
        </Select>
      </Field>
    </div>
  ),
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Device Type' })
    const column = canvas.getByTestId('column').getBoundingClientRect()
    await expect(trigger.getBoundingClientRect().right).toBeLessThanOrEqual(column.right + 0.5)
    await expect(trigger.getBoundingClientRect().height).toBeLessThan(48)
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    const listbox = await page(canvasElement).findByRole('listbox')
    const long = within(listbox).getByRole('option', { name: /Optical Network Terminal/ })
    await waitFor(() => expect(long).toHaveFocus())
    await expect(long.scrollWidth).toBeLessThanOrEqual(long.clientWidth)
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    await expect(args.onValueChange).toHaveBeenCalledTimes(1)
    await expect(args.onValueChange).toHaveBeenCalledWith('stb')
    await expect(trigger).toHaveTextContent('Set-top box')
  },
})
