import { describe, expect, it } from 'vitest'
import { progressOf } from '@/features/dashboard/model/progress'
import { statusLineOf } from '@/features/dashboard/model/status-words'

/* docs/decisions/0035 point 2: the status in words under the bar. */

const run = (done: number, total: number, failed = 0) => ({
  done,
  total,
  failed,
  passed: done - failed,
  currentCase: null,
})

describe('statusLineOf', () => {
  it('says each status in the legend’s and the cards’ words, Failed and Certified apart', () => {
    const word = (status: string, isCertified = '') =>
      statusLineOf(progressOf({ status, isCertified }, 0).label, null).text
    expect(word('Submitted')).toBe('Submitted')
    expect(word('InProgress')).toBe('In Progress')
    expect(word('Maintenance')).toBe('Maintenance')
    expect(word('Completed', 'CERTIFIED-OK')).toBe('Certified')
    expect(word('Completed', 'Validation failure')).toBe('Failed')
    expect(word('Cancelled')).toBe('Cancelled')
    expect(word('AwaitingReview')).toBe('Awaiting review')
    expect(word('Archived')).toBe('Unknown')
  })

  it('adds how far a run is, or how many of its cases failed', () => {
    expect(statusLineOf('In Progress', run(3, 15))).toEqual({
      word: 'In Progress',
      detail: '3 of 15',
      text: 'In Progress · 3 of 15',
    })
    expect(statusLineOf('In Progress', run(5, 15, 2)).text).toBe('In Progress · 2 failed')
    expect(statusLineOf('Maintenance', run(0, 8)).text).toBe('Maintenance · 0 of 8')
  })
})
