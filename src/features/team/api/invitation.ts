import { type QueryClient, queryOptions, useMutation } from '@tanstack/react-query'
import type { AuthData } from '@/contract/auth'
import type { AcceptInvitationPayload, JoinInvitationPayload } from '@/contract/team'
import { callEndpoint, dataOrFieldRefusal, requestEndpoint } from '@/lib/call-endpoint'
import { queryKeys } from '@/lib/query-keys'
import { dropOrganizationReads } from '@/lib/switch-organization'
import { writeAuthData } from '@/lib/storage'

/** GET /api/invitations/get?token=…: what the invitation link's page shows (no login needed). */
export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.invitation(token),
    queryFn: ({ signal }) => requestEndpoint('getInvitation', { token }, { signal }),
  })

/**
 * GET /api/invitations/pending: the invitations to the logged-in account's own address,
 * with or without an organization.
 */
export const pendingInvitationsQueryOptions = (emailId: string) =>
  queryOptions({
    queryKey: queryKeys.pendingInvitations(emailId),
    queryFn: ({ signal }) => requestEndpoint('pendingInvitations', undefined, { signal }),
  })

/**
 * POST /api/invitations/accept: joins the organization, named by the link's token or by
 * its id from the pending list; the answer is the new login data.
 */
export function useAcceptInvitationMutation() {
  return useMutation({
    mutationFn: (invitation: AcceptInvitationPayload) => requestEndpoint('acceptInvitation', invitation),
  })
}

/** The fields of joining by the link whose refusals the form shows in place (no toast). */
export const JOIN_INVITATION_FIELDS = [
  'token',
  'firstName',
  'lastName',
  'password',
  'confirmPassword',
] as const

/**
 * POST /api/invitations/join (docs/decisions/0046): a new account with a name and a password joins
 * the invitation's organization; the answer is its login data. A refusal naming a field is the
 * form's to show; any other failure is told as spec §8 says.
 */
export function useJoinInvitationMutation() {
  return useMutation({
    mutationFn: (payload: JoinInvitationPayload) =>
      dataOrFieldRefusal(callEndpoint('joinInvitation', payload), JOIN_INVITATION_FIELDS),
  })
}

/**
 * After an accepted invitation: the login data is the joined organization's, and nothing cached
 * of the organization the session acted for before (if any) stays.
 */
export function actForJoinedOrganization(queryClient: QueryClient, authData: AuthData) {
  writeAuthData(authData)
  dropOrganizationReads(queryClient)
  queryClient.removeQueries({ queryKey: queryKeys.pendingInvitations(authData.emailId) })
}
