import * as React from 'react'
import { useFieldControl } from '@/components/ui/field'
import { cn } from '@/lib/utils'

/**
 * The look shared by text controls, without a height: tailwind-merge does not know the custom
 * `h-control`, so a control of another height (the textarea) starts from this instead.
 */
const controlSurfaceClasses = cn(
  'w-full min-w-0 rounded-control border border-line-strong bg-surface px-3 text-body text-ink',
  'shadow-[inset_0_1px_1px_rgb(15_23_42/0.04)] transition-colors placeholder:text-ink-subtle',
  'hover:border-ink-subtle focus-visible:border-brand-600 focus-visible:focus-ring',
  'disabled:cursor-not-allowed disabled:bg-surface-sunken disabled:text-ink-muted',
  'read-only:bg-surface-sunken read-only:text-ink-muted',
  'aria-invalid:border-danger aria-invalid:focus-visible:outline-danger',
)

const inputClasses = cn('h-control', controlSurfaceClasses)

type InputProps = React.ComponentProps<'input'> & {
  /** Refuses pasted text (the password and re-enter e-mail fields of the specification). */
  blockPaste?: boolean
}

function Input({ className, type = 'text', blockPaste = false, onPaste, ...props }: InputProps) {
  const controlProps = useFieldControl(props)
  const handlePaste = React.useCallback(
    (event: React.ClipboardEvent<HTMLInputElement>) => {
      if (blockPaste) event.preventDefault()
      onPaste?.(event)
    },
    [blockPaste, onPaste],
  )
  return (
    <input
      data-slot="input"
      type={type}
      className={cn(inputClasses, className)}
      onPaste={handlePaste}
      {...controlProps}
    />
  )
}

export { controlSurfaceClasses, Input, inputClasses, type InputProps }
