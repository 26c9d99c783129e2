import { describe, expect, it } from 'vitest'
import {
  IDLE_TIMEOUT_MS,
  latestActivity,
  secondsLeft,
  WARNING_MS,
  warningDueAt,
} from '@/features/auth/model/session-timing'

describe('session timing (spec §4, §9)', () => {
  it('is five minutes, with a warning for the last 60 seconds', () => {
    expect(IDLE_TIMEOUT_MS).toBe(300_000)
    expect(WARNING_MS).toBe(60_000)
    expect(warningDueAt(1000)).toBe(241_000)
  })

  it.each([
    [240_000, 60],
    [240_001, 60],
    [240_999, 60],
    [241_000, 59],
    [270_000, 30],
    [299_000, 1],
    [299_999, 1],
    [300_000, 0],
    [400_000, 0],
  ])('counts %i ms after the last activity as %i second(s) left', (elapsed, left) => {
    expect(secondsLeft(0, elapsed)).toBe(left)
  })

  it('takes the later of this tab and the others, but not a time ahead of the clock', () => {
    expect(latestActivity(100, null, 1000)).toBe(100)
    expect(latestActivity(100, 500, 1000)).toBe(500)
    expect(latestActivity(600, 500, 1000)).toBe(600)
    expect(latestActivity(100, 1000, 1000)).toBe(1000)
    expect(latestActivity(100, 1001, 1000)).toBe(100)
  })
})
