import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { AddCommentPayload } from '@/contract/certification'
import { requestEndpoint } from '@/lib/call-endpoint'
import { type OrganizationId, organizationKeys } from '@/lib/query-keys'
import { useOrganizationKeys } from '@/lib/use-auth-data'

/** POST /api/portfoliomanager/comments/list: a record's comments, newest first. */
export const commentsQueryOptions = (organizationId: OrganizationId, portfolioManagerId: string) =>
  queryOptions({
    queryKey: organizationKeys(organizationId).comments(portfolioManagerId),
    queryFn: ({ signal }) => requestEndpoint('listComments', { portfolioManagerId }, { signal }),
    select: (answer) => answer.comments,
  })

/** POST /api/portfoliomanager/comments/add; the list is read again afterwards. */
export function useAddCommentMutation() {
  const queryClient = useQueryClient()
  const keys = useOrganizationKeys()
  return useMutation({
    mutationFn: (payload: AddCommentPayload) => requestEndpoint('addComment', payload),
    onSuccess: (_answer, payload) =>
      queryClient.invalidateQueries({ queryKey: keys.comments(payload.portfolioManagerId) }),
  })
}
