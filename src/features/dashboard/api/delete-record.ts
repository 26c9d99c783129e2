import { useMutation, useQueryClient } from '@tanstack/react-query'
import { requestEndpoint } from '@/lib/call-endpoint'
import { useOrganizationKeys } from '@/lib/use-auth-data'

/** POST /api/portfoliomanager/delete: the answer's message is the toast; the list reloads on 200 (spec §7). */
export function useDeleteRecordMutation(vendorUserId: string) {
  const queryClient = useQueryClient()
  const keys = useOrganizationKeys()
  return useMutation({
    mutationFn: (portfolioManagerId: string) => requestEndpoint('deleteRecord', { portfolioManagerId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.records(vendorUserId) }),
  })
}
