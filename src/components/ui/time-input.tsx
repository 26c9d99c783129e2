import { Clock } from 'lucide-react'
import * as React from 'react'
import { useFieldControl } from '@/components/ui/field'
import { inputClasses } from '@/components/ui/input'
import { cn } from '@/lib/utils'

const pad = (n: number) => String(n).padStart(2, '0')

/** Formats what the user typed as they type it: up to four digits, a colon after the hours. */
function formatTimeDigits(text: string) {
  const digits = text.replace(/\D/g, '').slice(0, 4)
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}:${digits.slice(2)}`
}

/**
 * Completes a partly typed time into HH:MM on 24 hours: '9' → '09:00', '930' → '09:30',
 * '2561' → '23:59'. Empty stays empty.
 */
function normalizeTime(text: string) {
  const digits = text.replace(/\D/g, '').slice(0, 4)
  if (digits.length === 0) return ''
  const [hoursText, minutesText] =
    digits.length <= 2
      ? [digits, '0']
      : digits.length === 3
        ? [digits.slice(0, 1), digits.slice(1)]
        : [digits.slice(0, 2), digits.slice(2)]
  const hours = Math.min(Number(hoursText), 23)
  const minutes = Math.min(Number(minutesText), 59)
  return `${pad(hours)}:${pad(minutes)}`
}

/** Moves the hours or the minutes of an HH:MM value by `delta`, wrapping around the clock. */
function stepTime(value: string, part: 'hours' | 'minutes', delta: number) {
  const [hoursText = '0', minutesText = '0'] = (normalizeTime(value) || '00:00').split(':')
  const hours = Number(hoursText)
  const minutes = Number(minutesText)
  if (part === 'hours') return `${pad((((hours + delta) % 24) + 24) % 24)}:${pad(minutes)}`
  return `${pad(hours)}:${pad((((minutes + delta) % 60) + 60) % 60)}`
}

type TimeInputProps = Omit<React.ComponentProps<'input'>, 'value' | 'defaultValue' | 'type' | 'onChange'> & {
  /** 'HH:MM' on 24 hours, or '' when not set. */
  value?: string
  defaultValue?: string
  onValueChange?: (value: string) => void
}

/**
 * A time of day typed as HH:MM. Digits only, the colon comes by itself; Arrow Up and Down step
 * the hours or the minutes, whichever the caret is in; leaving the field completes the value.
 */
function TimeInput({
  className,
  value,
  defaultValue = '',
  onValueChange,
  onBlur,
  onKeyDown,
  ...props
}: TimeInputProps) {
  const [uncontrolled, setUncontrolled] = React.useState(defaultValue)
  const current = value ?? uncontrolled
  const controlProps = useFieldControl(props)
  // Where the caret goes back to once a stepped value is on screen. Restored in the same commit,
  // so a second Arrow press right after the first still steps the same part.
  const pendingCaret = React.useRef<{ input: HTMLInputElement; caret: number; value: string } | null>(null)

  React.useLayoutEffect(() => {
    const pending = pendingCaret.current
    if (!pending) return
    pendingCaret.current = null
    if (pending.input.value === pending.value) pending.input.setSelectionRange(pending.caret, pending.caret)
  })

  const commit = (next: string) => {
    if (value === undefined) setUncontrolled(next)
    onValueChange?.(next)
  }

  return (
    <div data-slot="time-input" className="relative w-full max-w-40">
      <input
        data-slot="time-input-control"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="HH:MM"
        maxLength={5}
        className={cn(inputClasses, 'pe-9 tabular-nums', className)}
        value={current}
        onChange={(event) => commit(formatTimeDigits(event.target.value))}
        onBlur={(event) => {
          const completed = normalizeTime(current)
          if (completed !== current && !event.currentTarget.readOnly) commit(completed)
          onBlur?.(event)
        }}
        onKeyDown={(event) => {
          onKeyDown?.(event)
          if (event.defaultPrevented || event.currentTarget.readOnly) return
          if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return
          event.preventDefault()
          const input = event.currentTarget
          const caret = input.selectionStart ?? 0
          const part = caret <= 2 ? 'hours' : 'minutes'
          const next = stepTime(current, part, event.key === 'ArrowUp' ? 1 : -1)
          pendingCaret.current = { input, caret, value: next }
          commit(next)
        }}
        {...controlProps}
      />
      <Clock
        aria-hidden="true"
        className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-ink-subtle"
      />
    </div>
  )
}

export { formatTimeDigits, normalizeTime, stepTime, TimeInput, type TimeInputProps }
