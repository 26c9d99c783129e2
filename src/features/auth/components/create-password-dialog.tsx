import { useStore } from '@tanstack/react-form'
import { useNavigate } from '@tanstack/react-router'
import * as React from 'react'
import * as v from 'valibot'
import { useAppForm } from '@/components/form/form-kit'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { FullScreenLoader } from '@/components/ui/full-screen-loader'
import { PASSWORD_CREATED_MESSAGE } from '@/contract/messages'
import { firstMessage } from '@/contract/validation/fields'
import {
  confirmPasswordSchema,
  createPasswordFormSchema,
  emptyCreatePasswordFormValues,
  newPasswordSchema,
  otpSchema,
} from '@/contract/validation/password'
import { useChangePasswordMutation } from '@/features/auth/api/change-password'
import { OwnToaster } from '@/features/auth/components/registration-toasts'
import { CREATE_PASSWORD_TOASTER_ID } from '@/features/auth/model/toasters'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { useTimeout } from '@/lib/clock'
import { type PendingRegistration, readPendingRegistration, removePendingRegistration } from '@/lib/storage'

/** Spec §9: after the password is created the flow returns home 5 s later. */
export const HOME_AFTER_PASSWORD_CREATED_MS = 5000

type CreatePasswordDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The registration waiting for its password, as the screen read it from session storage. */
  registration: PendingRegistration | null
  /** Called once the password is created: the registration is no longer pending. */
  onPasswordCreated?: () => void
  /** Where focus goes when the dialog closes; the dialog opens without a trigger of its own. */
  returnFocusTo?: React.RefObject<HTMLElement | null>
}

/**
 * The Create Password dialog that follows a successful registration (spec §2, §4, §5): the
 * e-mailed code and a new password, typed twice (pasting is refused). Closing it leaves the
 * registration pending; the screen offers it again.
 */
function CreatePasswordDialog({
  open,
  onOpenChange,
  registration,
  onPasswordCreated,
  returnFocusTo,
}: CreatePasswordDialogProps) {
  const changePassword = useChangePasswordMutation()
  const navigate = useNavigate()
  const codeInput = React.useRef<HTMLInputElement>(null)

  // Kept here, not in the dialog's content, so that closing the dialog does not cancel the way home.
  const [created, setCreated] = React.useState(false)
  useTimeout(() => void navigate({ to: '/' }), created ? HOME_AFTER_PASSWORD_CREATED_MS : null)

  const form = useAppForm({
    defaultValues: emptyCreatePasswordFormValues,
    listeners: {
      // A message shown on leaving a field must not outlive the typing that mends it.
      onChange: ({ fieldApi, formApi }) => {
        const recheck = (name: typeof fieldApi.name) => {
          if (formApi.getFieldMeta(name)?.errorMap.onBlur) void formApi.validateField(name, 'blur')
        }
        recheck(fieldApi.name)
        if (fieldApi.name === 'password') recheck('confirmPassword')
      },
    },
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

  const complete = useStore(form.store, (snapshot) => v.is(createPasswordFormSchema, snapshot.values))

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          // A closed dialog forgets the passwords typed into it.
          if (!next && !created) form.reset()
          onOpenChange(next)
        }}
      >
        <DialogContent
          hostsToaster
          className="sm:max-w-md"
          onOpenAutoFocus={(event) => {
            event.preventDefault()
            codeInput.current?.focus()
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo?.current
            if (!target) return
            event.preventDefault()
            target.focus()
          }}
        >
          <OwnToaster id={CREATE_PASSWORD_TOASTER_ID} label="Create password notifications" />
          <DialogHeader>
            <DialogTitle>Create your password</DialogTitle>
            <DialogDescription>
              {registration ? (
                <>
                  Enter the 6-digit code we e-mailed to{' '}
                  <strong className="font-semibold [overflow-wrap:anywhere] text-ink">
                    {registration.emailId}
                  </strong>
                  , then choose the password you will sign in with.
                </>
              ) : (
                'Enter the 6-digit code we e-mailed to you, then choose the password you will sign in with.'
              )}
            </DialogDescription>
          </DialogHeader>
          <form
            noValidate
            className="flex flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault()
              void form.handleSubmit()
            }}
          >
            <form.AppField name="otp" validators={{ onChange: otpSchema, onBlur: otpSchema }}>
              {(field) => (
                <field.TextField
                  ref={codeInput}
                  label="6-Digit code"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  disabled={created}
                  required
                />
              )}
            </form.AppField>
            <form.AppField
              name="password"
              validators={{ onChange: newPasswordSchema, onBlur: newPasswordSchema }}
            >
              {(field) => (
                <field.TextField
                  label="Password"
                  type="password"
                  autoComplete="new-password"
                  hint="8–20 characters with an upper-case and a lower-case letter, a number and a special character; no spaces."
                  blockPaste
                  disabled={created}
                  required
                />
              )}
            </form.AppField>
            <form.AppField
              name="confirmPassword"
              validators={{
                onChangeListenTo: ['password'],
                // Typing the password above must not call for this one before the vendor gets to it.
                onChange: ({ value, fieldApi }) =>
                  value === '' && !fieldApi.state.meta.isTouched
                    ? undefined
                    : firstMessage(confirmPasswordSchema(fieldApi.form.getFieldValue('password')), value),
                onBlur: ({ value, fieldApi }) =>
                  firstMessage(confirmPasswordSchema(fieldApi.form.getFieldValue('password')), value),
              }}
            >
              {(field) => (
                <field.TextField
                  label="Confirm password"
                  type="password"
                  autoComplete="new-password"
                  blockPaste
                  disabled={created}
                  required
                />
              )}
            </form.AppField>
            <DialogFooter className="pt-2">
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <form.AppForm>
                <form.SubmitButton disabled={!complete || created}>Create password</form.SubmitButton>
              </form.AppForm>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
      <FullScreenLoader open={changePassword.isPending} label="Creating your password…" />
    </>
  )
}

export { CreatePasswordDialog }
