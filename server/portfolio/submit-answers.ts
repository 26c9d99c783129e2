import type { Kysely, Transaction } from 'kysely'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Database } from '../platform/db/schema.ts'
import { type SubmitWrite, writeSubmit } from './drafts.ts'

/*
 * The answers of submits sent with an Idempotency-Key (submit_answers, migration 0006,
 * docs/decisions/0015): one row per account and key, holding the answer the key's first request
 * gave, so that a repeat answers alike and writes nothing.
 */

export type SubmitAnswer = { status: ContentfulStatusCode; body: object }

/** The answer stored under an idempotency key of the account, if any. */
export async function storedAnswer(
  db: Kysely<Database> | Transaction<Database>,
  accountId: string,
  key: string,
): Promise<SubmitAnswer | undefined> {
  const stored = await db
    .selectFrom('submit_answers')
    .select(['status', 'answer'])
    .where('account_id', '=', accountId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst()
  return stored && { status: stored.status as ContentfulStatusCode, body: stored.answer as object }
}

/**
 * A submit in one transaction, answered `submitted`. With a key, the first request holds the row
 * (account, key) of submit_answers for its transaction and stores `submitted` there; a repeat —
 * at once, later, or from another process on the same PostgreSQL — waits on that row, then
 * answers the stored answer and writes nothing. Without a key the submit is simply written.
 */
export function submitOnce(
  db: Kysely<Database>,
  submit: SubmitWrite,
  key: string | undefined,
  submitted: SubmitAnswer,
): Promise<SubmitAnswer> {
  return db.transaction().execute(async (trx) => {
    if (key === undefined) {
      await writeSubmit(trx, submit)
      return submitted
    }
    const held = await trx
      .insertInto('submit_answers')
      .values({
        account_id: submit.accountId,
        idempotency_key: key,
        status: submitted.status,
        answer: JSON.stringify(submitted.body),
      })
      .onConflict((oc) => oc.columns(['account_id', 'idempotency_key']).doNothing())
      .returning('idempotency_key')
      .executeTakeFirst()
    if (held) {
      await writeSubmit(trx, submit)
      return submitted
    }
    // The key's first request committed while this one waited for the row: answer as it did.
    const stored = await storedAnswer(trx, submit.accountId, key)
    if (!stored) throw new Error('The submit answer of an idempotency key vanished.')
    return stored
  })
}
