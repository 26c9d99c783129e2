// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TOAST_DURATION_MS, TOAST_HOTKEY, ToastClockProvider, Toaster } from '@/components/ui/toaster'
import { createManualClock } from '@/lib/clock'

/*
 * Spec §1, §8, §9: toasts close after 5000 ms and pause on hover; the registration's success toast
 * closes after 2000 ms; Alt+T reaches them. The numbers are the specification's own, written here
 * as numbers, and the closing is observed on a fake clock.
 */

/** Sonner lets a closing toast animate out before it leaves the page. */
const EXIT_ANIMATION_MS = 400

/** Sonner puts a new toast on the page on its next task: the 0 ms of its own timer. */
function show(open: () => void) {
  act(() => {
    open()
    vi.advanceTimersByTime(0)
  })
}

describe('toasts (spec §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false })
  })
  afterEach(() => {
    act(() => {
      toast.dismiss()
      vi.advanceTimersByTime(1000)
    })
    cleanup()
    vi.useRealTimers()
  })

  it('are set to close after 5000 ms and answer Alt+T', () => {
    expect(TOAST_DURATION_MS).toBe(5000)
    expect(TOAST_HOTKEY).toEqual(['altKey', 'KeyT'])
  })

  it('show a toast at 4900 ms and close it after 5000 ms', () => {
    render(<Toaster />)
    show(() => toast('Saved'))
    act(() => vi.advanceTimersByTime(4900))
    expect(screen.getByText('Saved')).toBeTruthy()
    act(() => vi.advanceTimersByTime(100 + EXIT_ANIMATION_MS))
    expect(screen.queryByText('Saved')).toBeNull()
  })

  it('close the registration success toast after 2000 ms', () => {
    render(<Toaster />)
    show(() => toast.success('Registration successful.', { duration: 2000 }))
    act(() => vi.advanceTimersByTime(1900))
    expect(screen.getByText('Registration successful.')).toBeTruthy()
    act(() => vi.advanceTimersByTime(100 + EXIT_ANIMATION_MS))
    expect(screen.queryByText('Registration successful.')).toBeNull()
  })

  it('hold a toast while the pointer is on it, and close it 5000 ms in once it leaves', () => {
    render(<Toaster />)
    show(() => toast('Held'))
    act(() => vi.advanceTimersByTime(1000))
    const list = screen.getByText('Held').closest('ol') as HTMLElement
    fireEvent.mouseEnter(list)
    act(() => vi.advanceTimersByTime(10_000))
    expect(screen.getByText('Held')).toBeTruthy()
    fireEvent.mouseLeave(list)
    act(() => vi.advanceTimersByTime(3900))
    expect(screen.getByText('Held')).toBeTruthy()
    act(() => vi.advanceTimersByTime(100 + EXIT_ANIMATION_MS))
    expect(screen.queryByText('Held')).toBeNull()
  })

  it('are reached with Alt+T', () => {
    render(<Toaster />)
    show(() => toast('Reach me'))
    const list = screen.getByText('Reach me').closest('ol') as HTMLElement
    expect(document.activeElement).not.toBe(list)
    act(() => {
      fireEvent.keyDown(document, { key: 't', code: 'KeyT', altKey: true })
    })
    expect(document.activeElement).toBe(list)
  })
})

/*
 * The stories hold toasts on a manual clock (a play function on a loaded machine must not race the
 * 5 s): inside a ToastClockProvider, toasts close when that clock says, whatever the real time.
 */
describe('toasts on a toast clock (stories)', () => {
  beforeEach(() => {
    // sonner hands a dismissal to the next animation frame.
    vi.useFakeTimers({
      shouldAdvanceTime: false,
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'Date'],
    })
  })
  afterEach(() => {
    act(() => {
      toast.dismiss()
      vi.advanceTimersByTime(1000)
    })
    cleanup()
    vi.useRealTimers()
  })

  /** sonner's two animation frames of a dismissal, then its exit animation, each in its own act. */
  function closeOut() {
    act(() => vi.advanceTimersByTime(20))
    act(() => vi.advanceTimersByTime(20))
    act(() => vi.advanceTimersByTime(EXIT_ANIMATION_MS))
  }

  function renderOnClock() {
    const clock = createManualClock()
    render(
      <ToastClockProvider clock={clock}>
        <Toaster />
      </ToastClockProvider>,
    )
    return clock
  }

  it('stay past 5000 ms of real time and close when the clock reaches 5000 ms', () => {
    const clock = renderOnClock()
    show(() => toast('Held by the clock'))
    act(() => vi.advanceTimersByTime(60_000))
    expect(screen.getByText('Held by the clock')).toBeTruthy()
    act(() => clock.advance(4999))
    act(() => vi.advanceTimersByTime(EXIT_ANIMATION_MS))
    expect(screen.getByText('Held by the clock')).toBeTruthy()
    act(() => clock.advance(1))
    closeOut()
    expect(screen.queryByText('Held by the clock')).toBeNull()
  })

  it('close a toast with a duration of its own (registration, 2000 ms) when the clock reaches it', () => {
    const clock = renderOnClock()
    show(() => toast.success('Registration successful.', { duration: 2000 }))
    act(() => vi.advanceTimersByTime(10_000))
    // Still a success toast.
    const shown = screen.getByText('Registration successful.').closest('[data-sonner-toast]')
    expect(shown?.getAttribute('data-type')).toBe('success')
    act(() => clock.advance(1999))
    act(() => vi.advanceTimersByTime(EXIT_ANIMATION_MS))
    expect(screen.getByText('Registration successful.')).toBeTruthy()
    act(() => clock.advance(1))
    closeOut()
    expect(screen.queryByText('Registration successful.')).toBeNull()
  })
})
