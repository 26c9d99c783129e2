import type { Kysely, Transaction } from 'kysely'
import type { UpdateRecordPayload } from '@/contract/portfolio'
import type { NewInCatalogue } from '@/contract/portfolio-payload'
import type { DeviceRecord } from '@/contract/records'
import type { Database, DeviceRow } from '../platform/db/schema.ts'
import { appendEvent } from '../events/index.ts'
import { logActivity, recordSubject } from '../organizations/index.ts'
import { addToCatalogue } from './catalogue.ts'

/*
 * The organization's device records (device_records) as the record calls read and change them.
 * Edit and delete write their live event (record.edited, record.deleted) in the change's
 * transaction (decision 0020).
 */

/** The organization's own record, or undefined: another organization's record is treated as missing. */
export function ownRecord(
  db: Kysely<Database> | Transaction<Database>,
  organizationId: string,
  portfolioManagerId: string,
) {
  return db
    .selectFrom('device_records')
    .select([
      'portfolio_manager_id',
      'status',
      'vendor',
      'device_name',
      'device_type',
      'product_class',
      'revision',
    ])
    .where('portfolio_manager_id', '=', portfolioManagerId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst()
}

/** The columns of one record that the form's edit mode reads (record/get). */
export const RECORD_DETAIL_COLUMNS = [
  'portfolio_manager_id',
  'organization_name',
  'business_domain',
  'vendor',
  'device_name',
  'device_type',
  'product_class',
  'devices_to_be_certified',
  'device_number_list',
  'base_firmware_version',
  'year_of_manufacturing',
  'is_eng_build_available',
  'creation_time',
  'created_by',
  'status',
  'is_certified',
  'revision',
] as const

/** The columns of a dashboard row (POST /api/portfoliomanager/list, and the record events' `row`). */
export const DEVICE_ROW_COLUMNS = [
  'portfolio_manager_id',
  'vendor',
  'device_name',
  'device_type',
  'product_class',
  'base_firmware_version',
  'business_domain',
  'creation_time',
  'created_by',
  'status',
  'is_certified',
  'revision',
] as const

export type DeviceRowColumns = Pick<DeviceRow, (typeof DEVICE_ROW_COLUMNS)[number]>

/**
 * A record as the dashboard's list answers it (spec §3's DeviceRecord). The list and the live
 * events (record.submitted, record.edited: docs/decisions/0020) both build their rows here, so a
 * row from an event is the row the list would answer.
 */
export function toDeviceRecord(row: DeviceRowColumns): DeviceRecord {
  return {
    portfolioManagerId: row.portfolio_manager_id,
    vendor: row.vendor,
    deviceName: row.device_name,
    deviceType: row.device_type,
    productClass: row.product_class,
    baseFirmwareVersion: row.base_firmware_version,
    businessDomain: row.business_domain,
    creationTime: row.creation_time.toISOString(),
    createdBy: row.created_by,
    status: row.status,
    isCertified: row.is_certified,
    // From revision 2 on (docs/decisions/0033): the row of a device never revised is spec §3's.
    ...(row.revision > 1 ? { revision: row.revision } : {}),
  }
}

/** The organization's dashboard rows, newest first. */
export function listRecordRows(db: Kysely<Database>, organizationId: string) {
  return db
    .selectFrom('device_records')
    .select(DEVICE_ROW_COLUMNS)
    .where('organization_id', '=', organizationId)
    .orderBy('creation_time', 'desc')
    .orderBy('portfolio_manager_id', 'desc')
    .execute()
}

/** One of the organization's records with its device details, in any status; undefined if not its own. */
export function recordDetails(db: Kysely<Database>, organizationId: string, portfolioManagerId: string) {
  return db
    .selectFrom('device_records')
    .select(RECORD_DETAIL_COLUMNS)
    .where('portfolio_manager_id', '=', portfolioManagerId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst()
}

/**
 * Why the record's latest run ended without certifying it, in the lab's words (its rejection
 * reason in review) or the portal's (an interruption), or null: the revision form shows it.
 */
export async function lastRunReason(
  db: Kysely<Database>,
  portfolioManagerId: string,
): Promise<string | null> {
  const run = await db
    .selectFrom('certification_runs')
    .select(['status', 'review_state', 'review_reason', 'failure_reason'])
    .where('portfolio_manager_id', '=', portfolioManagerId)
    .orderBy('attempt', 'desc')
    .limit(1)
    .executeTakeFirst()
  // A cancelled run's 'Cancelled by …' is no reason of the lab's: the form says it was cancelled.
  if (!run || run.status !== 'Completed') return null
  return (run.review_state === 'rejected' ? run.review_reason : null) ?? run.failure_reason ?? null
}

/** Whether an edit changes what the device is (vendor, name, type, class: ignoring case and spaces). */
export function changesDevice(
  record: { vendor: string; device_name: string; device_type: string; product_class: string },
  payload: UpdateRecordPayload,
): boolean {
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()
  return !(
    same(record.vendor, payload.vendor) &&
    same(record.device_name, payload.deviceName) &&
    same(record.device_type, payload.deviceType) &&
    same(record.product_class, payload.productClass)
  )
}

/** Who changes a record, and which: the member acting, in the organization it acts for. */
type RecordChange = { organizationId: string; accountId: string }

/**
 * Deletes a Submitted record (`record` names it in the activity log) with its activity entry and
 * live event, in one transaction. False when the record has left Submitted (or gone) in the
 * meantime: nothing is written then.
 */
export function deleteSubmittedRecord(
  db: Kysely<Database>,
  { organizationId, accountId }: RecordChange,
  portfolioManagerId: string,
  record: { device_name: string; vendor: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Guarded in SQL too: a run started in the meantime keeps its record.
    const row = await trx
      .deleteFrom('device_records')
      .where('portfolio_manager_id', '=', portfolioManagerId)
      .where('organization_id', '=', organizationId)
      .where('status', '=', 'Submitted')
      .returning('portfolio_manager_id')
      .executeTakeFirst()
    if (!row) return false
    await logActivity(trx, {
      organizationId,
      actorAccountId: accountId,
      action: 'record.deleted',
      subject: recordSubject(record),
    })
    // Last in the transaction: the event exists exactly when the deletion does (decision 0020).
    await appendEvent(trx, organizationId, { type: 'record.deleted', portfolioManagerId })
    return true
  })
}

/**
 * Writes an update's device section into a Submitted record, its 'Add New ...' values into the
 * catalogue, its activity entry and live event, in one transaction. False when the record has
 * left Submitted (or gone) in the meantime: nothing is written then.
 */
export function updateSubmittedRecord(
  db: Kysely<Database>,
  { organizationId, accountId }: RecordChange,
  payload: UpdateRecordPayload,
  fresh: NewInCatalogue,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Guarded in SQL too: a run started in the meantime keeps the device it was started for.
    const row = await trx
      .updateTable('device_records')
      .set({
        vendor: payload.vendor,
        device_name: payload.deviceName,
        device_type: payload.deviceType,
        product_class: payload.productClass,
        devices_to_be_certified: payload.devicesToBeCertified,
        device_number_list: payload.deviceNumberList.filter((serial) => serial !== ''),
        base_firmware_version: payload.baseFirmwareVersion,
        year_of_manufacturing: payload.yearOfManufacturing,
        is_eng_build_available: payload.isEngBuildAvailable,
      })
      .where('portfolio_manager_id', '=', payload.portfolioManagerId)
      .where('organization_id', '=', organizationId)
      .where('status', '=', 'Submitted')
      .returning(DEVICE_ROW_COLUMNS)
      .executeTakeFirst()
    if (!row) return false
    await addToCatalogue(trx, organizationId, payload, fresh)
    await logActivity(trx, {
      organizationId,
      actorAccountId: accountId,
      action: 'record.edited',
      subject: recordSubject(row),
    })
    // Last in the transaction: the event exists exactly when the change does (decision 0020).
    await appendEvent(trx, organizationId, {
      type: 'record.edited',
      portfolioManagerId: row.portfolio_manager_id,
      row: toDeviceRecord(row),
    })
    return true
  })
}
