import { LoaderCircle } from 'lucide-react'
import type * as React from 'react'
import { cn } from '@/lib/utils'

/** A decorative spinning icon; the element that owns it says what is loading. */
function Spinner({ className, ...props }: React.ComponentProps<typeof LoaderCircle>) {
  return (
    <LoaderCircle
      data-slot="spinner"
      aria-hidden="true"
      className={cn('size-4 shrink-0 animate-spin', className)}
      {...props}
    />
  )
}

export { Spinner }
