import * as React from 'react'
import { ChoiceCards } from '@/components/ui/choice-cards'
import { Field, FieldError, FieldLabel } from '@/components/ui/field'
import { DialogForm, FormDialog } from '@/components/ui/form-dialog'
import { Input } from '@/components/ui/input'
import { ROLE_DESCRIPTIONS, ROLES, type Role } from '@/contract/roles'
import { INVITATION_VALID_DAYS } from '@/contract/team'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { useInviteMutation } from '@/features/team/api/team-changes'

type InviteDialogProps = {
  vendorUserId: string
  organizationName: string
  open: boolean
  onOpenChange: (open: boolean) => void
}

const EMPTY_EMAIL = 'Enter the e-mail address to invite.'

/**
 * Invite a member: an e-mail address and a role (each with what it may do). The server checks the
 * address; its refusal of a field (`{ message, field }`) shows on that field. On success the
 * answer's message is the toast and the dialog closes.
 */
function InviteDialog({ vendorUserId, organizationName, open, onOpenChange }: InviteDialogProps) {
  const { emailId, setEmailId, role, setRole, errors, setErrors, emailRef, reset, submit, pending } =
    useInviteForm(vendorUserId, () => onOpenChange(false))
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} onReset={reset} className="max-w-lg">
      <DialogForm
        title="Invite a member"
        description={`We send them a link to join ${organizationName}. It works for ${INVITATION_VALID_DAYS} days.`}
        onSubmit={submit}
        submitLabel="Send invitation"
        pending={pending}
        onCancel={() => onOpenChange(false)}
      >
        <Field invalid={Boolean(errors.emailId)} required>
          <FieldLabel showRequired>E-mail address</FieldLabel>
          <Input
            ref={emailRef}
            type="email"
            autoComplete="off"
            value={emailId}
            maxLength={254}
            onChange={(event) => {
              setEmailId(event.target.value)
              if (errors.emailId) setErrors((current) => ({ ...current, emailId: undefined }))
            }}
          />
          {errors.emailId ? <FieldError>{errors.emailId}</FieldError> : null}
        </Field>
        <ChoiceCards
          legend="Role"
          name="invite-role"
          options={ROLES}
          descriptions={ROLE_DESCRIPTIONS}
          value={role}
          onChange={(option) => {
            setRole(option)
            setErrors((current) => ({ ...current, role: undefined }))
          }}
          error={errors.role}
        />
      </DialogForm>
    </FormDialog>
  )
}

/** The invitation's fields, their errors, and its submission (then `onSent`). */
function useInviteForm(vendorUserId: string, onSent: () => void) {
  const [emailId, setEmailId] = React.useState('')
  const [role, setRole] = React.useState<Role>('Engineer')
  const [errors, setErrors] = React.useState<{ emailId?: string; role?: string }>({})
  const invite = useInviteMutation(vendorUserId)
  const emailRef = React.useRef<HTMLInputElement>(null)

  const reset = () => {
    setEmailId('')
    setRole('Engineer')
    setErrors({})
  }

  const submit = async () => {
    const email = emailId.trim()
    if (!email) {
      setErrors({ emailId: EMPTY_EMAIL })
      emailRef.current?.focus()
      return
    }
    const outcome = await answerOrNull(invite.mutateAsync({ emailId: email, role }))
    if (!outcome) return
    if (outcome.kind === 'field') {
      setErrors({ [outcome.field]: outcome.message })
      if (outcome.field === 'emailId') emailRef.current?.focus()
      return
    }
    void showToast('success', outcome.answer.message)
    reset()
    onSent()
  }

  return {
    emailId,
    setEmailId,
    role,
    setRole,
    errors,
    setErrors,
    emailRef,
    reset,
    submit,
    pending: invite.isPending,
  }
}

export { InviteDialog }
