import { Dialog as DialogPrimitive } from 'radix-ui'
import type * as React from 'react'
import {
  Dialog,
  CornerClose,
  DialogClose,
  DialogOverlay,
  DialogTitle,
  DialogTrigger,
  revealFocusedInDialog,
  useReturnFocus,
} from '@/components/ui/dialog'
import { cn } from '@/lib/utils'

/*
 * A sheet: a Radix Dialog that slides up from the bottom edge of a phone's screen, full width,
 * as tall as its content up to most of the screen (the rest scrolls). Focus is trapped inside
 * while it is open and goes back, on close, to what had it before (useReturnFocus); Escape and a
 * tap on the overlay close it.
 */

const Sheet = Dialog
const SheetTrigger = DialogTrigger
const SheetClose = DialogClose
const SheetTitle = DialogTitle

type SheetContentProps = React.ComponentProps<typeof DialogPrimitive.Content> & {
  /** Shows the close (X) button in the corner; Escape closes the sheet either way. */
  showCloseButton?: boolean
}

function SheetContent({
  className,
  children,
  showCloseButton = true,
  onFocus,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: SheetContentProps) {
  const returnFocus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus })
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="sheet-content"
        className={cn(
          'fixed inset-x-0 bottom-0 z-50 flex max-h-[85dvh] flex-col gap-4 overflow-y-auto',
          'rounded-t-card border-t border-line bg-surface px-4 pt-5 pb-[max(1rem,env(safe-area-inset-bottom))] shadow-popover outline-none',
          'transition-[translate] duration-200 ease-out motion-reduce:transition-none starting:translate-y-full',
          className,
        )}
        onFocus={(event) => {
          revealFocusedInDialog(event)
          onFocus?.(event)
        }}
        {...returnFocus}
        {...props}
      >
        {children}
        {showCloseButton ? <CornerClose slot="sheet-close" /> : null}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  )
}

function SheetHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="sheet-header" className={cn('flex flex-col gap-1 pe-8', className)} {...props} />
}

export { Sheet, SheetClose, SheetContent, SheetHeader, SheetTitle, SheetTrigger }
