import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UpdateRecordPayload } from '@/contract/portfolio'
import { ApiAnswerError, requestEndpoint } from '@/lib/call-endpoint'
import { useOrganizationKeys } from '@/lib/use-auth-data'

/**
 * POST /api/portfoliomanager/record/update: the form's Submit in edit mode changes the record in
 * place (docs/decisions/0012). The dashboard's list and the record are read again afterwards, and
 * the catalogue too, since an 'Add New …' value has joined it. A refusal is told by the query
 * client (src/lib/api-failure.ts); a record gone (404) or past Submitted (409) is read again, and
 * the screen then says why it can no longer be edited.
 */
export function useUpdateRecordMutation() {
  const queryClient = useQueryClient()
  const keys = useOrganizationKeys()
  return useMutation({
    mutationFn: (payload: UpdateRecordPayload) => requestEndpoint('updateRecord', payload),
    onSuccess: async (_answer, payload) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.records(payload.vendorUserId) }),
        queryClient.invalidateQueries({ queryKey: keys.record(payload.portfolioManagerId) }),
        queryClient.invalidateQueries({ queryKey: keys.allCatalogues() }),
      ])
    },
    onError: (error, payload) => {
      if (error instanceof ApiAnswerError && (error.status === 404 || error.status === 409)) {
        void queryClient.invalidateQueries({ queryKey: keys.record(payload.portfolioManagerId) })
      }
    },
  })
}
