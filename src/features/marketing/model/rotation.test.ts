import { describe, expect, it, vi } from 'vitest'
import { clampIndex, indexAfter, nextIndex } from '@/features/marketing/model/rotation'
import { createManualClock } from '@/lib/clock'

describe('hero rotation', () => {
  it.each([
    [0, 8, 1],
    [6, 8, 7],
    [7, 8, 0],
    [0, 1, 0],
    [3, 0, 0],
  ])('after image %i of %i comes image %i', (index, count, next) => {
    expect(nextIndex(index, count)).toBe(next)
  })

  it.each([
    [-1, 8, 0],
    [0, 8, 0],
    [7, 8, 7],
    [8, 8, 7],
    [2.7, 8, 2],
    [Number.NaN, 8, 0],
    [4, 0, 0],
  ])('brings %d into the %i images as %i', (index, count, clamped) => {
    expect(clampIndex(index, count)).toBe(clamped)
  })

  it('a manual clock ticks at 1200 ms, not at 1199, and stops when told', () => {
    const clock = createManualClock()
    const tick = vi.fn()
    const stop = clock.every(1200, tick)
    clock.advance(1199)
    expect(tick).not.toHaveBeenCalled()
    clock.advance(1)
    expect(tick).toHaveBeenCalledTimes(1)
    clock.advance(2400)
    expect(tick).toHaveBeenCalledTimes(3)
    expect(clock.pending).toBe(1)
    stop()
    clock.advance(5000)
    expect(tick).toHaveBeenCalledTimes(3)
    expect(clock.pending).toBe(0)
  })

  it.each([
    [0, 0],
    [1199, 0],
    [1200, 1],
    [8399, 6],
    [8400, 7],
    [9599, 7],
    [9600, 0],
    [12_000, 2],
    [-5, 0],
    [Number.NaN, 0],
  ])('%d ms after the first image, the rotation shows image %i', (elapsed, index) => {
    expect(indexAfter(elapsed, 1200, 8)).toBe(index)
  })
})
