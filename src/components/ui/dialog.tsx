import { X } from 'lucide-react'
import { Dialog as DialogPrimitive } from 'radix-ui'
import * as React from 'react'
import { cn } from '@/lib/utils'

function Dialog(props: React.ComponentProps<typeof DialogPrimitive.Root>) {
  return <DialogPrimitive.Root data-slot="dialog" {...props} />
}

function DialogTrigger(props: React.ComponentProps<typeof DialogPrimitive.Trigger>) {
  return <DialogPrimitive.Trigger data-slot="dialog-trigger" {...props} />
}

function DialogClose(props: React.ComponentProps<typeof DialogPrimitive.Close>) {
  return <DialogPrimitive.Close data-slot="dialog-close" {...props} />
}

const overlayClasses = 'fixed inset-0 z-50 bg-ink/50 backdrop-blur-[2px] data-[state=open]:animate-fade-in'
// Centred with `transform` (not Tailwind's `translate` property): the zoom-in keyframes animate
// `transform`, and the two would add up, so the dialog would fly in from the top-left corner.
const contentClasses = cn(
  'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg [transform:translate(-50%,-50%)] flex-col gap-4',
  'overflow-y-auto rounded-card border border-line bg-surface p-6 shadow-popover outline-none data-[state=open]:animate-zoom-in',
)
// A transformed box is the containing block of its `position: fixed` descendants, so a toast
// container inside the transformed content would sit in the dialog's corner, clipped by it. This
// content is centred by a flex frame instead and rests untransformed (its entrance scales it
// only while it plays), so fixed descendants are placed against the viewport.
const untransformedFrameClasses =
  'fixed inset-0 z-50 flex items-center justify-center p-4 pointer-events-none'
const untransformedContentClasses = cn(
  'pointer-events-auto relative flex max-h-full w-full max-w-lg flex-col gap-4',
  'overflow-y-auto rounded-card border border-line bg-surface p-6 shadow-popover outline-none',
  'transition-[opacity,scale] duration-150 ease-out motion-reduce:transition-none starting:scale-97 starting:opacity-0',
)

function DialogOverlay({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cn(overlayClasses, className)}
      {...props}
    />
  )
}

type DialogContentProps = React.ComponentProps<typeof DialogPrimitive.Content> & {
  /** Shows the close (X) button in the corner; Escape closes the dialog either way. */
  showCloseButton?: boolean
  /**
   * The dialog holds its own toast container (or anything else fixed to the viewport): Radix makes
   * everything outside a modal dialog inert, so its toasts must live inside it, and be placed
   * against the viewport rather than the dialog.
   */
  hostsToaster?: boolean
}

/**
 * The focus trap moves focus without scrolling (Tab from the last control back to the first), so
 * in a dialog that scrolls the focused control could sit out of sight: bring it into view.
 */
function revealFocused(event: React.FocusEvent<HTMLElement>) {
  if (event.target !== event.currentTarget) event.target.scrollIntoView?.({ block: 'nearest' })
}

type AutoFocusHandlers = {
  onOpenAutoFocus?: ((event: Event) => void) | undefined
  onCloseAutoFocus?: ((event: Event) => void) | undefined
}

/**
 * Gives the focus back, on close, to what had it when the dialog opened. Radix returns it to the
 * dialog's own trigger; a dialog opened otherwise (from a menu item, after a request) has none, and
 * the focus would fall to the page's body. With a trigger, the trigger is what had the focus. A
 * caller's handler that prevents the default keeps its own choice.
 */
function useReturnFocus({
  onOpenAutoFocus,
  onCloseAutoFocus,
}: AutoFocusHandlers): Required<AutoFocusHandlers> {
  const opener = React.useRef<HTMLElement | null>(null)
  return {
    onOpenAutoFocus: (event) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      onOpenAutoFocus?.(event)
    },
    onCloseAutoFocus: (event) => {
      const element = opener.current
      opener.current = null
      onCloseAutoFocus?.(event)
      if (event.defaultPrevented || !element?.isConnected || element === document.body) return
      event.preventDefault()
      element.focus()
    },
  }
}

/** The X in a dialog's or a sheet's corner; Escape closes either way. */
function CornerClose({ slot }: { slot: string }) {
  return (
    <DialogPrimitive.Close
      data-slot={slot}
      className="absolute end-3 top-3 inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-ink-muted transition-colors hover:bg-surface-sunken hover:text-ink focus-visible:focus-ring"
    >
      <X className="size-4" aria-hidden="true" />
      <span className="sr-only">Close</span>
    </DialogPrimitive.Close>
  )
}

function DialogContent({
  className,
  children,
  showCloseButton = true,
  hostsToaster = false,
  onFocus,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  const returnFocus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus })
  const content = (
    <DialogPrimitive.Content
      data-slot="dialog-content"
      className={cn(hostsToaster ? untransformedContentClasses : contentClasses, className)}
      onFocus={(event) => {
        revealFocused(event)
        onFocus?.(event)
      }}
      {...returnFocus}
      {...props}
    >
      {children}
      {showCloseButton ? <CornerClose slot="dialog-close" /> : null}
    </DialogPrimitive.Content>
  )
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      {hostsToaster ? (
        <div data-slot="dialog-frame" className={untransformedFrameClasses}>
          {content}
        </div>
      ) : (
        content
      )}
    </DialogPrimitive.Portal>
  )
}

function DialogHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="dialog-header" className={cn('flex flex-col gap-1.5 pe-8', className)} {...props} />
}

function DialogFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end', className)}
      {...props}
    />
  )
}

function DialogTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="dialog-title"
      className={cn('text-heading break-words text-ink', className)}
      {...props}
    />
  )
}

function DialogDescription({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      data-slot="dialog-description"
      className={cn('text-small break-words text-ink-muted', className)}
      {...props}
    />
  )
}

export {
  contentClasses as dialogContentClasses,
  revealFocused as revealFocusedInDialog,
  useReturnFocus,
  CornerClose,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogOverlay,
  DialogTitle,
  DialogTrigger,
  overlayClasses as dialogOverlayClasses,
}
