import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import * as React from 'react'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import type { AuthData } from '@/contract/auth'
import { actForJoinedOrganization } from '@/features/team/api/invitation'
import {
  joinedQuestion,
  joinedTitle,
  organizationToStayIn,
  stayLabel,
  switchLabel,
} from '@/features/team/model/joined-organization'
import { queryKeys } from '@/lib/query-keys'
import { switchOrganization } from '@/lib/switch-organization'

type Joined = { authData: AuthData; stayIn: { organizationId: string; organizationName: string } }

/**
 * What follows an accepted invitation (docs/decisions/0039). A login that acted for no organization,
 * or for the one joined, acts for it and opens its dashboard. One that acted for another is asked
 * first: Switch acts for the joined organization; Stay (or Escape) switches the session back to the
 * one it acted for — the server's accept has already moved it — and opens that one's dashboard.
 */
export function useAfterJoining() {
  const queryClient = useQueryClient()
  const router = useRouter()
  const [joined, setJoined] = React.useState<Joined | null>(null)

  const actForJoined = (authData: AuthData) => {
    actForJoinedOrganization(queryClient, authData)
    void router.navigate({ to: '/dashboard' })
  }

  /** `before`: the login data before accepting; `authData`: the accept's answer. */
  const afterJoining = (before: AuthData | null, authData: AuthData) => {
    const stayIn = organizationToStayIn(before, authData)
    if (stayIn) setJoined({ authData, stayIn })
    else actForJoined(authData)
  }

  const stay = async ({ authData, stayIn }: Joined) => {
    await switchOrganization(stayIn.organizationId, queryClient)
    queryClient.removeQueries({ queryKey: queryKeys.pendingInvitations(authData.emailId) })
    setJoined(null)
    await router.navigate({ to: '/dashboard' })
  }

  const dialog = joined ? (
    <JoinedOrganizationDialog
      joinedName={joined.authData.organizationName ?? ''}
      currentName={joined.stayIn.organizationName}
      onStay={() => stay(joined)}
      onSwitch={() => {
        setJoined(null)
        actForJoined(joined.authData)
      }}
    />
  ) : null
  return { afterJoining, dialog }
}

/** The buttons carry organization names (up to 50 characters): they wrap rather than overflow. */
const NAMED_BUTTON = 'h-auto min-h-control py-2 text-center whitespace-normal'

type JoinedOrganizationDialogProps = {
  joinedName: string
  currentName: string
  /** Switches the session back; a refusal's message shows in the dialog. */
  onStay: () => Promise<void>
  onSwitch: () => void
}

/** "You joined X. Switch to X now?" with Stay in Y (focused first, and Escape) and Switch to X. */
function JoinedOrganizationDialog({
  joinedName,
  currentName,
  onStay,
  onSwitch,
}: JoinedOrganizationDialogProps) {
  const [staying, setStaying] = React.useState(false)
  const [problem, setProblem] = React.useState<string | null>(null)
  const stay = async () => {
    if (staying) return
    setStaying(true)
    setProblem(null)
    try {
      await onStay()
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error))
      setStaying(false)
    }
  }
  return (
    <AlertDialog
      open
      onOpenChange={(open) => {
        if (!open) void stay()
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{joinedTitle(joinedName)}</AlertDialogTitle>
          <AlertDialogDescription>{joinedQuestion(joinedName, currentName)}</AlertDialogDescription>
        </AlertDialogHeader>
        {problem ? (
          <p role="alert" className="text-small font-semibold text-danger">
            {problem}
          </p>
        ) : null}
        <AlertDialogFooter className="sm:flex-col-reverse sm:items-stretch">
          <AlertDialogCancel asChild>
            <Button
              variant="outline"
              className={NAMED_BUTTON}
              loading={staying}
              onClick={(event) => {
                event.preventDefault()
                void stay()
              }}
            >
              {stayLabel(currentName)}
            </Button>
          </AlertDialogCancel>
          <Button className={NAMED_BUTTON} disabled={staying} onClick={onSwitch}>
            {switchLabel(joinedName)}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
