import * as React from 'react'
import type { RenewOutcome } from '@/features/auth/api/keep-session-alive'
import {
  ACTIVITY_EVENTS,
  COUNTDOWN_STEP_MS,
  latestActivity,
  RENEW_INTERVAL_MS,
  SHARE_ACTIVITY_MS,
  secondsLeft as secondsLeftAt,
  warningDueAt,
} from '@/features/auth/model/session-timing'
import type { Clock } from '@/lib/clock'
import { onSessionEnded } from '@/lib/session-ended'
import { readLastActivity, writeLastActivity } from '@/lib/storage'

/*
 * The parts of the idle timer (session-expiry.tsx, spec §4): the bookkeeping of activity, the one
 * timer until the warning, and the warning's countdown, over one set of refs.
 */

export type SessionActions = {
  /** Continue session and the background renewals (POST keep-alive). */
  renew: () => Promise<RenewOutcome>
  /** The end: the caller clears the login data, goes to /login and reloads. */
  expire: () => void
}

/** What the timers share between renders: the latest activity, shared and renewed times. */
type SessionTimes = {
  lastActivity: number
  lastShared: number
  lastRenewal: number
  /** Whether the warning shows, as of the last render. */
  warning: boolean
  /** The caller's latest renew and expire. */
  actions: SessionActions
}

export type SessionRef = React.RefObject<SessionTimes>

export function useSessionRef(clock: Clock, warning: boolean, actions: SessionActions): SessionRef {
  const sessionRef = React.useRef<SessionTimes>({
    lastActivity: clock.now(),
    lastShared: Number.NEGATIVE_INFINITY,
    lastRenewal: clock.now(),
    warning,
    actions,
  })
  React.useLayoutEffect(() => {
    sessionRef.current.warning = warning
    sessionRef.current.actions = actions
  })
  return sessionRef
}

/** A renewal in the background, which ends the session here when the server says it has ended. */
export function useBackgroundRenewal(clock: Clock, sessionRef: SessionRef) {
  const renewInBackground = React.useCallback(() => {
    sessionRef.current.lastRenewal = clock.now()
    void sessionRef.current.actions.renew().then((outcome) => {
      if (outcome === 'ended') sessionRef.current.actions.expire()
    })
  }, [clock, sessionRef])

  // The server's word that the session is over (the live stream's `ended`): checked with a
  // renewal, which answers 'ended' when it is, and then the session ends here too.
  React.useEffect(() => onSessionEnded(renewInBackground), [renewInBackground])
  return renewInBackground
}

/** Activity: cheap bookkeeping only, on every event. */
export function useActivityTracking(clock: Clock, sessionRef: SessionRef, renewInBackground: () => void) {
  React.useEffect(() => {
    const onActivity = () => {
      if (sessionRef.current.warning) return
      const now = clock.now()
      sessionRef.current.lastActivity = now
      if (now - sessionRef.current.lastShared >= SHARE_ACTIVITY_MS) {
        sessionRef.current.lastShared = now
        writeLastActivity(now)
      }
      if (now - sessionRef.current.lastRenewal >= RENEW_INTERVAL_MS) renewInBackground()
    }
    const options = { capture: true, passive: true }
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, options)
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, options)
    }
  }, [clock, sessionRef, renewInBackground])
}

type WarningState = {
  warning: boolean
  setSecondsLeft: (seconds: number | null) => void
}

/** Until the warning: one timer, set for when it would be due, checked again when it fires. */
export function useWarningDue(clock: Clock, sessionRef: SessionRef, state: WarningState & { round: number }) {
  const { warning, round, setSecondsLeft } = state
  React.useEffect(() => {
    if (warning) return undefined
    let cancel = () => {}
    const check = () => {
      const now = clock.now()
      const last = latestActivity(sessionRef.current.lastActivity, readLastActivity(), now)
      sessionRef.current.lastActivity = last
      const wait = warningDueAt(last) - now
      if (wait > 0) {
        cancel = clock.after(wait, check)
        return
      }
      const left = secondsLeftAt(last, now)
      // Past the end already (the computer slept through it): over at once.
      if (left <= 0) sessionRef.current.actions.expire()
      else setSecondsLeft(left)
    }
    check()
    return () => cancel()
  }, [clock, sessionRef, warning, round, setSecondsLeft])
}

/** The warning: a one-second countdown from the latest activity; activity in another tab ends it. */
export function useCountdown(
  clock: Clock,
  sessionRef: SessionRef,
  { warning, setSecondsLeft }: WarningState,
) {
  React.useEffect(() => {
    if (!warning) return undefined
    const started = sessionRef.current.lastActivity
    const tick = () => {
      const now = clock.now()
      const last = latestActivity(started, readLastActivity(), now)
      if (last > started) {
        sessionRef.current.lastActivity = last
        setSecondsLeft(null)
        return
      }
      const left = secondsLeftAt(started, now)
      if (left <= 0) {
        stop()
        sessionRef.current.actions.expire()
        return
      }
      setSecondsLeft(left)
    }
    const stop = clock.every(COUNTDOWN_STEP_MS, tick)
    // The time may have moved on while the dialog rendered (a computer waking up, a test's clock).
    tick()
    return stop
  }, [clock, sessionRef, warning, setSecondsLeft])
}
