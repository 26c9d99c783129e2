import type { CertificationRun, Comment } from '@/contract/certification'

/* The runs and comments the stories of components/runs show: one record, Beacon 6, over two attempts. */

export const CERTIFICATE_NUMBER = 'DCP-7KQ4-M9XZ-2F8H'

/** Attempt 1: the full plan, ended in a Validation failure (one failed case with its log). */
export const firstAttempt: CertificationRun = {
  runId: 'run-1',
  portfolioManagerId: 'pm-0009',
  status: 'Completed',
  isCertified: 'Validation failure',
  startedAt: '2026-11-20T08:40:00.000Z',
  finishedAt: '2026-11-20T08:52:00.000Z',
  attempt: 1,
  kind: 'full',
  startedBy: 'Priya Sharma',
  testCases: [
    { name: 'Wi-Fi throughput', state: 'passed', log: ['5 GHz: 912 Mbit/s'] },
    { name: 'DFS radar detection', state: 'failed', log: ['Radar pattern 3 not detected within 60 s'] },
    { name: 'Mesh roaming', state: 'passed', log: [] },
  ],
}

/** Attempt 2: the failed case again, certified and approved in review, with its certificate. */
export const secondAttempt: CertificationRun = {
  runId: 'run-2',
  portfolioManagerId: 'pm-0009',
  status: 'Completed',
  isCertified: 'CERTIFIED-OK',
  startedAt: '2026-11-20T09:00:00.000Z',
  finishedAt: '2026-11-20T09:04:00.000Z',
  attempt: 2,
  kind: 'rerun',
  startedBy: 'Priya Sharma',
  testCases: [{ name: 'DFS radar detection', state: 'passed', log: ['Radar pattern 3 detected in 12 s'] }],
  review: {
    state: 'approved',
    reviewer: 'Eli Engineer',
    reviewedAt: '2026-11-20T09:05:00.000Z',
    reason: null,
  },
  certificate: { number: CERTIFICATE_NUMBER, state: 'valid', published: false },
}

/** Attempt 2 with its cases done, waiting for the lab's review. */
export const awaitingReview: CertificationRun = {
  ...secondAttempt,
  status: 'AwaitingReview',
  isCertified: '',
  review: { state: 'pending', reviewer: null, reviewedAt: null, reason: null },
  certificate: null,
}

/** The thread, oldest first as the lab's record reads it: a vendor's question, the lab's answer. */
export const thread: Comment[] = [
  {
    commentId: 'c-1',
    portfolioManagerId: 'pm-0009',
    author: 'Priya Sharma',
    authorKind: 'vendor',
    authorRole: 'Owner',
    text: 'Our DFS fix is in 3.4.13. Can you run the radar cases again?',
    createdAt: '2026-11-20T08:00:00.000Z',
  },
  {
    commentId: 'c-2',
    portfolioManagerId: 'pm-0009',
    author: 'Eli Engineer',
    authorKind: 'lab',
    authorRole: 'Lab engineer',
    text: 'Yes: flash 3.4.13 and re-run the failed cases; we watch the bench.',
    createdAt: '2026-11-20T08:30:00.000Z',
  },
]

/** The phone width the stories check beside the desktop one. */
export const PHONE = { viewport: { value: 'phone', isRotated: false } } as const

/** Nothing wider than the page at the story's width. */
export function fitsTheWidth(canvasElement: HTMLElement) {
  const root = canvasElement.ownerDocument.documentElement
  return root.scrollWidth <= root.clientWidth
}
