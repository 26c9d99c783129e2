import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'
import { PageLoading, PageReadFailed } from '@/components/layout/page-states'
import { NOTIFICATIONS_PAGE_TITLE } from '@/contract/notifications'
import { notificationSettingsQueryOptions } from '@/features/notifications/api/settings'
import { NotificationSettingsScreen } from '@/features/notifications/components/notification-settings-screen'

const LEAD = 'Which mails the portal sends you.'

/** docs/decisions/0028: the member's notification settings. */
export const Route = createFileRoute('/_data/_vendor/settings/notifications')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(
      notificationSettingsQueryOptions(context.authData.organizationId, context.authData.vendorUserId),
    ),
  pendingMs: 0,
  pendingMinMs: 0,
  pendingComponent: NotificationsPending,
  errorComponent: NotificationsError,
  component: NotificationsRoute,
})

function NotificationsRoute() {
  const { vendorUserId, organizationId } = Route.useRouteContext({ select: (context) => context.authData })
  const { data } = useSuspenseQuery(notificationSettingsQueryOptions(organizationId, vendorUserId))
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
    <PageLoading title={NOTIFICATIONS_PAGE_TITLE} lead={LEAD}>
      Loading your notification settings…
    </PageLoading>
  )
}

function NotificationsError({ error }: ErrorComponentProps) {
  return <PageReadFailed title={NOTIFICATIONS_PAGE_TITLE} lead={LEAD} error={error} />
}
