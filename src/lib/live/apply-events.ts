import {
  type CertificationRun,
  type CommentListAnswer,
  type RunListAnswer,
  type TestCase,
} from '@/contract/certification'
import { isRecordEvent, type PortalEvent, progressOfCases, type RunProgress } from '@/contract/events'
import type { DeviceRecord, RecordListAnswer } from '@/contract/records'
import { CANCELLED_CASE_NOTE, runCancelledReason } from '@/contract/server-messages'
import { CANCELLED_STATUS } from '@/contract/run-status'

/*
 * How the live events (src/contract/events.ts) change what the tab has read (docs/decisions/0022):
 * pure functions over the cached answers, applied a batch at a time (the events of one frame).
 * The records list may hold 100,000 rows: a batch copies it at most once, patches rows by their
 * index (kept beside the list), and moves or removes rows only for submits and deletes.
 */

/** What events change of a row in place: its status and result, its unread comments. */
type RowChanges = Partial<Pick<DeviceRecord, 'status' | 'isCertified' | 'unreadComments'>>

/** The events that change a record's dashboard row (some of its fields, or the whole row). */
type RecordOp =
  { kind: 'upsert'; row: DeviceRecord } | { kind: 'patch'; changes: RowChanges } | { kind: 'delete' }

const RUN_EVENT_TYPES = new Set<PortalEvent['type']>([
  'run.started',
  'run.status',
  'case.started',
  'case.finished',
  'run.finished',
  'run.cancelled',
])

export type RunEvent = Extract<
  PortalEvent,
  { type: 'run.started' | 'run.status' | 'case.started' | 'case.finished' | 'run.finished' | 'run.cancelled' }
>

export const isRunEvent = (event: PortalEvent): event is RunEvent => RUN_EVENT_TYPES.has(event.type)

/** The lab's comment: one more unread on the row (the vendor's own side's comments are read). */
function unreadAfter(event: Extract<PortalEvent, { type: 'comment.added' }>, unread: number | undefined) {
  return event.comment.authorKind === 'lab' ? (unread ?? 0) + 1 : undefined
}

/** `op` with `changes` on top: the upserted row changed, or a patch made or extended. */
function withChanges(op: RecordOp | undefined, changes: RowChanges): RecordOp | undefined {
  if (op?.kind === 'delete') return op
  if (op?.kind === 'upsert') return { kind: 'upsert', row: { ...op.row, ...changes } }
  return { kind: 'patch', changes: { ...op?.changes, ...changes } }
}

/**
 * What the batch does to each record's row, the later event of a record building on the earlier.
 * `unreadOf` answers a row's unread comments as the list holds them (a comment adds one).
 */
function recordOps(
  events: ReadonlyArray<PortalEvent>,
  unreadOf: (id: string) => number | undefined,
): Map<string, RecordOp> {
  const ops = new Map<string, RecordOp>()
  for (const event of events) {
    if (!isRecordEvent(event)) continue
    const id = event.portfolioManagerId
    const before = ops.get(id)
    let next: RecordOp | undefined
    switch (event.type) {
      case 'record.submitted':
      case 'record.edited':
      case 'record.revised':
        next = { kind: 'upsert', row: event.row }
        break
      case 'record.deleted':
        next = { kind: 'delete' }
        break
      case 'comment.added': {
        const known =
          before?.kind === 'upsert'
            ? before.row.unreadComments
            : before?.kind === 'patch'
              ? before.changes.unreadComments
              : undefined
        const unreadComments = unreadAfter(event, known ?? unreadOf(id))
        if (unreadComments !== undefined) next = withChanges(before, { unreadComments })
        break
      }
      case 'certificate.issued':
      case 'certificate.listing':
        break
      default:
        next = withChanges(before, { status: event.record.status, isCertified: event.record.isCertified })
    }
    if (next) ops.set(id, next)
  }
  return ops
}

/** The row with the changes, or the same row when they change nothing. */
function patched(row: DeviceRecord, changes: RowChanges): DeviceRecord {
  const same = (Object.keys(changes) as Array<keyof RowChanges>).every((key) => row[key] === changes[key])
  return same ? row : { ...row, ...changes }
}

/** Each row's position by id, made once per list the tab holds (a patch keeps positions, so its index too). */
const indexes = new WeakMap<ReadonlyArray<DeviceRecord>, Map<string, number>>()

function indexOf(list: ReadonlyArray<DeviceRecord>): Map<string, number> {
  let index = indexes.get(list)
  if (!index) {
    index = new Map()
    for (let i = 0; i < list.length; i += 1) index.set((list[i] as DeviceRecord).portfolioManagerId, i)
    indexes.set(list, index)
  }
  return index
}

