import { queryOptions } from '@tanstack/react-query'
import { endpointPath, endpoints, RUN_REPORT_PATH } from '@/contract/endpoints'
import { requestEndpoint } from '@/lib/call-endpoint'
import { getCertificationServiceBaseUrl } from '@/lib/config'
import { type OrganizationId, organizationKeys } from '@/lib/query-keys'

/** GET /runs/{runId}/results.json: Download Results as machine-readable JSON (decision 8). */
export const runResultsQueryOptions = (organizationId: OrganizationId, runId: string) =>
  queryOptions({
    queryKey: organizationKeys(organizationId).runResults(runId),
    queryFn: ({ signal }) => requestEndpoint('runResults', undefined, { signal, params: { runId } }),
    staleTime: Infinity,
  })

/** Where the browser downloads a run's results: the JSON file and the printable report. */
export function runResultsLinks(runId: string) {
  const base = getCertificationServiceBaseUrl()
  return {
    json: `${base}${endpointPath(endpoints.runResults.path, { runId })}`,
    report: `${base}${endpointPath(RUN_REPORT_PATH, { runId })}`,
  }
}
