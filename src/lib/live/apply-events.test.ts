import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CertificationRun, Comment } from '@/contract/certification'
import type { PortalEvent } from '@/contract/events'
import { CERTIFIED_OK, type DeviceRecord, VALIDATION_FAILURE } from '@/contract/records'
import { CANCELLED_CASE_NOTE } from '@/contract/server-messages'
import {
  applyCommentEvents,
  applyRecordEvents,
  applyRunEvents,
  isRunEvent,
  mergeRunLists,
  progressOfRun,
  withActiveRuns,
} from '@/lib/live/apply-events'
import { type EventDraft, fixtureEvents } from '@/mocks/fixtures/events'

let seq = 0
const numbered = (...drafts: EventDraft[]) => drafts.map((draft) => ({ ...draft, seq: ++seq }) as PortalEvent)

const row = (id: string, creationTime: string, fields: Partial<DeviceRecord> = {}): DeviceRecord => ({
  portfolioManagerId: id,
  vendor: 'Nokia',
  deviceName: `Device ${id}`,
  deviceType: 'ONT',
  productClass: 'XGS-PON',
  baseFirmwareVersion: '1.0.0',
  businessDomain: 'Wireline',
  creationTime,
  createdBy: 'Priya Sharma',
  status: 'Submitted',
  isCertified: '',
  ...fields,
})

const run = (id: string, fields: Partial<CertificationRun> = {}): CertificationRun => ({
  runId: `run-${id}`,
  portfolioManagerId: id,
  status: 'InProgress',
  isCertified: '',
  startedAt: '2026-11-20T09:00:00Z',
  finishedAt: null,
  attempt: 1,
  kind: 'full',
  testCases: [
    { name: 'Boot', state: 'pending', log: [] },
    { name: 'Wi-Fi', state: 'pending', log: [] },
    { name: 'IPv6', state: 'pending', log: [] },
  ],
  ...fields,
})

/** `base` with case `position` in `state` and these log lines. */
const withCaseState = (
  base: CertificationRun,
  position: number,
  state: 'running' | 'passed' | 'failed',
  log: string[],
) => ({
  ...base,
  testCases: base.testCases.map((test, i) => (i === position ? { ...test, state, log } : test)),
})

// Newest first, as the list answers.
const list = [
  row('c', '2026-11-03T00:00:00Z'),
  row('b', '2026-11-02T00:00:00Z', { status: 'InProgress' }),
  row('a', '2026-11-01T00:00:00Z'),
]

