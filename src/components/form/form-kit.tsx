import { createFormHook } from '@tanstack/react-form'
import type * as React from 'react'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { ChoiceCards } from '@/components/ui/choice-cards'
import { Chip, ChipGroup } from '@/components/ui/chip-group'
import { Field, FieldError, FieldHint, FieldLabel } from '@/components/ui/field'
import { Input, type InputProps } from '@/components/ui/input'
import {
  Select,
  SelectAddNewItem,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select'
import { Textarea, type TextareaProps } from '@/components/ui/textarea'
import { TimeInput } from '@/components/ui/time-input'
import { useTextTypedEarly } from '@/lib/use-text-typed-early'
import { cn } from '@/lib/utils'
import {
  fieldContext,
  firstErrorMessage,
  formContext,
  useFieldContext,
  useFormContext,
} from '@/components/form/form-context'

/*
 * Field components registered once with the form hook below: each binds one primitive to
 * a TanStack Form field — value, change, blur — and shows the field's first error under it. When
 * errors appear is the form's choice (onChange, onBlur or onSubmit validators).
 */

type FieldFrameProps = {
  label: React.ReactNode
  hint?: React.ReactNode
  required?: boolean
  className?: string
}

/** The field's first message, from its own validators or the form's (`{ fields }`). */
function useFieldError() {
  const field = useFieldContext<unknown>()
  return firstErrorMessage(field.state.meta.errors)
}

type TextFieldProps = FieldFrameProps &
  Omit<InputProps, 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'name' | 'required'> & {
    /** The hint between the label and the box (a rule to read before typing) rather than under it. */
    hintFirst?: boolean
    /** The message takes the hint's place while there is one (an example that the message replaces). */
    hintGivesWay?: boolean
    /** Classes of the box itself (`className` is the whole field's). */
    inputClassName?: string
  }

function TextField({
  label,
  hint: givenHint,
  hintFirst,
  hintGivesWay,
  inputClassName,
  required,
  className,
  disabled,
  ...inputProps
}: TextFieldProps) {
  const field = useFieldContext<string>()
  const error = useFieldError()
  const hint = hintGivesWay && error !== undefined ? undefined : givenHint
  const ref = useTextTypedEarly<HTMLInputElement>(field.state.value ?? '', field.handleChange)
  return (
    <Field
      invalid={error !== undefined}
      required={required ?? false}
      disabled={disabled ?? false}
      className={className}
    >
      <FieldLabel>{label}</FieldLabel>
      {hint && hintFirst ? <FieldHint>{hint}</FieldHint> : null}
      <Input
        ref={ref}
        name={field.name}
        value={field.state.value ?? ''}
        onChange={(event) => field.handleChange(event.target.value)}
        onBlur={field.handleBlur}
        className={inputClassName}
        {...inputProps}
      />
      {hint && !hintFirst ? <FieldHint>{hint}</FieldHint> : null}
      <FieldError>{error}</FieldError>
    </Field>
  )
}

type TextareaFieldProps = FieldFrameProps &
  Omit<TextareaProps, 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'name' | 'required'>

function TextareaField({ label, hint, required, className, disabled, ...textareaProps }: TextareaFieldProps) {
  const field = useFieldContext<string>()
  const error = useFieldError()
  const ref = useTextTypedEarly<HTMLTextAreaElement>(field.state.value ?? '', field.handleChange)
  return (
    <Field
      invalid={error !== undefined}
      required={required ?? false}
      disabled={disabled ?? false}
      className={className}
    >
      <FieldLabel>{label}</FieldLabel>
      <Textarea
        ref={ref}
        name={field.name}
        value={field.state.value ?? ''}
        onChange={(event) => field.handleChange(event.target.value)}
        onBlur={field.handleBlur}
        {...textareaProps}
      />
      {hint ? <FieldHint>{hint}</FieldHint> : null}
      <FieldError>{error}</FieldError>
    </Field>
  )
}

type Option = { value: string; label: string }

type SelectFieldProps = FieldFrameProps & {
  options: ReadonlyArray<Option>
  placeholder?: string
  /** The 'Add New …' choice at the end of a dependent list (spec §3). */
  addNewOption?: Option
  disabled?: boolean
  /** Called after the value changes: cascades clear the fields that depend on this one. */
  onValueChange?: (value: string) => void
}

function SelectField({
  label,
  hint,
  required,
  className,
  options,
  placeholder,
  addNewOption,
  disabled,
  onValueChange,
}: SelectFieldProps) {
  const field = useFieldContext<string>()
  const error = useFieldError()
  return (
    <Field
      invalid={error !== undefined}
      required={required ?? false}
      disabled={disabled ?? false}
      className={className}
    >
      <FieldLabel>{label}</FieldLabel>
      <Select
        name={field.name}
        value={field.state.value ?? ''}
        onValueChange={(value) => {
          field.handleChange(value)
          onValueChange?.(value)
        }}
        onOpenChange={(open) => {
          if (!open) field.handleBlur()
        }}
      >
        <SelectTrigger>
          <SelectValue placeholder={placeholder}>
            {chosenLabel(field.state.value, options, addNewOption)}
          </SelectValue>
        </SelectTrigger>
        <SelectContent lazy>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
          {addNewOption ? (
            <SelectAddNewItem value={addNewOption.value}>{addNewOption.label}</SelectAddNewItem>
          ) : null}
        </SelectContent>
      </Select>
      {hint ? <FieldHint>{hint}</FieldHint> : null}
      <FieldError>{error}</FieldError>
    </Field>
  )
}

/** The text a closed select shows for its value (its items are rendered only while open). */
function chosenLabel(value: string | undefined, options: ReadonlyArray<Option>, addNewOption?: Option) {
  if (!value) return undefined
  if (addNewOption?.value === value) return addNewOption.label
  return options.find((option) => option.value === value)?.label ?? value
}

type CheckboxFieldProps = FieldFrameProps & { disabled?: boolean }

function CheckboxField({ label, hint, required, className, disabled }: CheckboxFieldProps) {
  const field = useFieldContext<boolean>()
  const error = useFieldError()
  return (
    <Field
      orientation="horizontal"
      invalid={error !== undefined}
      required={required ?? false}
      disabled={disabled ?? false}
      className={className}
    >
      <Checkbox
        name={field.name}
        checked={field.state.value === true}
        onCheckedChange={(checked) => field.handleChange(checked === true)}
        onBlur={field.handleBlur}
      />
      <FieldLabel>{label}</FieldLabel>
      {hint ? <FieldHint>{hint}</FieldHint> : null}
      <FieldError>{error}</FieldError>
    </Field>
  )
}

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
  const error = useFieldError()
  return (
    <Field
      invalid={error !== undefined}
      required={required ?? false}
      disabled={disabled ?? false}
      className={className}
    >
      <FieldLabel>{label}</FieldLabel>
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
      {hint ? <FieldHint>{hint}</FieldHint> : null}
      <FieldError>{error}</FieldError>
    </Field>
  )
}

