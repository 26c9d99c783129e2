import { useMutation, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CircleCheck } from 'lucide-react'
import * as React from 'react'
import { Button } from '@/components/ui/button'
import { Field, FieldError, FieldHint, FieldLabel } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { LAB_SET_PASSWORD_LINK_INVALID_MESSAGE } from '@/contract/lab'
import { PASSWORD_RULES_MESSAGE } from '@/contract/messages'
import { firstMessage } from '@/contract/validation/fields'
import { confirmPasswordSchema, newPasswordSchema } from '@/contract/validation/password'
import { answerOrNull } from '@/lib/api-failure'
import { ApiAnswerError, callEndpoint, requestEndpoint } from '@/lib/call-endpoint'
import { AuthCard } from '@/features/auth/components/auth-card'

type Errors = { password?: string | undefined; confirmPassword?: string | undefined }

/**
 * /lab/set-password?token=…: where a new lab staff member's link leads. The link names
 * them; they choose a password (the portal's rules) and then log in on the usual login page,
 * which takes them to the console. A used, expired or unknown link says so and what to do.
 */
function LabSetPasswordPage({ token }: { token: string | undefined }) {
  const info = useQuery({
    queryKey: ['lab-set-password', token ?? ''],
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
function useSetPasswordForm({ token, onDone }: Omit<SetPasswordFormProps, 'email'>) {
  const [password, setPassword] = React.useState('')
  const [confirmPassword, setConfirmPassword] = React.useState('')
  const [errors, setErrors] = React.useState<Errors>({})
  const [linkError, setLinkError] = React.useState<string | null>(null)
  const passwordRef = React.useRef<HTMLInputElement>(null)
  const confirmRef = React.useRef<HTMLInputElement>(null)
  const setPasswordCall = useMutation({
    mutationFn: async () => {
      const result = await callEndpoint('labSetPassword', { token, password, confirmPassword })
      if (result.ok) return { ok: true as const, message: result.data.message }
      const field = (result.data as { field?: unknown } | null)?.field
      if (field === 'password' || field === 'confirmPassword' || field === 'token')
        return { ok: false as const, field, message: result.message }
      throw new ApiAnswerError(result.message, result.status)
    },
  })

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const next: Errors = {
      password: firstMessage(newPasswordSchema, password),
      confirmPassword: firstMessage(confirmPasswordSchema(password), confirmPassword),
    }
    if (next.password || next.confirmPassword) {
      setErrors(next)
      ;(next.password ? passwordRef : confirmRef).current?.focus()
      return
    }
    const outcome = await answerOrNull(setPasswordCall.mutateAsync())
    if (!outcome) return
    if (outcome.ok) return onDone(outcome.message)
    if (outcome.field === 'token') return setLinkError(outcome.message)
    setErrors({ [outcome.field]: outcome.message })
    ;(outcome.field === 'password' ? passwordRef : confirmRef).current?.focus()
  }

  /** A change to one password: its message goes with the typing. */
  const change = (name: keyof Errors, value: string) => {
    if (name === 'password') setPassword(value)
    else setConfirmPassword(value)
    setErrors((current) => ({ ...current, [name]: undefined }))
  }

  return {
    values: { password, confirmPassword },
    errors,
    linkError,
    refs: { password: passwordRef, confirmPassword: confirmRef },
    change,
    submit,
    sending: setPasswordCall.isPending,
  }
}

function SetPasswordForm({ token, email, onDone }: SetPasswordFormProps) {
  const { values, errors, linkError, refs, change, submit, sending } = useSetPasswordForm({ token, onDone })
  return (
    <form
      noValidate
      aria-label="Set your password"
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-5"
    >
      {/* For password managers: the account this password belongs to. */}
      <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        label="New password"
        hint={PASSWORD_RULES_MESSAGE}
        inputRef={refs.password}
        value={values.password}
        error={errors.password}
        onChange={(value) => change('password', value)}
      />
      <PasswordField
        label="Confirm password"
        inputRef={refs.confirmPassword}
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={(value) => change('confirmPassword', value)}
      />
      {linkError ? (
        <p role="alert" className="text-small text-danger">
          {linkError}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full" loading={sending}>
        Set password
      </Button>
    </form>
  )
}

type PasswordFieldProps = {
  label: string
  hint?: string
  inputRef: React.RefObject<HTMLInputElement | null>
  value: string
  error: string | undefined
  onChange: (value: string) => void
}

/** A required new password, with its message when it has one. */
function PasswordField({ label, hint, inputRef, value, error, onChange }: PasswordFieldProps) {
  return (
    <Field invalid={Boolean(error)} required>
      <FieldLabel showRequired>{label}</FieldLabel>
      {hint ? <FieldHint>{hint}</FieldHint> : null}
      <Input
        ref={inputRef}
        type="password"
        autoComplete="new-password"
        value={value}
        maxLength={128}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? <FieldError>{error}</FieldError> : null}
    </Field>
  )
}

export { LabSetPasswordPage }
