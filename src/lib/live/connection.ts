/*
 * The live stream's connection as the dashboard tells it (docs/decisions/0022). EventSource
 * reconnects by itself (readyState CONNECTING after an error, Last-Event-ID sent); the tab calls
 * the stream lost when the browser gave up (CLOSED) or has been reconnecting for LOST_AFTER_MS,
 * and then offers Reconnect. `ended` (the session is over) is final.
 */

/** How long reconnecting may last before the stream counts as lost. */
export const LOST_AFTER_MS = 30_000

/** EventSource.readyState values (the constants are not on a fake's class). */
export const READY_STATE = { CONNECTING: 0, OPEN: 1, CLOSED: 2 } as const

export type ConnectionStatus = 'off' | 'connecting' | 'live' | 'reconnecting' | 'lost' | 'ended'

export type ConnectionState = {
  status: ConnectionStatus
  /** When reconnecting began (clock ms), while reconnecting. */
  reconnectingSince: number | null
}

export type ConnectionEvent =
  | { type: 'connect' }
  | { type: 'open' }
  | { type: 'error'; readyState: number }
  | { type: 'tick' }
  | { type: 'ended' }
  | { type: 'unavailable' }

export const INITIAL_CONNECTION: ConnectionState = { status: 'off', reconnectingSince: null }

const at = (status: ConnectionStatus): ConnectionState => ({ status, reconnectingSince: null })

/** The connection after an event, at clock time `now`; the same object when nothing changes. */
export function nextConnection(state: ConnectionState, event: ConnectionEvent, now: number): ConnectionState {
  if (state.status === 'ended') return state
  switch (event.type) {
    case 'connect':
      return at('connecting')
    case 'unavailable':
      return at('off')
    case 'ended':
      return at('ended')
    case 'open':
      return state.status === 'live' || state.status === 'lost' || state.status === 'off' ? state : at('live')
    case 'error':
      if (state.status === 'lost' || state.status === 'off') return state
      if (event.readyState === READY_STATE.CLOSED) return at('lost')
      if (state.status === 'reconnecting') return state
      return { status: 'reconnecting', reconnectingSince: now }
    case 'tick':
      if (state.status !== 'reconnecting' || state.reconnectingSince === null) return state
      return now - state.reconnectingSince >= LOST_AFTER_MS ? at('lost') : state
  }
}