type TimeFieldProps = FieldFrameProps & { disabled?: boolean; readOnly?: boolean }

function TimeField({ label, hint, required, className, disabled, readOnly }: TimeFieldProps) {
  const field = useFieldContext<string>()
  const error = useFieldError()
  return (
    <Field
      invalid={error !== undefined}
      required={required ?? false}
      disabled={disabled ?? false}
      className={className}
    >
      <FieldLabel>{label}</FieldLabel>
      <TimeInput
        name={field.name}
        value={field.state.value ?? ''}
        onValueChange={(value) => field.handleChange(value)}
        onBlur={field.handleBlur}
        readOnly={readOnly}
      />
      {hint ? <FieldHint>{hint}</FieldHint> : null}
      <FieldError>{error}</FieldError>
    </Field>
  )
}

type SubmitButtonProps = Omit<React.ComponentProps<typeof Button>, 'type' | 'loading'> & {
  /** Keep the button enabled while the form is invalid (the portfolio form validates on submit). */
  enabledWhenInvalid?: boolean
}

/** The form's submit button: disabled until the form can be submitted, busy while it submits. */
export function SubmitButton({ enabledWhenInvalid = false, disabled, ...props }: SubmitButtonProps) {
  const form = useFormContext()
  return (
    <form.Subscribe selector={(state) => [state.canSubmit, state.isSubmitting] as const}>
      {([canSubmit, isSubmitting]) => (
        <Button
          type="submit"
          disabled={disabled || (!enabledWhenInvalid && !canSubmit)}
          loading={isSubmitting}
          {...props}
        />
      )}
    </form.Subscribe>
  )
}

/**
 * The app's form hook, made once: every form uses `useAppForm` and renders its fields as
 * `<form.AppField name="…">{(field) => <field.TextField label="…" />}</form.AppField>`;
 * sections of a large form are `withForm` sub-forms sharing `formOptions`.
 */
export const { useAppForm, withForm, withFieldGroup } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: {
    TextField,
    TextareaField,
    SelectField,
    CheckboxField,
    CheckboxGroupField,
    ChoiceCardsField,
    ChipGroupField,
    TimeField,
  },
  formComponents: { SubmitButton },
})
