import * as React from 'react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { sessionExpiryMessage } from '@/contract/messages'
import { type RenewOutcome, renewServerSession } from '@/features/auth/api/keep-session-alive'
import { endSession } from '@/features/auth/api/logout'
import {
  type SessionActions,
  useActivityTracking,
  useBackgroundRenewal,
  useCountdown,
  useSessionRef,
  useWarningDue,
} from '@/features/auth/components/session-expiry-timers'
import { useClock } from '@/lib/clock'
import { writeLastActivity } from '@/lib/storage'

export type { RenewOutcome }

type SessionExpiryOptions = SessionActions

/**
 * The idle timer of spec §4: after 300 s without a mouse move, key press, mouse down or touch the
 * session ends; for its last 60 s a warning counts down each second. Activity in another tab of
 * the portal counts too (one vendor, one session). While the warning shows, only Continue session
 * restarts the timer: moving the mouse towards a button does not dismiss it.
 */
export function useSessionExpiry({ renew, expire }: SessionExpiryOptions) {
  const clock = useClock()
  const [secondsLeft, setSecondsLeft] = React.useState<number | null>(null)
  const [round, setRound] = React.useState(0)
  const warning = secondsLeft !== null
  const sessionRef = useSessionRef(clock, warning, { renew, expire })
  const renewInBackground = useBackgroundRenewal(clock, sessionRef)
  useActivityTracking(clock, sessionRef, renewInBackground)
  useWarningDue(clock, sessionRef, { warning, round, setSecondsLeft })
  useCountdown(clock, sessionRef, { warning, setSecondsLeft })

  /** Continue session: the timer starts again and the server session is renewed. */
  const continueSession = React.useCallback(() => {
    const now = clock.now()
    sessionRef.current.lastActivity = now
    sessionRef.current.lastShared = now
    writeLastActivity(now)
    setSecondsLeft(null)
    setRound((value) => value + 1)
    renewInBackground()
  }, [clock, sessionRef, renewInBackground])

  return { secondsLeft, continueSession }
}

type SessionExpiryDialogProps = {
  /** Seconds before the end; null hides the dialog. */
  secondsLeft: number | null
  onContinue: () => void
  onLogout: () => void
}

/**
 * 'Session expire Warning' (spec §2, §8). Continue session is the safe choice: focused when the
 * dialog opens, and what Escape does.
 */
export function SessionExpiryDialog({ secondsLeft, onContinue, onLogout }: SessionExpiryDialogProps) {
  return (
    <AlertDialog
      open={secondsLeft !== null}
      onOpenChange={(open) => {
        if (!open) onContinue()
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Session expire Warning</AlertDialogTitle>
          <AlertDialogDescription>{sessionExpiryMessage(secondsLeft ?? 0)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogAction
            variant="outline"
            onClick={(event) => {
              // The dialog stays until the page leaves, rather than closing as Continue would.
              event.preventDefault()
              onLogout()
            }}
          >
            Logout
          </AlertDialogAction>
          <AlertDialogCancel variant="primary">Continue session</AlertDialogCancel>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}

type SessionExpiryProps = SessionExpiryOptions & {
  /** The dialog's Logout (the same end as running out of time). */
  logout: () => void
}

/** The idle timer and its warning, for a logged-in vendor (mounted by the root route). */
export function SessionExpiry({ renew, expire, logout }: SessionExpiryProps) {
  const { secondsLeft, continueSession } = useSessionExpiry({ renew, expire })
  return <SessionExpiryDialog secondsLeft={secondsLeft} onContinue={continueSession} onLogout={logout} />
}

/**
 * Spec §4: Logout, or reaching the end, ends the session (the one logout, which clears the login
 * data and tells the server), then loads /login afresh, so nothing of the vendor's data stays in
 * memory. The server has a second to hear it; the vendor is not kept waiting on a slow network.
 */
function endSessionAndReload() {
  const patience = new Promise((resolve) => setTimeout(resolve, 1000))
  void Promise.race([endSession(), patience]).then(() => window.location.assign('/login'))
}

/** The logged-in vendor's session timer with the real server calls (loaded by the root route). */
export default function VendorSession() {
  return (
    <SessionExpiry renew={renewServerSession} expire={endSessionAndReload} logout={endSessionAndReload} />
  )
}
