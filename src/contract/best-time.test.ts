import { describe, expect, it } from 'vitest'
import { toTwelveHourTime, toTwentyFourHourTime } from '@/contract/best-time'

describe('toTwelveHourTime (payload)', () => {
  it.each([
    ['', ''],
    ['00:00', '12:00 AM'],
    ['00:10', '12:10 AM'],
    ['09:30', '09:30 AM'],
    ['11:59', '11:59 AM'],
    ['12:00', '12:00 PM'],
    ['13:05', '01:05 PM'],
    ['23:59', '11:59 PM'],
    ['24:00', ''],
    ['09:60', ''],
    ['9.30', ''],
  ])('%j → %j', (time, sent) => expect(toTwelveHourTime(time)).toBe(sent))
})

describe('toTwentyFourHourTime (form)', () => {
  it.each([
    ['', ''],
    ['12:00 AM', '00:00'],
    ['12:10 AM', '00:10'],
    ['09:30 AM', '09:30'],
    ['9:30 am', '09:30'],
    ['12:00 PM', '12:00'],
    ['01:05 PM', '13:05'],
    ['11:59 PM', '23:59'],
    ['13:00 PM', ''],
    ['00:30 AM', ''],
    ['14:45', '14:45'],
    ['noon', ''],
  ])('%j → %j', (time, shown) => expect(toTwentyFourHourTime(time)).toBe(shown))

  it('round-trips every minute of the day', () => {
    for (let minute = 0; minute < 24 * 60; minute += 7) {
      const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`
      expect(toTwentyFourHourTime(toTwelveHourTime(time))).toBe(time)
    }
  })
})