describe('applyRecordEvents', () => {
  it('patches a run event’s record state into its row, leaving the other rows the same objects', () => {
    const started = run('a')
    const next = applyRecordEvents(list, numbered(fixtureEvents.runStarted(started)))
    expect(next[2]).toEqual({ ...list[2], status: 'InProgress', isCertified: '' })
    expect(next[0]).toBe(list[0])
    expect(next[1]).toBe(list[1])
    expect(list[2]?.status).toBe('Submitted')
  })

  it.each([
    [
      'run.finished certified',
      fixtureEvents.runFinished(run('b', { isCertified: CERTIFIED_OK })),
      'Completed',
      CERTIFIED_OK,
    ],
    [
      'run.finished failed',
      fixtureEvents.runFinished(run('b', { isCertified: VALIDATION_FAILURE })),
      'Completed',
      VALIDATION_FAILURE,
    ],
    ['run.cancelled', fixtureEvents.runCancelled(run('b'), 'Priya Sharma'), 'Cancelled', ''],
    ['run.status', fixtureEvents.runStatus(run('b'), 'Maintenance'), 'Maintenance', ''],
    ['case.started', fixtureEvents.caseStarted(run('b'), 0), 'InProgress', ''],
    [
      'case.finished',
      fixtureEvents.caseFinished(withCaseState(run('b'), 0, 'passed', ['ok']), 0),
      'InProgress',
      '',
    ],
  ] as const)('%s sets the row’s status and result', (_name, draft, status, isCertified) => {
    const next = applyRecordEvents(list, numbered(draft))
    expect(next[1]).toMatchObject({ status, isCertified })
  })

  it('returns the same list when an event changes nothing (the row already says so, a comment)', () => {
    const comment: Comment = {
      commentId: 'c-9',
      portfolioManagerId: 'a',
      author: 'Lab',
      text: 'Hi',
      createdAt: '2026-11-20T09:00:00Z',
    }
    expect(applyRecordEvents(list, numbered(fixtureEvents.caseStarted(run('b'), 0)))).toBe(list)
    expect(applyRecordEvents(list, numbered(fixtureEvents.commentAdded(comment)))).toBe(list)
    expect(applyRecordEvents(list, [])).toBe(list)
  })

  it('inserts a submitted row where creation time desc puts it, and replaces an edited one', () => {
    const newest = row('d', '2026-11-04T00:00:00Z')
    const middle = row('e', '2026-11-02T12:00:00Z')
    const oldest = row('f', '2026-10-01T00:00:00Z')
    const next = applyRecordEvents(
      list,
      numbered(
        fixtureEvents.submitted(middle),
        fixtureEvents.submitted(newest),
        fixtureEvents.submitted(oldest),
      ),
    )
    expect(next.map((r) => r.portfolioManagerId)).toEqual(['d', 'c', 'e', 'b', 'a', 'f'])
    const edited = applyRecordEvents(
      next,
      numbered(fixtureEvents.edited({ ...middle, baseFirmwareVersion: '9.9.9' })),
    )
    expect(edited.map((r) => r.portfolioManagerId)).toEqual(['d', 'c', 'e', 'b', 'a', 'f'])
    expect(edited[2]?.baseFirmwareVersion).toBe('9.9.9')
  })

  it('removes a deleted row; a delete of a row it does not hold changes nothing', () => {
    expect(
      applyRecordEvents(list, numbered(fixtureEvents.deleted('b'))).map((r) => r.portfolioManagerId),
    ).toEqual(['c', 'a'])
    expect(applyRecordEvents(list, numbered(fixtureEvents.deleted('zz')))).toBe(list)
  })

  it('composes a record’s events of one batch in order (submitted then started, started then deleted)', () => {
    const fresh = row('d', '2026-11-04T00:00:00Z')
    const next = applyRecordEvents(
      list,
      numbered(
        fixtureEvents.submitted(fresh),
        fixtureEvents.runStarted(run('d')),
        fixtureEvents.deleted('a'),
        fixtureEvents.runStarted(run('a')),
      ),
    )
    expect(next.map((r) => [r.portfolioManagerId, r.status])).toEqual([
      ['d', 'InProgress'],
      ['c', 'Submitted'],
      ['b', 'InProgress'],
    ])
  })

  describe('at 100,000 rows', () => {
    const big = Array.from({ length: 100_000 }, (_, i) =>
      row(`pm-${i}`, new Date(Date.UTC(2026, 0, 1) - i * 60_000).toISOString()),
    )
    afterEach(() => vi.restoreAllMocks())

    it('patches a batch of 1,000 events with one copy of the list, fast', () => {
      const drafts = Array.from({ length: 1000 }, (_, i) => fixtureEvents.runStarted(run(`pm-${i * 97}`)))
      const events = numbered(...drafts)
      // The index of the list is made once per list the tab holds (here by a delete of no row).
      expect(applyRecordEvents(big, numbered(fixtureEvents.deleted('none')))).toBe(big)
      const started = performance.now()
      const next = applyRecordEvents(big, events)
      const ms = performance.now() - started
      expect(next[97]?.status).toBe('InProgress')
      expect(next[98]).toBe(big[98])
      expect(ms).toBeLessThan(100)
      const slice = vi.spyOn(Array.prototype, 'slice')
      applyRecordEvents(big, events)
      const copies = slice.mock.contexts.filter((context) => (context as unknown[]).length === 100_000)
      expect(copies).toHaveLength(1)
    })

    it('applies 100 batches (100 events a second for 100 s of frames) without copying per event', () => {
      const slice = vi.spyOn(Array.prototype, 'slice')
      let current: ReadonlyArray<DeviceRecord> = big
      const started = performance.now()
      for (let batch = 0; batch < 100; batch += 1) {
        const drafts = Array.from({ length: 100 }, (_, i) =>
          fixtureEvents.caseStarted(run(`pm-${batch * 100 + i}`), 0),
        )
        current = applyRecordEvents(current, numbered(...drafts))
      }
      const ms = performance.now() - started
      const copies = slice.mock.contexts.filter((context) => (context as unknown[]).length === 100_000)
      expect(copies).toHaveLength(100)
      expect(current.filter((r) => r.status === 'InProgress')).toHaveLength(10_000)
      // A copy per event would be 10,000 copies of 100,000 rows.
      expect(ms).toBeLessThan(1500)
    })
  })
})

