import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, type ErrorComponentProps, Link } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'
import { PageLoading, PageReadFailed } from '@/components/layout/page-states'
import { Button } from '@/components/ui/button'
import type { LabStaff } from '@/contract/lab'
import { testPlanQueryOptions } from '@/features/test-plans/api/test-plans'
import { PlanScreen } from '@/features/test-plans/components/plan-screen'
import { parsePlanSearch, planLead, type PlanSearch } from '@/features/test-plans/model/plan-view'

const TITLE = 'Test plan'

export const Route = createFileRoute('/_data/_lab/lab/test-plans/$planId')({
  validateSearch: (search: Record<string, unknown>): PlanSearch => parsePlanSearch(search),
  loader: ({ context, params }) =>
    context.labStaff ? context.queryClient.ensureQueryData(testPlanQueryOptions(params.planId)) : undefined,
  pendingMs: 0,
  pendingMinMs: 0,
  pendingComponent: () => <PageLoading title={TITLE}>Loading the test plan…</PageLoading>,
  errorComponent: ({ error }: ErrorComponentProps) => <PageReadFailed title={TITLE} error={error} />,
  component: TestPlanRoute,
})

function TestPlanRoute() {
  const { labStaff } = Route.useRouteContext()
  if (!labStaff) return null
  return <TestPlan staff={labStaff} />
}

function TestPlan({ staff }: { staff: LabStaff }) {
  const { planId } = Route.useParams()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const { data } = useSuspenseQuery(testPlanQueryOptions(planId))
  return (
    <PageShell
      title={data.plan.name}
      lead={planLead(data.plan)}
      actions={
        <Button asChild variant="outline" size="sm">
          <Link to="/lab/test-plans">All test plans</Link>
        </Button>
      }
    >
      <PlanScreen
        staff={staff}
        answer={data}
        search={search}
        onSearch={(next) => void navigate({ search: next, replace: true })}
      />
    </PageShell>
  )
}
