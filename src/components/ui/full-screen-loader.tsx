import { Dialog as DialogPrimitive, VisuallyHidden } from 'radix-ui'
import { useReturnFocus } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/utils'

type FullScreenLoaderProps = {
  open: boolean
  /** What is happening, read by screen readers and shown under the spinner. */
  label?: string
  className?: string
}

const keepOpen = (event: Event) => event.preventDefault()

/**
 * Covers the whole page while a request that must finish first is pending (login, registration,
 * password). It is modal: clicks, Tab and Escape cannot reach or close anything behind it.
 */
function FullScreenLoader({ open, label = 'Please wait…', className }: FullScreenLoaderProps) {
  // There is no trigger to return to: focus goes back to whatever had it when the loader opened.
  const returnFocus = useReturnFocus({})
  return (
    <DialogPrimitive.Root open={open} modal>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay
          data-slot="full-screen-loader-overlay"
          className="fixed inset-0 z-[60] cursor-wait bg-surface/70 backdrop-blur-[1px] data-[state=open]:animate-fade-in"
        />
        <DialogPrimitive.Content
          data-slot="full-screen-loader"
          aria-busy="true"
          aria-describedby={undefined}
          onEscapeKeyDown={keepOpen}
          onPointerDownOutside={keepOpen}
          onInteractOutside={keepOpen}
          {...returnFocus}
          className={cn(
            'fixed top-1/2 left-1/2 z-[61] flex -translate-x-1/2 -translate-y-1/2 flex-col items-center gap-3 rounded-card bg-surface px-8 py-6 shadow-popover outline-none',
            className,
          )}
        >
          <VisuallyHidden.Root asChild>
            <DialogPrimitive.Title>Loading</DialogPrimitive.Title>
          </VisuallyHidden.Root>
          <Spinner className="size-8 text-brand-700" />
          <p role="status" className="text-small font-semibold text-ink">
            {label}
          </p>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}

export { FullScreenLoader }
