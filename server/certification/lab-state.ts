import type { Kysely, Transaction } from 'kysely'
import { ENVIRONMENT_MAINTENANCE_REASON, type LabState, type Maintenance } from '@/contract/lab'
import type { Database } from '../platform/db/schema.ts'
import { appendEvent, EVERY_ORGANIZATION } from '../events/index.ts'
import { log } from '../platform/log.ts'

/*
 * docs/decisions/0024: the bench's state — maintenance and the review setting — is the
 * one row of `lab_state`, so that every portal process sharing the database agrees on it.
 *
 * The runner asks "in maintenance?" synchronously before each case (server/certification/runner.ts). The
 * watch answers from the last read of the row, read again every LAB_STATE_REFRESH_MS and at once
 * after this process changes it: another process sees a change within that interval. Maintenance
 * set with CERT_MAINTENANCE=1 (headless setups) holds as well, and the console cannot end it.
 */

export const LAB_STATE_REFRESH_MS = 1000

type Db = Kysely<Database> | Transaction<Database>

export const maintenanceFromEnvironment = (env: NodeJS.ProcessEnv = process.env) =>
  env.CERT_MAINTENANCE === '1'

/** The lab's state as the console shows it. */
export async function readLabState(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<LabState> {
  const row = await db.selectFrom('lab_state').selectAll().where('id', '=', 1).executeTakeFirst()
  return {
    maintenance: maintenanceOf(row),
    reviewRequired: row?.review_required ?? false,
    maintenanceFromEnvironment: maintenanceFromEnvironment(env),
  }
}

function maintenanceOf(
  row:
    | {
        maintenance_reason: string | null
        maintenance_started_at: Date | null
        maintenance_expected_end: Date | null
        maintenance_started_by: string | null
      }
    | undefined,
): Maintenance | null {
  if (!row?.maintenance_reason) return null
  return {
    reason: row.maintenance_reason,
    startedAt: (row.maintenance_started_at ?? new Date(0)).toISOString(),
    expectedEnd: (row.maintenance_expected_end ?? new Date(0)).toISOString(),
    startedBy: row.maintenance_started_by ?? '',
  }
}

/**
 * The maintenance a vendor's waiting run shows: the console's, or, set by the environment only,
 * ENVIRONMENT_MAINTENANCE_REASON with no known end (expectedEnd '').
 */
export async function vendorMaintenance(
  db: Db,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Maintenance | null> {
  const state = await readLabState(db, env)
  if (state.maintenance) return state.maintenance
  if (state.maintenanceFromEnvironment)
    return { reason: ENVIRONMENT_MAINTENANCE_REASON, startedAt: '', expectedEnd: '', startedBy: '' }
  return null
}

/** `change` in a transaction: `db` when it is one, a new one otherwise. */
function inTransaction<T>(db: Db, change: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? change(db as Transaction<Database>) : db.transaction().execute(change)
}

/**
 * Puts the bench into maintenance (false: it already was), and tells every vendor's open tab
 * (lab.maintenance, in the same transaction): the dashboard says so before any run starts.
 */
export function startMaintenance(
  db: Db,
  { reason, expectedEnd, startedBy }: { reason: string; expectedEnd: Date; startedBy: string },
  now = new Date(),
) {
  return inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('lab_state')
      .set({
        maintenance_reason: reason,
        maintenance_started_at: now,
        maintenance_expected_end: expectedEnd,
        maintenance_started_by: startedBy,
        updated_at: now,
      })
      .where('id', '=', 1)
      .where('maintenance_reason', 'is', null)
      .returning('id')
      .executeTakeFirst()
    if (!updated) return false
    const maintenance = {
      reason,
      startedAt: now.toISOString(),
      expectedEnd: expectedEnd.toISOString(),
      startedBy,
    }
    await appendEvent(trx, EVERY_ORGANIZATION, { type: 'lab.maintenance', maintenance })
    return true
  })
}

/**
 * Ends the console's maintenance (false: none was on) and tells every vendor's open tab: the
 * maintenance CERT_MAINTENANCE=1 sets, if any, then (the next hello says it).
 */
export function endMaintenance(db: Db, now = new Date()) {
  return inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('lab_state')
      .set({
        maintenance_reason: null,
        maintenance_started_at: null,
        maintenance_expected_end: null,
        maintenance_started_by: null,
        updated_at: now,
      })
      .where('id', '=', 1)
      .where('maintenance_reason', 'is not', null)
      .returning('id')
      .executeTakeFirst()
    if (!updated) return false
    await appendEvent(trx, EVERY_ORGANIZATION, {
      type: 'lab.maintenance',
      maintenance: await vendorMaintenance(trx),
    })
    return true
  })
}

export async function setReviewRequired(db: Db, reviewRequired: boolean) {
  await db
    .updateTable('lab_state')
    .set({ review_required: reviewRequired, updated_at: new Date() })
    .where('id', '=', 1)
    .execute()
}

/** Whether finished runs wait for review now, read in the finishing transaction. */
export async function reviewRequired(db: Db) {
  const row = await db
    .selectFrom('lab_state')
    .select('review_required')
    .where('id', '=', 1)
    .executeTakeFirst()
  return row?.review_required ?? false
}

export type LabStateWatch = {
  /** In maintenance now (the environment's or the console's), as last read. */
  maintenance(): boolean
  /** Reads the row again now (after this process changed it). */
  refresh(): Promise<void>
  start(): Promise<void>
  stop(): void
}

export function createLabStateWatch(
  db: Kysely<Database>,
  {
    env = process.env,
    refreshMs = LAB_STATE_REFRESH_MS,
  }: { env?: NodeJS.ProcessEnv; refreshMs?: number } = {},
): LabStateWatch {
  let consoleMaintenance = false
  let timer: NodeJS.Timeout | undefined
  let reading: Promise<void> | undefined
  let failing = false
  const refresh = () => {
    reading ??= db
      .selectFrom('lab_state')
      .select('maintenance_reason')
      .where('id', '=', 1)
      .executeTakeFirst()
      .then((row) => {
        consoleMaintenance = Boolean(row?.maintenance_reason)
        failing = false
      })
      .catch((error: unknown) => {
        // Once per streak of failures (the last state read holds meanwhile); a database closed
        // under a stopping process is no news.
        const closing = error instanceof Error && /destroyed/.test(error.message)
        if (timer && !failing && !closing)
          log.warn({ err: error }, 'lab state: could not read the maintenance')
        failing = true
      })
      .finally(() => {
        reading = undefined
      })
    return reading
  }
  return {
    maintenance: () => maintenanceFromEnvironment(env) || consoleMaintenance,
    refresh,
    async start() {
      await refresh()
      timer ??= setInterval(() => void refresh(), refreshMs)
      timer.unref()
    },
    stop() {
      if (timer) clearInterval(timer)
      timer = undefined
    },
  }
}
