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
import { ROLES, type Role } from '@/contract/roles'
import type { Member } from '@/contract/team'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { formatPortalTime } from '@/lib/format-time'
import {
  useChangeRoleMutation,
  useLeaveMutation,
  useRemoveMemberMutation,
} from '@/features/team/api/team-changes'
import { type ActionRule, memberRowRules } from '@/features/team/model/team-rules'

type MembersTableProps = {
  vendorUserId: string
  role: Role
  organizationName: string
  members: ReadonlyArray<Member>
  /** After the member left the organization. */
  onLeft: () => void
}

type Confirm = { kind: 'remove'; member: Member } | { kind: 'leave' } | null

const cellClasses = 'px-3 py-3 align-top'

/**
 * The organization's members: name, e-mail, role, last activity. An Owner changes roles and
 * removes members (after a confirmation); every member may leave on their own row. What the last
 * Owner may not do stays visible, disabled, with the reason under it.
 */
function MembersTable({ vendorUserId, role, organizationName, members, onLeft }: MembersTableProps) {
  const [confirm, setConfirm] = React.useState<Confirm>(null)
  const changeRole = useChangeRoleMutation(vendorUserId)
  const remove = useRemoveMemberMutation(vendorUserId)
  const leave = useLeaveMutation(vendorUserId)
  const viewer = { accountId: vendorUserId, role }

  const onRoleChange = async (member: Member, next: Role) => {
    if (next === member.role) return
    const answer = await answerOrNull(changeRole.mutateAsync({ accountId: member.accountId, role: next }))
    if (answer) void showToast('success', answer.message)
  }

  const onConfirm = async () => {
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

  return (
    <>
      <div className="overflow-x-auto rounded-card border border-line bg-surface">
        <table className="w-full border-collapse text-start text-small">
          <caption className="sr-only">Members of {organizationName}</caption>
          <thead className="bg-surface-sunken text-ink-muted">
            <tr>
              <th scope="col" className={`${cellClasses} text-start font-semibold`}>
                Name
              </th>
              <th scope="col" className={`${cellClasses} hidden text-start font-semibold sm:table-cell`}>
                E-mail
              </th>
              <th scope="col" className={`${cellClasses} text-start font-semibold`}>
                Role
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
            {members.map((member) => {
              const rules = memberRowRules(members, member, viewer)
              const self = member.accountId === vendorUserId
              const reasonId = `member-${member.accountId}-reason`
              const reason = firstReason(rules.changeRole, rules.remove, rules.leave)
              return (
                <tr key={member.accountId} className="border-t border-line text-ink">
                  <th scope="row" className={`${cellClasses} text-start font-semibold`}>
                    <span data-slot="member-name">
                      {member.name}
                      {self ? <span className="ms-1 font-normal text-ink-muted">(you)</span> : null}
                    </span>
                    {/* On a phone the e-mail and the last activity sit under the name. */}
                    <span className="block font-normal break-all text-ink-muted sm:hidden">
                      {member.emailId}
                    </span>
                    <span className="block font-normal text-ink-muted md:hidden">
                      {`Last activity: ${lastActivity(member)}`}
                    </span>
                  </th>
                  <td className={`${cellClasses} hidden break-all sm:table-cell`}>{member.emailId}</td>
                  <td className={cellClasses}>
                    {rules.changeRole?.allowed ? (
                      <Select
                        value={member.role}
                        onValueChange={(next) => void onRoleChange(member, next as Role)}
                      >
                        <SelectTrigger aria-label={`Role of ${member.name}`} className="h-8 w-32">
                          <SelectValue />
                        </SelectTrigger>
                        <SelectContent>
                          {ROLES.map((option) => (
                            <SelectItem key={option} value={option}>
                              {option}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                    ) : (
                      <span data-slot="member-role">{member.role}</span>
                    )}
                  </td>
                  <td className={`${cellClasses} hidden md:table-cell`}>{lastActivity(member)}</td>
                  <td className={cellClasses}>
                    <div className="flex flex-col gap-1.5">
                      <div className="flex flex-wrap gap-2">
                        {rules.remove ? (
                          <RowButton
                            rule={rules.remove}
                            reasonId={reasonId}
                            label={`Remove ${member.name}`}
                            onClick={() => setConfirm({ kind: 'remove', member })}
                          >
                            Remove
                          </RowButton>
                        ) : null}
                        {rules.leave ? (
                          <RowButton
                            rule={rules.leave}
                            reasonId={reasonId}
                            label={`Leave ${organizationName}`}
                            onClick={() => setConfirm({ kind: 'leave' })}
                          >
                            Leave
                          </RowButton>
                        ) : null}
                      </div>
                      {reason ? (
                        <p
                          id={reasonId}
                          data-slot="member-reason"
                          className="max-w-56 text-caption text-ink-muted"
                        >
                          {reason}
                        </p>
                      ) : null}
                    </div>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <AlertDialog open={confirm !== null} onOpenChange={(open) => !open && setConfirm(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {confirm?.kind === 'remove' ? `Remove ${confirm.member.name}?` : `Leave ${organizationName}?`}
            </AlertDialogTitle>
            <AlertDialogDescription>
              {confirm?.kind === 'remove'
                ? `${confirm.member.name} loses access to ${organizationName}’s devices, runs and certificates at once.`
                : `You lose access to ${organizationName}’s devices, runs and certificates. An Owner can invite you again.`}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={() => void onConfirm()}>
              {confirm?.kind === 'remove' ? 'Remove' : 'Leave'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  )
}

const lastActivity = (member: Member) =>
  member.lastActiveAt ? formatPortalTime(member.lastActiveAt) : 'Not yet'

const firstReason = (...rules: Array<ActionRule | null>) => {
  for (const rule of rules) if (rule && !rule.allowed) return rule.reason
  return null
}

/** A row's button: refused ones stay focusable (aria-disabled), described by the row's reason. */
function RowButton({
  rule,
  reasonId,
  label,
  onClick,
  children,
}: {
  rule: ActionRule
  reasonId: string
  label: string
  onClick: () => void
  children: React.ReactNode
}) {
  return (
    <Button
      size="sm"
      variant="outline"
      aria-label={label}
      aria-disabled={rule.allowed ? undefined : true}
      aria-describedby={rule.allowed ? undefined : reasonId}
      onClick={rule.allowed ? onClick : undefined}
    >
      {children}
    </Button>
  )
}

export { MembersTable }
