import { FieldApi, FormApi } from '@tanstack/react-form'
import { describe, expect, it } from 'vitest'
import { clearFormRefusal, formRefusalOf, refusalTarget, showRefusal } from '@/components/form/form-refusal'

/** A mounted form with the invite dialog's two fields, as FormDialog holds it. */
function inviteForm() {
  const form = new FormApi({
    defaultValues: { emailId: '', role: 'Engineer' },
    onSubmitMeta: undefined as unknown,
  })
  form.mount()
  const email = new FieldApi({ form, name: 'emailId' })
  const role = new FieldApi({ form, name: 'role' })
  email.mount()
  role.mount()
  return { form, email, role }
}

describe('refusalTarget', () => {
  it('lands a refusal on the field it names when the form shows that field', () => {
    expect(refusalTarget({ field: 'emailId', message: 'Email is not valid.' }, ['emailId', 'role'])).toEqual({
      field: 'emailId',
      message: 'Email is not valid.',
    })
  })

  it('keeps as the form’s own a refusal of the body, of a field the form does not show, or of none', () => {
    const fields = ['password', 'confirmPassword']
    expect(refusalTarget({ field: 'token', message: 'This link has expired.' }, fields)).toEqual({
      form: 'This link has expired.',
    })
    expect(refusalTarget({ field: 'body', message: 'The request body must be valid JSON.' }, fields)).toEqual(
      {
        form: 'The request body must be valid JSON.',
      },
    )
    expect(refusalTarget({ message: 'Refused.' }, fields)).toEqual({ form: 'Refused.' })
  })
})

describe('showRefusal', () => {
  it('shows the message on the named field only, until that field changes', () => {
    const { form, email, role } = inviteForm()
    showRefusal(form, { field: 'emailId', message: 'ana@nokia.com is already a member.' })
    expect(email.state.meta.errors).toEqual(['ana@nokia.com is already a member.'])
    expect(role.state.meta.errors).toEqual([])
    expect(formRefusalOf(form.state)).toBeUndefined()
    email.handleChange('ana.lopez@nokia.com')
    expect(email.state.meta.errors).toEqual([])
  })

  it('shows a refusal naming no field of the form as the form’s own, until it is cleared', () => {
    const { form, email } = inviteForm()
    showRefusal(form, { field: 'body', message: 'The request body must be valid JSON.' })
    expect(formRefusalOf(form.state)).toBe('The request body must be valid JSON.')
    expect(email.state.meta.errors).toEqual([])
    clearFormRefusal(form)
    expect(formRefusalOf(form.state)).toBeUndefined()
    expect(form.state.canSubmit).toBe(true)
  })

  it('is forgotten when the form is reset (a dialog opening afresh)', () => {
    const { form, email } = inviteForm()
    showRefusal(form, { field: 'emailId', message: 'Email is not valid.' })
    showRefusal(form, { message: 'Refused.' })
    form.reset()
    expect(email.state.meta.errors).toEqual([])
    expect(formRefusalOf(form.state)).toBeUndefined()
  })
})
