import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, type ErrorComponentProps, Link } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'
import { PageLoading, PageReadFailed } from '@/components/layout/page-states'
import { Button } from '@/components/ui/button'
import type { LabStaff } from '@/contract/lab'
import { NOTIFICATIONS_PAGE_TITLE } from '@/contract/notifications'
import { labNotificationSettingsQueryOptions } from '@/features/notifications/api/settings'
import { LabNotificationSettingsScreen } from '@/features/notifications/components/notification-settings-screen'

const LEAD = 'Which mails the portal sends you about the vendors’ records.'

/** A lab staff member's own notification settings (docs/decisions/0028 point 9). */
export const Route = createFileRoute('/_data/_lab/lab/notifications')({
  loader: ({ context }) =>
    context.labStaff
      ? context.queryClient.ensureQueryData(labNotificationSettingsQueryOptions(context.labStaff.staffId))
      : undefined,
  pendingMs: 0,
  pendingMinMs: 0,
  pendingComponent: LabNotificationsPending,
  errorComponent: LabNotificationsError,
  component: LabNotificationsRoute,
})

function LabNotificationsRoute() {
  const { labStaff } = Route.useRouteContext()
  if (!labStaff) return null
  return <LabNotifications staff={labStaff} />
}

function LabNotifications({ staff }: { staff: LabStaff }) {
  const { data } = useSuspenseQuery(labNotificationSettingsQueryOptions(staff.staffId))
  return (
    <PageShell title={NOTIFICATIONS_PAGE_TITLE} lead={LEAD} actions={<BackToQueue />}>
      <LabNotificationSettingsScreen staff={staff} settings={data} />
    </PageShell>
  )
}

function BackToQueue() {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to="/lab">Back to the queue</Link>
    </Button>
  )
}

function LabNotificationsPending() {
  return (
    <PageLoading title={NOTIFICATIONS_PAGE_TITLE} lead={LEAD}>
      Loading your notification settings…
    </PageLoading>
  )
}

function LabNotificationsError({ error }: ErrorComponentProps) {
  return <PageReadFailed title={NOTIFICATIONS_PAGE_TITLE} lead={LEAD} error={error} />
}
