import { formOptions } from '@tanstack/react-form'
import { useAppForm } from '@/components/form/form-kit'
import { recheckBlurMessages } from '@/components/form/form-rules'
import { showRefusal } from '@/components/form/form-refusal'
import { PageForm } from '@/components/form/page-form'
import { NewPasswordFields } from '@/components/form/new-password-fields'
import { PersonNameFields } from '@/components/form/person-name-fields'
import type { AuthData } from '@/contract/auth'
import { joinFormSchema, type JoinFormValues } from '@/contract/validation/registration'
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

const JOIN_HEADING = 'New to the portal? Join with your name and a password'

type JoinInvitationFormProps = {
  token: string
  emailId: string
  /** The answer is the new login's data: the joined organization acts from now on. */
  onJoined: (authData: AuthData) => void
}

function JoinInvitationForm({ token, emailId, onJoined }: JoinInvitationFormProps) {
  const join = useJoinInvitationMutation()
  const form = useAppForm({
    ...joinFormOptions,
    // Join checks every field by the contract's rules, the server's own (each message on its field).
    validators: { onSubmit: joinFormSchema },
    listeners: { onChange: recheckBlurMessages<JoinField>({ password: 'confirmPassword' }) },
    onSubmit: async ({ value, formApi }) => {
      const outcome = await answerOrNull(join.mutateAsync({ token, ...value }))
      if (!outcome) return
      // A refusal of a field shows on it; of the link (used, expired, an address with an account),
      // above the button.
      if (!outcome.ok) return showRefusal(formApi, outcome)
      onJoined(outcome.data)
    },
  })

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h2 className="text-h3 font-semibold text-ink">{JOIN_HEADING}</h2>
        <p className="text-small text-ink-muted">
          Your account uses <span className="font-semibold break-all text-ink">{emailId}</span>, the address
          this invitation was sent to.
        </p>
      </div>
      <PageForm form={form} aria-label={JOIN_HEADING} submitLabel="Join the organization">
        {/* For password managers: the account this password belongs to. */}
        <input type="email" name="email" autoComplete="username" value={emailId} readOnly hidden />
        <div className="grid gap-5 sm:grid-cols-2">
          <PersonNameFields form={form} fields={{ firstName: 'firstName', lastName: 'lastName' }} />
        </div>
        <NewPasswordFields
          form={form}
          fields={{ password: 'password', confirmPassword: 'confirmPassword' }}
          disabled={false}
        />
      </PageForm>
    </div>
  )
}

export { JOIN_HEADING, JoinInvitationForm }
