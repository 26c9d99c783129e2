import { queryOptions } from '@tanstack/react-query'
import { requestEndpoint } from '@/lib/call-endpoint'
import { type OrganizationId, organizationKeys } from '@/lib/query-keys'

/**
 * POST /api/portfoliomanager/record/get: one submitted record with its device details, for the
 * form's edit mode (docs/decisions/0012). Read afresh each time the form opens it: its status
 * decides whether it can still be edited.
 */
export const recordQueryOptions = (
  organizationId: OrganizationId,
  vendorUserId: string,
  portfolioManagerId: string,
) =>
  queryOptions({
    queryKey: organizationKeys(organizationId).record(portfolioManagerId),
    queryFn: ({ signal }) => requestEndpoint('getRecord', { vendorUserId, portfolioManagerId }, { signal }),
    staleTime: 0,
    // An unknown record is not found again by asking twice.
    retry: false,
  })