/** Where a row created at `creationTime` goes in a list ordered newest first (before rows of the same time). */
function insertionPoint(list: ReadonlyArray<DeviceRecord>, creationTime: string): number {
  let low = 0
  let high = list.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((list[middle] as DeviceRecord).creationTime > creationTime) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * The records list after a batch of events: the same array when nothing changed; otherwise one
 * copy, rows patched in place by index, submitted rows inserted by creation time (newest first),
 * deleted rows removed. Rows the batch does not touch are the same objects as before.
 */
export function applyRecordEvents(
  list: ReadonlyArray<DeviceRecord>,
  events: ReadonlyArray<PortalEvent>,
): ReadonlyArray<DeviceRecord> {
  const index = indexOf(list)
  const ops = recordOps(events, (id) => {
    const at = index.get(id)
    return at === undefined ? undefined : (list[at] as DeviceRecord).unreadComments
  })
  if (ops.size === 0) return list
  let next: DeviceRecord[] | null = null
  const inserts: DeviceRecord[] = []
  const deletes = new Set<number>()
  for (const [id, op] of ops) {
    const at = index.get(id)
    if (op.kind === 'delete') {
      if (at !== undefined) deletes.add(at)
      continue
    }
    if (at === undefined) {
      // A run event for a row this list does not hold (read before the submit): nothing to patch.
      if (op.kind === 'upsert') inserts.push(op.row)
      continue
    }
    const row = list[at] as DeviceRecord
    // A row submitted again (edited, revised) keeps the comments its vendor has not read.
    const changed =
      op.kind === 'upsert'
        ? row.unreadComments && op.row.unreadComments === undefined
          ? { ...op.row, unreadComments: row.unreadComments }
          : op.row
        : patched(row, op.changes)
    if (changed === row) continue
    next ??= list.slice()
    next[at] = changed
  }
  if (deletes.size === 0 && inserts.length === 0) {
    if (!next) return list
    indexes.set(next, index)
    return next
  }
  let result: DeviceRecord[] = next ?? list.slice()
  if (deletes.size > 0) result = result.filter((_, i) => !deletes.has(i))
  for (const row of inserts) result.splice(insertionPoint(result, row.creationTime), 0, row)
  return result
}

/** The list answer (as cached) after a batch; the same answer when nothing changed. */
export function applyRecordListEvents(
  answer: RecordListAnswer,
  events: ReadonlyArray<PortalEvent>,
): RecordListAnswer {
  const list = answer.portfolioManagerSubmittedDetailsList
  const next = applyRecordEvents(list, events)
  return next === list ? answer : { ...answer, portfolioManagerSubmittedDetailsList: next as DeviceRecord[] }
}

/** The list answer with the record's unread comments read (its mark gone); the same when it had none. */
export function withCommentsRead(answer: RecordListAnswer, portfolioManagerId: string): RecordListAnswer {
  const list = answer.portfolioManagerSubmittedDetailsList
  const at = indexOf(list).get(portfolioManagerId)
  if (at === undefined || !(list[at] as DeviceRecord).unreadComments) return answer
  const next = list.slice()
  const { unreadComments: _read, ...row } = list[at] as DeviceRecord
  next[at] = row
  indexes.set(next, indexOf(list))
  return { ...answer, portfolioManagerSubmittedDetailsList: next }
}

const FINISHED_STATES = new Set<TestCase['state']>(['passed', 'failed', 'skipped'])

/** A run's progress counted over its cases (for a run read whole: the hello's active runs). */
export const progressOfRun = (run: CertificationRun): RunProgress => progressOfCases(run.testCases)

/** How far a run has got: finished runs first, then by cases finished, started, log lines. */
function advance(run: CertificationRun): number {
  let score = run.finishedAt ? 1_000_000_000 : 0
  for (const test of run.testCases) {
    if (FINISHED_STATES.has(test.state)) score += 1_000_000
    else if (test.state === 'running') score += 1000
    score += Math.min(999, test.log.length)
  }
  return score
}

/**
 * A record's runs as read from the service, kept no further behind than the events had brought
 * them: a read that started before an event and answered after it does not undo the event.
 */
export function mergeRunLists(cached: RunListAnswer | undefined, fresh: RunListAnswer): RunListAnswer {
  if (!cached) return fresh
  const known = new Map(cached.runs.map((run) => [run.runId, run]))
  let changed = false
  const runs = fresh.runs.map((run) => {
    const seen = known.get(run.runId)
    if (seen && advance(seen) > advance(run)) {
      changed = true
      return seen
    }
    return run
  })
  return changed ? { ...fresh, runs } : fresh
}

function withCase(run: CertificationRun, position: number, name: string, change: Partial<TestCase>) {
  let at = run.testCases.findIndex((test) => test.name === name)
  if (at === -1 && position >= 0 && position < run.testCases.length) at = position
  if (at === -1) return run
  const testCases = run.testCases.slice()
  testCases[at] = { ...(testCases[at] as TestCase), ...change }
  return { ...run, testCases }
}

/** One run after one of its events. */
function applyToRun(run: CertificationRun, event: RunEvent): CertificationRun {
  switch (event.type) {
    case 'run.started':
      return event.run
    case 'run.status':
      return { ...run, status: event.status }
    case 'case.started':
      return withCase(run, event.position, event.name, {
        state: 'running',
        startedAt: event.startedAt,
      })
    case 'case.finished':
      return withCase(run, event.position, event.name, {
        state: event.state,
        startedAt: event.startedAt,
        finishedAt: event.finishedAt,
        log: event.log,
      })
    case 'run.finished':
      // The run as it ended, when the event carries it: a review's decision (who, when, the
      // reason) with it. A certificate told before (certificate.issued) stays.
      return {
        ...run,
        ...event.run,
        status: event.status,
        isCertified: event.isCertified,
        failureReason: event.failureReason,
        finishedAt: event.finishedAt,
      }
    case 'run.cancelled':
      return {
        ...run,
        status: CANCELLED_STATUS,
        finishedAt: event.finishedAt,
        failureReason: runCancelledReason(event.cancelledBy),
        // Its finished cases are kept; the others were not run, as the stored run says.
        testCases: run.testCases.map((test) =>
          FINISHED_STATES.has(test.state)
            ? test
            : { ...test, state: 'skipped' as const, log: [...test.log, CANCELLED_CASE_NOTE] },
        ),
      }
    default:
      return run
  }
}

/**
 * A record's runs (newest first) after a batch of its events. A run.started adds the attempt at
 * the head; an event of a run the list does not hold (read before it started) changes nothing.
 */
export function applyRunEvents(answer: RunListAnswer, events: ReadonlyArray<RunEvent>): RunListAnswer {
  let runs = answer.runs
  for (const event of events) {
    const at = runs.findIndex((run) => run.runId === event.runId)
    if (at === -1) {
      if (event.type === 'run.started') runs = [event.run, ...runs]
      continue
    }
    const next = applyToRun(runs[at] as CertificationRun, event)
    if (next === runs[at]) continue
    runs = runs.slice()
    runs[at] = next
  }
  return runs === answer.runs ? answer : { ...answer, runs }
}

/** A record's runs with these runs (the hello's active runs) in place or at the head. */
export function withActiveRuns(answer: RunListAnswer | undefined, active: ReadonlyArray<CertificationRun>) {
  const runs = answer ? answer.runs.slice() : []
  for (const run of active) {
    const at = runs.findIndex((candidate) => candidate.runId === run.runId)
    if (at === -1) runs.unshift(run)
    else if (advance(run) >= advance(runs[at] as CertificationRun)) runs[at] = run
  }
  return { ...(answer ?? {}), runs }
}

/** A record's comments (newest first) with the added ones at the head, each once. */
export function applyCommentEvents(
  answer: CommentListAnswer,
  events: ReadonlyArray<Extract<PortalEvent, { type: 'comment.added' }>>,
): CommentListAnswer {
  let comments = answer.comments
  for (const { comment } of events) {
    if (comments.some((known) => known.commentId === comment.commentId)) continue
    comments = [comment, ...comments]
  }
  return comments === answer.comments ? answer : { ...answer, comments }
}

export type CertificateEvent = Extract<PortalEvent, { type: 'certificate.issued' | 'certificate.listing' }>

/** A record's runs with their certificates as these events tell them (issued, listed or not). */
export function applyCertificateEvents(
  answer: RunListAnswer,
  events: ReadonlyArray<CertificateEvent>,
): RunListAnswer {
  let runs = answer.runs
  for (const { runId, certificate } of events) {
    const at = runs.findIndex((run) => run.runId === runId)
    if (at === -1) continue
    runs = runs.slice()
    runs[at] = { ...(runs[at] as CertificationRun), certificate }
  }
  return runs === answer.runs ? answer : { ...answer, runs }
}
