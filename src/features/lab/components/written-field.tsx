import type * as React from 'react'
import { Field, FieldError, FieldLabel } from '@/components/ui/field'
import { Textarea } from '@/components/ui/textarea'

/** A labelled text area with its count and its error: the review's reason, revocation's, the answer. */
export function WrittenField({
  label,
  required = false,
  inputRef,
  rows,
  value,
  limit,
  error,
  onChange,
}: {
  label: string
  required?: boolean
  inputRef: React.Ref<HTMLTextAreaElement>
  rows: number
  value: string
  limit: number
  error: string | null
  onChange: (value: string) => void
}) {
  return (
    <Field invalid={Boolean(error)} required={required}>
      <FieldLabel showRequired={required}>{label}</FieldLabel>
      <Textarea
        ref={inputRef}
        rows={rows}
        value={value}
        limit={limit}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? <FieldError>{error}</FieldError> : null}
    </Field>
  )
}
