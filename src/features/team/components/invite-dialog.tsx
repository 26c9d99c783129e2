import { FormDialog } from '@/components/form/form-dialog'
import { useAppForm } from '@/components/form/form-kit'
import { showRefusal } from '@/components/form/form-refusal'
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
  const invite = useInviteMutation(vendorUserId)
  const form = useAppForm({
    defaultValues: { emailId: '', role: 'Engineer' as Role },
    validators: {
      onSubmit: ({ value }) => (value.emailId.trim() ? undefined : { fields: { emailId: EMPTY_EMAIL } }),
    },
    onSubmit: async ({ value, formApi }) => {
      const outcome = await answerOrNull(
        invite.mutateAsync({ emailId: value.emailId.trim(), role: value.role }),
      )
      if (!outcome) return
      if (outcome.kind === 'field') return showRefusal(formApi, outcome)
      void showToast('success', outcome.answer.message)
      onOpenChange(false)
    },
  })
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Invite a member"
      description={`We send them a link to join ${organizationName}. It works for ${INVITATION_VALID_DAYS} days.`}
      submitLabel="Send invitation"
    >
      <form.AppField name="emailId">{(field) => <field.EmailAddressField required />}</form.AppField>
      <form.AppField name="role">
        {(field) => (
          <field.ChoiceCardsField
            legend="Role"
            name="invite-role"
            options={ROLES}
            descriptions={ROLE_DESCRIPTIONS}
          />
        )}
      </form.AppField>
    </FormDialog>
  )
}

export { InviteDialog }
