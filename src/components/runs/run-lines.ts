import type { CertificationRun, TestCase, TestCaseState } from '@/contract/certification'
import { CANCELLED_STATUS } from '@/contract/run-status'
import { formatPortalTime } from '@/lib/format-time'

/*
 * Lines the vendor's run details and the lab console's attempts both write about a run
 * (docs/decisions/0021, 0033): how its cases stand, carried cases counted apart, the revision
 * an attempt tested, and each attempt's own line.
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

const KIND_LABEL = { full: 'Full run', rerun: 'Re-run of failed cases' } as const

/** A time as the portal writes it, in UTC ('20 Nov 2026, 09:00'); '' when there is none. */
export const formatTime = (iso: string | null | undefined) => (iso ? formatPortalTime(iso) : '')

/** Finished or cancelled: the attempt has a printable report. */
export const hasReport = (run: Pick<CertificationRun, 'status'>) =>
  run.status === 'Completed' || run.status === CANCELLED_STATUS

/** An attempt's number: its own, or its place among the record's attempts (newest first). */
export const attemptNumber = (runs: ReadonlyArray<Pick<CertificationRun, 'attempt'>>, index: number) =>
  runs[index]?.attempt ?? runs.length - index

/**
 * 'Attempt 2 · Re-run of failed cases · started by Priya Sharma, 20 Nov 2026, 09:00'; with the
 * revision it tested when the record has more than one ('Attempt 3 · rev 2 · Full run · …').
 */
export function attemptLine(
  run: Pick<CertificationRun, 'attempt' | 'revision' | 'kind' | 'startedAt' | 'startedBy'>,
  number: number,
  withRevision = false,
) {
  const parts = [`Attempt ${run.attempt ?? number}`]
  if (withRevision) parts.push(attemptRevisionLabel(run))
  parts.push(KIND_LABEL[run.kind ?? 'full'])
  const started = formatTime(run.startedAt)
  parts.push(run.startedBy ? `started by ${run.startedBy}, ${started}` : `started ${started}`)
  return parts.join(' · ')
}
