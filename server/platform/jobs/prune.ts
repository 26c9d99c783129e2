import type { Kysely } from 'kysely'
import { ACTIVITY_RETENTION_YEARS } from '@/contract/team'
import type { Database } from '../db/schema.ts'

/*
 * Done jobs are kept a while (an invitation's mail state reads its job, a person looking into a
 * delivery may want it), then deleted: every webhook delivery and every mail is a job, so the table
 * would otherwise grow for ever. Dead jobs are dead letters and stay until someone looks at them;
 * pending and running ones are work. The delete is batched so that one round never holds a long
 * lock, and any runner may do it (two deleting the same old rows is harmless).
 *
 * The organizations' activity lines go the same way once older than ACTIVITY_RETENTION_YEARS
 * (docs/decisions/0044), a batch a round, by the index on their time (migration 0028).
 */

/** How long a done job is kept: beyond an invitation's 7 days, so its page never loses the state. */
export const DONE_JOB_RETENTION_MS = 30 * 24 * 60 * 60 * 1000
/** How often a runner looks for done jobs to delete. */
export const PRUNE_EVERY_MS = 60 * 60 * 1000
const PRUNE_BATCH = 1000

/** Deletes up to one batch of jobs done before `before`; answers how many went. */
export async function pruneDoneJobs(db: Kysely<Database>, before: Date): Promise<number> {
  const old = db
    .selectFrom('jobs')
    .select('id')
    .where('status', '=', 'done')
    .where('finished_at', '<', before)
    .orderBy('id')
    .limit(PRUNE_BATCH)
  const deleted = await db.deleteFrom('jobs').where('id', 'in', old).executeTakeFirst()
  return Number(deleted.numDeletedRows)
}

/**
 * A domain's own pruning (the webhooks' old deliveries), run at the same rhythm: given the runner's
 * now, it deletes what it keeps no longer and answers how many rows went. It must be safe to run in
 * two processes at once.
 */
export type Prune = (db: Kysely<Database>, now: Date) => Promise<number>

/** Deletes up to one batch of activity lines written before `before`; answers how many went. */
export async function pruneOldActivity(db: Kysely<Database>, before: Date): Promise<number> {
  const old = db
    .selectFrom('activity_log')
    .select('id')
    .where('at', '<', before)
    .orderBy('at')
    .limit(PRUNE_BATCH)
  const deleted = await db.deleteFrom('activity_log').where('id', 'in', old).executeTakeFirst()
  return Number(deleted.numDeletedRows)
}

/** The moment before which an activity line is deleted, at `now`. */
export function activityRetentionStart(now: Date): Date {
  const start = new Date(now)
  start.setUTCFullYear(start.getUTCFullYear() - ACTIVITY_RETENTION_YEARS)
  return start
}

/** A pruner for one runner: at most once per PRUNE_EVERY_MS of its clock, the first time at once. */
export function createPruner(db: Kysely<Database>, clock: () => Date, prunes: readonly Prune[] = []) {
  let last: number | null = null
  return async () => {
    const now = clock().getTime()
    if (last !== null && now - last < PRUNE_EVERY_MS) return 0
    last = now
    let pruned = await pruneDoneJobs(db, new Date(now - DONE_JOB_RETENTION_MS))
    pruned += await pruneOldActivity(db, activityRetentionStart(new Date(now)))
    for (const prune of prunes) pruned += await prune(db, new Date(now))
    return pruned
  }
}
