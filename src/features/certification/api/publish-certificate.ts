import { useMutation, useQueryClient } from '@tanstack/react-query'
import { requestEndpoint } from '@/lib/call-endpoint'
import { runsQueryOptions } from '@/features/certification/api/list-runs'

type PublishRequest = { vendorUserId: string; portfolioManagerId: string; number: string; published: boolean }

/**
 * Lists the record's certificate among the certified devices, or stops listing it
 * (POST /api/certificates/publish); the record's runs are read again for the switch's state.
 */
export function usePublishCertificateMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ vendorUserId, number, published }: PublishRequest) =>
      requestEndpoint('publishCertificate', { vendorUserId, number, published }),
    onSettled: (_answer, _error, { vendorUserId, portfolioManagerId }) =>
      queryClient.invalidateQueries({
        queryKey: runsQueryOptions(vendorUserId, portfolioManagerId).queryKey,
      }),
  })
}
