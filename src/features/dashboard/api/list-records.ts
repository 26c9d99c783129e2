import { queryOptions } from '@tanstack/react-query'
import { EVENTS_SEQ_HEADER, parseEventsSeq } from '@/contract/events'
import type { RecordListRead } from '@/contract/records'
import { callEndpoint, dataOrThrow } from '@/lib/call-endpoint'
import { type OrganizationId, organizationKeys } from '@/lib/query-keys'

/**
 * POST /api/portfoliomanager/list: the vendor's device records (the dashboard's rows). The answer
 * is kept with its X-Events-Seq (`eventsSeq`): the live client reads the list again when it is
 * older than the stream's hello (docs/decisions/0022). `select` gives the list itself.
 */
export const recordsQueryOptions = (organizationId: OrganizationId, vendorUserId: string) =>
  queryOptions({
    queryKey: organizationKeys(organizationId).records(vendorUserId),
    queryFn: async ({ signal }): Promise<RecordListRead> => {
      const result = await callEndpoint('listRecords', { vendorUserId }, { signal })
      const answer = dataOrThrow(result)
      const eventsSeq = parseEventsSeq(result.headers.get(EVENTS_SEQ_HEADER))
      return eventsSeq === undefined ? answer : { ...answer, eventsSeq }
    },
    select: (answer) => answer.portfolioManagerSubmittedDetailsList,
    // Not compared deeply with the last answer: at 100,000 rows replaceEqualDeep took seconds a
    // minute under live events (bench:live), and a live patch copies only the rows it changes.
    structuralSharing: false,
  })
