import { isCarried } from '@/components/runs/run-lines'
import type { CertificationRun, TestCase } from '@/contract/certification'

/*
 * How a record's test plan stands over its attempts (docs/decisions/0036): the latest full run
 * ran every case of the plan, each re-run since then ran the cases the attempt before did not
 * pass. Each case counts once, with its latest result.
 */

export type RunSummary = {
  /** The cases of the plan (the latest full run's). */
  total: number
  /** Cases whose latest result is passed, carried cases apart. */
  passed: number
  /** Cases a recertification carried from an earlier certificate (docs/decisions/0033). */
  carried: number
  /** Cases whose latest result is failed. */
  failed: number
  /** The attempts counted: the latest full run and the re-runs after it. */
  attempts: number
}

type Attempt = Pick<CertificationRun, 'kind' | 'testCases'>

/** The latest full run and the re-runs after it, oldest first (`runs` newest first, as listed). */
function attemptsOfThePlan<A extends Attempt>(runs: ReadonlyArray<A>): A[] {
  const full = runs.findIndex((run) => run.kind !== 'rerun')
  return runs.slice(0, full === -1 ? runs.length : full + 1).reverse()
}

/** Each case of the plan with its latest result, in the plan's order. */
function latestCases(runs: ReadonlyArray<Attempt>): TestCase[] {
  const latest = new Map<string, TestCase>()
  for (const attempt of attemptsOfThePlan(runs))
    for (const test of attempt.testCases) latest.set(test.name, test)
  return [...latest.values()]
}

/** The plan's totals over the attempts since its latest full run; null without a run. */
export function runSummary(runs: ReadonlyArray<Attempt>): RunSummary | null {
  if (runs.length === 0) return null
  const cases = latestCases(runs)
  const carried = cases.filter(isCarried).length
  return {
    total: cases.length,
    passed: cases.filter((test) => test.state === 'passed' && !isCarried(test)).length,
    carried,
    failed: cases.filter((test) => test.state === 'failed').length,
    attempts: attemptsOfThePlan(runs).length,
  }
}

/**
 * '15 of 15 test cases passed over 2 attempts'; one attempt without 'over'; a recertification's
 * carried cases apart ('1 of 8 test cases passed, 5 carried').
 */
export function summaryLine({ total, passed, carried, attempts }: RunSummary): string {
  const over = attempts > 1 ? ` over ${attempts} attempts` : ''
  const line = `${passed} of ${total} test cases passed${over}`
  return carried > 0 ? `${line}, ${carried} carried` : line
}

/** Run details' order of an attempt's cases: the failed ones first, then the others in the plan's order. */
export function failuresFirst(cases: ReadonlyArray<TestCase>): TestCase[] {
  return [
    ...cases.filter((test) => test.state === 'failed'),
    ...cases.filter((test) => test.state !== 'failed'),
  ]
}

/** A failed case shows its log at first, and a running one; the others fold to their one line. */
export const opensAtFirst = (test: TestCase) => test.state === 'failed' || test.state === 'running'
