import { useMutation, useQueryClient } from '@tanstack/react-query'
import { requestEndpoint } from '@/lib/call-endpoint'
import { useOrganizationKeys } from '@/lib/use-auth-data'

type PublishRequest = { vendorUserId: string; portfolioManagerId: string; number: string; published: boolean }

/**
 * Lists the record's certificate among the certified devices, or stops listing it
 * (POST /api/certificates/publish); the record's runs are read again for the switch's state.
 */
export function usePublishCertificateMutation() {
  const queryClient = useQueryClient()
  const keys = useOrganizationKeys()
  return useMutation({
    mutationFn: ({ vendorUserId, number, published }: PublishRequest) =>
      requestEndpoint('publishCertificate', { vendorUserId, number, published }),
    onSettled: (_answer, _error, { portfolioManagerId }) =>
      queryClient.invalidateQueries({ queryKey: keys.runs(portfolioManagerId) }),
  })
}
