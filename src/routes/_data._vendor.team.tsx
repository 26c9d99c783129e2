import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, type ErrorComponentProps, useNavigate } from '@tanstack/react-router'
import * as React from 'react'
import { PageShell } from '@/components/layout/page-shell'
import { PageLoading, PageReadFailed } from '@/components/layout/page-states'
import { teamQueryOptions } from '@/features/team/api/get-team'
import { TeamScreen } from '@/features/team/components/team-screen'
import { clearSession } from '@/lib/storage'
import { useRole } from '@/lib/use-role'

const TITLE = 'Team'
const LEAD = 'Who works in your organization, with which role.'

export const Route = createFileRoute('/_data/_vendor/team')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(teamQueryOptions(context.authData.vendorUserId)),
  pendingMs: 0,
  pendingMinMs: 0,
  pendingComponent: TeamPending,
  errorComponent: TeamError,
  component: TeamRoute,
})

function TeamRoute() {
  const { vendorUserId } = Route.useRouteContext({ select: (context) => context.authData })
  const { data } = useSuspenseQuery(teamQueryOptions(vendorUserId))
  const role = useRole()
  const navigate = useNavigate()
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
      <TeamScreen vendorUserId={vendorUserId} role={role} team={data} onLeft={onLeft} />
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
