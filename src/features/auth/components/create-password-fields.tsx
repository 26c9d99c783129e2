import { formOptions } from '@tanstack/react-form'
import type * as React from 'react'
import { withForm } from '@/components/form/form-kit'
import {
  confirmPasswordSchema,
  emptyCreatePasswordFormValues,
  newPasswordSchema,
  otpSchema,
} from '@/contract/validation/password'
import { repeatFieldValidators } from '@/components/form/form-rules'

export const createPasswordFormOptions = formOptions({ defaultValues: emptyCreatePasswordFormValues })

const confirmPasswordValidators = repeatFieldValidators('password', confirmPasswordSchema)

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
        <form.AppField
          name="password"
          validators={{ onChange: newPasswordSchema, onBlur: newPasswordSchema }}
        >
          {(field) => (
            <field.TextField
              label="Password"
              type="password"
              autoComplete="new-password"
              hint="8–20 characters with an upper-case and a lower-case letter, a number and a special character; no spaces."
              blockPaste
              disabled={created}
              required
            />
          )}
        </form.AppField>
        <form.AppField name="confirmPassword" validators={confirmPasswordValidators}>
          {(field) => (
            <field.TextField
              label="Confirm password"
              type="password"
              autoComplete="new-password"
              blockPaste
              disabled={created}
              required
            />
          )}
        </form.AppField>
      </>
    )
  },
})
