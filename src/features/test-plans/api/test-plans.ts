import { queryOptions } from '@tanstack/react-query'
import { requestEndpoint } from '@/lib/call-endpoint'
import { queryKeys } from '@/lib/query-keys'

/* The lab's reads of its test plans (src/contract/test-plans.ts): the list, and one plan. */

export const testPlansQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.testPlans(),
    queryFn: ({ signal }) => requestEndpoint('labTestPlans', undefined, { signal }),
  })

export const testPlanQueryOptions = (planId: string) =>
  queryOptions({
    queryKey: queryKeys.testPlan(planId),
    queryFn: ({ signal }) => requestEndpoint('labTestPlan', { planId }, { signal }),
  })
