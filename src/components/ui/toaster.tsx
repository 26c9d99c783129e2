import type * as React from 'react'
import { Toaster as Sonner } from 'sonner'

/** Spec §1 and §9: top-right, bold black text, closes after 5000 ms, pauses on hover, Alt+T focuses it. */
const TOAST_DURATION_MS = 5000
const TOAST_HOTKEY = ['altKey', 'KeyT']

/** The close button sits at the top-right corner, away from the coloured edge of the toast. */
const closeButtonAtEnd = {
  '--toast-close-button-start': 'unset',
  '--toast-close-button-end': '0',
  '--toast-close-button-transform': 'translate(35%, -35%)',
} as React.CSSProperties

function Toaster({ toastOptions, style, ...props }: React.ComponentProps<typeof Sonner>) {
  return (
    <Sonner
      style={{ ...closeButtonAtEnd, ...style }}
      position="top-right"
      duration={TOAST_DURATION_MS}
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
  )
}

export { TOAST_DURATION_MS, TOAST_HOTKEY, Toaster }
