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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { LAB_ROLES, type LabRole, type LabStaff, type LabStaffMember } from '@/contract/lab'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { formatPortalTime } from '@/lib/format-time'
import { cn } from '@/lib/utils'
import { useChangeStaffRole, useRemoveStaff } from '@/features/lab/api/lab-api'
import { AddStaffDialog } from '@/features/lab/components/add-staff-dialog'

const STATE_TEXT: Record<LabStaffMember['state'], string> = {
  active: 'Active',
  invited: 'Link sent, no password yet',
  disabled: 'Removed',
}
const cellClasses = 'px-3 py-2.5 align-top'

/**
 * The lab's staff at /lab/staff (a Lab manager's): who can log in to the console with which role,
 * whether they have set their password, and when they were last active; Add a staff member mails
 * a set-password link; a role can change; Remove ends the member's sessions and logins.
 */
function LabStaffScreen({ me, staff }: { me: LabStaff; staff: ReadonlyArray<LabStaffMember> }) {
  const [adding, setAdding] = React.useState(false)
  const [removing, setRemoving] = React.useState<LabStaffMember | null>(null)
  const changeRole = useChangeStaffRole()

  const onRoleChange = async (member: LabStaffMember, role: LabRole) => {
    if (role === member.role) return
    const answer = await answerOrNull(changeRole.mutateAsync({ staffId: member.staffId, role }))
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
          <StaffHead />
          <tbody>
            {staff.map((member) => (
              <StaffRow
                key={member.staffId}
                member={member}
                self={member.staffId === me.staffId}
                onRoleChange={(role) => void onRoleChange(member, role)}
                onRemove={() => setRemoving(member)}
              />
            ))}
          </tbody>
        </table>
      </div>
      <AddStaffDialog open={adding} onOpenChange={setAdding} />
      <RemoveStaffDialog member={removing} onClose={() => setRemoving(null)} />
    </div>
  )
}

function StaffHead() {
  return (
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
  )
}

type StaffRowProps = {
  member: LabStaffMember
  /** The row is the manager's own: neither their role nor their login can be changed here. */
  self: boolean
  onRoleChange: (role: LabRole) => void
  onRemove: () => void
}

function StaffRow({ member, self, onRoleChange, onRemove }: StaffRowProps) {
  const removed = member.state === 'disabled'
  return (
    <tr className={cn('border-t border-line text-ink', removed && 'text-ink-muted')}>
      <th scope="row" className={`${cellClasses} text-start font-semibold`}>
        {member.name}
        {self ? <span className="ms-1 font-normal text-ink-muted">(you)</span> : null}
        <span className="block font-normal break-all text-ink-muted">{member.email}</span>
        <span className="block font-normal text-ink-muted md:hidden">{STATE_TEXT[member.state]}</span>
      </th>
      <td className={cellClasses}>
        {removed || self ? (
          <span>{member.role}</span>
        ) : (
          <Select value={member.role} onValueChange={(next) => onRoleChange(next as LabRole)}>
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
          <Button size="sm" variant="outline" onClick={onRemove} aria-label={`Remove ${member.name}`}>
            Remove
          </Button>
        )}
      </td>
    </tr>
  )
}

/** Remove asks first: the member is logged out at once. */
function RemoveStaffDialog({ member, onClose }: { member: LabStaffMember | null; onClose: () => void }) {
  const remove = useRemoveStaff()
  const onRemove = async () => {
    if (!member) return
    const answer = await answerOrNull(remove.mutateAsync(member.staffId))
    if (answer) void showToast('success', answer.message)
  }
  return (
    <AlertDialog open={member !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{member ? `Remove ${member.name}?` : 'Remove?'}</AlertDialogTitle>
          <AlertDialogDescription>
            {member
              ? `${member.name} is logged out at once and can no longer log in to the lab console.`
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
  )
}

export { LabStaffScreen }
