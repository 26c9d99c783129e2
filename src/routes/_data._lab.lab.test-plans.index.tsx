import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, type ErrorComponentProps, Link } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'
import { PageLoading, PageReadFailed } from '@/components/layout/page-states'
import { Button } from '@/components/ui/button'
import { testPlansQueryOptions } from '@/features/test-plans/api/test-plans'
import { TestPlansList } from '@/features/test-plans/components/test-plans-list'

const TITLE = 'Test plans'
const LEAD = 'The cases a certification run executes, by device type, and their published versions.'

export const Route = createFileRoute('/_data/_lab/lab/test-plans/')({
  loader: ({ context }) =>
    context.labStaff ? context.queryClient.ensureQueryData(testPlansQueryOptions()) : undefined,
  pendingMs: 0,
  pendingMinMs: 0,
  pendingComponent: () => (
    <PageLoading title={TITLE} lead={LEAD}>
      Loading the test plans…
    </PageLoading>
  ),
  errorComponent: ({ error }: ErrorComponentProps) => (
    <PageReadFailed title={TITLE} lead={LEAD} error={error} />
  ),
  component: TestPlansRoute,
})

function TestPlansRoute() {
  const { labStaff } = Route.useRouteContext()
  if (!labStaff) return null
  return <TestPlans />
}

function TestPlans() {
  const { data } = useSuspenseQuery(testPlansQueryOptions())
  return (
    <PageShell
      title={TITLE}
      lead={LEAD}
      actions={
        <Button asChild variant="outline" size="sm">
          <Link to="/lab">Back to the queue</Link>
        </Button>
      }
    >
      <TestPlansList plans={data.plans} />
    </PageShell>
  )
}
