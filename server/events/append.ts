import { sql, type Kysely, type Transaction } from 'kysely'
import type { PortalEvent } from '@/contract/events'
import type { RecordAssignedEvent } from '@/contract/lab-assignment'
import type { Database } from '../platform/db/schema.ts'
import { LAB_ONLY_EVENTS } from './store.ts'

/*
 * Writing a live event (docs/decisions/0020). Call it inside the transaction that makes
 * the change, last, so the event exists exactly when the change does.
 *
 * Order: events are read by `seq > last seen`. A sequence hands out numbers at insert, not at
 * commit, so two transactions could commit out of order and a reader could pass over the earlier
 * number before it commits. appendEvent therefore takes a transaction-level advisory lock
 * (EVENTS_LOCK) before it draws its number: the lock is held until the transaction ends, so event
 * transactions commit in seq order. The lock is taken last in the transaction, so it is held for
 * the insert and the commit only.
 *
 * Who reads the events (the stream, the notifications, the webhooks) is not known here: each
 * reads the log after the commit (server/platform/jobs/event-log.ts for the ones that do work).
 *
 * Waking readers: pg_notify(EVENTS_CHANNEL, seq), delivered at commit to every process that
 * listens (PostgreSQL); in this process `onAppended` listeners are called at once (PGlite, whose
 * one connection makes a reader's query wait until the transaction has committed).
 */

export const EVENTS_CHANNEL = 'portal_events'
/** pg_advisory_xact_lock(EVENTS_LOCK_SPACE, 0): the first key of the lock ('EVNT'). */
export const EVENTS_LOCK_SPACE = 0x45564e54

/** An event as written: what the stream sends, without the numbering and the time it gets when stored. */
export type NewEvent = PortalEvent extends infer T
  ? T extends unknown
    ? Omit<Known<T>, 'seq' | 'at'>
    : never
  : never
/** T without the index signature of a valibot looseObject, so Omit keeps the named fields. */
type Known<T> = { [K in keyof T as string extends K ? never : K]: T[K] }

type Appended = (seq: number) => void
const listeners = new Set<Appended>()

/** Called in this process after each appendEvent's insert (before its commit). */
export function onAppended(listener: Appended) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/**
 * Stores `event` for the organization `organizationId` (its stream: docs/decisions/0023; or
 * EVERY_ORGANIZATION, server/events/store.ts: every vendor's stream) in `trx`
 * and returns its seq. Must run in a
 * transaction (the lock is the transaction's).
 */
export function appendEvent(
  trx: Transaction<Database> | Kysely<Database>,
  organizationId: string,
  event: NewEvent,
): Promise<number> {
  return append(trx, organizationId, event)
}

/** A lab-only event as written (docs/decisions/0045): the lab's streams carry it, no vendor's. */
export type NewLabEvent = Omit<Known<RecordAssignedEvent>, 'seq' | 'at'>

/** Stores an event for the lab's streams only (LAB_ONLY_EVENTS); as appendEvent otherwise. */
export function appendLabEvent(trx: Transaction<Database> | Kysely<Database>, event: NewLabEvent) {
  return append(trx, LAB_ONLY_EVENTS, event)
}

async function append(
  trx: Transaction<Database> | Kysely<Database>,
  organizationId: string,
  event: NewEvent | NewLabEvent,
): Promise<number> {
  // Written as selects, not raw statements: the write watch (server/platform/db/write-watch.ts) counts a raw
  // statement as a write to every area and would drop the session and answer caches at each event.
  await trx
    .selectNoFrom(sql<void>`pg_advisory_xact_lock(${sql.lit(EVENTS_LOCK_SPACE)}, 0)`.as('locked'))
    .execute()
  const runId = 'runId' in event ? event.runId : null
  const { seq } = await trx
    .insertInto('events')
    .values({
      organization_id: organizationId,
      type: event.type,
      portfolio_manager_id: 'portfolioManagerId' in event ? event.portfolioManagerId : null,
      run_id: runId,
      data: JSON.stringify(event),
    })
    .returning('seq')
    .executeTakeFirstOrThrow()
  await trx.selectNoFrom(sql<void>`pg_notify(${EVENTS_CHANNEL}, ${String(seq)})`.as('notified')).execute()
  for (const listener of listeners) {
    try {
      listener(seq)
    } catch {
      // A reader's wake-up must never undo the change it is told about.
    }
  }
  return seq
}
