import * as React from 'react'
import { Button } from '@/components/ui/button'
import { ChoiceCards } from '@/components/ui/choice-cards'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Field, FieldError, FieldLabel } from '@/components/ui/field'
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

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
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
    onOpenChange(false)
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset()
        onOpenChange(next)
      }}
    >
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Invite a member</DialogTitle>
          <DialogDescription>
            {`We send them a link to join ${organizationName}. It works for ${INVITATION_VALID_DAYS} days.`}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
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
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={invite.isPending}>
              Send invitation
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

export { InviteDialog }
