import { toastClock } from '#.storybook/clock'
import preview from '#.storybook/preview'
import { toast } from 'sonner'
import { expect, type UserEventObject, waitFor, within } from 'storybook/test'
import { Button } from '@/components/ui/button'
import { Toaster } from '@/components/ui/toaster'

const meta = preview.meta({
  title: 'UI/Toaster',
  component: Toaster,
  parameters: { layout: 'fullscreen' },
})

function toastsIn(canvasElement: HTMLElement) {
  return within(canvasElement.ownerDocument.body)
}

async function expectBoldBlack(element: HTMLElement) {
  const style = getComputedStyle(element)
  await expect(Number(style.fontWeight)).toBeGreaterThanOrEqual(700)
  await expect(style.color).toBe('rgb(0, 0, 0)')
}

function Demo({ onShow, label }: { onShow: () => void; label: string }) {
  return (
    <div className="min-h-80 p-6">
      <Button onClick={onShow}>{label}</Button>
      <Toaster />
    </div>
  )
}

/** Success: top-right, bold black text (spec §1). */
export const Success = meta.story({
  name: 'Success',
  render: () => (
    <Demo
      label="Save section"
      onShow={() => toast.success('Organization portfolio manager details saved successfully')}
    />
  ),
  play: async ({ canvasElement, userEvent }) => {
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    const message = await toastsIn(canvasElement).findByText(
      'Organization portfolio manager details saved successfully',
    )
    await expectBoldBlack(message)
    const toaster = canvasElement.ownerDocument.querySelector('[data-sonner-toaster]') as HTMLElement
    await expect(toaster).toHaveAttribute('data-y-position', 'top')
    await expect(toaster).toHaveAttribute('data-x-position', 'right')
  },
})

/** An error from the server, its message shown as it came. */
export const Error = meta.story({
  name: 'Error',
  render: () => <Demo label="Login" onShow={() => toast.error('Invalid email id or password')} />,
  play: async ({ canvasElement, userEvent }) => {
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    const message = await toastsIn(canvasElement).findByText('Invalid email id or password')
    await expectBoldBlack(message)
    await expect(message.closest('[data-sonner-toast]')).toHaveAttribute('data-type', 'error')
  },
})

/** The no-change warning of the portfolio form (spec §8). */
export const Warning = meta.story({
  name: 'Warning',
  render: () => (
    <Demo
      label="Save"
      onShow={() => toast.warning('No updates were made. Please modify the data before saving.')}
    />
  ),
  play: async ({ canvasElement, userEvent }) => {
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    const message = await toastsIn(canvasElement).findByText(
      'No updates were made. Please modify the data before saving.',
    )
    await expect(message.closest('[data-sonner-toast]')).toHaveAttribute('data-type', 'warning')
  },
})

/** Alt+T moves focus to the notifications, so keyboard users can reach and close them. */
export const HotkeyAltT = meta.story({
  name: 'Hotkey Alt+T',
  render: () => (
    <Demo label="Start Certify" onShow={() => toast.success('Device testcase updated successfully!')} />
  ),
  play: async ({ canvasElement, userEvent }) => {
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    await toastsIn(canvasElement).findByText('Device testcase updated successfully!')
    await userEvent.keyboard('{Alt>}t{/Alt}')
    const toaster = canvasElement.ownerDocument.querySelector('[data-sonner-toaster]') as HTMLElement
    await waitFor(() => expect(toaster.contains(canvasElement.ownerDocument.activeElement)).toBe(true))
    const toastBox = toastsIn(canvasElement)
      .getByText('Device testcase updated successfully!')
      .closest('[data-sonner-toast]') as HTMLElement
    await userEvent.click(within(toastBox).getByRole('button', { name: /close/i }))
    await waitFor(() =>
      expect(toastsIn(canvasElement).queryByText('Device testcase updated successfully!')).toBeNull(),
    )
  },
})

/** Several messages stack, newest first; a long message wraps. */
export const Stacked = meta.story({
  name: 'Stacked',
  render: () => (
    <Demo
      label="Show messages"
      onShow={() => {
        toast.success('Organization line of business details saved successfully')
        toast.error(
          'The count of device serial number must match the number of devices added. You may add up to 3 devices here. For more than three, please send the serial numbers via email',
        )
      }}
    />
  ),
  play: async ({ canvasElement, userEvent }) => {
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    const body = toastsIn(canvasElement)
    await body.findByText('Organization line of business details saved successfully')
    const long = await body.findByText(/The count of device serial number/)
    const toastBox = long.closest('[data-sonner-toast]') as HTMLElement
    await expect(toastBox.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth)
  },
})

const SAVED = 'Device details saved successfully'

/**
 * A toast closes 5000 ms after it shows (spec §1). Stories hold toasts on a clock of their own
 * (.storybook/clock.tsx): this one moves it, and sees the toast stay at 4999 ms and close at 5000.
 */
const closesAfterFiveSeconds = {
  render: () => <Demo label="Save section" onShow={() => toast.success(SAVED)} />,
  play: async ({ canvasElement, userEvent }: { canvasElement: HTMLElement; userEvent: UserEventObject }) => {
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    const message = await toastsIn(canvasElement).findByText(SAVED)
    // Its closing waits on the story's clock, not on the machine's.
    await waitFor(() => expect(toastClock().pending).toBe(1))
    toastClock().advance(4999)
    await expect(message.closest('[data-sonner-toast]')).toHaveAttribute('data-removed', 'false')
    toastClock().advance(1)
    await waitFor(() => expect(toastsIn(canvasElement).queryByText(SAVED)).toBeNull())
    await expect(toastClock().pending).toBe(0)
  },
}

export const ClosesAfterFiveSeconds = meta.story({ name: 'Closes after 5000 ms', ...closesAfterFiveSeconds })
export const ClosesAfterFiveSecondsOnPhone = meta.story({
  name: 'Closes after 5000 ms, on a phone',
  globals: { viewport: { value: 'phone', isRotated: false } },
  ...closesAfterFiveSeconds,
})
