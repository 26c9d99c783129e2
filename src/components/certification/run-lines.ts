import type { CertificationRun, TestCase, TestCaseState } from '@/contract/certification'

/*
 * Lines the vendor's run details and the lab console's attempts both write about a run
 * (docs/decisions/0021, 0033): how its cases stand, carried cases counted apart, and the revision
 * an attempt tested.
 */

/** A recertification's case not run again: it passed under the certificate it names. */
export const isCarried = (test: TestCase) => Boolean(test.carriedFrom)

const COUNTED: ReadonlyArray<TestCaseState | 'carried'> = [
  'passed',
  'carried',
  'failed',
  'skipped',
  'running',
  'pending',
]

/** '8 test cases: 5 passed, 3 carried' (a carried case is not counted as passed by this run). */
export function casesLine(run: Pick<CertificationRun, 'testCases'>): string {
  const count = (what: TestCaseState | 'carried') =>
    run.testCases.filter((test) =>
      what === 'carried' ? isCarried(test) : test.state === what && !isCarried(test),
    ).length
  const parts = COUNTED.map((what) => [what, count(what)] as const)
    .filter(([, n]) => n > 0)
    .map(([what, n]) => `${n} ${what}`)
  const total = run.testCases.length
  return `${total} test case${total === 1 ? '' : 's'}: ${parts.join(', ')}`
}

/** Whether a record's attempts span more than one revision: then each is labelled with its own. */
export const spansRevisions = (runs: ReadonlyArray<Pick<CertificationRun, 'revision'>>) =>
  runs.some((run) => (run.revision ?? 1) > 1)

/** 'rev 2': the revision an attempt tested (revision 1 for an answer from before revisions). */
export const attemptRevisionLabel = (run: Pick<CertificationRun, 'revision'>) => `rev ${run.revision ?? 1}`
