import * as React from 'react'
import { Toaster as Sonner, toast, type ToastT, useSonner } from 'sonner'
import type { Clock } from '@/lib/clock'

/** Spec §1 and §9: top-right, bold black text, closes after 5000 ms, pauses on hover, Alt+T focuses it. */
const TOAST_DURATION_MS = 5000
const TOAST_HOTKEY = ['altKey', 'KeyT']

/** The close button sits at the top-right corner, away from the coloured edge of the toast. */
const closeButtonAtEnd = {
  '--toast-close-button-start': 'unset',
  '--toast-close-button-end': '0',
  '--toast-close-button-transform': 'translate(35%, -35%)',
} as React.CSSProperties

/*
 * Who closes the toasts. In the app nobody provides a clock: sonner's own timer closes them (paused
 * on hover). The stories' preview gives every story a manual clock here, so a play function on a
 * loaded machine never races a toast's 5 s; a story moves that clock to see a toast close.
 */
const ToastClockContext = React.createContext<Clock | null>(null)

function ToastClockProvider({ clock, children }: { clock: Clock; children: React.ReactNode }) {
  return <ToastClockContext.Provider value={clock}>{children}</ToastClockContext.Provider>
}

/** Turns sonner's own timer off for a toast that brought a duration of its own (same kind, same text). */
function holdOnSonner(shown: ToastT) {
  const held = { id: shown.id, duration: Infinity }
  const kind = shown.type
  if (kind === 'success' || kind === 'error' || kind === 'warning' || kind === 'info')
    toast[kind](shown.title, held)
  else toast.message(shown.title, held)
}

/**
 * Closes each toast of the container `toasterId` when `clock` reaches its time (its own duration,
 * or `duration`). sonner's timer is off: the container's toasts last forever there, and a toast
 * with a duration of its own is given Infinity once seen.
 */
function ClockedClosing({
  clock,
  toasterId,
  duration,
}: {
  clock: Clock
  toasterId?: string
  duration: number
}) {
  const { toasts } = useSonner()
  const timers = React.useRef(new Map<string | number, () => void>())
  React.useEffect(() => {
    for (const [id, cancel] of timers.current) {
      if (toasts.some((shown) => shown.id === id)) continue
      cancel()
      timers.current.delete(id)
    }
    for (const shown of toasts) {
      if (shown.toasterId !== toasterId || timers.current.has(shown.id)) continue
      const lifetime = shown.duration ?? duration
      if (shown.duration !== undefined && shown.duration !== Infinity) holdOnSonner(shown)
      const close =
        lifetime === Infinity ? () => undefined : clock.after(lifetime, () => toast.dismiss(shown.id))
      timers.current.set(shown.id, close)
    }
  }, [clock, duration, toasterId, toasts])
  React.useEffect(() => {
    const pending = timers.current
    return () => {
      for (const cancel of pending.values()) cancel()
      pending.clear()
    }
  }, [clock])
  return null
}

function Toaster({
  toastOptions,
  style,
  duration = TOAST_DURATION_MS,
  ...props
}: React.ComponentProps<typeof Sonner>) {
  const clock = React.useContext(ToastClockContext)
  return (
    <>
      {clock ? <ClockedClosing clock={clock} toasterId={props.id} duration={duration} /> : null}
      <Sonner
        style={{ ...closeButtonAtEnd, ...style }}
        position="top-right"
        duration={clock ? Infinity : duration}
        hotkey={TOAST_HOTKEY}
        closeButton
        richColors={false}
        theme="light"
        // Below the 54 px sticky header, so the header stays usable while a toast shows.
        offset={{ top: 64, right: 16 }}
        mobileOffset={{ top: 62, left: 8, right: 8 }}
        toastOptions={{
          ...toastOptions,
          classNames: {
            toast: 'font-sans !font-bold !text-black !rounded-control !border-line !shadow-popover',
            title: '!font-bold !text-black',
            description: '!font-semibold !text-black',
            error: '!border-l-4 !border-l-danger',
            success: '!border-l-4 !border-l-success',
            warning: '!border-l-4 !border-l-warning',
            info: '!border-l-4 !border-l-brand-600',
            ...toastOptions?.classNames,
          },
        }}
        {...props}
      />
    </>
  )
}

export { TOAST_DURATION_MS, TOAST_HOTKEY, ToastClockProvider, Toaster }
