import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, type ErrorComponentProps, useRouter } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { NOTIFICATIONS_PAGE_TITLE } from '@/contract/notifications'
import { notificationSettingsQueryOptions } from '@/features/notifications/api/settings'
import { NotificationSettingsScreen } from '@/features/notifications/components/notification-settings-screen'

const LEAD = 'Which mails the portal sends you.'

/** Issue 21 (docs/decisions/0028): the member's notification settings. */
export const Route = createFileRoute('/_data/_vendor/settings/notifications')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(
      notificationSettingsQueryOptions(context.authData.vendorUserId, context.authData.organizationId),
    ),
  pendingMs: 0,
  pendingMinMs: 0,
  pendingComponent: NotificationsPending,
  errorComponent: NotificationsError,
  component: NotificationsRoute,
})

function NotificationsRoute() {
  const { vendorUserId, organizationId } = Route.useRouteContext({ select: (context) => context.authData })
  const { data } = useSuspenseQuery(notificationSettingsQueryOptions(vendorUserId, organizationId))
  return (
    <PageShell title={NOTIFICATIONS_PAGE_TITLE} lead={LEAD}>
      <NotificationSettingsScreen
        vendorUserId={vendorUserId}
        organizationId={organizationId}
        settings={data}
      />
    </PageShell>
  )
}

function NotificationsPending() {
  return (
    <PageShell title={NOTIFICATIONS_PAGE_TITLE} lead={LEAD}>
      <p className="flex items-center gap-2 text-body text-ink-muted">
        <Spinner aria-hidden="true" /> Loading your notification settings…
      </p>
    </PageShell>
  )
}

function NotificationsError({ error }: ErrorComponentProps) {
  const router = useRouter()
  return (
    <PageShell title={NOTIFICATIONS_PAGE_TITLE} lead={LEAD}>
      <div role="alert" className="flex flex-wrap items-center gap-3 text-body text-danger">
        {error instanceof Error ? error.message : String(error)}
        <Button size="sm" variant="outline" onClick={() => void router.invalidate()}>
          Try again
        </Button>
      </div>
    </PageShell>
  )
}
