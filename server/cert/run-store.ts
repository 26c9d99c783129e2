import type { Kysely } from 'kysely'
import { CERTIFIED_OK, VALIDATION_FAILURE, type RecordStatus } from '@/contract/records'
import type { CertificationRunRow, Database, StoredStatus } from '../db/schema.ts'

/*
 * The run executor's writes that move a run and its record together (runner.ts), and the read of
 * a whole run for its results. Each status change touches certification_runs and device_records
 * in one transaction, and only while the run is still active, so two processes never both end it.
 */

export const ACTIVE_STATUSES = ['InProgress', 'Maintenance'] as const satisfies readonly RecordStatus[]
export type ActiveStatus = (typeof ACTIVE_STATUSES)[number]

export const SKIPPED_CASE_NOTE = 'Not run: the run was interrupted.'

export function isActive(status: StoredStatus): status is ActiveStatus {
  return (ACTIVE_STATUSES as readonly string[]).includes(status)
}

/** InProgress ↔ Maintenance, on the run and its record; false when the run is no longer active. */
export async function setActiveStatus(
  db: Kysely<Database>,
  runId: string,
  portfolioManagerId: string,
  status: ActiveStatus,
) {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('certification_runs')
      .set({ status })
      .where('run_id', '=', runId)
      .where('status', 'in', ACTIVE_STATUSES)
      .executeTakeFirst()
    if (updated.numUpdatedRows === 0n) return false
    await trx
      .updateTable('device_records')
      .set({ status })
      .where('portfolio_manager_id', '=', portfolioManagerId)
      .execute()
    return true
  })
}

/** Completed with the result its cases earned (any failed case: Validation failure). */
export async function finishRun(db: Kysely<Database>, runId: string, portfolioManagerId: string) {
  await db.transaction().execute(async (trx) => {
    const failed = await trx
      .selectFrom('run_test_cases')
      .select('position')
      .where('run_id', '=', runId)
      .where('state', '=', 'failed')
      .executeTakeFirst()
    const isCertified = failed ? VALIDATION_FAILURE : CERTIFIED_OK
    const updated = await trx
      .updateTable('certification_runs')
      .set({ status: 'Completed', is_certified: isCertified, finished_at: new Date() })
      .where('run_id', '=', runId)
      .where('status', 'in', ACTIVE_STATUSES)
      .executeTakeFirst()
    if (updated.numUpdatedRows === 0n) return
    await trx
      .updateTable('device_records')
      .set({ status: 'Completed', is_certified: isCertified })
      .where('portfolio_manager_id', '=', portfolioManagerId)
      .execute()
  })
}

/** Completed + Validation failure with the reason, its unfinished cases skipped (decision 7). */
export async function endInterruptedRun(db: Kysely<Database>, run: CertificationRunRow, reason: string) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('run_test_cases')
      .set({ state: 'skipped', finished_at: null, log: [SKIPPED_CASE_NOTE] })
      .where('run_id', '=', run.run_id)
      .where('state', 'in', ['pending', 'running'])
      .execute()
    await trx
      .updateTable('certification_runs')
      .set({
        status: 'Completed',
        is_certified: VALIDATION_FAILURE,
        failure_reason: reason,
        finished_at: new Date(),
      })
      .where('run_id', '=', run.run_id)
      .execute()
    await trx
      .updateTable('device_records')
      .set({ status: 'Completed', is_certified: VALIDATION_FAILURE })
      .where('portfolio_manager_id', '=', run.portfolio_manager_id)
      .execute()
  })
}

/** A run with its record and cases, for results and the report; undefined when unknown. */
export async function loadRun(db: Kysely<Database>, runId: string) {
  const run = await db
    .selectFrom('certification_runs')
    .selectAll()
    .where('run_id', '=', runId)
    .executeTakeFirst()
  if (!run) return undefined
  const record = await db
    .selectFrom('device_records')
    .selectAll()
    .where('portfolio_manager_id', '=', run.portfolio_manager_id)
    .executeTakeFirst()
  if (!record) return undefined
  const testCases = await db
    .selectFrom('run_test_cases')
    .selectAll()
    .where('run_id', '=', runId)
    .orderBy('position')
    .execute()
  return { record, run, testCases }
}
