import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, type ErrorComponentProps, redirect } from '@tanstack/react-router'
import * as React from 'react'
import { PageShell } from '@/components/layout/page-shell'
import { PageLoading, PageReadFailed } from '@/components/layout/page-states'
import type { AuthData } from '@/contract/auth'
import { LAB_PATH } from '@/contract/lab'
import { useLogout } from '@/features/auth/api/logout'
import { pendingInvitationsQueryOptions, useAcceptInvitationMutation } from '@/features/team/api/invitation'
import { useAfterJoining } from '@/features/team/components/joined-organization-dialog'
import { PendingInvitationsScreen } from '@/features/team/components/pending-invitations-screen'
import { ApiAnswerError } from '@/lib/call-endpoint'
import { labStaffOf } from '@/lib/lab-session'
import { isWithoutOrganization } from '@/lib/no-organization'
import { isLoggedIn, readAuthData } from '@/lib/storage'

const TITLE = 'Invitations'

/** What the page says it is for: a way back in, or the invitations of other organizations. */
function leadOf(account: AuthData) {
  return isWithoutOrganization(account)
    ? `You are signed in as ${account.emailId}, which belongs to no organization now. Accept an invitation to continue.`
    : `Invitations to ${account.emailId} from organizations you are not a member of yet.`
}

/*
 * The pending invitations to the logged-in account's address. A login without an
 * organization lands here (docs/decisions/0023); a vendor with one may open
 * it too. A visitor logs in first and comes back; a lab staff member goes to the console.
 */
export const Route = createFileRoute('/_data/invitations')({
  beforeLoad: ({ location }) => {
    const authData = readAuthData()
    if (authData && (isWithoutOrganization(authData) || isLoggedIn(authData))) return { account: authData }
    if (labStaffOf(authData)) throw redirect({ to: LAB_PATH, replace: true })
    throw redirect({ to: '/login', search: { redirect: location.href }, replace: true })
  },
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(pendingInvitationsQueryOptions(context.account.emailId)),
  pendingMs: 0,
  pendingMinMs: 0,
  pendingComponent: InvitationsPending,
  errorComponent: InvitationsError,
  component: InvitationsRoute,
})

function InvitationsRoute() {
  const { account } = Route.useRouteContext()
  const { data, refetch } = useSuspenseQuery(pendingInvitationsQueryOptions(account.emailId))
  const accept = useAcceptInvitationMutation()
  const [problem, setProblem] = React.useState<string | null>(null)
  const { afterJoining, dialog } = useAfterJoining()
  const logout = useLogout()

  const onAccept = async (invitationId: string) => {
    setProblem(null)
    const before = readAuthData()
    let authData: AuthData
    try {
      authData = await accept.mutateAsync({ invitationId })
    } catch (error) {
      // The toast told it already (spec §8); here it stays beside the list, which is read again:
      // an invitation withdrawn meanwhile goes.
      if (error instanceof ApiAnswerError) setProblem(error.message)
      void refetch()
      return
    }
    afterJoining(before, authData)
  }

  return (
    <PageShell title={TITLE} lead={leadOf(account)}>
      <PendingInvitationsScreen
        answer={data}
        withoutOrganization={isWithoutOrganization(account)}
        acceptingId={accept.isPending ? (accept.variables.invitationId ?? null) : null}
        problem={problem}
        onAccept={(invitationId) => void onAccept(invitationId)}
        onLogout={logout}
      />
      {dialog}
    </PageShell>
  )
}

function InvitationsPending() {
  return <PageLoading title={TITLE}>Reading your invitations…</PageLoading>
}

function InvitationsError({ error }: ErrorComponentProps) {
  return <PageReadFailed title={TITLE} error={error} />
}
