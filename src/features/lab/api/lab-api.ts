import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { LabQueueQuery, LabRole, LabState, ReviewDecision } from '@/contract/lab'
import type { ApiResult } from '@/lib/api-client'
import { callEndpoint, dataOrFieldRefusal, requestEndpoint } from '@/lib/call-endpoint'
import { labKeys } from '@/lib/query-keys'

/*
 * The lab console's reads and changes (src/contract/lab.ts). Every read is under the
 * key labKeys.all() (src/lib/query-keys.ts), so a change, or an event on the lab's stream, reads
 * what it touched again (nothing polls: the stream tells every change, docs/decisions/0045); the
 * state's answer to a maintenance or review-setting change replaces the cached state at once.
 */

/** The query string of GET /api/lab/queue: only the filters that are set. */
function queueParams(query: LabQueueQuery): Record<string, string> {
  const params: Record<string, string> = {}
  if (query.state) params.state = query.state
  if (query.organizationId) params.organizationId = query.organizationId
  if (query.deviceType) params.deviceType = query.deviceType
  if (query.search) params.search = query.search
  if (query.page && query.page > 1) params.page = String(query.page)
  if (query.assigned) params.assigned = query.assigned
  return params
}

export const labStateQueryOptions = () =>
  queryOptions({
    queryKey: labKeys.state(),
    // Maintenance started or ended from another console comes on the lab's stream (lab-stream.ts).
    queryFn: ({ signal }) => requestEndpoint('labState', undefined, { signal }),
  })

export const labQueueQueryOptions = (query: LabQueueQuery) =>
  queryOptions({
    queryKey: labKeys.queue(query),
    // The GET's input is its query string; the schema's page is a number once parsed.
    queryFn: ({ signal }) => requestEndpoint('labQueue', queueParams(query) as never, { signal }),
    placeholderData: (previous) => previous,
  })

export const labRecordQueryOptions = (portfolioManagerId: string) =>
  queryOptions({
    queryKey: labKeys.record(portfolioManagerId),
    queryFn: ({ signal }) => requestEndpoint('labRecord', { portfolioManagerId }, { signal }),
  })

export const labStaffQueryOptions = () =>
  queryOptions({
    queryKey: labKeys.staff(),
    queryFn: ({ signal }) => requestEndpoint('labStaff', undefined, { signal }),
  })

/** After a change the lab's reads (queue, record, state) are read again. */
function useLabRefresh() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: labKeys.all() })
}

export type LabRunAction = 'labStartRun' | 'labRerunFailed' | 'labCancelRun'

/** Start, re-run the failed cases or cancel on the vendor's behalf; answers the server's message. */
export function useLabRunAction() {
  const refresh = useLabRefresh()
  return useMutation({
    mutationFn: ({ action, portfolioManagerId }: { action: LabRunAction; portfolioManagerId: string }) =>
      requestEndpoint(action, { portfolioManagerId }),
    onSettled: refresh,
  })
}

export function useLabComment() {
  const refresh = useLabRefresh()
  return useMutation({
    mutationFn: (input: { portfolioManagerId: string; text: string }) =>
      requestEndpoint('labAddComment', input),
    onSuccess: refresh,
  })
}

/** A refusal that names a field of the form (`{ message, field }`), shown on that field. */
export type FieldOutcome<T> = { ok: true; data: T } | { ok: false; field: string; message: string }

const withFieldRefusal = <T>(pending: Promise<ApiResult<T>>): Promise<FieldOutcome<T>> =>
  dataOrFieldRefusal(pending)

export function useLabReview() {
  const refresh = useLabRefresh()
  return useMutation({
    mutationFn: (input: {
      runId: string
      decision: ReviewDecision
      reason?: string
      requireFullPlan?: boolean
    }) => withFieldRefusal(callEndpoint('labReview', input)),
    onSettled: refresh,
  })
}

function useStateChange() {
  const queryClient = useQueryClient()
  return (state: LabState) => {
    queryClient.setQueryData(labKeys.state(), state)
    void queryClient.invalidateQueries({ queryKey: labKeys.all() })
  }
}

export function useStartMaintenance() {
  const applyState = useStateChange()
  return useMutation({
    mutationFn: (input: { reason: string; expectedEnd: string }) =>
      withFieldRefusal(callEndpoint('labStartMaintenance', input)),
    onSuccess: (outcome) => {
      if (outcome.ok) applyState(outcome.data)
    },
  })
}

export function useEndMaintenance() {
  const applyState = useStateChange()
  return useMutation({
    mutationFn: () => requestEndpoint('labEndMaintenance', undefined),
    onSuccess: applyState,
  })
}

export function useReviewSetting() {
  const applyState = useStateChange()
  return useMutation({
    mutationFn: (reviewRequired: boolean) => requestEndpoint('labReviewSetting', { reviewRequired }),
    onSuccess: applyState,
  })
}

function useStaffChange() {
  const queryClient = useQueryClient()
  return (answer: { staff: unknown }) => {
    queryClient.setQueryData(labKeys.staff(), { staff: answer.staff })
  }
}

export function useAddStaff() {
  const applyStaff = useStaffChange()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { email: string; name: string; role: LabRole }) =>
      withFieldRefusal(callEndpoint('labAddStaff', input)),
    onSuccess: (outcome) => {
      if (outcome.ok) applyStaff(outcome.data)
      else void queryClient.invalidateQueries({ queryKey: labKeys.staff() })
    },
  })
}

export function useChangeStaffRole() {
  const applyStaff = useStaffChange()
  return useMutation({
    mutationFn: (input: { staffId: string; role: LabRole }) => requestEndpoint('labChangeStaffRole', input),
    onSuccess: applyStaff,
  })
}

export function useRemoveStaff() {
  const applyStaff = useStaffChange()
  return useMutation({
    mutationFn: (staffId: string) => requestEndpoint('labRemoveStaff', { staffId }),
    onSuccess: applyStaff,
  })
}

/** Assigns a record to a staff member (staffId), or unassigns it (null); the queue and record read again. */
export function useLabAssign() {
  const refresh = useLabRefresh()
  return useMutation({
    mutationFn: (input: { portfolioManagerId: string; staffId: string | null }) =>
      requestEndpoint('labAssign', input),
    onSettled: refresh,
  })
}

/** A Lab manager revokes a certificate with a reason (refusals on their field). */
export function useRevokeCertificate() {
  const refresh = useLabRefresh()
  return useMutation({
    mutationFn: (input: { number: string; reason: string }) =>
      withFieldRefusal(callEndpoint('labRevokeCertificate', input)),
    onSettled: refresh,
  })
}
