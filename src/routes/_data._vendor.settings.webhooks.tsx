import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, type ErrorComponentProps, useRouter } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { webhooksQueryOptions } from '@/features/webhooks/api/webhooks'
import { WebhooksScreen } from '@/features/webhooks/components/webhooks-screen'
import { useRoleRefusal } from '@/lib/use-role'

const TITLE = 'Webhooks'
const LEAD = 'Tell your build pipeline when something happens to your devices, runs and certificates.'

export const Route = createFileRoute('/_data/_vendor/settings/webhooks')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(webhooksQueryOptions(context.authData.vendorUserId)),
  pendingMs: 0,
  pendingMinMs: 0,
  pendingComponent: WebhooksPending,
  errorComponent: WebhooksError,
  component: WebhooksRoute,
})

function WebhooksRoute() {
  const { vendorUserId } = Route.useRouteContext({ select: (context) => context.authData })
  const { data } = useSuspenseQuery(webhooksQueryOptions(vendorUserId))
  const refusal = useRoleRefusal('webhooks')
  return (
    <PageShell title={TITLE} lead={LEAD}>
      <WebhooksScreen vendorUserId={vendorUserId} webhooks={data} refusal={refusal} />
    </PageShell>
  )
}

function WebhooksPending() {
  return (
    <PageShell title={TITLE} lead={LEAD}>
      <p className="flex items-center gap-2 text-body text-ink-muted">
        <Spinner aria-hidden="true" /> Loading the webhook endpoints…
      </p>
    </PageShell>
  )
}

function WebhooksError({ error }: ErrorComponentProps) {
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
