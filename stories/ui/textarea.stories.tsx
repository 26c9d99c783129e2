import preview from '#.storybook/preview'
import { expect, fn } from 'storybook/test'
import { Field, FieldError, FieldHint, FieldLabel } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'

const ADDRESS = '4th Floor, Prestige Tech Park, Outer Ring Road, Marathahalli, Bengaluru 560103'
/** 195 characters: five short of the 200 the address allows. */
const NEAR_LIMIT_ADDRESS = `${ADDRESS}, Karnataka, India. Building B, Wing 2, Device Certification Lab, Gate 3, beside the visitor car park, Block C, Bay 1`

const meta = preview.meta({
  title: 'UI/Textarea',
  component: Textarea,
  args: { limit: 200, onChange: fn() },
  render: (args) => (
    <div className="w-full max-w-sm">
      <Field>
        <FieldLabel>Address</FieldLabel>
        <Textarea autoComplete="street-address" {...args} />
      </Field>
    </div>
  ),
})

function countOf(canvasElement: HTMLElement) {
  const count = canvasElement.querySelector<HTMLElement>('[data-slot="textarea-count"]')
  if (!count) throw new Error('No character count')
  return count
}

/** The count under the field follows what is typed and is read as the field's description. */
export const Default = meta.story({
  name: 'Default',
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const address = canvas.getByRole('textbox', { name: 'Address' })
    const count = countOf(canvasElement)
    await expect(count).toHaveTextContent('0 / 200')
    await expect(address).toHaveAttribute('aria-describedby', count.id)
    await userEvent.tab()
    await expect(address).toHaveFocus()
    await userEvent.keyboard('Plot 12, Sector 62, Noida')
    await expect(address).toHaveValue('Plot 12, Sector 62, Noida')
    await expect(count).toHaveTextContent('25 / 200')
    await expect(address).toHaveAccessibleDescription('25 / 200 characters used')
    await userEvent.keyboard('{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}')
    await expect(count).toHaveTextContent('20 / 200')
    await expect(args.onChange).toHaveBeenCalledTimes(30)
  },
})

/** Keyboard focus shows the ring; Enter starts a new line instead of leaving the field. */
export const Focused = meta.story({
  name: 'Focused',
  args: { defaultValue: 'Plot 12, Sector 62' },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const address = canvas.getByRole('textbox', { name: 'Address' })
    await userEvent.tab()
    await expect(address).toHaveFocus()
    await expect(address.matches(':focus-visible')).toBe(true)
    await userEvent.keyboard('{End}{Enter}Noida')
    await expect(address).toHaveValue('Plot 12, Sector 62\nNoida')
    await expect(countOf(canvasElement)).toHaveTextContent('24 / 200')
  },
})

/**
 * Typing past the limit is allowed, so the message can say what is wrong: the count turns red
 * and bold, and the field is marked invalid.
 */
export const OverLimit = meta.story({
  name: 'Over limit',
  args: { defaultValue: NEAR_LIMIT_ADDRESS },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const address = canvas.getByRole('textbox', { name: 'Address' })
    const count = countOf(canvasElement)
    await expect(count).toHaveTextContent('195 / 200')
    await expect(count).not.toHaveAttribute('data-over')
    await userEvent.tab()
    await userEvent.keyboard('{Control>}{End}{/Control}4, KA')
    await expect(count).toHaveTextContent('200 / 200')
    await expect(count).not.toHaveAttribute('data-over')
    await expect(address).not.toHaveAttribute('aria-invalid')
    await userEvent.keyboard('.')
    await expect(count).toHaveTextContent('201 / 200')
    await expect(count).toHaveAttribute('data-over', 'true')
    await expect(getComputedStyle(count).color).toBe('rgb(185, 28, 28)')
    await expect(address).toHaveAttribute('aria-invalid', 'true')
    await userEvent.keyboard('{Backspace}')
    await expect(count).not.toHaveAttribute('data-over')
    await expect(address).not.toHaveAttribute('aria-invalid')
  },
})

/** Invalid with the validation message of spec §5, read after the count. */
export const Invalid = meta.story({
  name: 'Invalid',
  args: { defaultValue: `${NEAR_LIMIT_ADDRESS}123456789` },
  render: (args) => (
    <div className="w-full max-w-sm">
      <Field invalid>
        <FieldLabel>Address</FieldLabel>
        <Textarea autoComplete="street-address" {...args} />
        <FieldError>Length must be at most 200 characters</FieldError>
      </Field>
    </div>
  ),
  play: async ({ canvas, canvasElement, userEvent }) => {
    const address = canvas.getByRole('textbox', { name: 'Address' })
    await userEvent.tab()
    await expect(address).toHaveFocus()
    await expect(address).toHaveAttribute('aria-invalid', 'true')
    const error = canvas.getByRole('alert')
    await expect(error).toHaveTextContent('Length must be at most 200 characters')
    await expect(error).toBeVisible()
    await expect(address.getAttribute('aria-describedby')?.split(' ')).toEqual([
      error.id,
      countOf(canvasElement).id,
    ])
    await expect(countOf(canvasElement)).toHaveTextContent('204 / 200')
  },
})

