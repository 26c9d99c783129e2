import { formOptions, useStore } from '@tanstack/react-form'
import { Link, useNavigate } from '@tanstack/react-router'
import { MailQuestion } from 'lucide-react'
import * as React from 'react'
import * as v from 'valibot'
import { useAppForm, withForm } from '@/components/form/form-kit'
import { Button } from '@/components/ui/button'
import { FullScreenLoader } from '@/components/ui/full-screen-loader'
import {
  emptyResetPasswordFormValues,
  resetPasswordFormSchema,
  type ResetPasswordFormValues,
} from '@/contract/validation/password'
import { useResetPasswordMutation } from '@/features/auth/api/reset-password'
import { AuthCard } from '@/features/auth/components/auth-card'
import { submitWithoutReload } from '@/components/form/form-rules'
import {
  PASSWORD_FLOW_REDIRECT_MS,
  usePendingPasswordReset,
} from '@/features/auth/components/forgot-password-flow'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { useTimeout } from '@/lib/clock'
import { type PendingPasswordReset, removePendingPasswordReset } from '@/lib/storage'

const linkClasses = 'font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:focus-ring'

const fields = resetPasswordFormSchema.entries

/** Leaving a field says what is missing, with the message typing would give. */
const validateOnBlur = {
  onBlur: ({ fieldApi }: { fieldApi: { validate: (cause: 'change') => unknown } }) =>
    void fieldApi.validate('change'),
}

const TITLE = 'Check your mail'

const resetPasswordFormOptions = formOptions({ defaultValues: emptyResetPasswordFormValues })

/**
 * The reset of the pending request: sent with its id; once it succeeds the stored item is gone,
 * but the page still shows it (`done`) until it moves on to /password-reset.
 */
function useResetPasswordForm() {
  const stored = usePendingPasswordReset()
  const navigate = useNavigate()
  const resetPassword = useResetPasswordMutation()
  // The reset that succeeded: its stored item is gone, but the page still shows it until it moves on.
  const [completed, setCompleted] = React.useState<PendingPasswordReset | null>(null)
  const pending = completed ?? stored
  const done = completed !== null

  useTimeout(() => void navigate({ to: '/password-reset' }), done ? PASSWORD_FLOW_REDIRECT_MS : null)

  const form = useAppForm({
    ...resetPasswordFormOptions,
    onSubmit: async ({ value }: { value: ResetPasswordFormValues }) => {
      if (pending === null) return
      // Spec §8: any other answer is told as a toast with its message, and a network failure is
      // logged only (src/lib/api-failure.ts); either way the page and the pending reset stay.
      const answer = await answerOrNull(resetPassword.mutateAsync({ ...value, id: pending.id }))
      if (answer === null) return
      void showToast('success', answer.message)
      // The code is spent: coming back here must not offer a form that cannot work.
      removePendingPasswordReset()
      setCompleted(pending)
    },
  })
  return { form, pending, done, sending: resetPassword.isPending }
}

/**
 * /check-mail (spec §2, §4, §5, §8): the emailed code and a new password, sent with the id of the
 * stored forgot-password answer. The page only requires the three fields to be filled; the server
 * holds the new password to the password rules and says so in its message.
 */
function CheckMailForm() {
  const { form, pending, done, sending } = useResetPasswordForm()
  const valid = useStore(form.store, (state) => v.is(resetPasswordFormSchema, state.values))

  // Someone opened /check-mail without asking for a code in this tab (or after using it).
  if (pending === null) return <NoPendingReset />

  return (
    <AuthCard
      title={TITLE}
      lead={<CheckMailLead emailId={pending.emailId} />}
      footer={
        <p>
          Didn&apos;t get a code?{' '}
          <Link to="/forgot-password" className={linkClasses}>
            Send it again
          </Link>
        </p>
      }
    >
      <form
        noValidate
        aria-labelledby="page-title"
        className="flex flex-col gap-5"
        onSubmit={submitWithoutReload(form)}
      >
        <ResetPasswordFields form={form} done={done} />
        <form.AppForm>
          <form.SubmitButton size="lg" className="w-full" disabled={!valid || done}>
            Reset password
          </form.SubmitButton>
        </form.AppForm>
      </form>
      <FullScreenLoader open={sending} label="Resetting your password…" />
    </AuthCard>
  )
}

/** Where the code went, when the stored request names the address. */
function CheckMailLead({ emailId }: { emailId: string | undefined }) {
  return emailId ? (
    <>
      We sent a 6-digit code to <strong className="font-semibold text-ink">{emailId}</strong>. Enter it and
      choose a new password.
    </>
  ) : (
    'Enter the 6-digit code we e-mailed you and choose a new password.'
  )
}

/** No reset waiting in this tab: nothing to enter here yet, and the way to ask for a code. */
function NoPendingReset() {
  return (
    <AuthCard
      title={TITLE}
      lead="There is no password reset waiting in this browser tab, so there is no code to enter here yet."
    >
      <div className="flex items-start gap-3 rounded-control border border-line bg-surface-muted p-4">
        <MailQuestion aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <p className="text-small text-ink">
          Ask for a code first: we e-mail a 6-digit code to the address of your account, then bring you back
          here to choose a new password.
        </p>
      </div>
      <Button asChild size="lg" className="w-full">
        <Link to="/forgot-password">Ask for a code</Link>
      </Button>
    </AuthCard>
  )
}

/** The code and the new password, typed twice; read-only once the reset has succeeded. */
const ResetPasswordFields = withForm({
  ...resetPasswordFormOptions,
  props: { done: false },
  render: function ResetPasswordFields({ form, done }) {
    return (
      <>
        <form.AppField name="otp" validators={{ onChange: fields.otp }} listeners={validateOnBlur}>
          {(field) => (
            <field.TextField
              label="6-Digit code"
              hint="Check your spam folder if it is not in your inbox. The code works once, for 10 minutes."
              autoComplete="one-time-code"
              inputMode="numeric"
              spellCheck={false}
              readOnly={done}
              required
            />
          )}
        </form.AppField>
        <form.AppField name="password" validators={{ onChange: fields.password }} listeners={validateOnBlur}>
          {(field) => (
            <field.TextField
              label="New password"
              hint="8 to 20 characters with an upper-case and a lower-case letter, a number and a special character; no spaces."
              type="password"
              autoComplete="new-password"
              blockPaste
              readOnly={done}
              required
            />
          )}
        </form.AppField>
        <form.AppField
          name="confirmPassword"
          validators={{ onChange: fields.confirmPassword }}
          listeners={validateOnBlur}
        >
          {(field) => (
            <field.TextField
              label="Confirm password"
              type="password"
              autoComplete="new-password"
              blockPaste
              readOnly={done}
              required
            />
          )}
        </form.AppField>
      </>
    )
  },
})

export { CheckMailForm }
