import { Lock } from 'lucide-react'
import type * as React from 'react'
import { cn } from '@/lib/utils'

type RefusalNoteProps = React.ComponentProps<'div'> & {
  /** Why it may not be done (a role's refusal, in the server's words). */
  reason: string
  /** What to do about it. */
  hint: string
}

/**
 * Why a control beside it is disabled, and what to do about it: a lock, the reason, the hint. The
 * control names it with `aria-describedby` (give the note an id).
 */
function RefusalNote({ reason, hint, className, ...props }: RefusalNoteProps) {
  return (
    <div data-slot="refusal-note" className={cn('flex gap-1.5 text-small', className)} {...props}>
      <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-muted" />
      <p className="flex flex-col gap-0.5">
        <span className="text-ink">{reason}</span> <span className="text-ink-muted">{hint}</span>
      </p>
    </div>
  )
}

export { RefusalNote }
