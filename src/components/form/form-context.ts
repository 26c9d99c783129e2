import { createFormHookContexts } from '@tanstack/react-form'
import type * as React from 'react'

/** The contexts TanStack Form shares between a form and the field components registered with it. */
export const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts()

/**
 * The message to show for a field: the first of its current errors. Validators return text, or
 * Standard Schema issues (valibot) whose `message` is the specification's text.
 */
export function firstErrorMessage(errors: ReadonlyArray<unknown>): string | undefined {
  for (const error of errors) {
    if (typeof error === 'string' && error !== '') return error
    if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
      return error.message
    }
  }
  return undefined
}

/** The field's first message, from its own validators or the form's (`{ fields }`). */
export function useFieldError() {
  const field = useFieldContext<unknown>()
  return firstErrorMessage(field.state.meta.errors)
}

/** What every field of the kit takes: its label, a hint, whether it is required, its classes. */
export type FieldFrameProps = {
  label: React.ReactNode
  hint?: React.ReactNode
  required?: boolean
  className?: string
}

/** One option of a choice field. */
export type Option = { value: string; label: string }
