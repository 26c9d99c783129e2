import { useStore } from '@tanstack/react-form'
import * as React from 'react'
import * as v from 'valibot'
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
import { createPasswordFormSchema } from '@/contract/validation/password'
import { CreatePasswordFields } from '@/features/auth/components/create-password-fields'
import { submitWithoutReload } from '@/components/form/form-rules'
import { OwnToaster } from '@/features/auth/components/registration-toasts'
import { useCreatePasswordForm } from '@/features/auth/components/use-create-password'
import { CREATE_PASSWORD_TOASTER_ID } from '@/features/auth/model/toasters'
import type { PendingRegistration } from '@/lib/storage'

export { HOME_AFTER_PASSWORD_CREATED_MS } from '@/features/auth/components/use-create-password'

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
  const { form, created, sending } = useCreatePasswordForm(registration, onPasswordCreated)
  const codeInput = React.useRef<HTMLInputElement>(null)
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
            <CreatePasswordDescription registration={registration} />
          </DialogHeader>
          <form noValidate className="flex flex-col gap-4" onSubmit={submitWithoutReload(form)}>
            <CreatePasswordFields form={form} created={created} codeInput={codeInput} />
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
      <FullScreenLoader open={sending} label="Creating your password…" />
    </>
  )
}

/** Where the code went, when the registration is known. */
function CreatePasswordDescription({ registration }: { registration: PendingRegistration | null }) {
  return (
    <DialogDescription>
      {registration ? (
        <>
          Enter the 6-digit code we e-mailed to{' '}
          <strong className="font-semibold [overflow-wrap:anywhere] text-ink">{registration.emailId}</strong>,
          then choose the password you will sign in with.
        </>
      ) : (
        'Enter the 6-digit code we e-mailed to you, then choose the password you will sign in with.'
      )}
    </DialogDescription>
  )
}

export { CreatePasswordDialog }
