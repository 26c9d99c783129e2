import { sql, type Kysely } from 'kysely'
import { ACTIVE_STATUSES } from '@/contract/run-status'
import type { CertificationRunRow, Database } from '../platform/db/schema.ts'
import { ownerLockRows } from './owner-lock.ts'

/*
 * The leases on active runs (docs/decisions/0018): which executor runs a run (lease_owner) and
 * until when without a renewal (lease_expires_at). Only the lease columns are written here; a
 * run's status is the lifecycle's (lifecycle.ts).
 */

/** Renews `owner`'s leases on those of `runIds` still active and its; answers the ids kept. */
export async function renewLeases(
  db: Kysely<Database>,
  owner: string,
  runIds: readonly string[],
  until: Date,
): Promise<Set<string>> {
  const kept = await db
    .updateTable('certification_runs')
    .set({ lease_expires_at: until })
    .where('run_id', 'in', runIds)
    .where('lease_owner', '=', owner)
    .where('status', 'in', ACTIVE_STATUSES)
    .returning('run_id')
    .execute()
  return new Set(kept.map((row) => row.run_id))
}

/**
 * Claims for `owner`, in one statement (of two processes looking at once, one gets each run), the
 * active runs nobody executes: their lease was released or lapsed, or — `byOwnerLocks` — their
 * owner holds no owner lock. Oldest first.
 */
export async function claimFreeRuns(
  db: Kysely<Database>,
  owner: string,
  until: Date,
  byOwnerLocks: boolean,
): Promise<CertificationRunRow[]> {
  const now = new Date()
  const claimed = await db
    .updateTable('certification_runs')
    .set({ lease_owner: owner, lease_expires_at: until })
    .where('status', 'in', ACTIVE_STATUSES)
    .where((eb) =>
      eb.or([
        eb('lease_expires_at', 'is', null),
        eb('lease_expires_at', '<=', now),
        ...(byOwnerLocks
          ? [sql<boolean>`not exists (${ownerLockRows(sql.ref('certification_runs.lease_owner'))})`]
          : []),
      ]),
    )
    .returningAll()
    .execute()
  return claimed.sort((a, b) => a.started_at.getTime() - b.started_at.getTime())
}

/** Releases `owner`'s leases on its active runs, so that the next process takes them up at once. */
export async function releaseLeases(db: Kysely<Database>, owner: string) {
  await db
    .updateTable('certification_runs')
    .set({ lease_expires_at: null })
    .where('lease_owner', '=', owner)
    .where('status', 'in', ACTIVE_STATUSES)
    .execute()
}
