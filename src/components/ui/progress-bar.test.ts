import { describe, expect, it } from 'vitest'
import { clampPercent } from '@/components/ui/progress-bar'

describe('clampPercent', () => {
  it.each([
    [-5, 0],
    [0, 0],
    [1, 1],
    [10.4, 10],
    [99.5, 100],
    [100, 100],
    [140, 100],
    [Number.NaN, 0],
  ])('%d → %d', (value, percent) => expect(clampPercent(value)).toBe(percent))
})
