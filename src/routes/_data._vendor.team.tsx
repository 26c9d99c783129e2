import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, type ErrorComponentProps, useNavigate } from '@tanstack/react-router'
import * as React from 'react'
import { PageShell } from '@/components/layout/page-shell'
import { PageLoading, PageReadFailed } from '@/components/layout/page-states'
import type { ActivityFilters } from '@/features/team/api/activity-log'
import { teamQueryOptions } from '@/features/team/api/get-team'
import { TeamScreen } from '@/features/team/components/team-screen'
import { clearSession } from '@/lib/storage'
import { useOrganizationId } from '@/lib/use-auth-data'
import { useRole } from '@/lib/use-role'
import { teamSearchSchema } from '@/routes/-search-params'

const TITLE = 'Team'
const LEAD = 'Who works in your organization, with which role.'

export const Route = createFileRoute('/_data/_vendor/team')({
  validateSearch: teamSearchSchema,
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(
      teamQueryOptions(context.authData.organizationId, context.authData.vendorUserId),
    ),
  pendingMs: 0,
  pendingMinMs: 0,
  pendingComponent: TeamPending,
  errorComponent: TeamError,
  component: TeamRoute,
})

function TeamRoute() {
  const { vendorUserId } = Route.useRouteContext({ select: (context) => context.authData })
  const { data } = useSuspenseQuery(teamQueryOptions(useOrganizationId(), vendorUserId))
  const role = useRole()
  const navigate = useNavigate()
  const search = Route.useSearch()
  // The activity log's filters live in the address: member is the acting member's account id.
  const activityFilters: ActivityFilters = {
    q: search.q,
    from: search.from,
    to: search.to,
    action: search.action,
    actorAccountId: search.member,
  }
  const onActivityFiltersChange = React.useCallback(
    (next: ActivityFilters) =>
      void navigate({
        to: '.',
        search: { q: next.q, member: next.actorAccountId, action: next.action, from: next.from, to: next.to },
        replace: true,
        resetScroll: false,
      }),
    [navigate],
  )
  // Leaving ends this session's membership: the server answers, the page logs out here too.
  const onLeft = React.useCallback(() => {
    clearSession()
    void navigate({ to: '/' })
  }, [navigate])
  return (
    <PageShell
      title={TITLE}
      lead={`${data.organizationName}: ${LEAD.charAt(0).toLowerCase()}${LEAD.slice(1)}`}
    >
      <TeamScreen
        vendorUserId={vendorUserId}
        role={role}
        team={data}
        onLeft={onLeft}
        activityFilters={activityFilters}
        onActivityFiltersChange={onActivityFiltersChange}
      />
    </PageShell>
  )
}

function TeamPending() {
  return (
    <PageLoading title={TITLE} lead={LEAD}>
      Loading the team…
    </PageLoading>
  )
}

function TeamError({ error }: ErrorComponentProps) {
  return <PageReadFailed title={TITLE} lead={LEAD} error={error} />
}
