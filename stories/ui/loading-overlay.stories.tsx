import preview from '#.storybook/preview'
import { expect, fn } from 'storybook/test'
import { Button } from '@/components/ui/button'
import { Field, FieldLabel } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { LoadingOverlay } from '@/components/ui/loading-overlay'

const meta = preview.meta({
  title: 'UI/Loading overlay',
  component: LoadingOverlay,
  args: { loading: true, label: 'Loading your portfolio…' },
})

const onSave = fn()

function PortfolioSection() {
  return (
    <div className="flex max-w-md flex-col gap-4 rounded-card border border-line bg-surface p-6">
      <Field>
        <FieldLabel>Organization name</FieldLabel>
        <Input defaultValue="Acme Broadband Devices" />
      </Field>
      <div className="flex gap-2">
        <Button variant="outline">Cancel</Button>
        <Button onClick={onSave}>Save</Button>
      </div>
    </div>
  )
}

/** While loading or sending: the form stays visible but neither clicks nor Tab reach it. */
export const Loading = meta.story({
  name: 'Loading',
  render: (args) => (
    <div className="flex flex-col items-start gap-3">
      <LoadingOverlay {...args} className="w-full max-w-md">
        <PortfolioSection />
      </LoadingOverlay>
      <Button variant="ghost">Help</Button>
    </div>
  ),
  play: async ({ canvas, userEvent }) => {
    onSave.mockClear()
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading your portfolio…')
    // The covered form is inert: the browser will not move focus into it, from Tab or otherwise.
    const field = canvas.getByDisplayValue('Acme Broadband Devices')
    field.focus()
    await expect(field).not.toHaveFocus()
    await expect(canvas.getByRole('button', { name: 'Help' })).toBeVisible()
    canvas.getByRole('button', { name: 'Help' }).focus()
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}')
    await expect(field).not.toHaveFocus()
    // What a pointer would hit over Save is the cover, not the button.
    const box = canvas.getByText('Save').getBoundingClientRect()
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
    await expect(hit?.closest('[data-slot="loading-overlay-cover"]')).not.toBeNull()
    await expect(onSave).not.toHaveBeenCalled()
    await expect(canvas.getByText('Save').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true')
  },
})

/** Idle: the form works as usual. */
export const Idle = meta.story({
  name: 'Idle',
  args: { loading: false },
  render: (args) => (
    <LoadingOverlay {...args} className="max-w-md">
      <PortfolioSection />
    </LoadingOverlay>
  ),
  play: async ({ canvas, userEvent }) => {
    onSave.mockClear()
    await expect(canvas.queryByRole('status')).toBeNull()
    await userEvent.tab()
    await expect(canvas.getByRole('textbox', { name: 'Organization name' })).toHaveFocus()
    await userEvent.tab()
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Save' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(onSave).toHaveBeenCalledTimes(1)
  },
})

/** Over a long section the message stays in view near the top. */
export const LongContent = meta.story({
  name: 'Long content',
  args: { label: 'Saving…' },
  render: (args) => (
    <LoadingOverlay {...args} className="max-w-md">
      <div className="flex flex-col gap-3 rounded-card border border-line bg-surface p-6">
        {Array.from({ length: 12 }, (_, index) => (
          <Field key={index}>
            <FieldLabel>{`Device serial number ${index + 1}`}</FieldLabel>
            <Input defaultValue={`SN-${String(index + 1).padStart(4, '0')}`} />
          </Field>
        ))}
      </div>
    </LoadingOverlay>
  ),
  play: async ({ canvas }) => {
    const status = canvas.getByRole('status')
    await expect(status).toHaveTextContent('Saving…')
    const box = status.getBoundingClientRect()
    await expect(box.top).toBeGreaterThanOrEqual(0)
    await expect(box.bottom).toBeLessThanOrEqual(window.innerHeight)
  },
})
