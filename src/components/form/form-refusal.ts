import type { AnyFormApi } from '@tanstack/react-form'

/*
 * Where a server's refusal of a form shows (docs/decisions/0015: a refusal answers
 * `{ message, field }`). A refusal naming a field the form shows lands on that field, as its
 * message, until the field is changed or the form submitted again; any other refusal (the body as a
 * whole, the link, a field the form does not show) is the form's own, shown once under its fields
 * and cleared when the form is submitted again.
 */

/** A refusal as a form's call hands it over: the message, and the field it concerns if any. */
export type FormRefusal = { message: string; field?: string | undefined }

/** Where a refusal shows: on one of the form's fields, or on the form itself. */
export type RefusalTarget = { field: string; message: string } | { form: string }

/** The form-level refusal is kept in the form's error map under this key. */
const FORM_REFUSAL_KEY = 'onServer'

/** Where `refusal` shows, given the names of the fields the form shows. */
export function refusalTarget(refusal: FormRefusal, fieldNames: ReadonlyArray<string>): RefusalTarget {
  const { field, message } = refusal
  return field !== undefined && fieldNames.includes(field) ? { field, message } : { form: message }
}

/** Shows a refusal on the field it names, or as the form's own message. */
export function showRefusal(form: AnyFormApi, refusal: FormRefusal): void {
  const target = refusalTarget(refusal, Object.keys(form.fieldInfo))
  if ('form' in target) {
    form.setErrorMap({ [FORM_REFUSAL_KEY]: target.form })
    return
  }
  // As an onSubmit error: TanStack Form clears it when the field next changes or the form submits.
  form.setFieldMeta(target.field, (meta) => ({
    ...meta,
    errorMap: { ...meta.errorMap, onSubmit: target.message },
    errorSourceMap: { ...meta.errorSourceMap, onSubmit: 'field' },
  }))
}

/** The form's own refusal, if one shows. */
export function formRefusalOf(state: AnyFormApi['state']): string | undefined {
  const message: unknown = state.errorMap[FORM_REFUSAL_KEY]
  return typeof message === 'string' && message !== '' ? message : undefined
}

/** Forgets the form's own refusal (a new submission is a new question). */
export function clearFormRefusal(form: Pick<AnyFormApi, 'state' | 'setErrorMap'>): void {
  if (formRefusalOf(form.state) !== undefined) form.setErrorMap({ [FORM_REFUSAL_KEY]: undefined })
}
