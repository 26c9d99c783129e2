import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'
import { PageLoading, PageReadFailed } from '@/components/layout/page-states'
import { catalogueAdditionsQueryOptions } from '@/features/portfolio/api/catalogue-additions'
import { CatalogueAdditionsList } from '@/features/portfolio/components/catalogue-additions-list'
import { useOrganizationId } from '@/lib/use-auth-data'

const TITLE = 'Catalogue additions'
const LEAD = 'The names your organization added with ‘Add New …’ and what the lab decided.'

export const Route = createFileRoute('/_data/_vendor/settings/catalogue')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(catalogueAdditionsQueryOptions(context.authData.organizationId)),
  pendingMs: 0,
  pendingMinMs: 0,
  pendingComponent: () => (
    <PageLoading title={TITLE} lead={LEAD}>
      Loading your additions…
    </PageLoading>
  ),
  errorComponent: ({ error }: ErrorComponentProps) => (
    <PageReadFailed title={TITLE} lead={LEAD} error={error} />
  ),
  component: CatalogueAdditionsRoute,
})

function CatalogueAdditionsRoute() {
  const { data } = useSuspenseQuery(catalogueAdditionsQueryOptions(useOrganizationId()))
  return (
    <PageShell title={TITLE} lead={LEAD}>
      <CatalogueAdditionsList additions={data.additions} />
    </PageShell>
  )
}
