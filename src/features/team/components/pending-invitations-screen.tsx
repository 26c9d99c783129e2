import { CircleAlert, LogOut } from 'lucide-react'
import * as React from 'react'
import { Button } from '@/components/ui/button'
import { NO_ORGANIZATION_MESSAGE } from '@/contract/server-messages'
import type { PendingInvitation, PendingInvitationsAnswer } from '@/contract/team'
import { formatPortalTime } from '@/lib/format-time'
import { InvitationRoleTerms } from '@/features/team/components/invitation-terms'

type PendingInvitationsScreenProps = {
  answer: PendingInvitationsAnswer
  /** The login's account belongs to no organization: an invitation is its way back in. */
  withoutOrganization: boolean
  /** The invitation being accepted now, or null. */
  acceptingId: string | null
  /** Why the last Accept was refused, in the server's words; null when it was not. */
  problem: string | null
  onAccept: (invitationId: string) => void
  onLogout: () => void
}

/**
 * The invitations to the logged-in account's own address (/invitations), each with its
 * organization, role (and what it may do), who invited and until when, and Accept. It is where a
 * login without an organization lands: with no invitation it says what to do, in the words the
 * portal has always used for it, and offers Log out.
 */
function PendingInvitationsScreen({
  answer,
  withoutOrganization,
  acceptingId,
  problem,
  onAccept,
  onLogout,
}: PendingInvitationsScreenProps) {
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      {problem ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-control border border-danger/30 bg-danger/5 px-3 py-2 text-small font-semibold text-danger"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {problem}
        </p>
      ) : null}
      {answer.invitations.length === 0 ? (
        <NoInvitations
          emailId={answer.emailId}
          withoutOrganization={withoutOrganization}
          onLogout={onLogout}
        />
      ) : (
        <ul aria-label="Pending invitations" className="flex flex-col gap-4">
          {answer.invitations.map((invitation) => (
            <li key={invitation.invitationId}>
              <InvitationCard
                invitation={invitation}
                accepting={acceptingId === invitation.invitationId}
                disabled={acceptingId !== null}
                onAccept={() => onAccept(invitation.invitationId)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

type InvitationCardProps = {
  invitation: PendingInvitation
  accepting: boolean
  disabled: boolean
  onAccept: () => void
}

function InvitationCard({ invitation, accepting, disabled, onAccept }: InvitationCardProps) {
  const headingId = React.useId()
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-card border border-line bg-surface p-6 shadow-card"
    >
      <h2 id={headingId} className="text-heading break-words text-ink">
        {invitation.organizationName}
      </h2>
      <dl className="grid gap-x-6 gap-y-3 text-body sm:grid-cols-[10rem_minmax(0,1fr)]">
        <InvitationRoleTerms role={invitation.role} invitedBy={invitation.invitedBy} />
        <dt className="font-semibold text-ink-muted">Expires</dt>
        <dd className="text-ink">{formatPortalTime(invitation.expiresAt)}</dd>
      </dl>
      <Button className="self-start" loading={accepting} disabled={disabled} onClick={onAccept}>
        Accept<span className="sr-only"> the invitation to {invitation.organizationName}</span>
      </Button>
    </article>
  )
}

function NoInvitations({
  emailId,
  withoutOrganization,
  onLogout,
}: {
  emailId: string
  withoutOrganization: boolean
  onLogout: () => void
}) {
  if (!withoutOrganization) {
    return (
      <p role="status" className="rounded-control bg-surface-sunken p-3 text-body text-ink">
        There are no pending invitations to {emailId}.
      </p>
    )
  }
  return (
    <div className="flex flex-col gap-4 rounded-card border border-line bg-surface p-6 shadow-card">
      <p role="status" className="text-body text-ink">
        {NO_ORGANIZATION_MESSAGE}
      </p>
      <Button variant="outline" className="self-start" onClick={onLogout}>
        <LogOut aria-hidden="true" />
        Log out
      </Button>
    </div>
  )
}

export { PendingInvitationsScreen }
