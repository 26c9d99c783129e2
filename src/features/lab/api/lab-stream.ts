import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import * as React from 'react'
import { parsePortalEvent, type PortalEvent } from '@/contract/events'
import { LAB_EVENTS_PATH } from '@/contract/lab'
import { type RecordAssignedEvent, recordAssignedEventSchema } from '@/contract/lab-assignment'
import { useClock } from '@/lib/clock'
import { readJson } from '@/lib/live/cache-writes'
import { LiveStream, type LiveStreamOptions } from '@/lib/live/live-stream'
import { useEventSourceFactory } from '@/lib/live/live-updates'
import { labKeys } from '@/lib/query-keys'

/*
 * The lab console's live stream (LAB_EVENTS_PATH; docs/decisions/0024, 0045): the portal's one
 * live-stream client (src/lib/live/live-stream.ts: reconnect, resume with Last-Event-ID, lost and
 * Reconnect, ended) following every organization's events and the lab's own (record.assigned).
 * It does not rebuild the queue from the events: a batch reads the lab's open queries again
 * (the queue page, the open record, the state), and a batch comes at most once per
 * LAB_REFRESH_MS, so a busy bench costs one read a second whatever its event rate. Nothing polls:
 * a tab that only listens lets its session idle out like a vendor's.
 */

/** Batches closer together than this are read as one. */
export const LAB_REFRESH_MS = 1000

type LabStreamEvent = PortalEvent | RecordAssignedEvent

/** A comment the vendor's side wrote, as the lab's stream tells it. */
export type VendorComment = { portfolioManagerId: string; author: string; text: string }

export type LabStreamCallbacks = {
  /** A vendor's comment (the toast offers to open the record). */
  onVendorComment?: (comment: VendorComment) => void
  /** Someone else assigned a record to this member. */
  onAssignedToMe?: (event: RecordAssignedEvent) => void
}

export class LabLiveClient extends LiveStream<LabStreamEvent> {
  constructor(
    private readonly queryClient: QueryClient,
    private readonly staff: { staffId: string; name: string },
    stream: Omit<LiveStreamOptions, 'url'>,
    private callbacks: LabStreamCallbacks = {},
  ) {
    super({ ...stream, url: LAB_EVENTS_PATH })
  }

  /** What the events are told to (the screen's latest callbacks). */
  setCallbacks(callbacks: LabStreamCallbacks) {
    this.callbacks = callbacks
  }

  protected parseEvent(data: string): LabStreamEvent | null {
    return parsePortalEvent(data) ?? readJson(recordAssignedEventSchema, data)
  }

  protected applyEvents(events: LabStreamEvent[]) {
    this.rereadLists()
    const { onVendorComment, onAssignedToMe } = this.callbacks
    for (const event of events) {
      if (event.type === 'comment.added' && event.comment.authorKind !== 'lab') {
        const { author, text } = event.comment
        onVendorComment?.({ portfolioManagerId: event.portfolioManagerId, author, text })
      }
      if (
        event.type === 'record.assigned' &&
        event.assignee?.staffId === this.staff.staffId &&
        event.assignedBy !== this.staff.name
      )
        onAssignedToMe?.(event)
    }
  }

  protected applyHello() {
    // What changed while the tab was away (or before the stream opened) is read again.
    this.rereadLists()
  }

  protected rereadLists() {
    void this.queryClient.invalidateQueries({ queryKey: labKeys.all() })
  }

  protected override flushDelay(): number {
    return this.lastFlushAt + LAB_REFRESH_MS - this.stream.clock.now()
  }
}

/** The toast's words: 'Priya Sharma wrote: “Which label?”' (the text cut at 80 characters). */
export function vendorCommentMessage({ author, text }: VendorComment): string {
  const line = text.replace(/\s+/g, ' ').trim()
  const short = line.length > 80 ? `${line.slice(0, 79)}…` : line
  return `${author} wrote: “${short}”`
}

/**
 * The console's one stream while mounted (the lab layout): `onEnded` when the server ends the
 * session (logout, idle, removed from the staff).
 */
export function useLabLiveClient(
  staff: { staffId: string; name: string },
  onEnded: () => void,
  callbacks: LabStreamCallbacks,
): LabLiveClient {
  const queryClient = useQueryClient()
  const createEventSource = useEventSourceFactory()
  const clock = useClock()
  const ended = React.useEffectEvent(onEnded)
  const { staffId, name } = staff
  const client = React.useMemo(
    () => new LabLiveClient(queryClient, { staffId, name }, { createEventSource, clock }),
    [queryClient, staffId, name, createEventSource, clock],
  )
  // The latest callbacks, told when an event comes (a new callback opens no new stream).
  React.useLayoutEffect(() => client.setCallbacks(callbacks))
  React.useEffect(() => {
    const stopWatching = client.subscribeConnection(() => {
      if (client.getConnection().status === 'ended') ended()
    })
    client.start()
    return () => {
      stopWatching()
      client.stop()
    }
  }, [client])
  return client
}
