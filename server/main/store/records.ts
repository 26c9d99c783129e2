import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../db/schema.ts'

/* The vendor's device records (device_records) as the record calls read them. */

/** The account's own record, or undefined: another vendor's record is treated as missing. */
export function ownRecord(
  db: Kysely<Database> | Transaction<Database>,
  accountId: string,
  portfolioManagerId: string,
) {
  return db
    .selectFrom('device_records')
    .select(['portfolio_manager_id', 'status'])
    .where('portfolio_manager_id', '=', portfolioManagerId)
    .where('account_id', '=', accountId)
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
