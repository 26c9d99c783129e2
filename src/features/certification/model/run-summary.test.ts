import { describe, expect, it } from 'vitest'
import type { CertificationRun, TestCase } from '@/contract/certification'
import {
  failuresFirst,
  opensAtFirst,
  runSummary,
  summaryLine,
} from '@/features/certification/model/run-summary'

/* The plan's totals over a record's attempts (docs/decisions/0036), with literal values. */

const PLAN = Array.from({ length: 15 }, (_, index) => `Case ${index + 1}`)

const test = (name: string, state: TestCase['state'], carriedFrom?: string): TestCase => ({
  name,
  state,
  log: [],
  ...(carriedFrom ? { carriedFrom } : {}),
})

type Attempt = Pick<CertificationRun, 'kind' | 'testCases'>

/** The whole plan, every case passed but `failed`. */
const fullRun = (...failed: string[]): Attempt => ({
  kind: 'full',
  testCases: PLAN.map((name) => test(name, failed.includes(name) ? 'failed' : 'passed')),
})
const rerun = (...cases: TestCase[]): Attempt => ({ kind: 'rerun', testCases: cases })

describe('the plan over its attempts', () => {
  it('counts one attempt where every case passed', () => {
    const summary = runSummary([fullRun()])
    expect(summary).toEqual({ total: 15, passed: 15, carried: 0, failed: 0, attempts: 1 })
    expect(summaryLine(summary!)).toBe('15 of 15 test cases passed')
  })

  it('counts the plan, not the re-run, when the re-run fixed the one failure', () => {
    const summary = runSummary([rerun(test('Case 3', 'passed')), fullRun('Case 3')])
    expect(summary).toEqual({ total: 15, passed: 15, carried: 0, failed: 0, attempts: 2 })
    expect(summaryLine(summary!)).toBe('15 of 15 test cases passed over 2 attempts')
  })

  it('keeps the failure when the re-run still fails', () => {
    const summary = runSummary([rerun(test('Case 3', 'failed')), fullRun('Case 3')])
    expect(summary).toEqual({ total: 15, passed: 14, carried: 0, failed: 1, attempts: 2 })
    expect(summaryLine(summary!)).toBe('14 of 15 test cases passed over 2 attempts')
  })

  it('takes each case’s latest result over three attempts', () => {
    const second = rerun(test('Case 3', 'passed'), test('Case 9', 'failed'))
    const third = rerun(test('Case 9', 'running'))
    const summary = runSummary([third, second, fullRun('Case 3', 'Case 9')])
    expect(summary).toEqual({ total: 15, passed: 14, carried: 0, failed: 0, attempts: 3 })
    expect(summaryLine(summary!)).toBe('14 of 15 test cases passed over 3 attempts')
  })

  it('counts carried cases apart from the passed ones', () => {
    const recertification: Attempt = {
      kind: 'full',
      testCases: [
        ...PLAN.slice(0, 5).map((name) => test(name, 'passed', 'DCP-4TPX-5D2R-K8WN')),
        ...PLAN.slice(5, 14).map((name) => test(name, 'passed')),
        test('Case 15', 'failed'),
      ],
    }
    const once = runSummary([recertification])
    expect(once).toEqual({ total: 15, passed: 9, carried: 5, failed: 1, attempts: 1 })
    expect(summaryLine(once!)).toBe('9 of 15 test cases passed, 5 carried')
    const twice = runSummary([rerun(test('Case 15', 'passed')), recertification])
    expect(summaryLine(twice!)).toBe('10 of 15 test cases passed over 2 attempts, 5 carried')
  })

  it('starts again at the latest full run', () => {
    const earlier = [rerun(test('Case 3', 'failed')), fullRun('Case 3')]
    const summary = runSummary([fullRun('Case 7'), ...earlier])
    expect(summary).toEqual({ total: 15, passed: 14, carried: 0, failed: 1, attempts: 1 })
    expect(summaryLine(summary!)).toBe('14 of 15 test cases passed')
  })

  it('has nothing to say without a run', () => {
    expect(runSummary([])).toBeNull()
  })
})

describe('an attempt’s cases in run details', () => {
  it('list the failed ones first, the others in the plan’s order', () => {
    const cases = [
      test('Boot', 'passed'),
      test('Security', 'failed'),
      test('DFS', 'skipped'),
      test('WPA3', 'failed'),
    ]
    expect(failuresFirst(cases).map((each) => each.name)).toEqual(['Security', 'WPA3', 'Boot', 'DFS'])
  })

  it('open a failed or running case, fold the others', () => {
    expect(
      ['failed', 'running', 'passed', 'skipped', 'pending'].map((state) =>
        opensAtFirst(test('Case', state as TestCase['state'])),
      ),
    ).toEqual([true, true, false, false, false])
  })
})
