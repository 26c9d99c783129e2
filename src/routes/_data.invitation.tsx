import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '@/components/layout/page-shell'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { INVITATION_LINK_UNKNOWN_MESSAGE } from '@/contract/team'
import { invitationQueryOptions, useAcceptInvitationMutation } from '@/features/team/api/invitation'
import { InvitationScreen } from '@/features/team/components/invitation-screen'
import { useAfterJoining } from '@/features/team/components/joined-organization-dialog'
import { answerOrNull } from '@/lib/api-failure'
import { useLoginWithoutOrganization } from '@/lib/no-organization'
import { readAuthData } from '@/lib/storage'
import { useAuthView } from '@/lib/use-auth-data'
import { invitationSearchSchema } from '@/routes/-search-params'

const TITLE = 'Invitation'

/** The invitation link (docs/decisions/0023): public, read with its token; accepting needs a login. */
export const Route = createFileRoute('/_data/invitation')({
  validateSearch: invitationSearchSchema,
  component: InvitationRoute,
})

function InvitationRoute() {
  const { token } = Route.useSearch()
  return (
    <PageShell title={TITLE} lead="You are invited to work with an organization on the certification portal.">
      {token ? (
        <InvitationWithToken token={token} />
      ) : (
        <p role="status" className="text-body text-ink">
          {INVITATION_LINK_UNKNOWN_MESSAGE}
        </p>
      )}
    </PageShell>
  )
}

function InvitationWithToken({ token }: { token: string }) {
  const query = useQuery(invitationQueryOptions(token))
  const auth = useAuthView()
  // An account without an organization accepts too (it has nothing else to do).
  const withoutOrganization = useLoginWithoutOrganization()
  const accept = useAcceptInvitationMutation()
  const { afterJoining, dialog } = useAfterJoining()

  const onAccept = async () => {
    const before = readAuthData()
    const authData = await answerOrNull(accept.mutateAsync({ token }))
    // Acting for the organization joined, or asked first when the login acted for another.
    if (authData) afterJoining(before, authData)
  }

  if (query.isPending) {
    return (
      <p className="flex items-center gap-2 text-body text-ink-muted">
        <Spinner aria-hidden="true" /> Reading the invitation…
      </p>
    )
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-body text-danger">
        {query.error.message}
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  return (
    <>
      <InvitationScreen
        token={token}
        invitation={query.data}
        loggedIn={auth.status === 'member' || withoutOrganization !== null}
        accepting={accept.isPending}
        onAccept={() => void onAccept()}
        onJoined={(authData) => afterJoining(null, authData)}
      />
      {dialog}
    </>
  )
}
