import { createHash } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import { INVITATIONS_PER_HOUR } from '@/contract/team'
import type { Database } from '../platform/db/schema.ts'

/*
 * The limits on logins and on calls that send mail (docs/decisions/0016), kept in the database
 * (table rate_limits, migration 0007) so that every portal process over one PostgreSQL counts the
 * same attempts. All times are the database's clock, for the same reason.
 *
 * A key is counted in one atomic statement that also refuses it while it is blocked: parallel
 * requests queue on the row and cannot pass a limit together. Two kinds of policy:
 *
 * - growing delays: `free` counts pass; from then on each count blocks the key for a delay that
 *   starts at `firstDelayMs` and doubles with every further count, up to `maxDelayMs`. The count
 *   starts again after `forgetAfterMs` without one (longer than the longest delay, so that
 *   waiting out the delays does not earn a fresh set of free tries).
 * - a window: `limit` counts per `windowMs` from the first; then the key waits for the window's end.
 */

export type DelayPolicy = {
  kind: 'delay'
  free: number
  firstDelayMs: number
  maxDelayMs: number
  forgetAfterMs: number
}

export type WindowPolicy = { kind: 'window'; limit: number; windowMs: number }

export type RatePolicy = DelayPolicy | WindowPolicy

const MINUTE = 60_000

/** Wrong passwords for one account from one address: 5 free, then 1, 2, 4, 8, 15, 15… minutes. */
export const LOGIN_PAIR_POLICY: DelayPolicy = {
  kind: 'delay',
  free: 5,
  firstDelayMs: MINUTE,
  maxDelayMs: 15 * MINUTE,
  forgetAfterMs: 60 * MINUTE,
}

/** Wrong passwords from one address, whatever the account (password spraying): 20 free, then the same delays. */
export const LOGIN_ADDRESS_POLICY: DelayPolicy = { ...LOGIN_PAIR_POLICY, free: 20 }

/**
 * Wrong passwords for one account from all addresses together: only a distributed attack gets
 * here. An address the account logged in from within KNOWN_ADDRESS_MS is spared.
 */
export const LOGIN_ACCOUNT_POLICY: DelayPolicy = { ...LOGIN_PAIR_POLICY, free: 100 }

/** An address its account logged in from this recently is not held back by the account-wide count. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * MINUTE

/** Calls that send mail (registration, forgot password) from one client address. */
export const MAIL_CLIENT_POLICY: WindowPolicy = { kind: 'window', limit: 10, windowMs: 15 * MINUTE }

/**
 * MAIL_CLIENT_POLICY with MAIL_CALLS_PER_IP from the environment when it is a positive whole
 * number: the journeys register many vendors from one address, and so may a test lab.
 */
export function mailClientPolicy(env: NodeJS.ProcessEnv = process.env): WindowPolicy {
  const limit = Number(env.MAIL_CALLS_PER_IP)
  return Number.isInteger(limit) && limit > 0 ? { ...MAIL_CLIENT_POLICY, limit } : MAIL_CLIENT_POLICY
}

/** Invitation mails (invite, resend) from one organization. */
export const INVITATION_ORGANIZATION_POLICY: WindowPolicy = {
  kind: 'window',
  limit: INVITATIONS_PER_HOUR,
  windowMs: 60 * MINUTE,
}

/** Mails to one recipient; past it the call answers as usual but sends nothing. */
export const MAIL_RECIPIENT_POLICY: WindowPolicy = { kind: 'window', limit: 5, windowMs: 10 * MINUTE }

/**
 * How long the `count`-th count of a key blocks the key (0: not at all). The count that reaches
 * `free` blocks for the first delay, so that the next attempt after the free ones waits.
 */
export function delayAfter(count: number, policy: DelayPolicy): number {
  if (count < policy.free) return 0
  const doublings = Math.min(count - policy.free, 30)
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** doublings)
}

/** A key's name: account parts are hashed, so the table holds no e-mail address anyone typed. */
export const limitKey = {
  loginPair: (emailKey: string, address: string) => `login-pair:${digest(emailKey)}|${address}`,
  loginAddress: (address: string) => `login-address:${address}`,
  loginAccount: (emailKey: string) => `login-account:${digest(emailKey)}`,
  mailClient: (address: string) => `mail-client:${address}`,
  mailRecipient: (emailKey: string) => `mail-to:${digest(emailKey)}`,
  invitations: (organizationId: string) => `invitations:${organizationId}`,
}

