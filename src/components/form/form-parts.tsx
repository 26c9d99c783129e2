import { type AnyFormApi, useStore } from '@tanstack/react-form'
import * as React from 'react'
import { clearFormRefusal, formRefusalOf } from '@/components/form/form-refusal'

/*
 * What FormDialog and PageForm share: the form element's submission (the browser's own validation
 * and submission prevented; the focus then on the first field holding a message) and the form's
 * own refusal under its fields.
 */

/** The form element's ref and its onSubmit for a `useAppForm` form. */
export function useFormSubmit(form: AnyFormApi) {
  const ref = React.useRef<HTMLFormElement>(null)
  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    event.stopPropagation()
    clearFormRefusal(form)
    try {
      await form.handleSubmit()
    } finally {
      // Once the messages have rendered, the first field holding one takes the focus.
      requestAnimationFrame(() => {
        ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
      })
    }
  }
  return { ref, onSubmit: (event: React.FormEvent<HTMLFormElement>) => void onSubmit(event) }
}

/** The form's own refusal (one naming no field it shows), announced when it appears. */
export function FormRefusalMessage({ form }: { form: AnyFormApi }) {
  const message = useStore(form.store, formRefusalOf)
  return message ? (
    <p role="alert" data-slot="form-refusal" className="text-small text-danger">
      {message}
    </p>
  ) : null
}
