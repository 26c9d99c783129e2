import { ROLE_DESCRIPTIONS, type Role } from '@/contract/roles'

/**
 * The role an invitation offers (with what it may do) and who sent it: the rows of a description
 * list that the invitation link's page and the pending invitations both show.
 */
export function InvitationRoleTerms({ role, invitedBy }: { role: Role; invitedBy: string }) {
  return (
    <>
      <dt className="font-semibold text-ink-muted">Role</dt>
      <dd className="text-ink">
        {role}
        <span className="block text-small text-ink-muted">{ROLE_DESCRIPTIONS[role]}</span>
      </dd>
      <dt className="font-semibold text-ink-muted">Invited by</dt>
      <dd className="text-ink">{invitedBy}</dd>
    </>
  )
}
