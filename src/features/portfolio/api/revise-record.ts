import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  REVISION_FIELDS,
  type RevisionField,
  type ReviseRecordAnswer,
  type ReviseRecordPayload,
} from '@/contract/revisions'
import { ApiAnswerError, callEndpoint, dataOrFieldRefusal } from '@/lib/call-endpoint'
import { useOrganizationKeys } from '@/lib/use-auth-data'

/**
 * POST /api/portfoliomanager/record/revise: Submit in the form's revise mode makes the record's
 * next revision (docs/decisions/0033). A refusal that names one of the revision's fields (a 400 of
 * the portfolio rules, the 409 of an unchanged revision) comes back for the form to show on that
 * field; any other is told by the query client, and a record gone (404) or no longer revisable
 * (409) is read again, after which the screen says why.
 */
export function useReviseRecordMutation() {
  const queryClient = useQueryClient()
  const keys = useOrganizationKeys()
  return useMutation({
    mutationFn: (payload: ReviseRecordPayload) =>
      dataOrFieldRefusal<ReviseRecordAnswer, RevisionField>(
        callEndpoint('reviseRecord', payload),
        REVISION_FIELDS,
      ),
    onSuccess: async (outcome, payload) => {
      if (!outcome.ok) return
      const id = payload.portfolioManagerId
      // The record is marked stale, not read again here: the form stays until it leaves, and the
      // next opening reads it afresh.
      void queryClient.invalidateQueries({ queryKey: keys.record(id), refetchType: 'none' })
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.records(payload.vendorUserId) }),
        queryClient.invalidateQueries({ queryKey: keys.recordRevisions(id) }),
        queryClient.invalidateQueries({ queryKey: keys.runs(id) }),
      ])
    },
    onError: (error, payload) => {
      if (error instanceof ApiAnswerError && (error.status === 404 || error.status === 409)) {
        void queryClient.invalidateQueries({ queryKey: keys.record(payload.portfolioManagerId) })
      }
    },
  })
}
