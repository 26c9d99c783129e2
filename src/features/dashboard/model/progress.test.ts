import { describe, expect, expectTypeOf, it } from 'vitest'
import type { ProgressTone as ProgressBarTone } from '@/components/ui/progress-bar'
import {
  isProgressAnimated,
  PROGRESS_FULL_AFTER_MS,
  PROGRESS_START_PERCENT,
  PROGRESS_STEP_MS,
  PROGRESS_STEP_PERCENT,
  progressOf,
  type Progress,
  type ProgressTone,
} from '@/features/dashboard/model/progress'
import { recordStatusName } from '@/contract/records'

const certified: Progress = { percent: 100, tone: 'certified', label: 'Certified' }
const failed: Progress = { percent: 100, tone: 'failed', label: 'Validation Failure' }
const submitted: Progress = { percent: 1, tone: 'submitted', label: 'Submitted' }
const inProgressAtStart: Progress = { percent: 1, tone: 'in-progress', label: 'In Progress' }
const maintenance: Progress = { percent: 1, tone: 'in-progress', label: 'Maintenance' }
const unknown: Progress = { percent: 0, tone: 'unknown', label: 'Unknown status' }

// Every status × every isCertified value, at the start of the animation.
const cases: [status: string, isCertified: string, progress: Progress][] = [
  ['Submitted', 'CERTIFIED-OK', submitted],
  ['Submitted', 'Validation failure', submitted],
  ['Submitted', '', submitted],
  ['InProgress', 'CERTIFIED-OK', inProgressAtStart],
  ['InProgress', 'Validation failure', inProgressAtStart],
  ['InProgress', '', inProgressAtStart],
  ['Completed', 'CERTIFIED-OK', certified],
  ['Completed', 'Validation failure', failed],
  ['Completed', '', unknown],
  ['Maintenance', 'CERTIFIED-OK', maintenance],
  ['Maintenance', 'Validation failure', maintenance],
  ['Maintenance', '', maintenance],
  ['Archived', 'CERTIFIED-OK', unknown],
  ['Archived', 'Validation failure', unknown],
  ['Archived', '', unknown],
  ['', 'CERTIFIED-OK', unknown],
  ['', 'Validation failure', unknown],
  ['', '', unknown],
]

describe('progressOf', () => {
  it('uses the constants of spec §9', () => {
    expect([PROGRESS_START_PERCENT, PROGRESS_STEP_PERCENT, PROGRESS_STEP_MS]).toEqual([1, 10, 1000])
    expect(PROGRESS_FULL_AFTER_MS).toBe(10_000)
  })

  it.each(cases)('status %j with isCertified %j at 0 ms is %o', (status, isCertified, progress) => {
    expect(progressOf({ status, isCertified }, 0)).toEqual(progress)
  })

  it.each(cases)('status %j with isCertified %j is %o a minute later', (status, isCertified, progress) => {
    const expected = status === 'InProgress' ? { ...progress, percent: 100 } : progress
    expect(progressOf({ status, isCertified }, 60_000)).toEqual(expected)
  })

  it.each([
    [0, 1],
    [999, 1],
    [1000, 11],
    [5000, 51],
    [9000, 91],
    [9999, 91],
    [10_000, 100],
    [60_000, 100],
  ])('an InProgress bar is at %d ms %d %%', (elapsedMs, percent) => {
    expect(progressOf({ status: 'InProgress', isCertified: '' }, elapsedMs)).toEqual({
      percent,
      tone: 'in-progress',
      label: 'In Progress',
    })
  })

  it.each([-1, -5000, Number.NaN])('treats a clock that has not started (%d ms) as 0 ms', (elapsedMs) => {
    expect(progressOf({ status: 'InProgress', isCertified: '' }, elapsedMs).percent).toBe(1)
  })

  it.each(cases)('status %j with a missing isCertified is as with an empty one', (status) => {
    expect(progressOf({ status }, 0)).toEqual(progressOf({ status, isCertified: '' }, 0))
  })

  it('is full for an unbounded time', () => {
    expect(progressOf({ status: 'InProgress', isCertified: '' }, Number.POSITIVE_INFINITY).percent).toBe(100)
  })

  it.each(cases)('status %j with isCertified %j: colour matches the summary card', (status, isCertified) => {
    const cardTone = {
      Submitted: 'submitted',
      'In Progress': 'in-progress',
      Maintenance: 'in-progress',
      'Validation Failure': 'failed',
      Certified: 'certified',
    } as const
    const card = recordStatusName({ status, isCertified })
    expect(progressOf({ status, isCertified }, 0).tone).toBe(card === null ? 'unknown' : cardTone[card])
  })
})

describe('isProgressAnimated', () => {
  it.each(cases)('status %j with isCertified %j', (status, isCertified) => {
    expect(isProgressAnimated({ status, isCertified })).toBe(status === 'InProgress')
  })
})

describe('tones', () => {
  it('are the tones of the ProgressBar component', () => {
    expectTypeOf<ProgressTone>().toEqualTypeOf<ProgressBarTone>()
  })
})

describe('a cancelled run', () => {
  it.each(['', 'CERTIFIED-OK', 'Validation failure'])(
    'is 0 percent black, as spec §4 draws an unknown status, named Cancelled (isCertified %j)',
    (isCertified) => {
      expect(progressOf({ status: 'Cancelled', isCertified }, 60_000)).toEqual({
        percent: 0,
        tone: 'unknown',
        label: 'Cancelled',
      })
      expect(isProgressAnimated({ status: 'Cancelled', isCertified })).toBe(false)
      expect(recordStatusName({ status: 'Cancelled', isCertified })).toBeNull()
    },
  )
})
