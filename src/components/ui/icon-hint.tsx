import * as React from 'react'
import { cn } from '@/lib/utils'

type IconHintProps = {
  /** The hint: the control's accessible name, which the control carries itself (aria-label). */
  label: string
  /** One icon-only control (a button, or a link styled as one). */
  children: React.ReactNode
  className?: string
}

/**
 * A small hint under an icon-only control, on hover and on keyboard focus, for the header's
 * icons. It is a few lines of state rather than the Radix tooltip, so the header paints
 * and hydrates without the positioning engine. The control carries its own accessible name (the
 * hint repeats it and is hidden from assistive technology); Escape dismisses it (WCAG 1.4.13), and
 * so does activating the control.
 */
function IconHint({ label, children, className }: IconHintProps) {
  const [hovered, setHovered] = React.useState(false)
  const [focused, setFocused] = React.useState(false)
  const [dismissed, setDismissed] = React.useState(false)
  const shown = (hovered || focused) && !dismissed
  return (
    <span
      data-slot="icon-hint"
      data-state={shown ? 'open' : 'closed'}
      className={cn('relative inline-flex', className)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setDismissed(true)
      }}
      // Activating the control (it may open a popover right here) puts the hint away too.
      onClick={() => setDismissed(true)}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => {
        setHovered(false)
        setDismissed(false)
      }}
      // Keyboard focus only: a click's focus does not show it (as :focus-visible decides).
      onFocus={(event) => setFocused(event.target.matches(':focus-visible'))}
      onBlur={() => {
        setFocused(false)
        setDismissed(false)
      }}
    >
      {children}
      <span
        aria-hidden="true"
        className={cn(
          'pointer-events-none absolute top-full left-1/2 z-50 mt-1.5 -translate-x-1/2 rounded-md bg-ink px-2.5 py-1.5',
          'text-caption font-medium whitespace-nowrap text-ink-inverted shadow-popover',
          shown ? 'block animate-fade-in' : 'hidden',
        )}
      >
        {label}
      </span>
    </span>
  )
}

export { IconHint }
