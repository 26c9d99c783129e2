import { useNavigate } from '@tanstack/react-router'
import * as React from 'react'
import { useAppForm } from '@/components/form/form-kit'
import { PASSWORD_CREATED_MESSAGE } from '@/contract/messages'
import { useChangePasswordMutation } from '@/features/auth/api/change-password'
import { createPasswordFormOptions } from '@/features/auth/components/create-password-fields'
import { recheckBlurMessages } from '@/components/form/form-rules'
import { CREATE_PASSWORD_TOASTER_ID } from '@/features/auth/model/toasters'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { useTimeout } from '@/lib/clock'
import { type PendingRegistration, readPendingRegistration, removePendingRegistration } from '@/lib/storage'

/** Spec §9: after the password is created the flow returns home 5 s later. */
export const HOME_AFTER_PASSWORD_CREATED_MS = 5000

/**
 * The Create Password form: the code and password sent for the pending registration; once the
 * password is created the registration is no longer pending and the flow returns home 5 s later.
 */
export function useCreatePasswordForm(
  registration: PendingRegistration | null,
  onPasswordCreated: (() => void) | undefined,
) {
  const changePassword = useChangePasswordMutation()
  const navigate = useNavigate()

  // Kept here, not in the dialog's content, so that closing the dialog does not cancel the way home.
  const [created, setCreated] = React.useState(false)
  useTimeout(() => void navigate({ to: '/' }), created ? HOME_AFTER_PASSWORD_CREATED_MS : null)

  const form = useAppForm({
    ...createPasswordFormOptions,
    // A message shown on leaving a field must not outlive the typing that mends it.
    listeners: { onChange: recheckBlurMessages({ password: 'confirmPassword' }) },
    onSubmit: async ({ value }) => {
      const pending = readPendingRegistration() ?? registration
      if (!pending) {
        console.error('Create password not sent (no pending registration).')
        return
      }
      // Spec §8: a refused password is told in the dialog's toast container (the mutation's meta;
      // the plain-text answer is the message), and a request that gets no answer is logged only;
      // either way the dialog stays as it was.
      const answer = await answerOrNull(
        changePassword.mutateAsync({
          otp: value.otp.trim(),
          emailId: pending.emailId,
          password: value.password,
          confirmPassword: value.confirmPassword,
          id: pending.id,
        }),
      )
      if (answer === null) return
      removePendingRegistration()
      setCreated(true)
      onPasswordCreated?.()
      void showToast('success', PASSWORD_CREATED_MESSAGE, { toasterId: CREATE_PASSWORD_TOASTER_ID })
    },
  })

  return { form, created, sending: changePassword.isPending }
}
