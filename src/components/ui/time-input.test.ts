import { describe, expect, it } from 'vitest'
import { formatTimeDigits, normalizeTime, stepTime } from '@/components/ui/time-input'

describe('formatTimeDigits', () => {
  it.each([
    ['', ''],
    ['0', '0'],
    ['09', '09'],
    ['093', '09:3'],
    ['0930', '09:30'],
    ['09:30', '09:30'],
    ['09305', '09:30'],
    ['ab1c2', '12'],
  ])('%j → %j', (typed, shown) => expect(formatTimeDigits(typed)).toBe(shown))
})

describe('normalizeTime', () => {
  it.each([
    ['', ''],
    ['9', '09:00'],
    ['23', '23:00'],
    ['24', '23:00'],
    ['930', '09:30'],
    ['00:00', '00:00'],
    ['23:59', '23:59'],
    ['23:60', '23:59'],
    ['99:99', '23:59'],
  ])('%j → %j', (typed, completed) => expect(normalizeTime(typed)).toBe(completed))
})

describe('stepTime', () => {
  it('wraps the hours around midnight', () => {
    expect(stepTime('23:15', 'hours', 1)).toBe('00:15')
    expect(stepTime('00:15', 'hours', -1)).toBe('23:15')
  })
  it('wraps the minutes around the hour without touching the hours', () => {
    expect(stepTime('10:59', 'minutes', 1)).toBe('10:00')
    expect(stepTime('10:00', 'minutes', -1)).toBe('10:59')
  })
  it('starts an empty value from 00:00', () => {
    expect(stepTime('', 'hours', 1)).toBe('01:00')
  })
})
