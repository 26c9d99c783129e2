import * as v from 'valibot'
import { certificationRunSchema, commentSchema, TEST_CASE_STATES } from '@/contract/certification'
import { maintenanceSchema } from '@/contract/lab'
import { deviceRecordSchema } from '@/contract/records'
import { ACTIVE_STATUSES } from '@/contract/run-status'

/*
 * Live events (docs/decisions/0020): what happens to a vendor's records and runs, as the
 * server stores it (table `events`, one sequence number for the whole portal) and as the browser
 * receives it on the main service's server-sent event stream GET /api/events.
 *
 * The stream (text/event-stream, the session cookie; no Token header: it changes nothing; it is
 * no activity of the session, so a tab that only listens is still signed out after 300 s):
 * - `retry: STREAM_RETRY_MS` first;
 * - a stored event: `id: <seq>` and `data: <PortalEvent as JSON>` (the default event type,
 *   'message'), in seq order, each once;
 * - a fresh tab (neither Last-Event-ID nor ?after=) gets `event: hello` first, with `id: <seq>`
 *   and StreamHello: the head seq, the vendor's own latest seq at or below it (`accountSeq`, 0
 *   when none) and the vendor's active runs with their cases and log lines, as of that seq, so a
 *   tab opened while a run goes shows its current case at once; then every event after the head.
 *   Its id makes a reconnect resume after it;
 * - the records list (POST /api/portfoliomanager/list) answers the header EVENTS_SEQ_HEADER: the
 *   vendor's latest seq read before the list, so the answer holds every change up to it. A tab
 *   that read the list before its stream's hello and finds it older than the hello's `accountSeq`
 *   missed a change in between (the stream starts after the head) and reads the list again, once;
 * - a resuming tab (Last-Event-ID, which wins over ?after=<seq> since a reconnecting EventSource
 *   keeps its URL) gets exactly its stored events after that seq, then the live ones; no hello;
 * - `event: reset` (StreamReset) when the seq the tab resumes from is older than the stored
 *   window (EVENTS_RETENTION_HOURS, 24 h) or ahead of the newest: the tab reads its lists again;
 *   `event: hello` follows, then the stream goes on;
 * - `event: ended` (StreamEnded) when the session has ended (logout, idle, removed): the stream
 *   closes and the tab must not reconnect;
 * - a comment line (`: keep-alive`) every STREAM_KEEP_ALIVE_MS so that proxies keep it open.
 * Refusals (JSON, before any event; EventSource does not retry them): 401 without a vendor's
 * session (NOT_SIGNED_IN_MESSAGE), 400 `{ message, field }` for a resume point that is not a whole
 * number of 0 or more (field 'after' or 'Last-Event-ID'), 429 beyond MAX_STREAMS_PER_ACCOUNT open
 * streams of the account, in all its organizations together, on one server process
 * (TOO_MANY_STREAMS_MESSAGE; server-messages.ts).
 * A stream the server closes without `ended` (a restart, a tab that stopped reading) is one to
 * reconnect to: EventSource does so itself, with Last-Event-ID.
 */

export const EVENTS_PATH = '/api/events'
export const STREAM_KEEP_ALIVE_MS = 15_000
/**
 * The records list's answer header: the vendor's latest event seq when the list was read (0 when
 * none), read before it, so the list holds every change of the vendor up to that seq.
 */
export const EVENTS_SEQ_HEADER = 'X-Events-Seq'

/** The value of EVENTS_SEQ_HEADER, or undefined when it is missing or not a whole number. */
export function parseEventsSeq(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || !/^\d{1,15}$/.test(value.trim())) return undefined
  return Number(value.trim())
}

/** The EventSource retry the stream announces (`retry:`), in ms. */
export const STREAM_RETRY_MS = 2000

/**
 * The retry a stream announces as its process stops (a restart, a deploy): the tab reconnects
 * within this, spread from a quarter of it up to all of it so that every tab of the process does
 * not come back in the same instant, to the process that answers next.
 */
