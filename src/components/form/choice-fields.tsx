import type * as React from 'react'
import { Checkbox } from '@/components/ui/checkbox'
import { Chip, ChipGroup } from '@/components/ui/chip-group'
import { ChoiceCards } from '@/components/ui/choice-cards'
import { Field, FieldError, FieldLabel } from '@/components/ui/field'
import { useFieldContext, useFieldError } from '@/components/form/form-context'
import { FieldFrame } from '@/components/form/field-frame'
import type { FieldFrameProps, Option } from '@/components/form/form-context'
import { cn } from '@/lib/utils'

/*
 * The kit's fields that choose among options (registered with the form hook in form-kit.tsx):
 * several checkboxes, one card among a few, chips.
 */

type CheckboxGroupFieldProps = Omit<FieldFrameProps, 'required'> & {
  options: ReadonlyArray<Option>
  disabled?: boolean
}

/** Several choices out of a list, as checkboxes under a legend: the field holds the values ticked, in the list's order. */
function CheckboxGroupField({ label, hint, className, options, disabled }: CheckboxGroupFieldProps) {
  const field = useFieldContext<string[]>()
  const error = useFieldError()
  const chosen = new Set(field.state.value ?? [])
  const toggle = (value: string, checked: boolean) => {
    const next = new Set(chosen)
    if (checked) next.add(value)
    else next.delete(value)
    field.handleChange(options.map((option) => option.value).filter((option) => next.has(option)))
  }
  return (
    <fieldset
      data-slot="checkbox-group-field"
      className={cn('flex flex-col gap-2', className)}
      disabled={disabled}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) field.handleBlur()
      }}
    >
      <legend className="mb-1 text-small font-semibold text-ink">{label}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {options.map((option) => (
          <Field key={option.value} orientation="horizontal" invalid={error !== undefined}>
            <Checkbox
              checked={chosen.has(option.value)}
              onCheckedChange={(checked) => toggle(option.value, checked === true)}
            />
            <FieldLabel className="font-normal">{option.label}</FieldLabel>
          </Field>
        ))}
      </div>
      {hint ? <p className="text-small text-ink-muted">{hint}</p> : null}
      <FieldError>{error}</FieldError>
    </fieldset>
  )
}

type ChoiceCardsFieldProps<T extends string> = Omit<
  React.ComponentProps<typeof ChoiceCards<T>>,
  'value' | 'onChange' | 'error'
>

/** One choice among a few, each a card saying what it means (a role); the refusal under them. */
function ChoiceCardsField<T extends string>(props: ChoiceCardsFieldProps<T>) {
  const field = useFieldContext<T>()
  const error = useFieldError()
  return (
    <ChoiceCards<T>
      {...props}
      value={field.state.value}
      onChange={(value) => field.handleChange(value)}
      error={error}
    />
  )
}

type ChipOption = Option & { srLabel?: string }

type ChipGroupFieldProps = FieldFrameProps & {
  options: ReadonlyArray<ChipOption>
  shape?: 'letter' | 'pill'
  disabled?: boolean
}

function ChipGroupField({ label, hint, required, className, options, shape, disabled }: ChipGroupFieldProps) {
  const field = useFieldContext<string[]>()
  return (
    <FieldFrame label={label} hint={hint} required={required} disabled={disabled} className={className}>
      <ChipGroup
        shape={shape ?? 'pill'}
        value={field.state.value ?? []}
        onValueChange={(value) => field.handleChange(value)}
        onBlur={(event) => {
          // Blur counts when focus leaves the whole row, not when it moves between chips.
          if (!event.currentTarget.contains(event.relatedTarget)) field.handleBlur()
        }}
      >
        {options.map((option) => (
          <Chip
            key={option.value}
            value={option.value}
            {...(option.srLabel ? { srLabel: option.srLabel } : {})}
          >
            {option.label}
          </Chip>
        ))}
      </ChipGroup>
    </FieldFrame>
  )
}

export { CheckboxGroupField, ChipGroupField, ChoiceCardsField }
