import type { Kysely } from 'kysely'
import { isRevisable, type ReviseRecordPayload, REVISION_FIELDS } from '@/contract/revisions'
import type { Database, DeviceRow } from '../platform/db/schema.ts'
import { appendEvent } from '../events/index.ts'
import { logActivity, recordSubject } from '../organizations/index.ts'
import { toDeviceRecord } from '../portfolio/index.ts'
import { accountName } from './run-store.ts'

/*
 * A new revision of a device record (docs/decisions/0033): the lifecycle's transition from an
 * ended run (Completed, any result, or Cancelled) back to Submitted, with the device's changed
 * fields. The record keeps its id, device (vendor, name, type, class), runs, attempts, comments and
 * certificates; the revision it replaces is kept in record_revisions as it ended. One transaction
 * under the record's row lock, ending with record.revised (decision 0020).
 */

export type ReviseInput = {
  organizationId: string
  accountId: string
  payload: ReviseRecordPayload
}

export type ReviseResult =
  | { ok: true; revision: number }
  | { ok: false; reason: 'not-found' | 'not-revisable' }
  | { ok: false; reason: 'unchanged'; revision: number }

type RevisionValues = Pick<
  DeviceRow,
  | 'base_firmware_version'
  | 'device_number_list'
  | 'devices_to_be_certified'
  | 'is_eng_build_available'
  | 'year_of_manufacturing'
>

/** The payload's fields as the record stores them (serial numbers without blank entries). */
export function revisionValues(payload: Omit<ReviseRecordPayload, 'portfolioManagerId' | 'vendorUserId'>) {
  return {
    base_firmware_version: payload.baseFirmwareVersion,
    device_number_list: payload.deviceNumberList.filter((serial) => serial !== ''),
    devices_to_be_certified: payload.devicesToBeCertified,
    is_eng_build_available: payload.isEngBuildAvailable,
    year_of_manufacturing: payload.yearOfManufacturing,
  } satisfies RevisionValues
}

/** Whether the revision changes none of REVISION_FIELDS. */
function sameRevision(record: RevisionValues, next: RevisionValues): boolean {
  const columns = {
    baseFirmwareVersion: 'base_firmware_version',
    deviceNumberList: 'device_number_list',
    devicesToBeCertified: 'devices_to_be_certified',
    isEngBuildAvailable: 'is_eng_build_available',
    yearOfManufacturing: 'year_of_manufacturing',
  } as const satisfies Record<(typeof REVISION_FIELDS)[number], keyof RevisionValues>
  return REVISION_FIELDS.every(
    (field) => JSON.stringify(record[columns[field]]) === JSON.stringify(next[columns[field]]),
  )
}

/**
 * Makes revision N+1 of the organization's record: refused when the record is not its own
 * ('not-found'), its run has not ended ('not-revisable'), or nothing changed ('unchanged').
 */
export function reviseRecord(db: Kysely<Database>, input: ReviseInput): Promise<ReviseResult> {
  const { organizationId, accountId, payload } = input
  return db.transaction().execute(async (trx): Promise<ReviseResult> => {
    const record = await trx
      .selectFrom('device_records')
      .selectAll()
      .where('portfolio_manager_id', '=', payload.portfolioManagerId)
      .where('organization_id', '=', organizationId)
      .forUpdate()
      .executeTakeFirst()
    if (!record) return { ok: false, reason: 'not-found' }
    if (!isRevisable(record.status)) return { ok: false, reason: 'not-revisable' }
    const next = revisionValues(payload)
    if (sameRevision(record, next)) return { ok: false, reason: 'unchanged', revision: record.revision }

    await trx
      .insertInto('record_revisions')
      .values({
        portfolio_manager_id: record.portfolio_manager_id,
        revision: record.revision,
        devices_to_be_certified: record.devices_to_be_certified,
        device_number_list: record.device_number_list,
        base_firmware_version: record.base_firmware_version,
        year_of_manufacturing: record.year_of_manufacturing,
        is_eng_build_available: record.is_eng_build_available,
        created_at: record.revised_at ?? record.creation_time,
        created_by: record.revised_by ?? record.created_by,
        status: record.status,
        is_certified: record.is_certified,
      })
      .execute()
    const revision = record.revision + 1
    const row = await trx
      .updateTable('device_records')
      .set({
        ...next,
        revision,
        revised_at: new Date(),
        revised_by: await accountName(trx, accountId),
        status: 'Submitted',
        is_certified: '',
      })
      .where('portfolio_manager_id', '=', record.portfolio_manager_id)
      .returningAll()
      .executeTakeFirstOrThrow()
    await logActivity(trx, {
      organizationId,
      actorAccountId: accountId,
      action: 'record.revised',
      subject: `${recordSubject(row)}, revision ${revision}`,
    })
    await appendEvent(trx, organizationId, {
      type: 'record.revised',
      portfolioManagerId: row.portfolio_manager_id,
      row: toDeviceRecord(row),
      revision,
      previousFirmwareVersion: record.base_firmware_version,
    })
    return { ok: true, revision }
  })
}
