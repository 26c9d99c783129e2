import type * as React from 'react'
import { Field, FieldError, FieldHint, FieldLabel } from '@/components/ui/field'
import { type FieldFrameProps, useFieldError } from '@/components/form/form-context'

type FieldFrameOwnProps = FieldFrameProps & {
  disabled?: boolean | undefined
  /** The hint between the label and the control (a rule to read first) rather than under it. */
  hintFirst?: boolean | undefined
  /** The message takes the hint's place while there is one (an example that the message replaces). */
  hintGivesWay?: boolean | undefined
  /** The control (it reads its label, hint and message from the Field). */
  children: React.ReactNode
}

/**
 * A kit field's frame around its control: the label, the hint, and the field's first message
 * (its own validators' or the form's, or a refusal's) under it, the Field wiring them to the control.
 */
export function FieldFrame({
  label,
  hint,
  hintFirst = false,
  hintGivesWay = false,
  required = false,
  disabled = false,
  className,
  children,
}: FieldFrameOwnProps) {
  const error = useFieldError()
  const shownHint = hintGivesWay && error !== undefined ? undefined : hint
  return (
    <Field invalid={error !== undefined} required={required} disabled={disabled} className={className}>
      <FieldLabel>{label}</FieldLabel>
      {shownHint && hintFirst ? <FieldHint>{shownHint}</FieldHint> : null}
      {children}
      {shownHint && !hintFirst ? <FieldHint>{shownHint}</FieldHint> : null}
      <FieldError>{error}</FieldError>
    </Field>
  )
}
