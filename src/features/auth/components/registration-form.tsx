import { useStore } from '@tanstack/react-form'
import { Link } from '@tanstack/react-router'
import { MailCheck } from 'lucide-react'
import * as React from 'react'
import * as v from 'valibot'
import { Button } from '@/components/ui/button'
import { FullScreenLoader } from '@/components/ui/full-screen-loader'
import { registrationFormSchema } from '@/contract/validation/registration'
import { AuthCard } from '@/features/auth/components/auth-card'
import { CreatePasswordDialog } from '@/features/auth/components/create-password-dialog'
import { submitWithoutReload } from '@/components/form/form-rules'
import {
  ContactFieldset,
  DetailsFieldset,
  OrganizationFieldset,
} from '@/features/auth/components/registration-fields'
import { OwnToaster } from '@/features/auth/components/registration-toasts'
import { usePendingRegistration, useRegistrationForm } from '@/features/auth/components/use-registration'
import { REGISTRATION_TOASTER_ID } from '@/features/auth/model/toasters'

export {
  CREATE_PASSWORD_DIALOG_DELAY_MS,
  REGISTRATION_SUCCESS_TOAST_MS,
} from '@/features/auth/components/use-registration'

/**
 * /create-profile/register (spec §2, §4, §5): the vendor's details, organization, lines of
 * business, phone and address. Messages show while typing, and a name's 3-character minimum, like
 * a required field left empty, when the field is left. On SUCCESS the answer is kept for the
 * Create Password dialog, which opens 2 s later and can be opened again from this screen.
 */
function RegistrationForm() {
  const pending = usePendingRegistration()
  const { form, register } = useRegistrationForm(pending.registered)
  const complete = useStore(form.store, (snapshot) => v.is(registrationFormSchema, snapshot.values))
  const reopenButton = React.useRef<HTMLButtonElement>(null)

  return (
    <AuthCard
      title="Register your organization"
      lead="Tell us about you and your organization. We will e-mail you a 6-digit code to create your password. All fields are required."
      width="wide"
      footer={
        <p>
          Already registered?{' '}
          <Link to="/login" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            Sign in
          </Link>
        </p>
      }
    >
      {pending.showReopen && pending.registration ? (
        <PendingRegistrationNote
          emailId={pending.registration.emailId}
          buttonRef={reopenButton}
          onReopen={() => pending.setDialogOpen(true)}
        />
      ) : null}

      <form
        noValidate
        aria-labelledby="page-title"
        className="flex flex-col gap-8"
        onSubmit={submitWithoutReload(form)}
      >
        <DetailsFieldset form={form} />
        <OrganizationFieldset form={form} />
        <ContactFieldset form={form} />
        <div className="flex flex-col gap-3 border-t border-line pt-6 sm:flex-row sm:items-center sm:justify-end">
          <form.AppForm>
            <form.SubmitButton size="lg" disabled={!complete} className="w-full sm:w-auto sm:min-w-44">
              Register
            </form.SubmitButton>
          </form.AppForm>
        </div>
      </form>

      <FullScreenLoader open={register.isPending} label="Registering your organization…" />
      <OwnToaster id={REGISTRATION_TOASTER_ID} label="Registration notifications" />
      <CreatePasswordDialog
        open={pending.dialogOpen}
        onOpenChange={pending.setDialogOpen}
        registration={pending.registration}
        onPasswordCreated={pending.passwordCreated}
        returnFocusTo={reopenButton}
      />
    </AuthCard>
  )
}

type PendingRegistrationNoteProps = {
  emailId: string
  buttonRef: React.RefObject<HTMLButtonElement | null>
  onReopen: () => void
}

/** A registration waiting for its password: where the code went, and the dialog to open again. */
function PendingRegistrationNote({ emailId, buttonRef, onReopen }: PendingRegistrationNoteProps) {
  return (
    <div
      data-slot="pending-registration"
      className="flex flex-col gap-3 rounded-control border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2 text-small text-ink">
        <MailCheck className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
        <span>
          We sent a 6-digit code to <strong className="[overflow-wrap:anywhere]">{emailId}</strong>. Create
          your password to finish registering.
        </span>
      </p>
      <Button ref={buttonRef} variant="secondary" className="self-start sm:self-auto" onClick={onReopen}>
        Create your password
      </Button>
    </div>
  )
}

export { RegistrationForm }
