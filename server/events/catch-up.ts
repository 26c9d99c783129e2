import type { Kysely } from 'kysely'
import { RESET_AHEAD_REASON, RESET_PRUNED_REASON } from '@/contract/server-messages'
import type { Database } from '../platform/db/schema.ts'
import {
  ALL_ORGANIZATIONS,
  eventsAfter,
  eventWindow,
  helloSnapshot,
  type HelloReaders,
  storedEventText,
} from './store.ts'
import { type EventStream, streamMessage } from './stream.ts'

export const READ_BATCH = 500

/**
 * A stream's catch-up: hello for a fresh tab; for a resuming one the events after its seq from the
 * table, or a reset and hello when that seq is ahead of the head or its events were pruned. The
 * events read live meanwhile were kept aside by the stream and follow once it goes live.
 */
export async function catchUp(
  db: Kysely<Database>,
  stream: EventStream,
  after: number | null,
  readers: HelloReaders,
) {
  const sendHello = () => hello(db, stream, readers)
  if (after === null) {
    await sendHello()
  } else {
    const window = await eventWindow(db)
    const reason =
      after > window.head
        ? RESET_AHEAD_REASON
        : window.oldest !== null && window.oldest > after + 1
          ? RESET_PRUNED_REASON
          : null
    if (reason) {
      stream.reset({ seq: window.head, reason })
      await sendHello()
    } else {
      await replay(db, stream, after)
      if (stream.closed) return
      // Pruning only ever raises the oldest seq: if it is still at most after + 1, no event this
      // replay needed was pruned while it read.
      const { oldest } = await eventWindow(db)
      if (oldest !== null && oldest > after + 1) {
        stream.reset({ seq: stream.lastSent, reason: RESET_PRUNED_REASON })
        await sendHello()
      }
    }
  }
  stream.goLive()
}

async function hello(db: Kysely<Database>, stream: EventStream, readers: HelloReaders) {
  stream.hello(await helloSnapshot(db, stream.organizationId, readers))
}

async function replay(db: Kysely<Database>, stream: EventStream, after: number) {
  const all = stream.organizationId === ALL_ORGANIZATIONS
  let from = after
  for (;;) {
    const rows = await eventsAfter(db, {
      after: from,
      limit: READ_BATCH,
      ...(all ? {} : { organizationId: stream.organizationId }),
    })
    if (stream.closed) return
    for (const row of rows)
      stream.replay(streamMessage(row.seq, storedEventText(row, { withOrganization: all })))
    if (rows.length < READ_BATCH) return
    from = rows[rows.length - 1]?.seq ?? from
  }
}
