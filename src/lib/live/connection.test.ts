import { describe, expect, it } from 'vitest'
import {
  type ConnectionEvent,
  type ConnectionStatus,
  INITIAL_CONNECTION,
  LOST_AFTER_MS,
  nextConnection,
  READY_STATE,
} from '@/lib/live/connection'

const state = (status: ConnectionStatus, reconnectingSince: number | null = null) => ({
  status,
  reconnectingSince,
})
const retrying: ConnectionEvent = { type: 'error', readyState: READY_STATE.CONNECTING }
const closed: ConnectionEvent = { type: 'error', readyState: READY_STATE.CLOSED }

describe('nextConnection', () => {
  it.each([
    ['off', { type: 'connect' }, 'connecting'],
    ['lost', { type: 'connect' }, 'connecting'],
    ['connecting', { type: 'open' }, 'live'],
    ['reconnecting', { type: 'open' }, 'live'],
    ['connecting', retrying, 'reconnecting'],
    ['live', retrying, 'reconnecting'],
    ['live', closed, 'lost'],
    ['reconnecting', closed, 'lost'],
    ['connecting', closed, 'lost'],
    ['live', { type: 'ended' }, 'ended'],
    ['reconnecting', { type: 'ended' }, 'ended'],
    ['ended', { type: 'connect' }, 'ended'],
    ['ended', retrying, 'ended'],
    ['lost', retrying, 'lost'],
    ['lost', { type: 'open' }, 'lost'],
    ['live', { type: 'unavailable' }, 'off'],
  ] as Array<[ConnectionStatus, ConnectionEvent, ConnectionStatus]>)('%s + %o → %s', (from, event, to) => {
    expect(nextConnection(state(from, from === 'reconnecting' ? 0 : null), event, 5).status).toBe(to)
  })

  it('remembers when reconnecting began, through further errors', () => {
    const first = nextConnection(state('live'), retrying, 1000)
    expect(first).toEqual(state('reconnecting', 1000))
    expect(nextConnection(first, retrying, 5000)).toBe(first)
  })

  it.each([
    [LOST_AFTER_MS - 1, 'reconnecting'],
    [LOST_AFTER_MS, 'lost'],
    [LOST_AFTER_MS + 10_000, 'lost'],
  ] as const)('reconnecting for %d ms is %s', (elapsed, status) => {
    expect(nextConnection(state('reconnecting', 1000), { type: 'tick' }, 1000 + elapsed).status).toBe(status)
  })

  it('a tick changes nothing unless reconnecting', () => {
    const live = state('live')
    expect(nextConnection(live, { type: 'tick' }, 1e9)).toBe(live)
    expect(INITIAL_CONNECTION.status).toBe('off')
  })
})
