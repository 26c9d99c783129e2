import { useMutation, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CircleCheck } from 'lucide-react'
import * as React from 'react'
import { useAppForm } from '@/components/form/form-kit'
import { showRefusal } from '@/components/form/form-refusal'
import { PageForm } from '@/components/form/page-form'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { LAB_SET_PASSWORD_LINK_INVALID_MESSAGE } from '@/contract/lab'
import { PASSWORD_RULES_MESSAGE } from '@/contract/messages'
import { firstMessage } from '@/contract/validation/fields'
import { confirmPasswordSchema, newPasswordSchema } from '@/contract/validation/password'
import { answerOrNull } from '@/lib/api-failure'
import { callEndpoint, dataOrFieldRefusal, requestEndpoint } from '@/lib/call-endpoint'
import { queryKeys } from '@/lib/query-keys'
import { AuthCard } from '@/features/auth/components/auth-card'

/**
 * /lab/set-password?token=…: where a new lab staff member's link leads. The link names
 * them; they choose a password (the portal's rules) and then log in on the usual login page,
 * which takes them to the console. A used, expired or unknown link says so and what to do.
 */
function LabSetPasswordPage({ token }: { token: string | undefined }) {
  const info = useQuery({
    queryKey: queryKeys.labSetPassword(token ?? ''),
    queryFn: ({ signal }) => requestEndpoint('labSetPasswordInfo', { token: token ?? '' }, { signal }),
    enabled: Boolean(token),
    retry: false,
  })
  const [done, setDone] = React.useState<string | null>(null)

  if (!token || info.isError) {
    return (
      <AuthCard title="Set your password" lead={LAB_SET_PASSWORD_LINK_INVALID_MESSAGE}>
        <Button asChild size="lg" className="w-full">
          <Link to="/login">Go to login</Link>
        </Button>
      </AuthCard>
    )
  }
  if (done) {
    return (
      <AuthCard title="Password set" lead={done}>
        <div className="flex items-start gap-3 rounded-control border border-success/30 bg-success-soft p-4">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
          <p className="text-small font-semibold text-ink">The link has been used and no longer works.</p>
        </div>
        <Button asChild size="lg" className="w-full">
          <Link to="/login" search={{ redirect: '/lab' }}>
            Go to login
          </Link>
        </Button>
      </AuthCard>
    )
  }
  if (!info.data) {
    return (
      <AuthCard title="Set your password" lead="Checking your link…">
        <Spinner aria-hidden="true" />
      </AuthCard>
    )
  }
  return (
    <AuthCard
      title="Set your password"
      lead={`Welcome to the certification lab, ${info.data.name}. Choose the password for ${info.data.email}.`}
    >
      <SetPasswordForm token={token} email={info.data.email} onDone={setDone} />
    </AuthCard>
  )
}

type SetPasswordFormProps = {
  token: string
  email: string
  onDone: (message: string) => void
}

/**
 * The two passwords, checked here before they are sent; the server's refusal of either shows on
 * its field, and of the link under the form. A field with a message takes focus.
 */
function SetPasswordForm({ token, email, onDone }: SetPasswordFormProps) {
  const setPassword = useMutation({
    mutationFn: (input: { password: string; confirmPassword: string }) =>
      dataOrFieldRefusal(callEndpoint('labSetPassword', { token, ...input }), SET_PASSWORD_FIELDS),
  })
  const form = useAppForm({
    defaultValues: { password: '', confirmPassword: '' },
    validators: {
      onSubmit: ({ value }) => {
        const fields = {
          password: firstMessage(newPasswordSchema, value.password),
          confirmPassword: firstMessage(confirmPasswordSchema(value.password), value.confirmPassword),
        }
        return fields.password || fields.confirmPassword ? { fields } : undefined
      },
    },
    onSubmit: async ({ value, formApi }) => {
      const outcome = await answerOrNull(setPassword.mutateAsync(value))
      if (!outcome) return
      if (!outcome.ok) return showRefusal(formApi, outcome)
      onDone(outcome.data.message)
    },
  })
  return (
    <PageForm form={form} aria-label="Set your password" submitLabel="Set password" submitSize="lg">
      {/* For password managers: the account this password belongs to. */}
      <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
      <form.AppField name="password">
        {(field) => (
          <field.TextField
            label="New password"
            hint={PASSWORD_RULES_MESSAGE}
            hintFirst
            type="password"
            autoComplete="new-password"
            maxLength={128}
            required
          />
        )}
      </form.AppField>
      <form.AppField name="confirmPassword">
        {(field) => (
          <field.TextField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            maxLength={128}
            required
          />
        )}
      </form.AppField>
    </PageForm>
  )
}

/** The refusals shown on the form: of a password on its field, of the link ('token') under the form. */
const SET_PASSWORD_FIELDS = ['password', 'confirmPassword', 'token']

export { LabSetPasswordPage }
