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
import { LAB_ROLE_DESCRIPTIONS, LAB_ROLES, LAB_SET_PASSWORD_VALID_HOURS, type LabRole } from '@/contract/lab'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { useAddStaff } from '@/features/lab/api/lab-api'

export const STAFF_NAME_EMPTY = 'Enter the staff member’s name.'
export const STAFF_EMAIL_EMPTY = 'Enter the staff member’s e-mail address.'

type Errors = { name?: string | undefined; email?: string | undefined; role?: string | undefined }

/** The new member's name, e-mail address and role, checked here and then by the server, on their fields. */
function useAddStaffForm(onOpenChange: (open: boolean) => void) {
  const [name, setName] = React.useState('')
  const [email, setEmail] = React.useState('')
  const [role, setRole] = React.useState<LabRole>('Lab engineer')
  const [errors, setErrors] = React.useState<Errors>({})
  const add = useAddStaff()
  const nameRef = React.useRef<HTMLInputElement>(null)
  const emailRef = React.useRef<HTMLInputElement>(null)

  const reset = () => {
    setName('')
    setEmail('')
    setRole('Lab engineer')
    setErrors({})
  }

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const next: Errors = {
      name: name.trim() ? undefined : STAFF_NAME_EMPTY,
      email: email.trim() ? undefined : STAFF_EMAIL_EMPTY,
    }
    if (next.name || next.email) {
      setErrors(next)
      ;(next.name ? nameRef : emailRef).current?.focus()
      return
    }
    const outcome = await answerOrNull(add.mutateAsync({ name: name.trim(), email: email.trim(), role }))
    if (!outcome) return
    if (!outcome.ok) {
      const field = outcome.field === 'name' || outcome.field === 'role' ? outcome.field : 'email'
      setErrors({ [field]: outcome.message })
      if (field === 'name') nameRef.current?.focus()
      if (field === 'email') emailRef.current?.focus()
      return
    }
    void showToast('success', outcome.data.message)
    reset()
    onOpenChange(false)
  }

  const changeName = (value: string) => {
    setName(value)
    setErrors((current) => ({ ...current, name: undefined }))
  }
  const changeEmail = (value: string) => {
    setEmail(value)
    setErrors((current) => ({ ...current, email: undefined }))
  }
  return {
    name,
    email,
    role,
    errors,
    nameRef,
    emailRef,
    changeName,
    changeEmail,
    setRole,
    reset,
    submit,
    adding: add.isPending,
  }
}

type AddStaffDialogProps = { open: boolean; onOpenChange: (open: boolean) => void }

/** Add a staff member (a Lab manager): the server mails them a link to set their password. */
export function AddStaffDialog({ open, onOpenChange }: AddStaffDialogProps) {
  const {
    name,
    email,
    role,
    errors,
    nameRef,
    emailRef,
    changeName,
    changeEmail,
    setRole,
    reset,
    submit,
    adding,
  } = useAddStaffForm(onOpenChange)
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
          <DialogTitle>Add a staff member</DialogTitle>
          <DialogDescription>
            {`We send them a link to set their password. It works for ${LAB_SET_PASSWORD_VALID_HOURS} hours.`}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
          <Field invalid={Boolean(errors.name)} required>
            <FieldLabel showRequired>Name</FieldLabel>
            <Input
              ref={nameRef}
              autoComplete="off"
              value={name}
              maxLength={100}
              onChange={(event) => changeName(event.target.value)}
            />
            {errors.name ? <FieldError>{errors.name}</FieldError> : null}
          </Field>
          <Field invalid={Boolean(errors.email)} required>
            <FieldLabel showRequired>E-mail address</FieldLabel>
            <Input
              ref={emailRef}
              type="email"
              autoComplete="off"
              value={email}
              maxLength={254}
              onChange={(event) => changeEmail(event.target.value)}
            />
            {errors.email ? <FieldError>{errors.email}</FieldError> : null}
          </Field>
          <ChoiceCards
            legend="Role"
            name="lab-staff-role"
            options={LAB_ROLES}
            descriptions={LAB_ROLE_DESCRIPTIONS}
            value={role}
            onChange={setRole}
            error={errors.role}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={adding}>
              Add and send the link
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
