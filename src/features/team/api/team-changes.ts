import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Role } from '@/contract/roles'
import type { TeamChangeAnswer } from '@/contract/team'
import { callEndpoint, dataOrFieldRefusal, requestEndpoint } from '@/lib/call-endpoint'
import { useOrganizationKeys } from '@/lib/use-auth-data'

/*
 * The team's changes (POST /api/team/…): each answers its message (the success toast) and the
 * team as it is now, which replaces the cached team; the activity log is read again.
 */

function useTeamAnswer(vendorUserId: string) {
  const queryClient = useQueryClient()
  const keys = useOrganizationKeys()
  return (answer: TeamChangeAnswer) => {
    queryClient.setQueryData(keys.team(vendorUserId), answer.team)
    void queryClient.invalidateQueries({ queryKey: keys.allActivity() })
  }
}

/** A refusal the invite form shows on its field (`{ message, field }`, docs/decisions/0015). */
export type InviteOutcome =
  { kind: 'sent'; answer: TeamChangeAnswer } | { kind: 'field'; field: 'emailId' | 'role'; message: string }

const INVITE_FIELDS = ['emailId', 'role'] as const

/**
 * POST /api/team/invitations/create. A refusal that names a field is the form's to show on that
 * field (no toast); any other failure is told as spec §8 says.
 */
export function useInviteMutation(vendorUserId: string) {
  const applyTeam = useTeamAnswer(vendorUserId)
  return useMutation({
    mutationFn: async (input: { emailId: string; role: Role }): Promise<InviteOutcome> => {
      const outcome = await dataOrFieldRefusal(
        callEndpoint('inviteMember', { vendorUserId, ...input }),
        INVITE_FIELDS,
      )
      return outcome.ok
        ? { kind: 'sent', answer: outcome.data }
        : { kind: 'field', field: outcome.field, message: outcome.message }
    },
    onSuccess: (outcome) => {
      if (outcome.kind === 'sent') applyTeam(outcome.answer)
    },
  })
}

export function useResendInvitationMutation(vendorUserId: string) {
  const applyTeam = useTeamAnswer(vendorUserId)
  return useMutation({
    mutationFn: (invitationId: string) => requestEndpoint('resendInvitation', { vendorUserId, invitationId }),
    onSuccess: applyTeam,
  })
}

export function useRevokeInvitationMutation(vendorUserId: string) {
  const applyTeam = useTeamAnswer(vendorUserId)
  return useMutation({
    mutationFn: (invitationId: string) => requestEndpoint('revokeInvitation', { vendorUserId, invitationId }),
    onSuccess: applyTeam,
  })
}

export function useChangeRoleMutation(vendorUserId: string) {
  const applyTeam = useTeamAnswer(vendorUserId)
  return useMutation({
    mutationFn: (input: { accountId: string; role: Role }) =>
      requestEndpoint('changeRole', { vendorUserId, ...input }),
    onSuccess: applyTeam,
  })
}

export function useRemoveMemberMutation(vendorUserId: string) {
  const applyTeam = useTeamAnswer(vendorUserId)
  return useMutation({
    mutationFn: (accountId: string) => requestEndpoint('removeMember', { vendorUserId, accountId }),
    onSuccess: applyTeam,
  })
}

/** POST /api/team/leave: answers a message; the caller then leaves the page. */
export function useLeaveMutation(vendorUserId: string) {
  return useMutation({
    mutationFn: () => requestEndpoint('leaveOrganization', { vendorUserId }),
  })
}
