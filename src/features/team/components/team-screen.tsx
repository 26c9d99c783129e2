import { UserPlus } from 'lucide-react'
import * as React from 'react'
import { Button } from '@/components/ui/button'
import { RefusalNote } from '@/components/ui/refusal-note'
import { ROLE_REFUSAL_HINT, type Role } from '@/contract/roles'
import type { TeamAnswer } from '@/contract/team'
import type { ActivityFilters } from '@/features/team/api/activity-log'
import { ActivityLog } from '@/features/team/components/activity-log'
import { InvitationsList } from '@/features/team/components/invitations-list'
import { InviteDialog } from '@/features/team/components/invite-dialog'
import { MembersTable } from '@/features/team/components/members-table'
import { teamManagement } from '@/features/team/model/team-rules'

type TeamScreenProps = {
  vendorUserId: string
  /** The viewer's role in the organization the session acts for. */
  role: Role
  team: TeamAnswer
  /** After the viewer left the organization. */
  onLeft: () => void
  /** The activity log's filters, kept in the page's address (an Owner's). */
  activityFilters: ActivityFilters
  onActivityFiltersChange: (filters: ActivityFilters) => void
}

/**
 * The team page: the members with their role and last activity; for an Owner also the
 * invitations waiting for an answer, Invite, and the activity log. Other roles read the members
 * and may leave; the rest is an Owner's, said once under the table.
 */
function TeamScreen({
  vendorUserId,
  role,
  team,
  onLeft,
  activityFilters,
  onActivityFiltersChange,
}: TeamScreenProps) {
  const [inviting, setInviting] = React.useState(false)
  const management = teamManagement(role)
  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby="team-members" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="team-members" className="text-heading text-ink">
            Members
          </h2>
          {management.allowed ? (
            <Button onClick={() => setInviting(true)}>
              <UserPlus aria-hidden="true" />
              Invite a member
            </Button>
          ) : null}
        </div>
        <MembersTable
          vendorUserId={vendorUserId}
          role={role}
          organizationName={team.organizationName}
          members={team.members}
          onLeft={onLeft}
        />
        {management.allowed ? null : <RefusalNote reason={management.reason} hint={ROLE_REFUSAL_HINT} />}
      </section>
      {management.allowed ? (
        <>
          <section aria-labelledby="team-invitations" className="flex flex-col gap-4">
            <h2 id="team-invitations" className="text-heading text-ink">
              Invitations
            </h2>
            <InvitationsList vendorUserId={vendorUserId} invitations={team.invitations} />
          </section>
          <section aria-labelledby="team-activity" className="flex flex-col gap-4">
            <h2 id="team-activity" className="text-heading text-ink">
              Activity log
            </h2>
            <ActivityLog
              vendorUserId={vendorUserId}
              members={team.members}
              filters={activityFilters}
              onFiltersChange={onActivityFiltersChange}
            />
          </section>
          <InviteDialog
            vendorUserId={vendorUserId}
            organizationName={team.organizationName}
            open={inviting}
            onOpenChange={setInviting}
          />
        </>
      ) : null}
    </div>
  )
}

export { TeamScreen }
