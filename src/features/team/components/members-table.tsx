import * as React from 'react'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import type { Role } from '@/contract/roles'
import type { Member } from '@/contract/team'
import { answerOrNull, showToast } from '@/lib/api-failure'
import {
  useChangeRoleMutation,
  useLeaveMutation,
  useRemoveMemberMutation,
} from '@/features/team/api/team-changes'
import { cellClasses, MemberRow } from '@/features/team/components/member-row'
import { memberRowRules } from '@/features/team/model/team-rules'

type MembersTableProps = {
  vendorUserId: string
  role: Role
  organizationName: string
  members: ReadonlyArray<Member>
  /** After the member left the organization. */
  onLeft: () => void
}

type Confirm = { kind: 'remove'; member: Member } | { kind: 'leave' } | null

const headClasses = `${cellClasses} text-start font-semibold`

/**
 * The organization's members: name, e-mail, role, last activity. An Owner changes roles and
 * removes members (after a confirmation); every member may leave on their own row. What the last
 * Owner may not do stays visible, disabled, with the reason under it.
 */
function MembersTable({ vendorUserId, role, organizationName, members, onLeft }: MembersTableProps) {
  const [confirm, setConfirm] = React.useState<Confirm>(null)
  const { onRoleChange, onConfirm } = useMemberChanges(vendorUserId, onLeft)
  const viewer = { accountId: vendorUserId, role }

  return (
    <>
      <div className="overflow-x-auto rounded-card border border-line bg-surface">
        <table className="w-full border-collapse text-start text-small">
          <caption className="sr-only">Members of {organizationName}</caption>
          <thead className="bg-surface-sunken text-ink-muted">
            <tr>
              <th scope="col" className={headClasses}>
                Name
              </th>
              <th scope="col" className={`${cellClasses} hidden text-start font-semibold sm:table-cell`}>
                E-mail
              </th>
              <th scope="col" className={headClasses}>
                Role
              </th>
              <th scope="col" className={`${cellClasses} hidden text-start font-semibold md:table-cell`}>
                Last activity
              </th>
              <th scope="col" className={headClasses}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <MemberRow
                key={member.accountId}
                member={member}
                rules={memberRowRules(members, member, viewer)}
                self={member.accountId === vendorUserId}
                organizationName={organizationName}
                onRoleChange={(changed, next) => void onRoleChange(changed, next)}
                onRemove={(removed) => setConfirm({ kind: 'remove', member: removed })}
                onLeave={() => setConfirm({ kind: 'leave' })}
              />
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmMemberDialog
        confirm={confirm}
        organizationName={organizationName}
        onClose={() => setConfirm(null)}
        onConfirm={() => void onConfirm(confirm)}
      />
    </>
  )
}

/** Role changes, removals and leaving: each answer's message is the toast. */
function useMemberChanges(vendorUserId: string, onLeft: () => void) {
  const changeRole = useChangeRoleMutation(vendorUserId)
  const remove = useRemoveMemberMutation(vendorUserId)
  const leave = useLeaveMutation(vendorUserId)

  const onRoleChange = async (member: Member, next: Role) => {
    if (next === member.role) return
    const answer = await answerOrNull(changeRole.mutateAsync({ accountId: member.accountId, role: next }))
    if (answer) void showToast('success', answer.message)
  }

  const onConfirm = async (confirm: Confirm) => {
    if (!confirm) return
    if (confirm.kind === 'remove') {
      const answer = await answerOrNull(remove.mutateAsync(confirm.member.accountId))
      if (answer) void showToast('success', answer.message)
      return
    }
    const answer = await answerOrNull(leave.mutateAsync())
    if (answer) {
      void showToast('success', answer.message)
      onLeft()
    }
  }

  return { onRoleChange, onConfirm }
}

type ConfirmDialogProps = {
  confirm: Confirm
  organizationName: string
  onClose: () => void
  onConfirm: () => void
}

/** Remove a member, or leave: what it costs, asked first. */
function ConfirmMemberDialog({ confirm, organizationName, onClose, onConfirm }: ConfirmDialogProps) {
  const removing = confirm?.kind === 'remove' ? confirm.member : null
  return (
    <ConfirmDialog
      open={confirm !== null}
      onClose={onClose}
      title={removing ? `Remove ${removing.name}?` : `Leave ${organizationName}?`}
      description={
        removing
          ? `${removing.name} loses access to ${organizationName}’s devices, runs and certificates at once.`
          : `You lose access to ${organizationName}’s devices, runs and certificates. An Owner can invite you again.`
      }
      cancelLabel="Cancel"
      confirmLabel={removing ? 'Remove' : 'Leave'}
      onConfirm={onConfirm}
    />
  )
}

export { MembersTable }
