import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint, dataOrFieldRefusal, requestEndpoint } from '@/lib/call-endpoint'
import { isCatalogueOfAnOrganization, queryKeys } from '@/lib/query-keys'

/*
 * The lab's catalogue (docs/decisions/0034): the read every staff member makes, and a Lab
 * manager's decisions. Each decision reads the catalogue again (its queue and its lists) and drops
 * the cached cascades, whose answer it changes.
 */

export const labCatalogueQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.labCatalogue(),
    queryFn: ({ signal }) => requestEndpoint('labCatalogue', undefined, { signal }),
  })

function useCatalogueChanged() {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.labCatalogue(), exact: true })
    void queryClient.invalidateQueries({ predicate: ({ queryKey }) => isCatalogueOfAnOrganization(queryKey) })
  }
}

export function useApproveCatalogueEntry() {
  const changed = useCatalogueChanged()
  return useMutation({
    mutationFn: (entryId: string) => requestEndpoint('labApproveCatalogueEntry', { entryId }),
    onSuccess: changed,
  })
}

/** A refusal of the chosen entry comes back as `{ ok: false, field, message }` for the dialog. */
export function useMapCatalogueEntry() {
  const changed = useCatalogueChanged()
  return useMutation({
    mutationFn: (input: { entryId: string; mapTo: string }) =>
      dataOrFieldRefusal(callEndpoint('labMapCatalogueEntry', input), ['mapTo']),
    onSuccess: (outcome) => {
      if (outcome.ok) changed()
    },
  })
}

/** A refusal of the reason comes back as `{ ok: false, field, message }` for the dialog. */
export function useDeclineCatalogueEntry() {
  const changed = useCatalogueChanged()
  return useMutation({
    mutationFn: (input: { entryId: string; reason: string }) =>
      dataOrFieldRefusal(callEndpoint('labDeclineCatalogueEntry', input), ['reason']),
    onSuccess: (outcome) => {
      if (outcome.ok) changed()
    },
  })
}

export function useApproveManufacturer() {
  const changed = useCatalogueChanged()
  return useMutation({
    mutationFn: (organizationId: string) =>
      dataOrFieldRefusal(callEndpoint('labApproveManufacturer', { organizationId }), ['organizationId']),
    onSuccess: (outcome) => {
      if (outcome.ok) changed()
    },
  })
}
