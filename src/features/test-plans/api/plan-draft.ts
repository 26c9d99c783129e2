import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { LabTestPlanAnswer, PlanCaseInput } from '@/contract/test-plans'
import { callEndpoint, dataOrFieldRefusal, requestEndpoint } from '@/lib/call-endpoint'
import { queryKeys } from '@/lib/query-keys'

/*
 * A Lab manager's changes to a plan: save the draft of its next version, discard it, publish it.
 * Each answers the plan as GET /api/lab/test-plan would, which replaces the cached plan at once;
 * the list (its Draft badge, current version and cases) is read again.
 */

function usePlanAnswer() {
  const queryClient = useQueryClient()
  return (plan: LabTestPlanAnswer) => {
    queryClient.setQueryData(queryKeys.testPlan(plan.plan.planId), plan)
    void queryClient.invalidateQueries({ queryKey: queryKeys.testPlans(), exact: true })
  }
}

/** Saves the draft; a refusal of its cases comes back as `{ ok: false, field, message }` for the form. */
export function useSaveTestPlanDraft() {
  const applyPlan = usePlanAnswer()
  return useMutation({
    mutationFn: (input: { planId: string; cases: PlanCaseInput[] }) =>
      dataOrFieldRefusal(callEndpoint('labSaveTestPlanDraft', input)),
    onSuccess: (outcome) => {
      if (outcome.ok) applyPlan(outcome.data.plan)
    },
  })
}

export function useDiscardTestPlanDraft() {
  const applyPlan = usePlanAnswer()
  return useMutation({
    mutationFn: (planId: string) => requestEndpoint('labDiscardTestPlanDraft', { planId }),
    onSuccess: (answer) => applyPlan(answer.plan),
  })
}

export function usePublishTestPlan() {
  const applyPlan = usePlanAnswer()
  return useMutation({
    mutationFn: (planId: string) => requestEndpoint('labPublishTestPlan', { planId }),
    onSuccess: (answer) => applyPlan(answer.plan),
  })
}
