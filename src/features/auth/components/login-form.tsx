import { Link } from '@tanstack/react-router'
import { CircleAlert } from 'lucide-react'
import * as v from 'valibot'
import { Button } from '@/components/ui/button'
import { FullScreenLoader } from '@/components/ui/full-screen-loader'
import { loginEmailSchema, loginFormSchema, loginPasswordSchema } from '@/contract/validation/login'
import { AuthCard } from '@/features/auth/components/auth-card'
import { submitWithoutReload } from '@/components/form/form-rules'
import { useLoginForm } from '@/features/auth/components/use-login'
import { loginLead } from '@/features/auth/model/after-login'

export { LOGIN_RESET_MS } from '@/features/auth/components/use-login'

/**
 * The login screen (spec §2, §4, §5, §8): email and password, Remember User ID, the links to the
 * password and registration flows, a close icon back home. The button waits for both fields to be
 * filled and valid; a refused login shows the server's message, which clears with the password
 * 6 s later, the email staying for the next try.
 */
function LoginForm({ from, redirect }: { from?: string | undefined; redirect?: string | undefined }) {
  const { form, failure, sending } = useLoginForm({ from, redirect })
  return (
    <AuthCard title="Sign in" lead={loginLead(from)} closeToHome footer={<RegisterInvite />}>
      <form
        noValidate
        aria-label="Sign in"
        className="flex flex-col gap-5"
        onSubmit={submitWithoutReload(form)}
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
        {failure ? <LoginFailure message={failure.message} /> : null}
        <form.Subscribe selector={(state) => v.is(loginFormSchema, state.values)}>
          {(complete) => (
            <Button type="submit" size="lg" disabled={!complete || sending}>
              Login
            </Button>
          )}
        </form.Subscribe>
      </form>
      <FullScreenLoader open={sending} label="Signing you in…" />
    </AuthCard>
  )
}

/** The card's footer: the way to registration for a new user. */
function RegisterInvite() {
  return (
    <p>
      New user?{' '}
      <Link
        to="/create-profile"
        className="font-semibold text-brand-700 hover:underline focus-visible:focus-ring"
      >
        Register
      </Link>
    </p>
  )
}

/** The server's reason for refusing the login, beside the button until it clears. */
function LoginFailure({ message }: { message: string }) {
  return (
    <p
      data-slot="login-error"
      className="flex items-start gap-2 rounded-control border border-danger/30 bg-danger/5 px-3 py-2 text-small font-semibold text-danger"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {message}
    </p>
  )
}

export { LoginForm }
