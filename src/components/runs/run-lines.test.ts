import { describe, expect, it } from 'vitest'
import type { TestCase } from '@/contract/certification'
import {
  attemptLine,
  attemptNumber,
  attemptRevisionLabel,
  casesLine,
  hasReport,
  spansRevisions,
} from '@/components/runs/run-lines'

/* The lines the vendor's run details and the lab's attempts write about a run (docs/decisions/0033). */

const test = (state: TestCase['state'], carriedFrom?: string): TestCase => ({
  name: `${state} ${carriedFrom ?? ''}`,
  state,
  log: [],
  ...(carriedFrom ? { carriedFrom } : {}),
})

describe('run lines', () => {
  it('count carried cases apart from the passed ones', () => {
    const carried = Array.from({ length: 3 }, () => test('passed', 'DCP-4TPX-5D2R-K8WN'))
    const passed = Array.from({ length: 5 }, () => test('passed'))
    expect(casesLine({ testCases: [...passed, ...carried] })).toBe('8 test cases: 5 passed, 3 carried')
    expect(casesLine({ testCases: [...carried, test('running'), test('pending')] })).toBe(
      '5 test cases: 3 carried, 1 running, 1 pending',
    )
  })

  it('write a run without carried cases as before', () => {
    expect(casesLine({ testCases: [test('passed'), test('failed'), test('skipped')] })).toBe(
      '3 test cases: 1 passed, 1 failed, 1 skipped',
    )
    expect(casesLine({ testCases: [test('passed')] })).toBe('1 test case: 1 passed')
  })

  it('label attempts with their revision only when the record has more than one', () => {
    expect(spansRevisions([{}, { revision: 1 }])).toBe(false)
    expect(spansRevisions([{ revision: 2 }, { revision: 1 }])).toBe(true)
    expect(attemptRevisionLabel({ revision: 2 })).toBe('rev 2')
    expect(attemptRevisionLabel({})).toBe('rev 1')
  })
})

describe('attemptLine, attemptNumber and hasReport', () => {
  const attempt = {
    attempt: 2,
    kind: 'rerun' as const,
    startedAt: '2026-11-20T09:00:00.000Z',
    startedBy: 'Priya Sharma',
  }
  it('says which attempt, what it ran, who started it and when', () => {
    expect(attemptLine(attempt, 2)).toBe(
      'Attempt 2 · Re-run of failed cases · started by Priya Sharma, 20 Nov 2026, 09:00',
    )
    expect(attemptLine({ startedAt: attempt.startedAt }, 1)).toBe(
      'Attempt 1 · Full run · started 20 Nov 2026, 09:00',
    )
    expect(attemptLine({ ...attempt, kind: 'full', revision: 2 }, 2, true)).toBe(
      'Attempt 2 · rev 2 · Full run · started by Priya Sharma, 20 Nov 2026, 09:00',
    )
  })

  it('numbers an attempt by its own number, else by its place (newest first)', () => {
    expect(attemptNumber([{ attempt: 5 }, { attempt: 4 }], 0)).toBe(5)
    expect(attemptNumber([{}, {}, {}], 0)).toBe(3)
    expect(attemptNumber([{}, {}, {}], 2)).toBe(1)
  })

  it('has a report once finished or cancelled', () => {
    expect(hasReport({ status: 'Completed' })).toBe(true)
    expect(hasReport({ status: 'Cancelled' })).toBe(true)
    expect(hasReport({ status: 'InProgress' })).toBe(false)
    expect(hasReport({ status: 'AwaitingReview' })).toBe(false)
  })
})
