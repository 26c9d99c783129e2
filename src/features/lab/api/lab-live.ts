import { useQueryClient } from '@tanstack/react-query'
import * as React from 'react'
import { parsePortalEvent } from '@/contract/events'
import { LAB_EVENTS_PATH } from '@/contract/lab'
import { useEventSourceFactory } from '@/lib/live/live-updates'
import { LAB_KEY } from '@/features/lab/api/lab-api'

/*
 * The console follows every organization's events on the lab's stream (LAB_EVENTS_PATH, the
 * protocol of src/contract/events.ts). It does not rebuild the queue from the events: any event
 * reads the lab's open queries again (the queue page, the open record, the state), at most once a
 * second, so a busy bench costs one read a second whatever its event rate. `ended` (logout, idle,
 * removed from the staff) ends the console's login.
 */

export type LabStreamStatus = 'connecting' | 'live' | 'reconnecting' | 'off'

/** Events closer together than this are read as one. */
export const LAB_REFRESH_MS = 1000
/** A stream the server closed (not `ended`) is opened again after this. */
const REOPEN_MS = 5000

/** A comment the vendor's side wrote, as the lab's stream tells it. */
export type VendorComment = { portfolioManagerId: string; author: string; text: string }

/** The toast's words: 'Priya Sharma wrote: “Which label?”' (the text cut at 80 characters). */
export function vendorCommentMessage({ author, text }: VendorComment): string {
  const line = text.replace(/\s+/g, ' ').trim()
  const short = line.length > 80 ? `${line.slice(0, 79)}…` : line
  return `${author} wrote: “${short}”`
}

export function useLabStream(
  onEnded: () => void,
  onVendorComment: (comment: VendorComment) => void = () => {},
): LabStreamStatus {
  const queryClient = useQueryClient()
  const createEventSource = useEventSourceFactory()
  const [status, setStatus] = React.useState<LabStreamStatus>(createEventSource ? 'connecting' : 'off')
  const ended = React.useEffectEvent(onEnded)
  const vendorComment = React.useEffectEvent(onVendorComment)

  React.useEffect(() => {
    if (!createEventSource) return
    let source: ReturnType<typeof createEventSource> | null = null
    let refreshTimer: ReturnType<typeof setTimeout> | null = null
    let reopenTimer: ReturnType<typeof setTimeout> | null = null
    let lastRefresh = Number.NEGATIVE_INFINITY
    let stopped = false

    const refresh = () => {
      if (refreshTimer) return
      const wait = Math.max(0, lastRefresh + LAB_REFRESH_MS - Date.now())
      refreshTimer = setTimeout(() => {
        refreshTimer = null
        lastRefresh = Date.now()
        void queryClient.invalidateQueries({ queryKey: LAB_KEY })
      }, wait)
    }

    const open = () => {
      const current = createEventSource(LAB_EVENTS_PATH)
      source = current
      current.addEventListener('open', () => setStatus('live'))
      current.addEventListener('hello', () => {
        setStatus('live')
        refresh()
      })
      current.addEventListener('message', (message) => {
        setStatus('live')
        refresh()
        // A comment of the vendor's side is told at once (the other side is notified).
        const event = typeof message.data === 'string' ? parsePortalEvent(message.data) : null
        if (event?.type === 'comment.added' && event.comment.authorKind !== 'lab') {
          vendorComment({
            portfolioManagerId: event.portfolioManagerId,
            author: event.comment.author,
            text: event.comment.text,
          })
        }
      })
      current.addEventListener('reset', refresh)
      current.addEventListener('ended', () => {
        stopped = true
        current.close()
        setStatus('off')
        ended()
      })
      current.addEventListener('error', () => {
        if (stopped) return
        setStatus('reconnecting')
        // EventSource retries by itself unless the server refused the stream (then it is CLOSED).
        if (current.readyState === 2 && !reopenTimer) {
          reopenTimer = setTimeout(() => {
            reopenTimer = null
            if (!stopped) open()
          }, REOPEN_MS)
        }
      })
    }
    open()
    return () => {
      stopped = true
      source?.close()
      if (refreshTimer) clearTimeout(refreshTimer)
      if (reopenTimer) clearTimeout(reopenTimer)
    }
  }, [createEventSource, queryClient])

  return status
}

/** The console's stream status, from the lab layout to its screens. */
export const LabStreamContext = React.createContext<LabStreamStatus>('off')
export const useLabStreamStatus = (): LabStreamStatus => React.useContext(LabStreamContext)
