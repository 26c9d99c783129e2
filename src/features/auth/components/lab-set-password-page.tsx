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
 * /lab/set-password?token=… (issue 19): where a new lab staff member's link leads. The link names
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

function SetPasswordForm({
  token,
  email,
  onDone,
}: {
  token: string
  email: string
  onDone: (message: string) => void
}) {
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

  return (
    <form
      noValidate
      aria-label="Set your password"
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-5"
    >
      {/* For password managers: the account this password belongs to. */}
      <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
      <Field invalid={Boolean(errors.password)} required>
        <FieldLabel showRequired>New password</FieldLabel>
        <FieldHint>{PASSWORD_RULES_MESSAGE}</FieldHint>
        <Input
          ref={passwordRef}
          type="password"
          autoComplete="new-password"
          value={password}
          maxLength={128}
          onChange={(event) => {
            setPassword(event.target.value)
            setErrors((current) => ({ ...current, password: undefined }))
          }}
        />
        {errors.password ? <FieldError>{errors.password}</FieldError> : null}
      </Field>
      <Field invalid={Boolean(errors.confirmPassword)} required>
        <FieldLabel showRequired>Confirm password</FieldLabel>
        <Input
          ref={confirmRef}
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          maxLength={128}
          onChange={(event) => {
            setConfirmPassword(event.target.value)
            setErrors((current) => ({ ...current, confirmPassword: undefined }))
          }}
        />
        {errors.confirmPassword ? <FieldError>{errors.confirmPassword}</FieldError> : null}
      </Field>
      {linkError ? (
        <p role="alert" className="text-small text-danger">
          {linkError}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full" loading={setPasswordCall.isPending}>
        Set password
      </Button>
    </form>
  )
}

export { LabSetPasswordPage }