/** Required and empty, after Submit. */
export const Required = meta.story({
  name: 'Required',
  args: { limit: 300, required: true },
  render: (args) => (
    <div className="w-full max-w-sm">
      <Field invalid required>
        <FieldLabel>Description about organization</FieldLabel>
        <Textarea {...args} />
        <FieldError>This field is required</FieldError>
      </Field>
    </div>
  ),
  play: async ({ canvas, canvasElement, userEvent }) => {
    const description = canvas.getByRole('textbox', { name: 'Description about organization' })
    await expect(description).toBeRequired()
    await expect(description).toHaveAccessibleDescription(/^This field is required 0 \/ 300/)
    await userEvent.tab()
    await userEvent.keyboard('Nokia builds fixed and wireless access equipment.')
    await expect(countOf(canvasElement)).toHaveTextContent('49 / 300')
  },
})

/** Disabled: no focus, no typing, dimmed count. */
export const Disabled = meta.story({
  name: 'Disabled',
  args: { disabled: true, defaultValue: ADDRESS },
  render: (args) => (
    <div className="flex w-full max-w-sm flex-col gap-4">
      <Field>
        <FieldLabel>Address</FieldLabel>
        <Textarea {...args} />
      </Field>
      <Field>
        <FieldLabel>City</FieldLabel>
        <Input autoComplete="address-level2" />
      </Field>
    </div>
  ),
  play: async ({ canvas, args, userEvent }) => {
    const address = canvas.getByRole('textbox', { name: 'Address' })
    await expect(address).toBeDisabled()
    await userEvent.tab()
    await expect(canvas.getByRole('textbox', { name: 'City' })).toHaveFocus()
    await expect(address).toHaveValue(ADDRESS)
    await expect(args.onChange).not.toHaveBeenCalled()
  },
})

/** The read-only view of a saved portfolio: focusable and readable, not editable. */
export const ReadOnly = meta.story({
  name: 'Read-only',
  args: { readOnly: true, defaultValue: ADDRESS },
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const address = canvas.getByRole('textbox', { name: 'Address' })
    await userEvent.tab()
    await expect(address).toHaveFocus()
    await expect(address).toHaveAttribute('readonly')
    await userEvent.keyboard('{End} Karnataka')
    await expect(address).toHaveValue(ADDRESS)
    await expect(countOf(canvasElement)).toHaveTextContent(`${ADDRESS.length} / 200`)
    await expect(args.onChange).not.toHaveBeenCalled()
  },
})

/** A long description wraps inside a phone-width column, and the field grows to show it all. */
export const LongText = meta.story({
  name: 'Long text',
  args: {
    limit: 300,
    defaultValue:
      'Huawei Technologies designs optical network terminals, Wi-Fi 7 routers and mesh extenders for fixed-line operators. Our certification team submits two to three firmware builds each quarter for interoperability testing.',
  },
  render: (args) => (
    <div className="w-full max-w-xs" data-testid="column">
      <Field>
        <FieldLabel>Description about organization</FieldLabel>
        <Textarea {...args} />
        <FieldHint>At most 300 characters.</FieldHint>
      </Field>
    </div>
  ),
  play: async ({ canvas, canvasElement, userEvent }) => {
    const description = canvas.getByRole('textbox', { name: 'Description about organization' })
    await userEvent.tab()
    await expect(description).toHaveFocus()
    await expect(description).toHaveAccessibleDescription('At most 300 characters. 218 / 300 characters used')
    // The field grows with its text: every line shows, none is cut in half.
    await expect(description.scrollWidth).toBeLessThanOrEqual(description.clientWidth)
    await expect(description.scrollHeight).toBeLessThanOrEqual(description.clientHeight + 1)
    const column = canvas.getByTestId('column').getBoundingClientRect()
    await expect(countOf(canvasElement).getBoundingClientRect().right).toBeLessThanOrEqual(column.right + 0.5)
  },
})

/** Outside a Field: an `aria-label` names it and the textarea points at its own count. */
export const WithoutField = meta.story({
  name: 'Without field',
  args: { limit: 15, 'aria-label': 'Comment for Sagemcom F@st 5670', rows: 2 },
  render: (args) => (
    <div className="w-full max-w-sm">
      <Textarea {...args} />
    </div>
  ),
  play: async ({ canvas, canvasElement, userEvent }) => {
    const comment = canvas.getByRole('textbox', { name: 'Comment for Sagemcom F@st 5670' })
    const count = countOf(canvasElement)
    await expect(comment).toHaveAttribute('aria-describedby', count.id)
    await userEvent.tab()
    await userEvent.keyboard('Firmware 3.2.1 ok')
    await expect(count).toHaveTextContent('17 / 15')
    await expect(count).toHaveAttribute('data-over', 'true')
  },
})
