import type * as React from 'react'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/utils'

type LoadingOverlayProps = React.ComponentProps<'div'> & {
  loading: boolean
  /** What is happening, announced and shown beside the spinner. */
  label?: string
}

/**
 * Covers its content while loading or sending: the content stays visible but is inert, so
 * neither clicks nor Tab can reach it, and it is marked busy for screen readers.
 */
function LoadingOverlay({ loading, label = 'Loading…', className, children, ...props }: LoadingOverlayProps) {
  return (
    <div
      data-slot="loading-overlay"
      className={cn('relative', className)}
      aria-busy={loading || undefined}
      {...props}
    >
      <div data-slot="loading-overlay-content" inert={loading || undefined}>
        {children}
      </div>
      {loading ? (
        <div
          data-slot="loading-overlay-cover"
          className="absolute inset-0 z-10 animate-fade-in cursor-wait rounded-[inherit] bg-surface/65"
        >
          {/* Centred in the covered area, or in the visible part of it when it is taller than the screen. */}
          <div className="sticky top-0 flex h-full max-h-dvh items-center justify-center p-4">
            <div className="flex items-center gap-2 rounded-full bg-surface px-4 py-2 shadow-popover">
              <Spinner className="size-5 text-brand-700" />
              <span role="status" className="text-small font-semibold text-ink">
                {label}
              </span>
            </div>
          </div>
        </div>
      ) : null}
    </div>
  )
}

export { LoadingOverlay }
