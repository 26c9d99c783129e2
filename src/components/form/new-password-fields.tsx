import { withFieldGroup } from '@/components/form/form-kit'
import { repeatFieldValidators } from '@/components/form/form-rules'
import { confirmPasswordSchema, newPasswordSchema } from '@/contract/validation/password'

/*
 * A new password typed twice, by the Create Password dialog's rules (spec §5): every rule while
 * typing and on leaving, the confirmation checked against the password above it, pasting refused
 * in both. The Create Password dialog and joining by an invitation (docs/decisions/0046) ask for
 * it, in a form whose values hold `password` and `confirmPassword`.
 */

const confirmPasswordValidators = repeatFieldValidators('password', confirmPasswordSchema)

export const NewPasswordFields = withFieldGroup({
  defaultValues: { password: '', confirmPassword: '' },
  /** `disabled`: the password is created, the fields stay as typed. */
  props: { disabled: false },
  render: function NewPasswordFields({ group, disabled }) {
    return (
      <>
        <group.AppField
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
              disabled={disabled}
              required
            />
          )}
        </group.AppField>
        <group.AppField name="confirmPassword" validators={confirmPasswordValidators}>
          {(field) => (
            <field.TextField
              label="Confirm password"
              type="password"
              autoComplete="new-password"
              blockPaste
              disabled={disabled}
              required
            />
          )}
        </group.AppField>
      </>
    )
  },
})
