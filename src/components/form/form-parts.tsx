import { type AnyFormApi, useStore } from '@tanstack/react-form'
import * as React from 'react'
import { clearFormRefusal, formRefusalOf } from '@/components/form/form-refusal'

/*
 * What FormDialog and PageForm share: the form element's submission (the browser's own validation
 * and submission prevented; the focus then on the first field holding a message) and the form's
 * own refusal under its fields.
 */

/** What FormDialog and PageForm use of a form made by `useAppForm`. */
export type AppFormApi = Pick<AnyFormApi, 'handleSubmit' | 'reset' | 'state' | 'store' | 'setErrorMap'> & {
  AppForm: React.ComponentType<{ children?: React.ReactNode }>
}

/** The form element's ref and its onSubmit for a `useAppForm` form. */
export function useFormSubmit(form: AppFormApi) {
  const ref = React.useRef<HTMLFormElement>(null)
  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    event.stopPropagation()
    clearFormRefusal(form)
    try {
      await form.handleSubmit()
    } finally {
      // The messages have rendered by now (the form's store updates React synchronously): the
      // first field holding one takes the focus; failing that, once the next frame has painted.
      if (!focusFirstInvalid(ref.current)) requestAnimationFrame(() => focusFirstInvalid(ref.current))
    }
  }
  return { ref, onSubmit: (event: React.FormEvent<HTMLFormElement>) => void onSubmit(event) }
}

/** Focuses the first control of `form` marked invalid; whether there was one. */
function focusFirstInvalid(form: HTMLFormElement | null): boolean {
  const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]')
  invalid?.focus()
  return invalid !== null && invalid !== undefined
}

/** The form's own refusal (one naming no field it shows), announced when it appears. */
export function FormRefusalMessage({ form }: { form: AppFormApi }) {
  const message = useStore(form.store, formRefusalOf)
  return message ? (
    <p role="alert" data-slot="form-refusal" className="text-small text-danger">
      {message}
    </p>
  ) : null
}
