import { createFormHookContexts } from '@tanstack/react-form'

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
