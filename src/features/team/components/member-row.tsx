import type * as React from 'react'
import { Button } from '@/components/ui/button'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { ROLES, type Role } from '@/contract/roles'
import type { Member } from '@/contract/team'
import { formatPortalTime } from '@/lib/format-time'
import type { ActionRule, MemberRowRules } from '@/features/team/model/team-rules'

export const cellClasses = 'px-3 py-3 align-top'

type MemberRowProps = {
  member: Member
  rules: MemberRowRules
  /** The viewer's own row. */
  self: boolean
  organizationName: string
  onRoleChange: (member: Member, next: Role) => void
  onRemove: (member: Member) => void
  onLeave: () => void
}

/** One member: name (and on a phone the e-mail and last activity), e-mail, role, last activity, actions. */
function MemberRow({
  member,
  rules,
  self,
  organizationName,
  onRoleChange,
  onRemove,
  onLeave,
}: MemberRowProps) {
  const reasonId = `member-${member.accountId}-reason`
  const reason = firstReason(rules.changeRole, rules.remove, rules.leave)
  return (
    <tr className="border-t border-line text-ink">
      <th scope="row" className={`${cellClasses} text-start font-semibold`}>
        <span data-slot="member-name">
          {member.name}
          {self ? <span className="ms-1 font-normal text-ink-muted">(you)</span> : null}
        </span>
        {/* On a phone the e-mail and the last activity sit under the name. */}
        <span className="block font-normal break-all text-ink-muted sm:hidden">{member.emailId}</span>
        <span className="block font-normal text-ink-muted md:hidden">
          {`Last activity: ${lastActivity(member)}`}
        </span>
      </th>
      <td className={`${cellClasses} hidden break-all sm:table-cell`}>{member.emailId}</td>
      <td className={cellClasses}>
        {rules.changeRole?.allowed ? (
          <RoleSelect member={member} onChange={(next) => onRoleChange(member, next)} />
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
                onClick={() => onRemove(member)}
              >
                Remove
              </RowButton>
            ) : null}
            {rules.leave ? (
              <RowButton
                rule={rules.leave}
                reasonId={reasonId}
                label={`Leave ${organizationName}`}
                onClick={onLeave}
              >
                Leave
              </RowButton>
            ) : null}
          </div>
          {reason ? (
            <p id={reasonId} data-slot="member-reason" className="max-w-56 text-caption text-ink-muted">
              {reason}
            </p>
          ) : null}
        </div>
      </td>
    </tr>
  )
}

/** An Owner's choice of another member's role. */
function RoleSelect({ member, onChange }: { member: Member; onChange: (next: Role) => void }) {
  return (
    <Select value={member.role} onValueChange={(next) => onChange(next as Role)}>
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

export { MemberRow }
