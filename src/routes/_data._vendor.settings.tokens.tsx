import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, type ErrorComponentProps, useRouter } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { apiTokensQueryOptions } from '@/features/api-tokens/api/list-api-tokens'
import { TokensScreen } from '@/features/api-tokens/components/tokens-screen'
import { useRole } from '@/lib/use-role'

const TITLE = 'API tokens'
const LEAD = 'Personal tokens for your own pipelines and scripts.'

export const Route = createFileRoute('/_data/_vendor/settings/tokens')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(apiTokensQueryOptions(context.authData.vendorUserId)),
  pendingMs: 0,
  pendingMinMs: 0,
  pendingComponent: TokensPending,
  errorComponent: TokensError,
  component: TokensRoute,
})

function TokensRoute() {
  const { vendorUserId } = Route.useRouteContext({ select: (context) => context.authData })
  const { data } = useSuspenseQuery(apiTokensQueryOptions(vendorUserId))
  const role = useRole()
  return (
    <PageShell title={TITLE} lead={LEAD}>
      <TokensScreen vendorUserId={vendorUserId} role={role} tokens={data.tokens} />
    </PageShell>
  )
}

function TokensPending() {
  return (
    <PageShell title={TITLE} lead={LEAD}>
      <p className="flex items-center gap-2 text-body text-ink-muted">
        <Spinner aria-hidden="true" /> Loading your tokens…
      </p>
    </PageShell>
  )
}

function TokensError({ error }: ErrorComponentProps) {
  const router = useRouter()
  return (
    <PageShell title={TITLE} lead={LEAD}>
      <div role="alert" className="flex flex-wrap items-center gap-3 text-body text-danger">
        {error instanceof Error ? error.message : String(error)}
        <Button size="sm" variant="outline" onClick={() => void router.invalidate()}>
          Try again
        </Button>
      </div>
    </PageShell>
  )
}
