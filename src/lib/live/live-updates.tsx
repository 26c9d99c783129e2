import { useQueryClient } from '@tanstack/react-query'
import * as React from 'react'
import type { Maintenance } from '@/contract/lab'
import { showToast } from '@/lib/api-failure'
import { useClock } from '@/lib/clock'
import { INITIAL_CONNECTION, type ConnectionState } from '@/lib/live/connection'
import { type LabAnswer, labAnsweredMessage } from '@/lib/live/lab-answers'
import { type EventSourceFactory, LiveClient, type LiveRun } from '@/lib/live/live-client'
import type { LiveStream } from '@/lib/live/live-stream'
import { announceSessionEnded } from '@/lib/session-ended'
import { useOrganizationId } from '@/lib/use-auth-data'

/*
 * The live stream in React (docs/decisions/0022): `LiveUpdates` opens it for the logged-in vendor
 * (the vendor layout, so one per tab for /portfolio and /dashboard alike) and the screens read the
 * connection and each record's running attempt through hooks. Which EventSource it uses comes from
 * context: the browser's by default, a fake that stories and tests drive.
 */

/** Same origin, the session cookie: the browser's EventSource needs no options. */
const browserEventSource: EventSourceFactory | null =
  typeof EventSource === 'function' ? (url) => new EventSource(url) : null

const EventSourceContext = React.createContext<EventSourceFactory | null>(browserEventSource)

export function EventSourceProvider({
  createEventSource,
  children,
}: {
  createEventSource: EventSourceFactory | null
  children: React.ReactNode
}) {
  return <EventSourceContext.Provider value={createEventSource}>{children}</EventSourceContext.Provider>
}

const LiveClientContext = React.createContext<LiveClient | null>(null)
/** The tab's one live stream, the vendor's or the lab's (its connection and Reconnect). */
const LiveStreamContext = React.createContext<LiveStream<{ seq: number }> | null>(null)

/** Gives the screens below a live stream's connection (the lab console's, features/lab). */
export function LiveStreamProvider({
  stream,
  children,
}: {
  stream: LiveStream<{ seq: number }>
  children: React.ReactNode
}) {
  return <LiveStreamContext.Provider value={stream}>{children}</LiveStreamContext.Provider>
}

/**
 * The lab answered on one of the vendor's records — an info toast on whichever screen
 * the vendor is (spec §1's toasts: the root's container). sonner loads with the first toast, as
 * every toast of the portal does (src/lib/api-failure.ts showToast).
 */
function announceLabAnswer(answer: LabAnswer) {
  void showToast('info', labAnsweredMessage(answer.deviceName))
}

/** Follows the vendor's live events while mounted; its children read them through the hooks below. */
export function LiveUpdates({ vendorUserId, children }: { vendorUserId: string; children: React.ReactNode }) {
  const queryClient = useQueryClient()
  // The stream's events are the organization's the session acts for (its reads' keys).
  const organizationId = useOrganizationId()
  const createEventSource = React.useContext(EventSourceContext)
  const clock = useClock()
  // Made during render (it opens nothing); the stream opens in the effect, never on a server render.
  const client = React.useMemo(
    () =>
      new LiveClient({
        queryClient,
        organizationId,
        vendorUserId,
        createEventSource,
        clock,
        onLabAnswer: announceLabAnswer,
      }),
    [queryClient, organizationId, vendorUserId, createEventSource, clock],
  )
  React.useEffect(() => {
    // `ended`: the server ended the session (logout elsewhere, removal from the organization).
    const stopWatching = client.subscribeConnection(() => {
      if (client.getConnection().status === 'ended') announceSessionEnded()
    })
    client.start()
    return () => {
      stopWatching()
      client.stop()
    }
  }, [client])
  return (
    <LiveClientContext.Provider value={client}>
      <LiveStreamProvider stream={client}>{children}</LiveStreamProvider>
    </LiveClientContext.Provider>
  )
}

const noSubscription = () => () => {}
const offConnection = () => INITIAL_CONNECTION
const noReconnect = () => {}
const noMaintenance = () => null

/** The stream's connection and its Reconnect; 'off' outside a live stream. */
export function useLiveConnection(): ConnectionState & { reconnect: () => void } {
  const client = React.useContext(LiveStreamContext)
  const state = React.useSyncExternalStore(
    client?.subscribeConnection ?? noSubscription,
    client?.getConnection ?? offConnection,
    offConnection,
  )
  const reconnect = React.useCallback(() => client?.reconnect(), [client])
  return { ...state, reconnect: client ? reconnect : noReconnect }
}

/** The record's attempt now running, as the events tell it, or null. */
export function useLiveRun(portfolioManagerId: string): LiveRun | null {
  const client = React.useContext(LiveClientContext)
  const read = React.useCallback(
    () => client?.getRun(portfolioManagerId) ?? null,
    [client, portfolioManagerId],
  )
  return React.useSyncExternalStore(client?.subscribeRuns ?? noSubscription, read, () => null)
}

/** The bench's maintenance as the live stream tells it, or null (off, or outside `LiveUpdates`). */
export function useLabMaintenance(): Maintenance | null {
  const client = React.useContext(LiveClientContext)
  return React.useSyncExternalStore(
    client?.subscribeMaintenance ?? noSubscription,
    client?.getMaintenance ?? noMaintenance,
    noMaintenance,
  )
}

/** Marks a record's comments read (its dashboard row's unread mark goes); nothing outside `LiveUpdates`. */
export function useMarkCommentsRead(): (portfolioManagerId: string) => void {
  const client = React.useContext(LiveClientContext)
  return React.useCallback(
    (portfolioManagerId: string) => client?.markCommentsRead(portfolioManagerId),
    [client],
  )
}

/** The EventSource the app uses (the browser's, or a story's fake), for the lab console's stream. */
export function useEventSourceFactory(): EventSourceFactory | null {
  return React.useContext(EventSourceContext)
}
