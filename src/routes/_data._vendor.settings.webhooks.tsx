import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'
import { PageLoading, PageReadFailed } from '@/components/layout/page-states'
import { webhooksQueryOptions } from '@/features/webhooks/api/webhooks'
import { WebhooksScreen } from '@/features/webhooks/components/webhooks-screen'
import { useOrganizationId } from '@/lib/use-auth-data'
import { useRoleRefusal } from '@/lib/use-role'

const TITLE = 'Webhooks'
const LEAD = 'Tell your build pipeline when something happens to your devices, runs and certificates.'

export const Route = createFileRoute('/_data/_vendor/settings/webhooks')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(
      webhooksQueryOptions(context.authData.organizationId, context.authData.vendorUserId),
    ),
  pendingMs: 0,
  pendingMinMs: 0,
  pendingComponent: WebhooksPending,
  errorComponent: WebhooksError,
  component: WebhooksRoute,
})

function WebhooksRoute() {
  const { vendorUserId } = Route.useRouteContext({ select: (context) => context.authData })
  const { data } = useSuspenseQuery(webhooksQueryOptions(useOrganizationId(), vendorUserId))
  const refusal = useRoleRefusal('webhooks')
  return (
    <PageShell title={TITLE} lead={LEAD}>
      <WebhooksScreen vendorUserId={vendorUserId} webhooks={data} refusal={refusal} />
    </PageShell>
  )
}

function WebhooksPending() {
  return (
    <PageLoading title={TITLE} lead={LEAD}>
      Loading the webhook endpoints…
    </PageLoading>
  )
}

function WebhooksError({ error }: ErrorComponentProps) {
  return <PageReadFailed title={TITLE} lead={LEAD} error={error} />
}
