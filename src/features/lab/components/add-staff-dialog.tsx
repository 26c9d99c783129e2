import { FormDialog } from '@/components/form/form-dialog'
import { useAppForm } from '@/components/form/form-kit'
import { showRefusal } from '@/components/form/form-refusal'
import { LAB_ROLE_DESCRIPTIONS, LAB_ROLES, LAB_SET_PASSWORD_VALID_HOURS, type LabRole } from '@/contract/lab'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { useAddStaff } from '@/features/lab/api/lab-api'

export const STAFF_NAME_EMPTY = 'Enter the staff member’s name.'
export const STAFF_EMAIL_EMPTY = 'Enter the staff member’s e-mail address.'

type AddStaffDialogProps = { open: boolean; onOpenChange: (open: boolean) => void }

/**
 * Add a staff member (a Lab manager): a name, an e-mail address and a role, checked here and then
 * by the server, on their fields. The server mails them a link to set their password.
 */
export function AddStaffDialog({ open, onOpenChange }: AddStaffDialogProps) {
  const add = useAddStaff()
  const form = useAppForm({
    defaultValues: { name: '', email: '', role: 'Lab engineer' as LabRole },
    validators: {
      onSubmit: ({ value }) => {
        const fields = {
          ...(value.name.trim() ? {} : { name: STAFF_NAME_EMPTY }),
          ...(value.email.trim() ? {} : { email: STAFF_EMAIL_EMPTY }),
        }
        return Object.keys(fields).length > 0 ? { fields } : undefined
      },
    },
    onSubmit: async ({ value, formApi }) => {
      const outcome = await answerOrNull(
        add.mutateAsync({ name: value.name.trim(), email: value.email.trim(), role: value.role }),
      )
      if (!outcome) return
      if (!outcome.ok) return showRefusal(formApi, outcome)
      void showToast('success', outcome.data.message)
      onOpenChange(false)
    },
  })
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Add a staff member"
      description={`We send them a link to set their password. It works for ${LAB_SET_PASSWORD_VALID_HOURS} hours.`}
      submitLabel="Add and send the link"
    >
      <form.AppField name="name">
        {(field) => <field.TextField label="Name" autoComplete="off" maxLength={100} required />}
      </form.AppField>
      <form.AppField name="email">{(field) => <field.EmailAddressField required />}</form.AppField>
      <form.AppField name="role">
        {(field) => (
          <field.ChoiceCardsField
            legend="Role"
            name="lab-staff-role"
            options={LAB_ROLES}
            descriptions={LAB_ROLE_DESCRIPTIONS}
          />
        )}
      </form.AppField>
    </FormDialog>
  )
}
