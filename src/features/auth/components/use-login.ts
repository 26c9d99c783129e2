import { useNavigate } from '@tanstack/react-router'
import * as React from 'react'
import { useAppForm } from '@/components/form/form-kit'
import { useLoginMutation } from '@/features/auth/api/login'
import { pathAfterLogin } from '@/features/auth/model/after-login'
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

type LoginTargets = { from?: string | undefined; redirect?: string | undefined }

/**
 * The login form's state: a refused login keeps the server's message, which clears with the
 * password 6 s later, the email staying for the next try; a login goes where it was asked for.
 */
export function useLoginForm({ from, redirect }: LoginTargets) {
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

  return { form, failure, sending: login.isPending }
}
