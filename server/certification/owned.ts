import type { Kysely } from 'kysely'
import { RECORD_NOT_FOUND_MESSAGE } from '@/contract/server-messages'
import type { Database, DeviceRow } from '../platform/db/schema.ts'
import { isPlainId } from '../http/plain-id.ts'
import { loadRun } from './run-store.ts'

/*
 * A record or run the certification service's caller may read: one of their organization's. One
 * of another organization is answered exactly as one that does not exist (docs/decisions/0017),
 * and an id that cannot name a stored row is answered so without a query.
 */

export const RUN_NOT_FOUND_MESSAGE = 'No certification run with this id exists.'

export type Refused = { refused: { status: 404; message: string } }
const refused = (message: string): Refused => ({ refused: { status: 404, message } })

/** The record, when it exists and belongs to the session's organization; one 404 otherwise. */
export async function ownedRecord(
  db: Kysely<Database>,
  organizationId: string,
  portfolioManagerId: string,
): Promise<{ record: DeviceRow } | Refused> {
  if (!isPlainId(portfolioManagerId)) return refused(RECORD_NOT_FOUND_MESSAGE)
  const record = await db
    .selectFrom('device_records')
    .selectAll()
    .where('portfolio_manager_id', '=', portfolioManagerId)
    .executeTakeFirst()
  if (!record || record.organization_id !== organizationId) return refused(RECORD_NOT_FOUND_MESSAGE)
  return { record }
}

/** The run with its record and cases, when it exists and belongs to the session's organization; one 404 otherwise. */
export async function ownedRun(db: Kysely<Database>, organizationId: string, runId: string) {
  const rows = isPlainId(runId) ? await loadRun(db, runId) : undefined
  if (!rows || rows.record.organization_id !== organizationId) return refused(RUN_NOT_FOUND_MESSAGE)
  return rows
}
