import { pageCount, rangeText } from '@/lib/paging'
import { describe, expect, it } from 'vitest'
import type { CertificationRun } from '@/contract/certification'
import type { LabQueueItem } from '@/contract/lab'
import {
  ageText,
  commentLine,
  countText,
  fromLocalInput,
  hasFailedCases,
  parseLabSearch,
  queueQueryOf,
  queueSearchOf,
  recordActions,
  runAwaitingReview,
  runLine,
  statusText,
} from '@/features/lab/model/lab-view'

const run = (changes: Partial<CertificationRun> = {}): CertificationRun => ({
  runId: 'r-1',
  portfolioManagerId: 'p-1',
  status: 'Completed',
  isCertified: 'CERTIFIED-OK',
  startedAt: '2026-11-20T08:00:00.000Z',
  finishedAt: '2026-11-20T08:10:00.000Z',
  testCases: [{ name: 'Wi-Fi throughput', state: 'passed', log: [] }],
  attempt: 1,
  kind: 'full',
  ...changes,
})

describe('parseLabSearch', () => {
  it('keeps what is valid and drops the rest, never failing', () => {
    expect(
      parseLabSearch({ state: 'review', org: 'o-1', type: 'ONT', q: ' nokia ', page: '3', record: 'p-9' }),
    ).toEqual({
      state: 'review',
      org: 'o-1',
      type: 'ONT',
      q: 'nokia',
      page: 3,
      mine: undefined,
      record: 'p-9',
    })
    expect(parseLabSearch({ mine: true }).mine).toBe(true)
    expect(parseLabSearch({ mine: 'true' }).mine).toBe(true)
    expect(parseLabSearch({ mine: 'yes' }).mine).toBeUndefined()
    expect(parseLabSearch({ state: 'everything', page: '0', q: '   ', org: 5 })).toEqual({
      state: undefined,
      org: undefined,
      type: undefined,
      q: undefined,
      page: undefined,
      mine: undefined,
      record: undefined,
    })
    expect(parseLabSearch({ page: 1 }).page).toBeUndefined()
    expect(parseLabSearch({ page: 2.5 }).page).toBeUndefined()
    expect(parseLabSearch({ q: 'x'.repeat(150) }).q).toHaveLength(100)
  })

  it('maps to the queue call’s filters', () => {
    expect(
      queueQueryOf({ state: 'running', org: 'o-1', type: 'ONT', q: 'hg', page: 2, record: 'p' }),
    ).toEqual({
      state: 'running',
      organizationId: 'o-1',
      deviceType: 'ONT',
      search: 'hg',
      page: 2,
    })
    expect(queueQueryOf({})).toEqual({})
    expect(queueQueryOf({ mine: true })).toEqual({ assigned: 'me' })
  })

  it('carries the queue’s filters to a record’s page, not the record', () => {
    expect(queueSearchOf({ state: 'review', mine: true, q: undefined, record: 'p-1' })).toEqual({
      state: 'review',
      mine: true,
    })
  })
})

describe('paging', () => {
  it('counts pages and says which rows show', () => {
    expect(pageCount(0, 50)).toBe(1)
    expect(pageCount(50, 50)).toBe(1)
    expect(pageCount(51, 50)).toBe(2)
    expect(rangeText(1, 50, 0)).toBe('No records')
    expect(rangeText(1, 50, 7)).toBe('Showing 1–7 of 7')
    expect(rangeText(2, 50, 230)).toBe('Showing 51–100 of 230')
    expect(rangeText(5, 50, 230)).toBe('Showing 201–230 of 230')
  })
})

describe('statusText and runLine', () => {
  it('names every status', () => {
    expect(statusText('AwaitingReview', '')).toBe('Awaiting review')
    expect(statusText('Cancelled', '')).toBe('Cancelled')
    expect(statusText('InProgress', '')).toBe('In progress')
    expect(statusText('Maintenance', '')).toBe('Maintenance')
    expect(statusText('Submitted', '')).toBe('Submitted')
    expect(statusText('Completed', 'CERTIFIED-OK')).toBe('Certified')
    expect(statusText('Completed', 'Validation failure')).toBe('Validation Failure')
  })

  it('tells a queued run in one line', () => {
    const item = {
      latestRun: {
        runId: 'r',
        attempt: 2,
        kind: 'rerun',
        status: 'InProgress',
        isCertified: '',
        startedAt: '',
        finishedAt: null,
        startedBy: 'Eli',
        casesTotal: 4,
        casesDone: 1,
        currentCase: 'Mesh roaming',
      },
    } as unknown as LabQueueItem
    expect(runLine(item)).toBe('Attempt 2 · failed cases · 1 of 4 cases · now: Mesh roaming')
    expect(runLine({ latestRun: null } as unknown as LabQueueItem)).toBe('Not started')
  })

  it('says how many failed for a run that ended with failures, and counts a single case in the singular', () => {
    const ended = (casesFailed: number, casesTotal: number) =>
      ({
        latestRun: {
          attempt: 1,
          kind: 'full',
          finishedAt: '2026-11-20T08:10:00.000Z',
          casesTotal,
          casesDone: casesTotal,
          casesFailed,
          currentCase: null,
        },
      }) as unknown as LabQueueItem
    expect(runLine(ended(3, 14))).toBe('Attempt 1 · 3 of 14 failed')
    expect(runLine(ended(0, 14))).toBe('Attempt 1 · 14 of 14 cases')
    expect(runLine(ended(0, 1))).toBe('Attempt 1 · 1 of 1 case')
  })
})

