import { formOptions } from '@tanstack/react-form'
import type * as React from 'react'
import { withForm } from '@/components/form/form-kit'
import { NewPasswordFields } from '@/components/form/new-password-fields'
import { emptyCreatePasswordFormValues, otpSchema } from '@/contract/validation/password'

export const createPasswordFormOptions = formOptions({ defaultValues: emptyCreatePasswordFormValues })

const fieldsProps = {
  /** The password is created: the fields stay as typed, no longer to be changed. */
  created: false,
  codeInput: { current: null } as React.RefObject<HTMLInputElement | null>,
}

/** The e-mailed code and the new password, typed twice (pasting is refused). */
export const CreatePasswordFields = withForm({
  ...createPasswordFormOptions,
  props: fieldsProps,
  render: function CreatePasswordFields({ form, created, codeInput }) {
    return (
      <>
        <form.AppField name="otp" validators={{ onChange: otpSchema, onBlur: otpSchema }}>
          {(field) => (
            <field.TextField
              ref={codeInput}
              label="6-Digit code"
              autoComplete="one-time-code"
              inputMode="numeric"
              disabled={created}
              required
            />
          )}
        </form.AppField>
        <NewPasswordFields
          form={form}
          fields={{ password: 'password', confirmPassword: 'confirmPassword' }}
          disabled={created}
        />
      </>
    )
  },
})
