import type * as React from 'react'
import type * as v from 'valibot'
import { firstMessage } from '@/contract/validation/fields'

/*
 * What the registration, create-password and check-mail forms do alike: a message shown on
 * leaving a field gives way to the typing that mends it, a repeated field (re-enter e-mail, confirm
 * password) is checked against the one it repeats, and the page's form submits without a reload.
 */

type RecheckApis<Name extends string> = {
  fieldApi: { name: Name }
  formApi: {
    getFieldMeta: (name: Name) => { errorMap: { onBlur?: unknown } } | undefined
    validateField: (name: Name, cause: 'blur') => unknown
  }
}

/**
 * The form's change listener: while a field shows its on-leave message, each change checks that
 * rule again (and the rule of the field repeating it, when `repeats` names one).
 */
export function recheckBlurMessages<Name extends string>(repeats: NoInfer<Partial<Record<Name, Name>>> = {}) {
  return ({ fieldApi, formApi }: RecheckApis<Name>) => {
    const recheck = (name: Name) => {
      if (formApi.getFieldMeta(name)?.errorMap.onBlur) void formApi.validateField(name, 'blur')
    }
    recheck(fieldApi.name)
    const repeat = repeats[fieldApi.name]
    if (repeat !== undefined) recheck(repeat)
  }
}

type RepeatFieldProps<Source extends string> = {
  value: string
  fieldApi: {
    state: { meta: { isTouched: boolean } }
    // The whole form's values, or a field group's (components/form/*-fields.tsx): read as text.
    form: { getFieldValue: (name: Source) => unknown }
  }
}

/**
 * The validators of a field that repeats `source`: checked against it as it changes, and typing
 * in `source` does not call for this one before the vendor gets to it.
 */
export function repeatFieldValidators<Source extends string>(
  source: Source,
  schemaFor: (expected: string) => v.GenericSchema,
) {
  const check = ({ value, fieldApi }: RepeatFieldProps<Source>) =>
    firstMessage(schemaFor(String(fieldApi.form.getFieldValue(source) ?? '')), value)
  return {
    onChangeListenTo: [source],
    onChange: (props: RepeatFieldProps<Source>) =>
      props.value === '' && !props.fieldApi.state.meta.isTouched ? undefined : check(props),
    onBlur: check,
  }
}

/** A form element's submit: the page stays, the form checks and sends what was typed. */
export function submitWithoutReload(form: { handleSubmit: () => Promise<unknown> }) {
  return (event: React.FormEvent) => {
    event.preventDefault()
    void form.handleSubmit()
  }
}
