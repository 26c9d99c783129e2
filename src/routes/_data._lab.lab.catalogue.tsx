import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, type ErrorComponentProps, Link } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'
import { PageLoading, PageReadFailed } from '@/components/layout/page-states'
import { Button } from '@/components/ui/button'
import { labCan, type LabStaff } from '@/contract/lab'
import { labCatalogueQueryOptions } from '@/features/catalogue/api/lab-catalogue'
import { CatalogueScreen } from '@/features/catalogue/components/catalogue-screen'

const TITLE = 'Catalogue'
const LEAD =
  'The device manufacturers, names, types and product classes the portfolio form offers, who added each, and vendors’ additions awaiting review.'

export const Route = createFileRoute('/_data/_lab/lab/catalogue')({
  loader: ({ context }) =>
    context.labStaff ? context.queryClient.ensureQueryData(labCatalogueQueryOptions()) : undefined,
  pendingMs: 0,
  pendingMinMs: 0,
  pendingComponent: () => (
    <PageLoading title={TITLE} lead={LEAD}>
      Loading the catalogue…
    </PageLoading>
  ),
  errorComponent: ({ error }: ErrorComponentProps) => (
    <PageReadFailed title={TITLE} lead={LEAD} error={error} />
  ),
  component: CatalogueRoute,
})

function CatalogueRoute() {
  const { labStaff } = Route.useRouteContext()
  if (!labStaff) return null
  return <Catalogue staff={labStaff} />
}

function Catalogue({ staff }: { staff: LabStaff }) {
  const { data } = useSuspenseQuery(labCatalogueQueryOptions())
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
      <CatalogueScreen catalogue={data} manager={labCan(staff.role, 'lab-manage')} />
    </PageShell>
  )
}
