import { describe, expect, it } from 'vitest'
import { isSessionExpired, newToken, SESSION_IDLE_MS, tokenDigest } from './session-token.ts'

describe('session tokens', () => {
  it('are random and stored only as their digest', () => {
    const a = newToken()
    const b = newToken()
    expect(a).not.toBe(b)
    expect(a.length).toBeGreaterThanOrEqual(43)
    expect(tokenDigest(a)).toMatch(/^[0-9a-f]{64}$/)
    expect(tokenDigest(a)).toBe(tokenDigest(a))
  })

  it('expire after 300 s without activity, not before', () => {
    const last = new Date('2026-11-21T10:00:00Z')
    expect(isSessionExpired(last, new Date(last.getTime() + SESSION_IDLE_MS - 1))).toBe(false)
    expect(isSessionExpired(last, new Date(last.getTime() + SESSION_IDLE_MS))).toBe(true)
  })
})
