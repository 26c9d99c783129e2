import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { TOO_MANY_ATTEMPTS_MESSAGE } from '@/contract/server-messages'
import { emailKey } from '@/contract/validation/fields'
import type { Database } from '../platform/db/schema.ts'
import { countAttempt, limitKey, MAIL_RECIPIENT_POLICY, type Refusal } from '../http/rate-limit.ts'

/* What the account calls share: the refusal's status word, the limits' 429 and the answer floor. */

export const FAILURE = 'FAILURE'

/** 429 with the wait in Retry-After (seconds), in the body shape of the call. */
export function tooMany(c: Context, verdict: Refusal, body: object) {
  c.header('Retry-After', String(verdict.retryAfterSeconds))
  return c.json({ ...body, message: TOO_MANY_ATTEMPTS_MESSAGE }, 429)
}

/**
 * Registration and forgot-password answer no sooner than this after the limits let them through:
 * the paths for an address with and without an account differ by a few writes (a new account and
 * its code, or a code), tens of milliseconds at most, which the floor hides. The mail, sent on
 * every path, takes the same time on each.
 */
export const ANSWER_FLOOR_MS = 200

export async function answerFloor(started: number) {
  const left = started + ANSWER_FLOOR_MS - performance.now()
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left))
}

/** Whether one more mail may go to this recipient now (MAIL_RECIPIENT_POLICY); counts it if so. */
export async function mayMail(db: Kysely<Database>, email: string) {
  return (await countAttempt(db, limitKey.mailRecipient(emailKey(email)), MAIL_RECIPIENT_POLICY)).allowed
}
