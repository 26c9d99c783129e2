import * as React from 'react'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Button } from '@/components/ui/button'
import type { Invitation } from '@/contract/team'
import { answerOrNull, showToast } from '@/lib/api-failure'
import { formatPortalTime } from '@/lib/format-time'
import { cn } from '@/lib/utils'
import { useResendInvitationMutation, useRevokeInvitationMutation } from '@/features/team/api/team-changes'
import { invitationMailLabel, invitationStateLabel } from '@/features/team/model/team-rules'

type InvitationsListProps = {
  vendorUserId: string
  invitations: ReadonlyArray<Invitation>
}

/**
 * The invitations not yet accepted: who, which role, who sent it and until when it works. An
 * expired one says so and may be sent again; Revoke asks first.
 */
function InvitationsList({ vendorUserId, invitations }: InvitationsListProps) {
  const [revoking, setRevoking] = React.useState<Invitation | null>(null)
  const resend = useResendInvitationMutation(vendorUserId)
  const revoke = useRevokeInvitationMutation(vendorUserId)

  if (invitations.length === 0) {
    return <p className="text-body text-ink-muted">No invitations are waiting for an answer.</p>
  }

  const onResend = async (invitation: Invitation) => {
    const answer = await answerOrNull(resend.mutateAsync(invitation.invitationId))
    if (answer) void showToast('success', answer.message)
  }

  const onRevoke = async () => {
    if (!revoking) return
    const answer = await answerOrNull(revoke.mutateAsync(revoking.invitationId))
    if (answer) void showToast('success', answer.message)
  }

  return (
    <>
      <ul className="flex flex-col divide-y divide-line rounded-card border border-line bg-surface">
        {invitations.map((invitation) => (
          <InvitationItem
            key={invitation.invitationId}
            invitation={invitation}
            resending={resend.isPending && resend.variables === invitation.invitationId}
            onResend={() => void onResend(invitation)}
            onRevoke={() => setRevoking(invitation)}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title="Revoke this invitation?"
        description={revoking ? `The link sent to ${revoking.emailId} stops working at once.` : ''}
        cancelLabel="Cancel"
        confirmLabel="Revoke"
        onConfirm={() => void onRevoke()}
      />
    </>
  )
}

type InvitationItemProps = {
  invitation: Invitation
  /** Resend of this invitation is under way. */
  resending: boolean
  onResend: () => void
  onRevoke: () => void
}

/** One invitation: to whom, its state, role, sender and dates, its mail; Resend and Revoke. */
function InvitationItem({ invitation, resending, onResend, onRevoke }: InvitationItemProps) {
  const expired = invitation.state === 'expired'
  return (
    <li
      data-slot="invitation"
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2 text-body font-semibold break-all text-ink">
          {invitation.emailId}
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-caption font-semibold',
              expired ? 'bg-red-100 text-red-900' : 'bg-brand-100 text-brand-900',
            )}
          >
            {invitationStateLabel(invitation)}
          </span>
        </p>
        <p className="text-small text-ink-muted">
          {`${invitation.role} · invited by ${invitation.invitedBy} · sent ${formatPortalTime(invitation.sentAt)} · `}
          {expired
            ? `expired ${formatPortalTime(invitation.expiresAt)}`
            : `expires ${formatPortalTime(invitation.expiresAt)}`}
        </p>
        <InvitationMail invitation={invitation} />
      </div>
      <div className="flex shrink-0 gap-2">
        <Button
          size="sm"
          variant="outline"
          aria-label={`Resend the invitation to ${invitation.emailId}`}
          loading={resending}
          onClick={onResend}
        >
          Resend
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-label={`Revoke the invitation to ${invitation.emailId}`}
          onClick={onRevoke}
        >
          Revoke
        </Button>
      </div>
    </li>
  )
}

/** Whether the invitation's mail went out: the portal retries a mail that could not go. */
function InvitationMail({ invitation }: { invitation: Invitation }) {
  const label = invitationMailLabel(invitation)
  if (!label) return null
  return (
    <p
      data-slot="invitation-mail"
      className={cn(
        'text-small',
        invitation.mailState === 'failed' ? 'font-semibold text-red-800' : 'text-ink-muted',
      )}
    >
      {label}
    </p>
  )
}

export { InvitationsList }
