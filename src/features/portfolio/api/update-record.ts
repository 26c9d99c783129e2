import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UpdateRecordPayload } from '@/contract/portfolio'
import { requestEndpoint } from '@/lib/call-endpoint'
import { queryKeys } from '@/lib/query-keys'

/**
 * POST /api/portfoliomanager/record/update: the form's Submit in edit mode changes the record in
 * place (docs/decisions/0012). The dashboard's list and the record are read again afterwards, and
 * the catalogue too, since an 'Add New …' value has joined it.
 */
export function useUpdateRecordMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (payload: UpdateRecordPayload) => requestEndpoint('updateRecord', payload),
    onSuccess: async (_answer, payload) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.records(payload.vendorUserId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.record(payload.portfolioManagerId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.catalogue() }),
      ])
    },
  })
}
