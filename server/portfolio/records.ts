import type { Kysely, Transaction } from 'kysely'
import type { DeviceRecord } from '@/contract/records'
import type { Database, DeviceRow } from '../platform/db/schema.ts'

/* The organization's device records (device_records) as the record calls read them. */

/** The organization's own record, or undefined: another organization's record is treated as missing. */
export function ownRecord(
  db: Kysely<Database> | Transaction<Database>,
  organizationId: string,
  portfolioManagerId: string,
) {
  return db
    .selectFrom('device_records')
    .select(['portfolio_manager_id', 'status', 'vendor', 'device_name'])
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
  }
}
