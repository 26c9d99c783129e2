import { describe, expect, it } from 'vitest'
import type { TestCase } from '@/contract/certification'
import { attemptRevisionLabel, casesLine, spansRevisions } from '@/components/certification/run-lines'

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
