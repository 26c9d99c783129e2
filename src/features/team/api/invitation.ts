import { type QueryClient, queryOptions, useMutation } from '@tanstack/react-query'
import type { AuthData } from '@/contract/auth'
import type { AcceptInvitationPayload } from '@/contract/team'
import { requestEndpoint } from '@/lib/call-endpoint'
import { isOrganizationQuery, queryKeys } from '@/lib/query-keys'
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

/**
 * After an accepted invitation: the login data is the joined organization's, and nothing cached
 * of the organization the session acted for before (if any) stays.
 */
export function actForJoinedOrganization(queryClient: QueryClient, authData: AuthData) {
  writeAuthData(authData)
  queryClient.removeQueries({ predicate: (cached) => isOrganizationQuery(cached.queryKey) })
  queryClient.removeQueries({ queryKey: queryKeys.pendingInvitations(authData.emailId) })
}
