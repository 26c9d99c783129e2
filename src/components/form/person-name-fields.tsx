import { withFieldGroup } from '@/components/form/form-kit'
import {
  firstNameOnBlurSchema,
  firstNameSchema,
  lastNameOnBlurSchema,
  lastNameSchema,
} from '@/contract/validation/registration'

/*
 * A person's first and last name by spec §5's rules: the characters and the 50 maximum while typing,
 * the 3-character minimum when the field is left. The registration form and joining by an
 * invitation (docs/decisions/0046) both ask for them, in a form whose values hold the two names.
 */
export const PersonNameFields = withFieldGroup({
  defaultValues: { firstName: '', lastName: '' },
  render: function PersonNameFields({ group }) {
    return (
      <>
        <group.AppField
          name="firstName"
          validators={{ onChange: firstNameSchema, onBlur: firstNameOnBlurSchema }}
        >
          {(field) => <field.TextField label="First name" autoComplete="given-name" required />}
        </group.AppField>
        <group.AppField
          name="lastName"
          validators={{ onChange: lastNameSchema, onBlur: lastNameOnBlurSchema }}
        >
          {(field) => <field.TextField label="Last name" autoComplete="family-name" required />}
        </group.AppField>
      </>
    )
  },
})
