import * as React from 'react'
import { useFieldControl, useFieldPart } from '@/components/ui/field'
import { inputClasses } from '@/components/ui/input'
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
  const controlProps = useFieldControl({
    ...props,
    'aria-describedby': [props['aria-describedby'], ownDescription].filter(Boolean).join(' ') || undefined,
  })
  const over = limit !== undefined && length > limit

  return (
    <div data-slot="textarea-wrapper" className="flex flex-col gap-1">
      <textarea
        data-slot="textarea"
        className={cn(inputClasses, 'h-auto min-h-24 resize-y py-2 leading-6', className)}
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
