import { createFormHook } from '@tanstack/react-form'
import type * as React from 'react'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
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
import { CheckboxGroupField, ChipGroupField, ChoiceCardsField } from '@/components/form/choice-fields'
import {
  fieldContext,
  formContext,
  useFieldContext,
  useFieldError,
  useFormContext,
} from '@/components/form/form-context'
import { FieldFrame } from '@/components/form/field-frame'
import type { FieldFrameProps, Option } from '@/components/form/form-context'

/*
 * Field components registered once with the form hook below: each binds one primitive to
 * a TanStack Form field — value, change, blur — and shows the field's first error under it. When
 * errors appear is the form's choice (onChange, onBlur or onSubmit validators).
 */

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
  hint,
  hintFirst,
  hintGivesWay,
  inputClassName,
  required,
  className,
  disabled,
  ...inputProps
}: TextFieldProps) {
  const field = useFieldContext<string>()
  const ref = useTextTypedEarly<HTMLInputElement>(field.state.value ?? '', field.handleChange)
  return (
    <FieldFrame
      label={label}
      hint={hint}
      hintFirst={hintFirst}
      hintGivesWay={hintGivesWay}
      required={required}
      disabled={disabled}
      className={className}
    >
      <Input
        ref={ref}
        name={field.name}
        value={field.state.value ?? ''}
        onChange={(event) => field.handleChange(event.target.value)}
        onBlur={field.handleBlur}
        className={inputClassName}
        {...inputProps}
      />
    </FieldFrame>
  )
}

type EmailAddressFieldProps = Omit<TextFieldProps, 'label' | 'type' | 'maxLength'> & {
  label?: React.ReactNode
}

/** Someone's e-mail address (a person to invite or add): 'E-mail address', at most 254 characters as the contract's. */
function EmailAddressField({
  label = 'E-mail address',
  autoComplete = 'off',
  ...props
}: EmailAddressFieldProps) {
  return <TextField label={label} type="email" autoComplete={autoComplete} maxLength={254} {...props} />
}

type TextareaFieldProps = FieldFrameProps &
  Omit<TextareaProps, 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'name' | 'required'>

function TextareaField({ label, hint, required, className, disabled, ...textareaProps }: TextareaFieldProps) {
  const field = useFieldContext<string>()
  const ref = useTextTypedEarly<HTMLTextAreaElement>(field.state.value ?? '', field.handleChange)
  return (
    <FieldFrame label={label} hint={hint} required={required} disabled={disabled} className={className}>
      <Textarea
        ref={ref}
        name={field.name}
        value={field.state.value ?? ''}
        onChange={(event) => field.handleChange(event.target.value)}
        onBlur={field.handleBlur}
        {...textareaProps}
      />
    </FieldFrame>
  )
}

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
  return (
    <FieldFrame label={label} hint={hint} required={required} disabled={disabled} className={className}>
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
    </FieldFrame>
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

type TimeFieldProps = FieldFrameProps & { disabled?: boolean; readOnly?: boolean }

function TimeField({ label, hint, required, className, disabled, readOnly }: TimeFieldProps) {
  const field = useFieldContext<string>()
  return (
    <FieldFrame label={label} hint={hint} required={required} disabled={disabled} className={className}>
      <TimeInput
        name={field.name}
        value={field.state.value ?? ''}
        onValueChange={(value) => field.handleChange(value)}
        onBlur={field.handleBlur}
        readOnly={readOnly}
      />
    </FieldFrame>
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
    EmailAddressField,
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
