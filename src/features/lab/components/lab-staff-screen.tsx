import { UserPlus } from 'lucide-react'
import * as React from 'react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import {
  LAB_ROLE_DESCRIPTIONS,
  LAB_ROLES,
  LAB_SET_PASSWORD_VALID_HOURS,
  type LabRole,
  type LabStaff,
  type LabStaffMember,
} from '@/contract/lab'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { formatPortalTime } from '@/lib/format-time'
import { cn } from '@/lib/utils'
import { useAddStaff, useChangeStaffRole, useRemoveStaff } from '@/features/lab/api/lab-api'

const STATE_TEXT: Record<LabStaffMember['state'], string> = {
  active: 'Active',
  invited: 'Link sent, no password yet',
  disabled: 'Removed',
}
const cellClasses = 'px-3 py-2.5 align-top'

export const STAFF_NAME_EMPTY = 'Enter the staff member’s name.'
export const STAFF_EMAIL_EMPTY = 'Enter the staff member’s e-mail address.'

/**
 * The lab's staff at /lab/staff (a Lab manager's): who can log in to the console with which role,
 * whether they have set their password, and when they were last active; Add a staff member mails
 * a set-password link; a role can change; Remove ends the member's sessions and logins.
 */
function LabStaffScreen({ me, staff }: { me: LabStaff; staff: ReadonlyArray<LabStaffMember> }) {
  const [adding, setAdding] = React.useState(false)
  const [removing, setRemoving] = React.useState<LabStaffMember | null>(null)
  const changeRole = useChangeStaffRole()
  const remove = useRemoveStaff()

  const onRoleChange = async (member: LabStaffMember, role: LabRole) => {
    if (role === member.role) return
    const answer = await answerOrNull(changeRole.mutateAsync({ staffId: member.staffId, role }))
    if (answer) void showToast('success', answer.message)
  }
  const onRemove = async () => {
    if (!removing) return
    const answer = await answerOrNull(remove.mutateAsync(removing.staffId))
    if (answer) void showToast('success', answer.message)
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <Button onClick={() => setAdding(true)}>
          <UserPlus aria-hidden="true" /> Add a staff member
        </Button>
      </div>
      <div className="overflow-x-auto rounded-card border border-line bg-surface">
        <table className="w-full border-collapse text-start text-small">
          <caption className="sr-only">The lab’s staff</caption>
          <thead className="bg-surface-sunken text-ink-muted">
            <tr>
              <th scope="col" className={`${cellClasses} text-start font-semibold`}>
                Name
              </th>
              <th scope="col" className={`${cellClasses} text-start font-semibold`}>
                Role
              </th>
              <th scope="col" className={`${cellClasses} hidden text-start font-semibold md:table-cell`}>
                State
              </th>
              <th scope="col" className={`${cellClasses} hidden text-start font-semibold md:table-cell`}>
                Last activity
              </th>
              <th scope="col" className={`${cellClasses} text-start font-semibold`}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {staff.map((member) => {
              const self = member.staffId === me.staffId
              const removed = member.state === 'disabled'
              return (
                <tr
                  key={member.staffId}
                  className={cn('border-t border-line text-ink', removed && 'text-ink-muted')}
                >
                  <th scope="row" className={`${cellClasses} text-start font-semibold`}>
                    {member.name}
                    {self ? <span className="ms-1 font-normal text-ink-muted">(you)</span> : null}
                    <span className="block font-normal break-all text-ink-muted">{member.email}</span>
                    <span className="block font-normal text-ink-muted md:hidden">
                      {STATE_TEXT[member.state]}
                    </span>
                  </th>
                  <td className={cellClasses}>
                    {removed || self ? (
                      <span>{member.role}</span>
                    ) : (
                      <Select
                        value={member.role}
                        onValueChange={(next) => void onRoleChange(member, next as LabRole)}
                      >
                        <SelectTrigger aria-label={`Role of ${member.name}`} className="h-8 w-36">
                          <SelectValue />
                        </SelectTrigger>
                        <SelectContent>
                          {LAB_ROLES.map((role) => (
                            <SelectItem key={role} value={role}>
                              {role}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                    )}
                  </td>
                  <td className={`${cellClasses} hidden md:table-cell`}>{STATE_TEXT[member.state]}</td>
                  <td className={`${cellClasses} hidden md:table-cell`}>
                    {member.lastActiveAt ? formatPortalTime(member.lastActiveAt) : 'Not yet'}
                  </td>
                  <td className={cellClasses}>
                    {removed || self ? null : (
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setRemoving(member)}
                        aria-label={`Remove ${member.name}`}
                      >
                        Remove
                      </Button>
                    )}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <AddStaffDialog open={adding} onOpenChange={setAdding} />
      <AlertDialog open={removing !== null} onOpenChange={(open) => !open && setRemoving(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{removing ? `Remove ${removing.name}?` : 'Remove?'}</AlertDialogTitle>
            <AlertDialogDescription>
              {removing
                ? `${removing.name} is logged out at once and can no longer log in to the lab console.`
                : ''}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={() => void onRemove()}>
              Remove
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  )
}

type Errors = { name?: string | undefined; email?: string | undefined; role?: string | undefined }

function AddStaffDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
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
              onChange={(event) => {
                setName(event.target.value)
                setErrors((current) => ({ ...current, name: undefined }))
              }}
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
              onChange={(event) => {
                setEmail(event.target.value)
                setErrors((current) => ({ ...current, email: undefined }))
              }}
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
            <Button type="submit" loading={add.isPending}>
              Add and send the link
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

export { LabStaffScreen }
