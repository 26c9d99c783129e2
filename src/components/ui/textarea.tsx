import * as React from 'react'
import { useFieldControl, useFieldPart } from '@/components/ui/field'
import { controlSurfaceClasses } from '@/components/ui/input'
import { cn } from '@/lib/utils'

type TextareaProps = React.ComponentProps<'textarea'> & {
  /**
   * The most characters the field accepts. The count under the field shows how many are used;
   * typing past the limit is allowed so that the validation message can say what is wrong.
   */
  limit?: number
}

function lengthOf(value: TextareaProps['value']) {
  if (value === undefined || value === null) return 0
  return String(value).length
}

function Textarea({ className, limit, value, defaultValue, onChange, ...props }: TextareaProps) {
  const [uncontrolledLength, setUncontrolledLength] = React.useState(() => lengthOf(defaultValue))
  const length = value !== undefined ? lengthOf(value) : uncontrolledLength
  const ownId = React.useId()
  const field = useFieldPart('count', limit !== undefined)
  const countId = field ? field.partId('count') : `textarea-${ownId}-count`
  // Inside a Field the count is registered with it; alone, the textarea names the count itself.
  const ownDescription = !field && limit !== undefined ? countId : undefined
  const over = limit !== undefined && length > limit
  const controlProps = useFieldControl({
    ...props,
    'aria-describedby': [props['aria-describedby'], ownDescription].filter(Boolean).join(' ') || undefined,
    // Past the limit the text is invalid whether or not a message shows yet.
    'aria-invalid': props['aria-invalid'] ?? (over || undefined),
  })

  return (
    <div data-slot="textarea-wrapper" className="flex flex-col gap-1">
      <textarea
        data-slot="textarea"
        className={cn(
          controlSurfaceClasses,
          // Grows with its text up to 18rem, then scrolls; the user can still drag it taller.
          'field-sizing-content max-h-72 min-h-24 resize-y py-2 leading-6',
          className,
        )}
        value={value}
        defaultValue={defaultValue}
        onChange={(event) => {
          if (value === undefined) setUncontrolledLength(event.target.value.length)
          onChange?.(event)
        }}
        {...controlProps}
      />
      {limit !== undefined ? (
        <p
          data-slot="textarea-count"
          id={countId}
          data-over={over || undefined}
          className="self-end text-caption text-ink-muted tabular-nums data-[over]:font-semibold data-[over]:text-danger"
        >
          {length} / {limit}
          <span className="sr-only"> characters used</span>
        </p>
      ) : null}
    </div>
  )
}

export { Textarea, type TextareaProps }
