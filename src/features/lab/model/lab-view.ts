import { startRefusal } from '@/contract/run-start'
import type { CertificationRun } from '@/contract/certification'
import {
  AWAITING_REVIEW_LABEL,
  LAB_QUEUE_STATES,
  type LabQueueItem,
  type LabQueueQuery,
  type LabQueueState,
  type LabRole,
  labCan,
} from '@/contract/lab'
import { CERTIFIED_OK, VALIDATION_FAILURE } from '@/contract/records'
import { AWAITING_REVIEW_STATUS, CANCELLED_STATUS } from '@/contract/run-status'

/*
 * What the lab console shows, as plain functions of the server's answers: the queue's
 * address, a queued run in one line, and which actions a record offers (a run's review and a
 * comment's byline are the shared lines of components/runs/run-text.ts).
 */

/**
 * The queue's address (/lab?state=…&org=…&type=…&q=…&page=…&mine=true); a record's page
 * (/lab/records/$id) carries the same, so that Back to the queue keeps its filters. `record` is
 * the address of a record before it had its own page (/lab?record=…), sent on to it.
 */
export type LabSearch = {
  state?: LabQueueState | undefined
  org?: string | undefined
  type?: string | undefined
  q?: string | undefined
  page?: number | undefined
  mine?: true | undefined
  record?: string | undefined
}

const isState = (value: unknown): value is LabQueueState =>
  typeof value === 'string' && (LAB_QUEUE_STATES as readonly string[]).includes(value)
const shortText = (value: unknown, max: number): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : undefined

/** Reads the address leniently: what is not valid is left out, never an error page. */
export function parseLabSearch(search: Record<string, unknown>): LabSearch {
  const page = Number(search.page)
  return {
    state: isState(search.state) ? search.state : undefined,
    org: shortText(search.org, 64),
    type: shortText(search.type, 100),
    q: shortText(search.q, 100),
    page: Number.isInteger(page) && page > 1 && page < 1_000_000 ? page : undefined,
    mine: search.mine === true || search.mine === 'true' ? true : undefined,
    record: shortText(search.record, 64),
  }
}

/** The queue's filters of an address, without the record (what a record's page carries back). */
export function queueSearchOf({ record: _record, ...search }: LabSearch): LabSearch {
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined)) as LabSearch
}

/** The queue call's filters for an address. */
export function queueQueryOf(search: LabSearch): LabQueueQuery {
  return {
    ...(search.state ? { state: search.state } : {}),
    ...(search.org ? { organizationId: search.org } : {}),
    ...(search.type ? { deviceType: search.type } : {}),
    ...(search.q ? { search: search.q } : {}),
    ...(search.page ? { page: search.page } : {}),
    ...(search.mine ? { assigned: 'me' as const } : {}),
  }
}

/** The verdict or status of a record or run as words. */
export function statusText(status: string, isCertified: string | undefined): string {
  if (status === AWAITING_REVIEW_STATUS) return AWAITING_REVIEW_LABEL
  if (status === CANCELLED_STATUS) return 'Cancelled'
  if (status === 'InProgress') return 'In progress'
  if (status === 'Maintenance') return 'Maintenance'
  if (status === 'Submitted') return 'Submitted'
  if (isCertified === CERTIFIED_OK) return 'Certified'
  if (isCertified === VALIDATION_FAILURE) return 'Validation Failure'
  return status
}

const PLURAL = new Intl.PluralRules('en-GB')

/** A count with its noun in the right form: countText(1, 'case', 'cases') is '1 case'. */
export function countText(count: number, one: string, other: string): string {
  return `${count} ${PLURAL.select(count) === 'one' ? one : other}`
}

/**
 * A queued record's latest run in one line: 'Attempt 2 · 3 of 12 cases · now: Wi-Fi throughput'
 * while it runs, 'Attempt 1 · 3 of 14 failed' when it ended with failures.
 */
export function runLine(item: LabQueueItem): string {
  const run = item.latestRun
  if (!run) return 'Not started'
  const parts = [`Attempt ${run.attempt}`]
  if (run.kind === 'rerun') parts.push('failed cases')
  const ended = run.finishedAt !== null
  if (ended && run.casesFailed > 0) parts.push(`${run.casesFailed} of ${run.casesTotal} failed`)
  else parts.push(`${run.casesDone} of ${countText(run.casesTotal, 'case', 'cases')}`)
  if (run.currentCase) parts.push(`now: ${run.currentCase}`)
  return parts.join(' · ')
}

/** A queued record's comments in one line ('1 comment', '3 comments · awaiting an answer'). */
export function commentLine(count: number, awaitingAnswer: boolean): string {
  const comments = countText(count, 'comment', 'comments')
  return awaitingAnswer ? `${comments} · awaiting an answer` : comments
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** A span in words, to the unit that fits: '3 days', '1 hour', '5 minutes', 'under a minute'. */
export function spanText(ms: number): string {
  if (ms >= DAY) return countText(Math.floor(ms / DAY), 'day', 'days')
  if (ms >= HOUR) return countText(Math.floor(ms / HOUR), 'hour', 'hours')
  if (ms >= MINUTE) return countText(Math.floor(ms / MINUTE), 'minute', 'minutes')
  return 'under a minute'
}

/**
 * How long a queued record has been in its state ('waiting 3 days', 'running 2 hours'); null for
 * a finished one, which waits for nobody.
 */
export function ageText(item: Pick<LabQueueItem, 'queueState' | 'stateSince'>, now: number): string | null {
  if (item.queueState === 'finished') return null
  const span = spanText(Math.max(0, now - Date.parse(item.stateSince)))
  return `${item.queueState === 'running' ? 'running' : 'waiting'} ${span}`
}

export type LabRecordActions = {
  start: boolean
  rerun: boolean
  cancel: boolean
  review: boolean
}

/** What the lab may do with a record now, as the server's rules say (Start: the contract's startRefusal). */
export function recordActions(
  queueState: LabQueueState,
  record: { status: string; isCertified?: string | undefined },
  latestRun?: CertificationRun | undefined,
): LabRecordActions {
  const active = queueState === 'running' || queueState === 'maintenance'
  // A re-run takes the cases the latest attempt did not pass: a run rejected in review with every
  // case passed has none, and starts again in full.
  const notPassed = latestRun ? latestRun.testCases.some((test) => test.state !== 'passed') : true
  return {
    start: startRefusal({ status: record.status, isCertified: record.isCertified ?? '' }) === null,
    rerun: record.status === 'Completed' && record.isCertified === VALIDATION_FAILURE && notPassed,
    cancel: active,
    review: queueState === 'review',
  }
}

/** The run a review decides: the newest, when it is awaiting review. */
export function runAwaitingReview(runs: readonly CertificationRun[]): CertificationRun | null {
  const latest = runs[0]
  return latest && latest.status === AWAITING_REVIEW_STATUS ? latest : null
}

/** Whether a run has cases that did not pass (approving it is refused). */
export function hasFailedCases(run: CertificationRun): boolean {
  return run.isCertified === VALIDATION_FAILURE || run.testCases.some((test) => test.state === 'failed')
}

export const isLabManager = (role: LabRole): boolean => labCan(role, 'lab-manage')

/** The value of a datetime-local field for a time (local time, minutes). */
export function toLocalInput(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`
}

/** The ISO time of a datetime-local field's value, or null when it is not one. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}
