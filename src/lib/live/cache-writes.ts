import type { QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import type { CommentListAnswer, RunListAnswer } from '@/contract/certification'
import type { PortalEvent, RunProgress, StreamHello } from '@/contract/events'
import type { Maintenance } from '@/contract/lab'
import type { RecordListAnswer } from '@/contract/records'
import {
  applyCertificateEvents,
  applyCommentEvents,
  type CertificateEvent,
  applyRecordListEvents,
  applyRunEvents,
  isRunEvent,
  progressOfRun,
  type RunEvent,
  withActiveRuns,
} from '@/lib/live/apply-events'
import type { OrganizationKeys } from '@/lib/query-keys'

/*
 * What the live client writes into TanStack Query's cache for a batch of events or a stream's
 * hello, and the runs under way it keeps for the screens (LiveClient holds the state and the
 * timing; these take it and give the next).
 */

/** A record's run while it goes, as the events tell it. */
export type LiveRun = {
  runId: string
  attempt: number | null
  status: string
  progress: RunProgress
}

type CommentEvent = Extract<PortalEvent, { type: 'comment.added' }>

function add<T>(map: Map<string, T[]>, id: string, event: T) {
  const list = map.get(id) ?? []
  list.push(event)
  map.set(id, list)
}

/** The batch's run events, comments and certificates, by record. */
function byRecord(events: ReadonlyArray<PortalEvent>) {
  const runEvents = new Map<string, RunEvent[]>()
  const comments = new Map<string, CommentEvent[]>()
  const certificates = new Map<string, CertificateEvent[]>()
  for (const event of events) {
    if (isRunEvent(event)) add(runEvents, event.portfolioManagerId, event)
    else if (event.type === 'comment.added') add(comments, event.portfolioManagerId, event)
    else if (event.type === 'certificate.issued' || event.type === 'certificate.listing')
      add(certificates, event.portfolioManagerId, event)
  }
  return { runEvents, comments, certificates }
}

/**
 * Applies a batch: one cache update per list it touches (the records list, each record's runs,
 * each record's comments and certificates; a webhook's delivery reads the webhooks again).
 * Answers the run events by record, whether any comment came, and the bench's maintenance when
 * the batch changed it (the last lab.maintenance; undefined: unchanged).
 */
export function writeBatch(
  queryClient: QueryClient,
  keys: OrganizationKeys,
  vendorUserId: string,
  events: ReadonlyArray<PortalEvent>,
) {
  queryClient.setQueryData<RecordListAnswer>(keys.records(vendorUserId), (cached) =>
    cached ? applyRecordListEvents(cached, events) : cached,
  )
  const { runEvents, comments, certificates } = byRecord(events)
  for (const [id, list] of runEvents) {
    const first = list[0]
    queryClient.setQueryData<RunListAnswer>(keys.runs(id), (cached) => {
      // A run started in view of this tab is known whole: its record's runs can show it at once
      // (read again in full when the run details open).
      if (!cached) return first?.type === 'run.started' ? applyRunEvents({ runs: [] }, list) : cached
      return applyRunEvents(cached, list)
    })
  }
  for (const [id, list] of comments) {
    queryClient.setQueryData<CommentListAnswer>(keys.comments(id), (cached) =>
      cached ? applyCommentEvents(cached, list) : cached,
    )
  }
  for (const [id, list] of certificates) {
    queryClient.setQueryData<RunListAnswer>(keys.runs(id), (cached) =>
      cached ? applyCertificateEvents(cached, list) : cached,
    )
  }
  readRevisedAgain(queryClient, keys, events)
  let maintenance: Maintenance | null | undefined
  let delivered = false
  for (const event of events) {
    if (event.type === 'lab.maintenance') maintenance = event.maintenance
    else if (event.type === 'webhook.delivered') delivered = true
  }
  // The delivery's outcome is the endpoint's "Last delivery" and its log: read again where shown.
  if (delivered) void queryClient.invalidateQueries({ queryKey: keys.allWebhooks() })
  return { runEvents, commented: comments.size > 0, maintenance }
}

/**
 * A record revised, or its run finished (docs/decisions/0033): its revisions are read again where
 * a tab shows them (run details), once per record of the batch — a revision's result and its
 * certificate come with neither event; a revised record's runs too (the attempts of the new
 * revision start afresh). A finished run's own changes (its review, its certificate) come with
 * run.finished and certificate.issued. The row itself came with the event. The record's own read
 * is left alone: the form that made the revision keeps showing until it leaves.
 */
function readRevisedAgain(
  queryClient: QueryClient,
  keys: OrganizationKeys,
  events: ReadonlyArray<PortalEvent>,
) {
  const revised = new Set<string>()
  const revisions = new Set<string>()
  for (const event of events) {
    if (event.type === 'record.revised') revised.add(event.portfolioManagerId)
    if (event.type === 'record.revised' || event.type === 'run.finished')
      revisions.add(event.portfolioManagerId)
  }
  for (const id of revisions) void queryClient.invalidateQueries({ queryKey: keys.recordRevisions(id) })
  for (const id of revised) void queryClient.invalidateQueries({ queryKey: keys.runs(id) })
}

/** The runs under way after a batch's run events: a finished or cancelled run is gone. */
export function liveRunsAfter(
  runs: ReadonlyMap<string, LiveRun>,
  runEvents: ReadonlyMap<string, ReadonlyArray<RunEvent>>,
): Map<string, LiveRun> {
  const next = new Map(runs)
  for (const [id, list] of runEvents) {
    const last = list.at(-1)
    if (!last) continue
    if (last.type === 'run.finished' || last.type === 'run.cancelled') {
      next.delete(id)
      continue
    }
    next.set(id, {
      runId: last.runId,
      attempt: last.attempt,
      status: last.type === 'run.status' ? last.status : last.record.status,
      progress: last.progress,
    })
  }
  return next
}

/** A hello's runs under way: written into each record's runs, and answered as the live runs. */
export function writeHelloRuns(
  queryClient: QueryClient,
  keys: OrganizationKeys,
  hello: StreamHello,
): Map<string, LiveRun> {
  for (const run of hello.activeRuns) {
    queryClient.setQueryData<RunListAnswer>(keys.runs(run.portfolioManagerId), (cached) =>
      withActiveRuns(cached, [run]),
    )
  }
  return new Map(
    hello.activeRuns.map((run) => [
      run.portfolioManagerId,
      { runId: run.runId, attempt: run.attempt ?? null, status: run.status, progress: progressOfRun(run) },
    ]),
  )
}

/** A stream event's JSON data read by `schema`, or null. */
export function readJson<T extends v.GenericSchema>(schema: T, data: unknown): v.InferOutput<T> | null {
  if (typeof data !== 'string') return null
  try {
    const result = v.safeParse(schema, JSON.parse(data))
    return result.success ? result.output : null
  } catch {
    return null
  }
}