function digest(text: string) {
  return createHash('sha256').update(text).digest('hex').slice(0, 32)
}

/** Allowed, or refused with the seconds to wait (for Retry-After). */
export type Refusal = { allowed: false; retryAfterSeconds: number }
export type LimitVerdict = { allowed: true } | Refusal

const ms = (value: number) => sql`(cast(${value} as double precision) * interval '1 millisecond')`

/**
 * Counts one attempt under `key` unless the key is blocked now; a refused attempt is not counted.
 * With `gate: false` the attempt is counted even while blocked (a failure already happened).
 */
export async function countAttempt(
  db: Kysely<Database>,
  key: string,
  policy: RatePolicy,
  { gate = true }: { gate?: boolean } = {},
): Promise<LimitVerdict> {
  const restarts =
    policy.kind === 'delay'
      ? sql`r.last_counted_at <= now() - ${ms(policy.forgetAfterMs)}`
      : sql`r.window_started_at <= now() - ${ms(policy.windowMs)}`
  const count = sql`(case when ${restarts} then 1 else r.count + 1 end)`
  const windowStart = sql`(case when ${restarts} then now() else r.window_started_at end)`
  const blockedUntil = (n: typeof count, start: typeof windowStart) =>
    policy.kind === 'delay'
      ? sql`(case when ${n} >= cast(${policy.free} as integer) then now() + least(${ms(policy.maxDelayMs)}, ${ms(policy.firstDelayMs)} * power(2, least(${n} - cast(${policy.free} as integer), 30))) end)`
      : sql`(case when ${n} >= cast(${policy.limit} as integer) then ${start} + ${ms(policy.windowMs)} end)`
  const first = sql`1`
  const counted = await sql<{ count: number }>`
    insert into rate_limits as r (key, count, window_started_at, last_counted_at, blocked_until)
    values (${key}, 1, now(), now(), ${blockedUntil(first, sql`now()`)})
    on conflict (key) do update set
      count = ${count},
      window_started_at = ${windowStart},
      last_counted_at = now(),
      blocked_until = ${blockedUntil(count, windowStart)}
    ${gate ? sql`where r.blocked_until is null or r.blocked_until <= now()` : sql``}
    returning r.count`.execute(db)
  if (counted.rows.length > 0) return { allowed: true }
  return (await blockedNow(db, [key])) ?? { allowed: true }
}

/** Whether any of `keys` is blocked now, and for how long the longest block lasts. */
export async function blockedNow(db: Kysely<Database>, keys: string[]): Promise<Refusal | undefined> {
  if (keys.length === 0) return undefined
  const { rows } = await sql<{ wait: number | string | null }>`
    select extract(epoch from max(blocked_until) - now()) as wait
    from rate_limits where key in (${sql.join(keys)}) and blocked_until > now()`.execute(db)
  const wait = Number(rows[0]?.wait ?? 0)
  return wait > 0 ? { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait)) } : undefined
}

/** A successful login: the pair starts again from nothing, and its address counts as known. */
export async function recordLoginSuccess(db: Kysely<Database>, pairKey: string) {
  await sql`
    insert into rate_limits (key, count, succeeded_at) values (${pairKey}, 0, now())
    on conflict (key) do update set count = 0, blocked_until = null, succeeded_at = now()`.execute(db)
}

/** Whether this pair logged in successfully within KNOWN_ADDRESS_MS. */
export async function isKnownPair(db: Kysely<Database>, pairKey: string) {
  const { rows } = await sql<{ known: boolean }>`
    select true as known from rate_limits
    where key = ${pairKey} and succeeded_at > now() - ${ms(KNOWN_ADDRESS_MS)}`.execute(db)
  return rows.length > 0
}

/** Drops counters nobody needs any more: quiet for a day, not blocked, no recent success. */
export async function forgetOldCounts(db: Kysely<Database>) {
  await sql`
    delete from rate_limits
    where last_counted_at < now() - interval '1 day'
      and (blocked_until is null or blocked_until < now())
      and (succeeded_at is null or succeeded_at < now() - ${ms(KNOWN_ADDRESS_MS)})`.execute(db)
}
