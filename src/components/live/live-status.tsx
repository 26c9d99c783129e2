import { CircleAlert, Radio, RefreshCw } from 'lucide-react'
import { Button } from '@/components/ui/button'
import type { ConnectionStatus } from '@/lib/live/connection'
import { useLiveConnection } from '@/lib/live/live-updates'
import { cn } from '@/lib/utils'

/** What a tab says of its live stream, the dashboard's or the lab console's (docs/decisions/0022, 0045). */
export const LIVE_STATUS_TEXT: Record<Exclude<ConnectionStatus, 'off'>, string> = {
  connecting: 'Connecting to live updates…',
  live: 'Live updates on',
  reconnecting: 'Reconnecting to live updates…',
  lost: 'Live updates lost. The records may be out of date.',
  ended: 'Live updates ended with your session.',
}

/**
 * The live stream's state in one small line (role=status, so a change is announced once, politely;
 * no toasts). Lost offers Reconnect: a new stream, and the records read again.
 */
export function LiveStatus() {
  const { status, reconnect } = useLiveConnection()
  if (status === 'off') return null
  const trouble = status === 'lost' || status === 'ended'
  return (
    <div data-slot="live-status" className="flex flex-wrap items-center gap-2">
      <p
        role="status"
        aria-label="Live updates"
        data-status={status}
        className={cn(
          'inline-flex items-center gap-1.5 text-small',
          trouble ? 'font-semibold text-danger' : 'text-ink-muted',
        )}
      >
        {trouble ? (
          <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
        ) : (
          <Radio
            aria-hidden="true"
            className={cn(
              'size-4 shrink-0',
              status === 'live' ? 'text-progress-certified' : 'animate-pulse motion-reduce:animate-none',
            )}
          />
        )}
        {LIVE_STATUS_TEXT[status]}
      </p>
      {status === 'lost' ? (
        <Button variant="outline" size="sm" onClick={reconnect}>
          <RefreshCw aria-hidden="true" />
          Reconnect
        </Button>
      ) : null}
    </div>
  )
}
