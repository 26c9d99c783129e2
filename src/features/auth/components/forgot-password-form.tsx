import { useStore } from '@tanstack/react-form'
import { Link, useNavigate } from '@tanstack/react-router'
import * as React from 'react'
import * as v from 'valibot'
import { useAppForm } from '@/components/form/form-kit'
import { FullScreenLoader } from '@/components/ui/full-screen-loader'
import {
  emptyForgotPasswordFormValues,
  forgotPasswordFormSchema,
  type ForgotPasswordFormValues,
} from '@/contract/validation/password'
import { useForgotPasswordMutation } from '@/features/auth/api/forgot-password'
import { AuthCard } from '@/features/auth/components/auth-card'
import { PASSWORD_FLOW_REDIRECT_MS } from '@/features/auth/components/forgot-password-flow'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { useTimeout } from '@/lib/clock'
import { writePendingPasswordReset } from '@/lib/storage'

const linkClasses = 'font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:focus-ring'

/**
 * /forgot-password (spec §2, §4, §8): the account's e-mail address; on SUCCESS the answer is kept
 * for /check-mail and the page moves there after 2 s. Any other answer is shown as it came.
 */
function ForgotPasswordForm() {
  const navigate = useNavigate()
  const forgotPassword = useForgotPasswordMutation()
  const [codeSent, setCodeSent] = React.useState(false)

  useTimeout(() => void navigate({ to: '/check-mail' }), codeSent ? PASSWORD_FLOW_REDIRECT_MS : null)

  const form = useAppForm({
    defaultValues: emptyForgotPasswordFormValues,
    onSubmit: async ({ value }: { value: ForgotPasswordFormValues }) => {
      const emailId = value.email
      // Spec §8: any other answer is told as a toast with its message, and a network failure is
      // logged only (src/lib/api-failure.ts); either way the page stays as it was.
      const answer = await answerOrNull(forgotPassword.mutateAsync({ emailId }))
      if (answer === null) return
      if (answer.id) writePendingPasswordReset({ ...answer, id: answer.id, emailId })
      void showToast('success', answer.message)
      setCodeSent(true)
    },
  })
  const valid = useStore(form.store, (state) => v.is(forgotPasswordFormSchema, state.values))

  return (
    <AuthCard
      title="Forgot password"
      lead="Enter the e-mail address of your account and we will send you a 6-digit code to choose a new password."
      footer={
        <p>
          Remembered it?{' '}
          <Link to="/login" className={linkClasses}>
            Back to login
          </Link>
        </p>
      }
    >
      <form
        noValidate
        aria-labelledby="page-title"
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          event.preventDefault()
          void form.handleSubmit()
        }}
      >
        <form.AppField
          name="email"
          validators={{ onChange: forgotPasswordFormSchema.entries.email }}
          // Leaving the field says what is missing, with the message typing would give.
          listeners={{ onBlur: ({ fieldApi }) => void fieldApi.validate('change') }}
        >
          {(field) => (
            <field.TextField
              label="Email"
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="name@company.com"
              readOnly={codeSent}
              required
            />
          )}
        </form.AppField>
        <form.AppForm>
          <form.SubmitButton size="lg" className="w-full" disabled={!valid || codeSent}>
            Send code
          </form.SubmitButton>
        </form.AppForm>
      </form>
      <FullScreenLoader open={forgotPassword.isPending} label="Sending your code…" />
    </AuthCard>
  )
}

export { ForgotPasswordForm }
