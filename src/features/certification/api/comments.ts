import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { AddCommentPayload } from '@/contract/certification'
import { requestEndpoint } from '@/lib/call-endpoint'
import { queryKeys } from '@/lib/query-keys'

/** POST /api/portfoliomanager/comments/list: a record's comments, newest first. */
export const commentsQueryOptions = (portfolioManagerId: string) =>
  queryOptions({
    queryKey: queryKeys.comments(portfolioManagerId),
    queryFn: ({ signal }) => requestEndpoint('listComments', { portfolioManagerId }, { signal }),
    select: (answer) => answer.comments,
  })

/** POST /api/portfoliomanager/comments/add; the list is read again afterwards. */
export function useAddCommentMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (payload: AddCommentPayload) => requestEndpoint('addComment', payload),
    onSuccess: (_answer, payload) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.comments(payload.portfolioManagerId) }),
  })
}
