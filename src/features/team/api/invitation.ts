import { queryOptions, useMutation } from '@tanstack/react-query'
import { requestEndpoint } from '@/lib/call-endpoint'
import { queryKeys } from '@/lib/query-keys'

/** GET /api/invitations/get?token=…: what the invitation link's page shows (no login needed). */
export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.invitation(token),
    queryFn: ({ signal }) => requestEndpoint('getInvitation', { token }, { signal }),
  })

/** POST /api/invitations/accept: joins the organization; the answer is the new login data. */
export function useAcceptInvitationMutation() {
  return useMutation({
    mutationFn: (token: string) => requestEndpoint('acceptInvitation', { token }),
  })
}
