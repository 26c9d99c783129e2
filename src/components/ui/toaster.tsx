import type * as React from 'react'
import { Toaster as Sonner } from 'sonner'

/** Spec §1 and §9: top-right, bold black text, closes after 5000 ms, pauses on hover, Alt+T focuses it. */
const TOAST_DURATION_MS = 5000
const TOAST_HOTKEY = ['altKey', 'KeyT']

function Toaster({ toastOptions, ...props }: React.ComponentProps<typeof Sonner>) {
  return (
    <Sonner
      position="top-right"
      duration={TOAST_DURATION_MS}
      hotkey={TOAST_HOTKEY}
      closeButton
      richColors={false}
      theme="light"
      offset={{ top: 64, right: 16 }}
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
