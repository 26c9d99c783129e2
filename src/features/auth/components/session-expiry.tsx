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
import {
  ACTIVITY_EVENTS,
  COUNTDOWN_STEP_MS,
  latestActivity,
  RENEW_INTERVAL_MS,
  SHARE_ACTIVITY_MS,
  secondsLeft as secondsLeftAt,
  warningDueAt,
} from '@/features/auth/model/session-timing'
import { type RenewOutcome, renewServerSession } from '@/features/auth/api/keep-session-alive'
import { endSession } from '@/features/auth/api/logout'
import { useClock } from '@/lib/clock'
import { onSessionEnded } from '@/lib/session-ended'
import { readLastActivity, writeLastActivity } from '@/lib/storage'

export type { RenewOutcome }

type SessionExpiryOptions = {
  /** Continue session and the background renewals (POST keep-alive). */
  renew: () => Promise<RenewOutcome>
  /** The end: the caller clears the login data, goes to /login and reloads. */
  expire: () => void
}

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
  const lastActivity = React.useRef(clock.now())
  const lastShared = React.useRef(Number.NEGATIVE_INFINITY)
  const lastRenewal = React.useRef(clock.now())
  const warning = secondsLeft !== null
  const warningRef = React.useRef(warning)
  const actions = React.useRef({ renew, expire })
  React.useLayoutEffect(() => {
    warningRef.current = warning
    actions.current = { renew, expire }
  })

  const renewInBackground = React.useCallback(() => {
    lastRenewal.current = clock.now()
    void actions.current.renew().then((outcome) => {
      if (outcome === 'ended') actions.current.expire()
    })
  }, [clock])

  // The server's word that the session is over (the live stream's `ended`): checked with a
  // renewal, which answers 'ended' when it is, and then the session ends here too.
  React.useEffect(() => onSessionEnded(renewInBackground), [renewInBackground])

  // Activity: cheap bookkeeping only, on every event.
  React.useEffect(() => {
    const onActivity = () => {
      if (warningRef.current) return
      const now = clock.now()
      lastActivity.current = now
      if (now - lastShared.current >= SHARE_ACTIVITY_MS) {
        lastShared.current = now
        writeLastActivity(now)
      }
      if (now - lastRenewal.current >= RENEW_INTERVAL_MS) renewInBackground()
    }
    const options = { capture: true, passive: true }
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, options)
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, options)
    }
  }, [clock, renewInBackground])

  // Until the warning: one timer, set for when it would be due, checked again when it fires.
  React.useEffect(() => {
    if (warning) return undefined
    let cancel = () => {}
    const check = () => {
      const now = clock.now()
      const last = latestActivity(lastActivity.current, readLastActivity(), now)
      lastActivity.current = last
      const wait = warningDueAt(last) - now
      if (wait > 0) {
        cancel = clock.after(wait, check)
        return
      }
      const left = secondsLeftAt(last, now)
      // Past the end already (the computer slept through it): over at once.
      if (left <= 0) actions.current.expire()
      else setSecondsLeft(left)
    }
    check()
    return () => cancel()
  }, [clock, warning, round])

  // The warning: a one-second countdown from the latest activity; activity in another tab ends it.
  React.useEffect(() => {
    if (!warning) return undefined
    const started = lastActivity.current
    const tick = () => {
      const now = clock.now()
      const last = latestActivity(started, readLastActivity(), now)
      if (last > started) {
        lastActivity.current = last
        setSecondsLeft(null)
        return
      }
      const left = secondsLeftAt(started, now)
      if (left <= 0) {
        stop()
        actions.current.expire()
        return
      }
      setSecondsLeft(left)
    }
    const stop = clock.every(COUNTDOWN_STEP_MS, tick)
    // The time may have moved on while the dialog rendered (a computer waking up, a test's clock).
    tick()
    return stop
  }, [clock, warning])

  /** Continue session: the timer starts again and the server session is renewed. */
  const continueSession = React.useCallback(() => {
    const now = clock.now()
    lastActivity.current = now
    lastShared.current = now
    writeLastActivity(now)
    setSecondsLeft(null)
    setRound((value) => value + 1)
    renewInBackground()
  }, [clock, renewInBackground])

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