describe('countText and ageText', () => {
  it.each([
    [0, '0 cases failed'],
    [1, '1 case failed'],
    [2, '2 cases failed'],
  ])('%i → %s', (count, text) => {
    expect(countText(count, 'case failed', 'cases failed')).toBe(text)
  })

  const now = Date.parse('2026-11-20T09:00:00.000Z')
  it.each([
    ['waiting', '2026-11-17T08:00:00.000Z', 'waiting 3 days'],
    ['waiting', '2026-11-19T08:00:00.000Z', 'waiting 1 day'],
    ['review', '2026-11-20T07:00:00.000Z', 'waiting 2 hours'],
    ['maintenance', '2026-11-20T08:59:00.000Z', 'waiting 1 minute'],
    ['running', '2026-11-20T08:15:00.000Z', 'running 45 minutes'],
    ['waiting', '2026-11-20T08:59:30.000Z', 'waiting under a minute'],
    ['finished', '2026-11-17T08:00:00.000Z', null],
  ] as const)('%s since %s → %s', (queueState, stateSince, text) => {
    expect(ageText({ queueState, stateSince }, now)).toBe(text)
  })
})

describe('commentLine', () => {
  it.each([
    [0, false, '0 comments'],
    [1, false, '1 comment'],
    [1, true, '1 comment · awaiting an answer'],
    [3, true, '3 comments · awaiting an answer'],
  ])('count %i, awaiting an answer %s → %s', (count, awaiting, line) => {
    expect(commentLine(count, awaiting)).toBe(line)
  })
})

describe('recordActions', () => {
  it('offers what the server allows in each state', () => {
    expect(recordActions('waiting', { status: 'Submitted', isCertified: '' })).toEqual({
      start: true,
      rerun: false,
      cancel: false,
      review: false,
    })
    expect(recordActions('running', { status: 'InProgress', isCertified: '' })).toEqual({
      start: false,
      rerun: false,
      cancel: true,
      review: false,
    })
    expect(recordActions('maintenance', { status: 'Maintenance', isCertified: '' }).cancel).toBe(true)
    expect(recordActions('review', { status: 'AwaitingReview', isCertified: '' })).toEqual({
      start: false,
      rerun: false,
      cancel: false,
      review: true,
    })
    expect(recordActions('finished', { status: 'Completed', isCertified: 'Validation failure' })).toEqual({
      start: true,
      rerun: true,
      cancel: false,
      review: false,
    })
    // Rejected in review with every case passed: nothing to re-run, Start runs the whole plan.
    const rejected = run({ isCertified: 'Validation failure' })
    expect(
      recordActions('finished', { status: 'Completed', isCertified: 'Validation failure' }, rejected),
    ).toEqual({
      start: true,
      rerun: false,
      cancel: false,
      review: false,
    })
  })
})

describe('review', () => {
  it('finds the run awaiting review and whether it failed', () => {
    expect(runAwaitingReview([run({ status: 'AwaitingReview' }), run({ runId: 'r-0' })])?.runId).toBe('r-1')
    expect(runAwaitingReview([run()])).toBeNull()
    expect(runAwaitingReview([])).toBeNull()
    expect(hasFailedCases(run())).toBe(false)
    expect(hasFailedCases(run({ testCases: [{ name: 'a', state: 'failed', log: [] }] }))).toBe(true)
  })
})

describe('fromLocalInput', () => {
  it('reads a datetime-local value or refuses it', () => {
    expect(fromLocalInput('2026-11-20T10:30')).toBe(new Date('2026-11-20T10:30').toISOString())
    expect(fromLocalInput('')).toBeNull()
    expect(fromLocalInput('tomorrow')).toBeNull()
    expect(fromLocalInput('2026-13-45T10:30')).toBeNull()
  })
})
