import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'
import { PageLoading, PageReadFailed } from '@/components/layout/page-states'
import { apiTokensQueryOptions } from '@/features/api-tokens/api/list-api-tokens'
import { TokensScreen } from '@/features/api-tokens/components/tokens-screen'
import { useOrganizationId } from '@/lib/use-auth-data'
import { useRole } from '@/lib/use-role'

const TITLE = 'API tokens'
const LEAD = 'Personal tokens for your own pipelines and scripts.'

export const Route = createFileRoute('/_data/_vendor/settings/tokens')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(
      apiTokensQueryOptions(context.authData.organizationId, context.authData.vendorUserId),
    ),
  pendingMs: 0,
  pendingMinMs: 0,
  pendingComponent: TokensPending,
  errorComponent: TokensError,
  component: TokensRoute,
})

function TokensRoute() {
  const { vendorUserId } = Route.useRouteContext({ select: (context) => context.authData })
  const { data } = useSuspenseQuery(apiTokensQueryOptions(useOrganizationId(), vendorUserId))
  const role = useRole()
  return (
    <PageShell title={TITLE} lead={LEAD}>
      <TokensScreen vendorUserId={vendorUserId} role={role} tokens={data.tokens} />
    </PageShell>
  )
}

function TokensPending() {
  return (
    <PageLoading title={TITLE} lead={LEAD}>
      Loading your tokens…
    </PageLoading>
  )
}

function TokensError({ error }: ErrorComponentProps) {
  return <PageReadFailed title={TITLE} lead={LEAD} error={error} />
}
