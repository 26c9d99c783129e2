import { Link } from '@tanstack/react-router'
import { Button } from '@/components/ui/button'
import type { AuthData } from '@/contract/auth'
import { INVITATION_LINK_STATE_MESSAGES, INVITATION_PATH, type InvitationAnswer } from '@/contract/team'
import { formatPortalTime } from '@/lib/format-time'
import { InvitationRoleTerms } from '@/features/team/components/invitation-terms'
import { JoinInvitationForm } from '@/features/team/components/join-invitation-form'

type InvitationScreenProps = {
  token: string
  invitation: InvitationAnswer
  loggedIn: boolean
  accepting: boolean
  onAccept: () => void
  /** Joined with a new account (docs/decisions/0046): its login data. */
  onJoined: (authData: AuthData) => void
}

/**
 * The invitation link's page: the organization, the role (and what it may do), who invited and
 * until when. Logged in: Accept. Not logged in: log in to accept (coming back here), or join with a
 * name and a password (docs/decisions/0046). An invitation that no longer works says why, in the server's words for that state
 * (INVITATION_LINK_STATE_MESSAGES: the same as accepting it would answer).
 */
function InvitationScreen({
  token,
  invitation,
  loggedIn,
  accepting,
  onAccept,
  onJoined,
}: InvitationScreenProps) {
  const here = `${INVITATION_PATH}?token=${encodeURIComponent(token)}`
  return (
    <div className="flex max-w-2xl flex-col gap-6 rounded-card border border-line bg-surface p-6 shadow-card">
      <dl className="grid gap-x-6 gap-y-3 text-body sm:grid-cols-[10rem_minmax(0,1fr)]">
        <dt className="font-semibold text-ink-muted">Organization</dt>
        <dd className="text-ink">{invitation.organizationName}</dd>
        <InvitationRoleTerms role={invitation.role} invitedBy={invitation.invitedBy} />
        <dt className="font-semibold text-ink-muted">For</dt>
        <dd className="break-all text-ink">{invitation.emailId}</dd>
        <dt className="font-semibold text-ink-muted">
          {invitation.state === 'expired' ? 'Expired' : 'Expires'}
        </dt>
        <dd className="text-ink">{formatPortalTime(invitation.expiresAt)}</dd>
      </dl>
      {invitation.state === 'valid' ? (
        loggedIn ? (
          <Button className="self-start" loading={accepting} onClick={onAccept}>
            Accept the invitation
          </Button>
        ) : (
          <>
            <p className="text-body text-ink">
              Already have an account?{' '}
              <Link
                to="/login"
                search={{ redirect: here }}
                className="font-semibold text-brand-700 underline-offset-4 hover:underline"
              >
                Log in to accept
              </Link>
            </p>
            <div className="border-t border-line pt-6">
              <JoinInvitationForm token={token} emailId={invitation.emailId} onJoined={onJoined} />
            </div>
          </>
        )
      ) : (
        <p role="status" className="rounded-control bg-surface-sunken p-3 text-body text-ink">
          {INVITATION_LINK_STATE_MESSAGES[invitation.state]}
        </p>
      )}
    </div>
  )
}

export { InvitationScreen }