export const STREAM_RESTART_RETRY_MS = 1000

/** A run as the events describe it: its record's state beside it, so a row updates from the event alone. */
const recordStateSchema = v.looseObject({ status: v.string(), isCertified: v.string() })

/** Where a run stands, counted over its own cases (an attempt's, for a re-run). */
export const runProgressSchema = v.looseObject({
  /** Cases finished (passed, failed or skipped). */
  done: v.number(),
  total: v.number(),
  passed: v.number(),
  failed: v.number(),
  /** The case running now, or null. */
  currentCase: v.nullable(v.string()),
})
export type RunProgress = v.InferOutput<typeof runProgressSchema>

const FINISHED_CASE_STATES: ReadonlySet<string> = new Set(['passed', 'failed', 'skipped'])

/** Where a run stands, from its cases in plan order (the server's events and the browser alike). */
export function progressOfCases(cases: ReadonlyArray<{ name: string; state: string }>): RunProgress {
  let done = 0
  let passed = 0
  let failed = 0
  let currentCase: string | null = null
  for (const test of cases) {
    if (FINISHED_CASE_STATES.has(test.state)) done += 1
    if (test.state === 'passed') passed += 1
    if (test.state === 'failed') failed += 1
    if (test.state === 'running') currentCase ??= test.name
  }
  return { done, total: cases.length, passed, failed, currentCase }
}

const base = {
  seq: v.number(),
  /** ISO 8601: when the change was committed (the event written). */
  at: v.string(),
  portfolioManagerId: v.string(),
}

/** An event of the organization that is no record's (a webhook's delivery), or of every one (maintenance). */
const organizationBase = { seq: v.number(), at: v.string() }

/** A run's certificate as the run details show it (certificationRunSchema's `certificate`). */
const runCertificateSchema = v.looseObject({
  number: v.string(),
  state: v.picklist(['valid', 'expired', 'revoked']),
  published: v.boolean(),
})

const runBase = {
  ...base,
  runId: v.string(),
  attempt: v.number(),
  progress: runProgressSchema,
  /** The record's status and result after this event. */
  record: recordStateSchema,
}

