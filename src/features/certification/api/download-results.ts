import { useMutation, useQueryClient } from '@tanstack/react-query'
import { runsQueryOptions } from '@/features/certification/api/list-runs'
import { useOrganizationId } from '@/lib/use-auth-data'
import { runResultsQueryOptions } from '@/features/certification/api/run-results'

/** Download Results when the record has no run that finished (a run still going has no results). */
export const NO_FINISHED_RUN_MESSAGE = 'This device has no finished certification run yet.'

type DownloadRequest = { vendorUserId: string; portfolioManagerId: string }

/**
 * Download Results (decision 8): the record's latest finished run and its per-test-case results,
 * read through the cache. A record without a finished run fails with NO_FINISHED_RUN_MESSAGE, told
 * as any other failure (src/lib/api-failure.ts).
 */
export function useDownloadResultsMutation() {
  const queryClient = useQueryClient()
  const organizationId = useOrganizationId()
  return useMutation({
    mutationFn: async ({ vendorUserId, portfolioManagerId }: DownloadRequest) => {
      const { runs } = await queryClient.fetchQuery(
        runsQueryOptions(organizationId, vendorUserId, portfolioManagerId),
      )
      const run = runs.find((candidate) => candidate.status === 'Completed' && candidate.finishedAt)
      if (!run) throw new Error(NO_FINISHED_RUN_MESSAGE)
      return queryClient.fetchQuery(runResultsQueryOptions(organizationId, run.runId))
    },
  })
}