describe('runs', () => {
  it('run.started adds the attempt at the head; case events follow it; run.finished ends it', () => {
    const first = run('a', {
      status: 'Completed',
      isCertified: VALIDATION_FAILURE,
      finishedAt: '2026-11-19T00:00:00Z',
    })
    const rerun = run('a', {
      runId: 'run-a-2',
      attempt: 2,
      kind: 'rerun',
      testCases: [{ name: 'Wi-Fi', state: 'pending', log: [] }],
    })
    let answer = applyRunEvents(
      { runs: [first] },
      numbered(fixtureEvents.runStarted(rerun)).filter(isRunEvent),
    )
    expect(answer.runs.map((r) => r.runId)).toEqual(['run-a-2', 'run-a'])
    answer = applyRunEvents(answer, numbered(fixtureEvents.caseStarted(rerun, 0)).filter(isRunEvent))
    expect(answer.runs[0]?.testCases[0]).toMatchObject({ state: 'running' })
    const passed = withCaseState(rerun, 0, 'passed', ['Wi-Fi: started', 'Wi-Fi: passed'])
    answer = applyRunEvents(answer, numbered(fixtureEvents.caseFinished(passed, 0)).filter(isRunEvent))
    expect(answer.runs[0]?.testCases[0]).toMatchObject({
      state: 'passed',
      log: ['Wi-Fi: started', 'Wi-Fi: passed'],
    })
    answer = applyRunEvents(
      answer,
      numbered(fixtureEvents.runFinished({ ...passed, isCertified: CERTIFIED_OK })).filter(isRunEvent),
    )
    expect(answer.runs[0]).toMatchObject({
      status: 'Completed',
      isCertified: CERTIFIED_OK,
      finishedAt: expect.any(String),
    })
    expect(answer.runs[1]).toBe(first)
  })

  it('run.status moves a run into maintenance and out; run.cancelled keeps finished cases and skips the rest', () => {
    const going = withCaseState(withCaseState(run('a'), 0, 'passed', ['Boot: passed']), 1, 'running', [
      'Wi-Fi: started',
    ])
    let answer = applyRunEvents(
      { runs: [going] },
      numbered(fixtureEvents.runStatus(going, 'Maintenance')).filter(isRunEvent),
    )
    expect(answer.runs[0]?.status).toBe('Maintenance')
    answer = applyRunEvents(
      answer,
      numbered(fixtureEvents.runCancelled(going, 'Priya Sharma')).filter(isRunEvent),
    )
    expect(answer.runs[0]).toMatchObject({ status: 'Cancelled', failureReason: 'Cancelled by Priya Sharma.' })
    expect(answer.runs[0]?.testCases.map((test) => test.state)).toEqual(['passed', 'skipped', 'skipped'])
    expect(answer.runs[0]?.testCases[1]?.log).toEqual(['Wi-Fi: started', CANCELLED_CASE_NOTE])
  })

  it('an event of a run the list does not hold changes nothing', () => {
    const answer = { runs: [run('a')] }
    expect(
      applyRunEvents(
        answer,
        numbered(fixtureEvents.caseStarted(run('a', { runId: 'other' }), 0)).filter(isRunEvent),
      ),
    ).toBe(answer)
  })

  it('a read answered after the events does not take the run back; one further along replaces it', () => {
    const behind = run('a')
    const ahead = withCaseState(behind, 0, 'passed', ['Boot: passed'])
    expect(mergeRunLists({ runs: [ahead] }, { runs: [behind] }).runs[0]).toBe(ahead)
    const fresh = { runs: [withCaseState(ahead, 1, 'running', ['Wi-Fi: started'])] }
    expect(mergeRunLists({ runs: [ahead] }, fresh)).toBe(fresh)
    expect(mergeRunLists(undefined, fresh)).toBe(fresh)
  })

  it('the hello’s active runs seed a record’s runs, or replace the same attempt in them', () => {
    const going = withCaseState(run('a'), 0, 'running', ['Boot: step 1'])
    expect(withActiveRuns(undefined, [going]).runs).toEqual([going])
    const older = run('a', { runId: 'run-a-0', status: 'Completed' })
    expect(withActiveRuns({ runs: [run('a'), older] }, [going]).runs).toEqual([going, older])
  })

  it('counts a run’s progress over its cases', () => {
    const going = withCaseState(withCaseState(run('a'), 0, 'passed', []), 1, 'running', [])
    expect(progressOfRun(going)).toEqual({ done: 1, total: 3, passed: 1, failed: 0, currentCase: 'Wi-Fi' })
  })
})

describe('comments', () => {
  it('adds a comment at the head once', () => {
    const comment: Comment = {
      commentId: 'c-1',
      portfolioManagerId: 'a',
      author: 'Lab',
      text: 'New',
      createdAt: 'x',
    }
    const old: Comment = { ...comment, commentId: 'c-0', text: 'Old' }
    const events = numbered(fixtureEvents.commentAdded(comment)) as Extract<
      PortalEvent,
      { type: 'comment.added' }
    >[]
    const answer = applyCommentEvents({ comments: [old] }, events)
    expect(answer.comments.map((c) => c.text)).toEqual(['New', 'Old'])
    expect(applyCommentEvents(answer, events)).toBe(answer)
  })
})
