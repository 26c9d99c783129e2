import { Link, useNavigate } from '@tanstack/react-router'
import { CircleAlert } from 'lucide-react'
import * as React from 'react'
import * as v from 'valibot'
import { useAppForm } from '@/components/form/form-kit'
import { Button } from '@/components/ui/button'
import { FullScreenLoader } from '@/components/ui/full-screen-loader'
import { loginEmailSchema, loginFormSchema, loginPasswordSchema } from '@/contract/validation/login'
import { useLoginMutation } from '@/features/auth/api/login'
import { AuthCard } from '@/features/auth/components/auth-card'
import { loginLead, pathAfterLogin } from '@/features/auth/model/after-login'
import { answerOrNull } from '@/lib/api-failure'
import { ApiAnswerError } from '@/lib/call-endpoint'
import { useTimeout } from '@/lib/clock'
import { isWithoutOrganization } from '@/lib/no-organization'
import {
  readGoto,
  readRememberedUserId,
  removeGoto,
  removeRememberedUserId,
  writeAuthData,
  writeRememberedUserId,
} from '@/lib/storage'

/** ARCHITECTURE.md decision 5: 6 s after a failed attempt the error and the password clear. */
export const LOGIN_RESET_MS = 6000

type Failure = { message: string; attempt: number }

/**
 * The login screen (spec §2, §4, §5, §8): email and password, Remember User ID, the links to the
 * password and registration flows, a close icon back home. The button waits for both fields to be
 * filled and valid; a refused login shows the server's message, which clears with the password
 * 6 s later, the email staying for the next try.
 */
function LoginForm({ from, redirect }: { from?: string | undefined; redirect?: string | undefined }) {
  const navigate = useNavigate()
  const login = useLoginMutation()
  const [failure, setFailure] = React.useState<Failure | null>(null)

  const form = useAppForm({
    defaultValues: { email: '', password: '', remember: false },
    onSubmit: async ({ value }) => {
      // Spec §8: a refused login is told as a toast (the query client does that), and here beside
      // the button; a network failure is logged only, and the screen stays as it was.
      const authData = await answerOrNull(
        login.mutateAsync(
          { emailId: value.email, password: value.password },
          {
            onError: (error) => {
              if (!(error instanceof ApiAnswerError)) return
              setFailure((previous) => ({ message: error.message, attempt: (previous?.attempt ?? 0) + 1 }))
            },
          },
        ),
      )
      if (authData === null) return
      writeAuthData(authData)
      if (value.remember) writeRememberedUserId(value.email)
      else removeRememberedUserId()
      const target = pathAfterLogin({
        redirect,
        goto: readGoto(),
        from,
        lab: Boolean(authData.labStaff),
        noOrganization: isWithoutOrganization(authData),
      })
      removeGoto()
      await navigate({ href: target, replace: true })
    },
  })

  // The remembered username is read after hydration: the prerendered page is the same for all.
  React.useEffect(() => {
    const remembered = readRememberedUserId()
    if (remembered === null) return
    form.setFieldValue('email', remembered)
    form.setFieldValue('remember', true)
  }, [form])

  useTimeout(
    () => {
      setFailure(null)
      form.resetField('password')
    },
    failure ? LOGIN_RESET_MS : null,
    failure?.attempt,
  )

  return (
    <AuthCard
      title="Sign in"
      lead={loginLead(from)}
      closeToHome
      footer={
        <p>
          New user?{' '}
          <Link
            to="/create-profile"
            className="font-semibold text-brand-700 hover:underline focus-visible:focus-ring"
          >
            Register
          </Link>
        </p>
      }
    >
      <form
        noValidate
        aria-label="Sign in"
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          event.preventDefault()
          void form.handleSubmit()
        }}
      >
        <form.AppField name="email" validators={{ onChange: loginEmailSchema }}>
          {(field) => (
            <field.TextField
              label="Email"
              type="email"
              autoComplete="username"
              inputMode="email"
              placeholder="name@company.com"
              required
            />
          )}
        </form.AppField>
        <form.AppField name="password" validators={{ onChange: loginPasswordSchema }}>
          {(field) => (
            <field.TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              blockPaste
              required
            />
          )}
        </form.AppField>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <form.AppField name="remember">
            {(field) => <field.CheckboxField label="Remember User ID" />}
          </form.AppField>
          <Link
            to="/forgot-password"
            className="text-small font-semibold text-brand-700 hover:underline focus-visible:focus-ring"
          >
            Forgot Password?
          </Link>
        </div>
        {failure ? (
          <p
            data-slot="login-error"
            className="flex items-start gap-2 rounded-control border border-danger/30 bg-danger/5 px-3 py-2 text-small font-semibold text-danger"
          >
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {failure.message}
          </p>
        ) : null}
        <form.Subscribe selector={(state) => v.is(loginFormSchema, state.values)}>
          {(complete) => (
            <Button type="submit" size="lg" disabled={!complete || login.isPending}>
              Login
            </Button>
          )}
        </form.Subscribe>
      </form>
      <FullScreenLoader open={login.isPending} label="Signing you in…" />
    </AuthCard>
  )
}

export { LoginForm }
