import { sql, type Kysely, type Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'

/*
 * Readers of the events log (table events): each has a cursor (event_cursors), the last event it
 * has turned into work. consumeEvents claims the reader's cursor with FOR UPDATE SKIP LOCKED — one
 * process at a time — hands the events after it to the reader in that same transaction and moves
 * the cursor: an event is consumed once, or not at all and then again by the next claim. The
 * events are appended without knowing who reads them; a reader writes what it makes of them
 * (webhook deliveries, notification mails) with its cursor.
 */

export type LoggedEvent = {
  seq: number
  organization_id: string
  type: string
  data: Record<string, unknown>
  created_at: Date
}

export type EventReader = (trx: Transaction<Database>, event: LoggedEvent) => Promise<void>

const EVENTS_PER_CLAIM = 200

/**
 * One claim of `consumer`'s cursor: the events after it, read in order. Answers how many were
 * read, or null when another process holds the cursor.
 */
export async function consumeEvents(
  db: Kysely<Database>,
  consumer: string,
  read: EventReader,
): Promise<number | null> {
  // A read first, so that an idle poll takes no lock.
  const behind = await db
    .selectFrom('event_cursors as c')
    .select('c.last_seq')
    .where('c.consumer', '=', consumer)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('events as e').select('e.seq').whereRef('e.seq', '>', 'c.last_seq')),
    )
    .executeTakeFirst()
  if (!behind) return 0
  return db.transaction().execute(async (trx) => {
    const cursor = await trx
      .selectFrom('event_cursors')
      .select('last_seq')
      .where('consumer', '=', consumer)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst()
    if (!cursor) return null
    const events = await trx
      .selectFrom('events')
      .select(['seq', 'organization_id', 'type', 'data', 'created_at'])
      .where('seq', '>', cursor.last_seq)
      .orderBy('seq')
      .limit(EVENTS_PER_CLAIM)
      .execute()
    if (events.length === 0) return 0
    for (const event of events) await read(trx, event)
    await trx
      .updateTable('event_cursors')
      .set({ last_seq: events[events.length - 1]!.seq, updated_at: sql`now()` })
      .where('consumer', '=', consumer)
      .execute()
    return events.length
  })
}

/** Reads until the cursor is at the newest event or another process holds it; answers how many. */
export async function consumeAllEvents(db: Kysely<Database>, consumer: string, read: EventReader) {
  let total = 0
  for (;;) {
    const count = await consumeEvents(db, consumer, read)
    if (!count) return total
    total += count
  }
}

/**
 * Hands the new events to each reader by its cursor name; answers how many were read. A reader
 * that fails is logged and reads the same events again at the next round.
 */
export async function consumeEachReader(
  db: Kysely<Database>,
  readers: Record<string, EventReader>,
  logger: { warn(fields: object, message: string): void },
): Promise<number> {
  let read = 0
  for (const [consumer, reader] of Object.entries(readers)) {
    try {
      read += await consumeAllEvents(db, consumer, reader)
    } catch (error) {
      logger.warn({ consumer, err: String(error) }, 'A reader of the events log failed; it reads again.')
    }
  }
  return read
}
