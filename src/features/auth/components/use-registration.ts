import * as React from 'react'
import { useAppForm } from '@/components/form/form-kit'
import { useRegisterMutation } from '@/features/auth/api/register'
import { recheckBlurMessages } from '@/components/form/form-rules'
import { registrationFormOptions } from '@/features/auth/components/registration-fields'
import { toRegistrationPayload } from '@/features/auth/model/registration-payload'
import { REGISTRATION_TOASTER_ID } from '@/features/auth/model/toasters'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { useTimeout } from '@/lib/clock'
import { type PendingRegistration, readPendingRegistration, writePendingRegistration } from '@/lib/storage'

/** Spec §9: the success toast lasts 2 s, and the Create Password dialog opens 2 s after success. */
export const REGISTRATION_SUCCESS_TOAST_MS = 2000
export const CREATE_PASSWORD_DIALOG_DELAY_MS = 2000

/*
 * The pending registration as useSyncExternalStore reads it (the same object while the stored
 * text is the same), and none on the server, which cannot know this tab's session storage. Only
 * this screen changes it, and it keeps what it wrote in its own state, so nothing to subscribe to.
 */
const noStoredRegistration = () => null
const subscribeToNothing = () => () => {}

/**
 * The registration waiting for its password, and the Create Password dialog that opens 2 s after
 * each success (`registered`) and can be opened again while the registration is pending.
 */
export function usePendingRegistration() {
  // A registration this tab made earlier (the page was reloaded, or the vendor came back to it)
  // until this page registers or creates the password itself; then what it knows wins.
  const stored = React.useSyncExternalStore(subscribeToNothing, readPendingRegistration, noStoredRegistration)
  const [known, setKnown] = React.useState<PendingRegistration | null | undefined>(undefined)
  const registration = known === undefined ? stored : known

  const [dialogOpen, setDialogOpen] = React.useState(false)
  // Which success the dialog is waiting for (null: none), so a second success waits afresh.
  const [dialogDue, setDialogDue] = React.useState<number | null>(null)
  useTimeout(
    () => {
      setDialogDue(null)
      setDialogOpen(true)
    },
    dialogDue === null ? null : CREATE_PASSWORD_DIALOG_DELAY_MS,
    dialogDue,
  )

  const registered = React.useCallback((next: PendingRegistration) => {
    setKnown(next)
    setDialogDue((due) => (due ?? 0) + 1)
  }, [])

  return {
    registration,
    registered,
    passwordCreated: () => setKnown(null),
    dialogOpen,
    setDialogOpen,
    // Stays while the dialog is open (behind it), so that closing the dialog can return focus here.
    showReopen: registration !== null && dialogDue === null,
  }
}

/**
 * The registration form (spec §2, §4, §5): messages show while typing, and a name's 3-character
 * minimum, like a required field left empty, when the field is left. A success is kept in session
 * storage for the Create Password dialog and told in the screen's own toast container.
 */
export function useRegistrationForm(registered: (registration: PendingRegistration) => void) {
  const register = useRegisterMutation()
  const form = useAppForm({
    ...registrationFormOptions,
    // A message shown on leaving a field (a name too short) must not outlive the typing that
    // mends it: while one shows, each change checks the field's on-leave rule again.
    listeners: { onChange: recheckBlurMessages({ email: 'reEnterEmail' }) },
    onSubmit: async ({ value }) => {
      const payload = toRegistrationPayload(value)
      // Spec §8: a failure is told in this screen's toast container (the mutation's meta), and a
      // request that gets no answer is logged only; either way the form stays as it was.
      const answer = await answerOrNull(register.mutateAsync(payload))
      if (answer === null) return
      const registration = { ...answer, id: answer.id ?? '', emailId: answer.emailId ?? payload.emailId }
      writePendingRegistration(registration)
      // Where session storage is unavailable, the answer in memory still finishes the flow.
      registered(readPendingRegistration() ?? { id: registration.id, emailId: registration.emailId })
      void showToast('success', answer.message, {
        toasterId: REGISTRATION_TOASTER_ID,
        duration: REGISTRATION_SUCCESS_TOAST_MS,
      })
    },
  })

  return { form, register }
}
