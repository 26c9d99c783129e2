import { formOptions, useStore } from '@tanstack/react-form'
import * as React from 'react'
import * as v from 'valibot'
import { useAppForm } from '@/components/form/form-kit'
import type { AuthData } from '@/contract/auth'
import {
  firstNameOnBlurSchema,
  firstNameSchema,
  joinFormSchema,
  type JoinFormValues,
  lastNameOnBlurSchema,
  lastNameSchema,
} from '@/contract/validation/registration'
import { confirmPasswordSchema, newPasswordSchema } from '@/contract/validation/password'
import { recheckBlurMessages, repeatFieldValidators, submitWithoutReload } from '@/components/form/form-rules'
import { useJoinInvitationMutation } from '@/features/team/api/invitation'
import { answerOrNull } from '@/lib/api-failure'

/*
 * Joining an organization by its invitation with a name and a password only (docs/decisions/0046):
 * the e-mail is the invitation's and the organization's details are the organization's, so the
 * invitee types nothing else. The names follow spec §5's registration rules, the password the
 * Create Password dialog's, with the same words. A refusal of a field shows under that field; a
 * refusal of the link shows above the button.
 */

const joinFormOptions = formOptions({
  defaultValues: { firstName: '', lastName: '', password: '', confirmPassword: '' } satisfies JoinFormValues,
})

type JoinField = keyof typeof joinFormOptions.defaultValues

const confirmPasswordValidators = repeatFieldValidators('password', confirmPasswordSchema)

type JoinInvitationFormProps = {
  token: string
  emailId: string
  /** The answer is the new login's data: the joined organization acts from now on. */
  onJoined: (authData: AuthData) => void
}

function JoinInvitationForm({ token, emailId, onJoined }: JoinInvitationFormProps) {
  const join = useJoinInvitationMutation()
  const [refusal, setRefusal] = React.useState<string | null>(null)
  const form = useAppForm({
    ...joinFormOptions,
    listeners: { onChange: recheckBlurMessages<JoinField>({ password: 'confirmPassword' }) },
    onSubmit: async ({ value, formApi }) => {
      setRefusal(null)
      const outcome = await answerOrNull(join.mutateAsync({ token, ...value }))
      if (!outcome) return
      if (outcome.ok) return onJoined(outcome.data)
      // The link's own refusal (used, expired, revoked, an address with an account) is the form's.
      if (outcome.field === 'token') return setRefusal(outcome.message)
      formApi.setFieldMeta(outcome.field, (meta) => ({
        ...meta,
        errorMap: { ...meta.errorMap, onSubmit: outcome.message },
      }))
    },
  })

  // As the registration's button: enabled once every field is filled by its rules.
  const complete = useStore(form.store, (state) => v.is(joinFormSchema, state.values))

  return (
    <form
      noValidate
      aria-labelledby="join-heading"
      onSubmit={submitWithoutReload(form)}
      className="flex flex-col gap-5"
    >
      <div className="flex flex-col gap-1">
        <h2 id="join-heading" className="text-h3 font-semibold text-ink">
          New to the portal? Join with your name and a password
        </h2>
        <p className="text-small text-ink-muted">
          Your account uses <span className="font-semibold break-all text-ink">{emailId}</span>, the address
          this invitation was sent to.
        </p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <form.AppField
          name="firstName"
          validators={{ onChange: firstNameSchema, onBlur: firstNameOnBlurSchema }}
        >
          {(field) => <field.TextField label="First name" autoComplete="given-name" required />}
        </form.AppField>
        <form.AppField
          name="lastName"
          validators={{ onChange: lastNameSchema, onBlur: lastNameOnBlurSchema }}
        >
          {(field) => <field.TextField label="Last name" autoComplete="family-name" required />}
        </form.AppField>
      </div>
      <form.AppField name="password" validators={{ onChange: newPasswordSchema, onBlur: newPasswordSchema }}>
        {(field) => (
          <field.TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            hint="8–20 characters with an upper-case and a lower-case letter, a number and a special character; no spaces."
            blockPaste
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
            required
          />
        )}
      </form.AppField>
      {refusal ? (
        <p role="alert" className="rounded-control bg-danger-soft p-3 text-body text-danger">
          {refusal}
        </p>
      ) : null}
      <form.AppForm>
        <form.SubmitButton className="self-start" disabled={!complete}>
          Join the organization
        </form.SubmitButton>
      </form.AppForm>
    </form>
  )
}

export { JoinInvitationForm }
