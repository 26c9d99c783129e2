import { describe, expect, it } from 'vitest'
import { createManualClock } from '@/lib/clock'

describe('createManualClock', () => {
  it('runs a timeout when its time comes, not a millisecond before', () => {
    const clock = createManualClock(1000)
    const calls: number[] = []
    clock.after(2000, () => calls.push(clock.now()))
    clock.advance(1999)
    expect(calls).toEqual([])
    clock.advance(1)
    expect(calls).toEqual([3000])
    clock.advance(5000)
    expect(calls).toEqual([3000])
    expect(clock.pending).toBe(0)
  })

  it('ticks an interval once per period, in order with timeouts due at the same instant', () => {
    const clock = createManualClock()
    const calls: string[] = []
    clock.every(1000, () => calls.push(`tick@${clock.now()}`))
    clock.after(2000, () => calls.push(`once@${clock.now()}`))
    clock.advance(3500)
    expect(calls).toEqual(['tick@1000', 'tick@2000', 'once@2000', 'tick@3000'])
    expect(clock.now()).toBe(3500)
  })

  it('cancels', () => {
    const clock = createManualClock()
    let called = false
    const cancel = clock.after(10, () => {
      called = true
    })
    cancel()
    clock.advance(100)
    expect(called).toBe(false)
    expect(clock.pending).toBe(0)
  })

  it('runs timers that a callback starts, when they fall due within the same advance', () => {
    const clock = createManualClock()
    const calls: number[] = []
    clock.after(100, () => clock.after(100, () => calls.push(clock.now())))
    clock.advance(250)
    expect(calls).toEqual([200])
  })
})