export const portalEventSchema = v.variant('type', [
  /** A device record was submitted (spec §4): its dashboard row. */
  v.looseObject({ ...base, type: v.literal('record.submitted'), row: deviceRecordSchema }),
  /** A Submitted record was edited (decision 0012): its row now. */
  v.looseObject({ ...base, type: v.literal('record.edited'), row: deviceRecordSchema }),
  v.looseObject({ ...base, type: v.literal('record.deleted') }),
  /** A new revision of an ended record (docs/decisions/0033): its row now (Submitted, rev N). */
  v.looseObject({
    ...base,
    type: v.literal('record.revised'),
    row: deviceRecordSchema,
    revision: v.number(),
    previousFirmwareVersion: v.string(),
  }),
  v.looseObject({ ...base, type: v.literal('comment.added'), comment: commentSchema }),
  /** A run (attempt) started: the run with its cases, all pending. */
  v.looseObject({ ...runBase, type: v.literal('run.started'), run: certificationRunSchema }),
  /** InProgress ↔ Maintenance: the lab entered or left maintenance while the run waits or goes. */
  v.looseObject({
    ...runBase,
    type: v.literal('run.status'),
    status: v.picklist(ACTIVE_STATUSES),
  }),
  v.looseObject({
    ...runBase,
    type: v.literal('case.started'),
    position: v.number(),
    name: v.string(),
    startedAt: v.string(),
  }),
  v.looseObject({
    ...runBase,
    type: v.literal('case.finished'),
    position: v.number(),
    name: v.string(),
    state: v.picklist(TEST_CASE_STATES),
    startedAt: v.nullable(v.string()),
    finishedAt: v.nullable(v.string()),
    /** The case's whole log, as stored. */
    log: v.array(v.string()),
  }),
  /** The run ended: Completed with the run's result (the record's, after a re-run, is in `record`). */
  v.looseObject({
    ...runBase,
    type: v.literal('run.finished'),
    status: v.string(),
    isCertified: v.string(),
    failureReason: v.nullable(v.string()),
    finishedAt: v.string(),
    /** The run as it ended, with every case (an interrupted run's unfinished ones skipped). */
    run: v.optional(certificationRunSchema),
  }),
  /** The run's certificate was issued (in the transaction that certified the record): its number. */
  v.looseObject({
    ...base,
    type: v.literal('certificate.issued'),
    runId: v.string(),
    certificate: runCertificateSchema,
  }),
  /** A member listed the certificate among the certified devices, or took it off the list. */
  v.looseObject({
    ...base,
    type: v.literal('certificate.listing'),
    runId: v.string(),
    certificate: runCertificateSchema,
  }),
  /**
   * One of the organization's webhook endpoints made a delivery attempt (succeeded or not): its
   * "Last delivery" is read again.
   */
  v.looseObject({
    ...organizationBase,
    type: v.literal('webhook.delivered'),
    endpointId: v.string(),
    /** Whether the endpoint answered 2xx. */
    succeeded: v.boolean(),
  }),
  /**
   * The bench entered maintenance (its reason and expected end) or left it (null): every
   * organization's stream carries it, so the dashboard says so before any run starts.
   */
  v.looseObject({
    ...organizationBase,
    type: v.literal('lab.maintenance'),
    maintenance: v.nullable(maintenanceSchema),
  }),
  /** The vendor cancelled the run: its finished cases kept, the others skipped. */
  v.looseObject({
    ...runBase,
    type: v.literal('run.cancelled'),
    finishedAt: v.string(),
    cancelledBy: v.string(),
    /** The run as it ended: its cases so far kept, the running and pending ones skipped. */
    run: v.optional(certificationRunSchema),
  }),
])
export type PortalEvent = v.InferOutput<typeof portalEventSchema>

/** The events of one record (every event but a webhook's delivery and the bench's maintenance). */
export type RecordEvent = Extract<PortalEvent, { portfolioManagerId: string }>

const ORGANIZATION_EVENT_TYPES: ReadonlySet<string> = new Set(['webhook.delivered', 'lab.maintenance'])

export const isRecordEvent = (event: PortalEvent): event is RecordEvent =>
  !ORGANIZATION_EVENT_TYPES.has(event.type)

/** `event: hello`: the stream's head and the vendor's active runs, whole. */
export const streamHelloSchema = v.looseObject({
  /** The last stored seq this stream has covered (the next event is after it). */
  seq: v.number(),
  /**
   * The vendor's own latest seq at or below `seq` (0 when none): a records list read earlier whose
   * EVENTS_SEQ_HEADER is below it lacks a change the stream will not send.
   */
  accountSeq: v.optional(v.number()),
  activeRuns: v.array(certificationRunSchema),
  /** The bench's maintenance when it is on (absent: off); lab.maintenance events follow its changes. */
  maintenance: v.optional(v.nullable(maintenanceSchema)),
})
export type StreamHello = v.InferOutput<typeof streamHelloSchema>

/** `event: reset`: events were missed (beyond the stored window): read the lists again. */
export const streamResetSchema = v.looseObject({ seq: v.number(), reason: v.string() })
export type StreamReset = v.InferOutput<typeof streamResetSchema>

/** `event: ended`: the session is over; do not reconnect. */
export const streamEndedSchema = v.looseObject({ message: v.string() })
export type StreamEnded = v.InferOutput<typeof streamEndedSchema>

/** Parses one `data:` of a stored event; null when it is not one this client knows. */
export function parsePortalEvent(data: string): PortalEvent | null {
  let json: unknown
  try {
    json = JSON.parse(data)
  } catch {
    return null
  }
  const result = v.safeParse(portalEventSchema, json)
  return result.success ? result.output : null
}
