import { randomUUID } from 'node:crypto'
import type { Kysely, Transaction, Updateable } from 'kysely'
import {
  SAVE_SECTION_FIELDS,
  type SavePayload,
  type SaveSection,
  type SubmitPayload,
} from '@/contract/portfolio'
import type { NewInCatalogue } from '@/contract/portfolio-payload'
import type { Database, PortfolioDraftsTable } from '../platform/db/schema.ts'
import { appendEvent } from '../events/index.ts'
import { logActivity, recordSubject } from '../organizations/index.ts'
import { addToCatalogue } from './catalogue.ts'
import { DEVICE_ROW_COLUMNS, toDeviceRecord } from './records.ts'

/*
 * The vendor's draft (portfolio_drafts, one row per vendor), stored in the payload's naming, and
 * the submit that turns it into a device record. After a submit the draft keeps the submitted
 * request (is_submitted), which get answers until the next save starts a new draft with a new
 * saved id.
 */

export type DraftField = Exclude<keyof SavePayload, 'vendorUserId' | 'saveSection'>
export type DraftColumn = Exclude<
  keyof PortfolioDraftsTable,
  'account_id' | 'saved_portfolio_manager_id' | 'is_submitted' | 'created_at' | 'updated_at'
>

/** Each payload field and its column in portfolio_drafts (and device_records where it exists). */
export const COLUMNS = {
  organizationName: 'organization_name',
  description: 'description',
  businessContactName: 'business_contact_name',
  emailId: 'email_id',
  countryCode: 'country_code',
  phoneNumber: 'phone_number',
  bestTimeToReach: 'best_time_to_reach',
  days: 'days',
  address: 'address',
  country: 'country',
  state: 'state',
  city: 'city',
  businessDomain: 'business_domain',
  vendor: 'vendor',
  deviceName: 'device_name',
  deviceType: 'device_type',
  productClass: 'product_class',
  devicesToBeCertified: 'devices_to_be_certified',
  deviceNumberList: 'device_number_list',
  baseFirmwareVersion: 'base_firmware_version',
  yearOfManufacturing: 'year_of_manufacturing',
  isEngBuildAvailable: 'is_eng_build_available',
} as const satisfies Record<DraftField, DraftColumn>

const SECTION_FIELDS = SAVE_SECTION_FIELDS satisfies Record<
  Exclude<SaveSection, 0>,
  ReadonlyArray<DraftField>
>

export const ALL_FIELDS: ReadonlyArray<DraftField> = [
  ...SECTION_FIELDS[1],
  ...SECTION_FIELDS[2],
  ...SECTION_FIELDS[3],
]

export const fieldsOf = (section: SaveSection): ReadonlyArray<DraftField> =>
  section === 0 ? ALL_FIELDS : SECTION_FIELDS[section]

export type DraftValues = Partial<Record<DraftColumn, string | string[]>>

/** The columns a save or submit writes: the given fields, as sent (empty serial numbers dropped). */
export function draftValues(
  payload: SavePayload | SubmitPayload,
  fields: ReadonlyArray<DraftField>,
): DraftValues {
  const values: DraftValues = {}
  for (const field of fields) {
    const value = payload[field]
    values[COLUMNS[field]] = Array.isArray(value) ? value.filter((serial) => serial !== '') : value
  }
  return values
}

/** The vendor's draft (open or submitted), or undefined before their first save. */
export function draftOf(db: Kysely<Database>, accountId: string) {
  return db.selectFrom('portfolio_drafts').selectAll().where('account_id', '=', accountId).executeTakeFirst()
}

/** A new draft's columns: every field blank. */
const BLANK_DRAFT: DraftValues = Object.fromEntries(
  ALL_FIELDS.map((field) => [COLUMNS[field], field === 'deviceNumberList' ? [] : '']),
)

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * Writes a save's columns to the vendor's draft: into the open draft, or a new draft when there is
 * none or the last one was submitted. 'unchanged' when the open draft already holds these values.
 */
export async function saveDraft(
  db: Kysely<Database>,
  accountId: string,
  values: DraftValues,
): Promise<'saved' | 'unchanged'> {
  const changes = values as Updateable<PortfolioDraftsTable>

  // The usual save — the vendor's open draft, with something changed — is one statement. Any
  // other case (no draft yet, the last one submitted, nothing changed) takes the transaction.
  const quick = await db
    .updateTable('portfolio_drafts')
    .set({ ...changes, updated_at: new Date() })
    .where('account_id', '=', accountId)
    .where('is_submitted', '=', false)
    .where((eb) =>
      eb.or(
        Object.entries(values).map(([column, value]) =>
          eb(eb.ref(column as DraftColumn), 'is distinct from', eb.val(value)),
        ),
      ),
    )
    .executeTakeFirst()
  if (quick.numUpdatedRows > 0n) return 'saved'

  return db.transaction().execute(async (trx) => {
    const draft = await trx
      .selectFrom('portfolio_drafts')
      .selectAll()
      .where('account_id', '=', accountId)
      .forUpdate()
      .executeTakeFirst()
    const now = new Date()
    if (draft && !draft.is_submitted) {
      const changed = Object.entries(values).some(
        ([column, value]) => !sameValue(draft[column as DraftColumn], value),
      )
      if (!changed) return 'unchanged' as const
      await trx
        .updateTable('portfolio_drafts')
        .set({ ...(values as Updateable<PortfolioDraftsTable>), updated_at: now })
        .where('account_id', '=', accountId)
        .execute()
    } else if (draft) {
      // The last draft was submitted: this save starts a new one.
      await trx
        .updateTable('portfolio_drafts')
        .set({
          ...(BLANK_DRAFT as Updateable<PortfolioDraftsTable>),
          ...(values as Updateable<PortfolioDraftsTable>),
          saved_portfolio_manager_id: randomUUID(),
          is_submitted: false,
          created_at: now,
          updated_at: now,
        })
        .where('account_id', '=', accountId)
        .execute()
    } else {
      await trx
        .insertInto('portfolio_drafts')
        .values({
          account_id: accountId,
          ...(values as Updateable<PortfolioDraftsTable>),
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc
            .column('account_id')
            .doUpdateSet({ ...(values as Updateable<PortfolioDraftsTable>), updated_at: now }),
        )
        .execute()
    }
    return 'saved' as const
  })
}

/** What a submit writes, and for whom: the member submitting, into the organization it acts for. */
export type SubmitWrite = {
  accountId: string
  organizationId: string
  createdBy: string
  payload: SubmitPayload
  fresh: NewInCatalogue
}

/**
 * A submit's writes, inside the caller's transaction (the one that also keeps its idempotency key,
 * submit-answers.ts): the device record (status Submitted; at most one per saved draft, as the
 * unique index device_records_one_per_draft refuses a second), the draft keeping the submitted
 * values, the 'Add New ...' values in the catalogue, and the live event record.submitted
 * with the record's dashboard row (docs/decisions/0020).
 */
export async function writeSubmit(
  trx: Transaction<Database>,
  { accountId, organizationId, createdBy, payload, fresh }: SubmitWrite,
) {
  const values = draftValues(payload, ALL_FIELDS)
  const serials = payload.deviceNumberList.filter((serial) => serial !== '')
  const now = new Date()
  // One submit of an organization at a time: its row, then the account's, are locked first, as
  // the data_version triggers of the writes below would lock them later (the record's the
  // organization's, the draft's the account's). Taken in between, such a lock let concurrent
  // submits of one vendor deadlock on PostgreSQL (45 of 50 at once answered 500 in the
  // reliability suite); in this order they wait for each other and all succeed.
  await trx
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', organizationId)
    .forNoKeyUpdate()
    .execute()
  await trx.selectFrom('vendor_accounts').select('id').where('id', '=', accountId).forNoKeyUpdate().execute()
  const record = await trx
    .insertInto('device_records')
    .values({
      organization_id: organizationId,
      submitted_by: accountId,
      organization_name: payload.organizationName,
      vendor: payload.vendor,
      device_name: payload.deviceName,
      device_type: payload.deviceType,
      product_class: payload.productClass,
      base_firmware_version: payload.baseFirmwareVersion,
      business_domain: payload.businessDomain,
      devices_to_be_certified: payload.devicesToBeCertified,
      device_number_list: serials,
      year_of_manufacturing: payload.yearOfManufacturing,
      is_eng_build_available: payload.isEngBuildAvailable,
      creation_time: now,
      created_by: createdBy,
      status: 'Submitted',
      is_certified: '',
      submitted_from_draft: payload.savedPortfolioManagerId,
    })
    .returning(DEVICE_ROW_COLUMNS)
    .executeTakeFirstOrThrow()
  // The draft keeps the submitted request; its saved id no longer names a draft.
  const submitted = {
    ...(values as Updateable<PortfolioDraftsTable>),
    saved_portfolio_manager_id: randomUUID(),
    is_submitted: true,
    updated_at: now,
  }
  await trx
    .insertInto('portfolio_drafts')
    .values({ account_id: accountId, ...submitted, created_at: now })
    .onConflict((oc) => oc.column('account_id').doUpdateSet(submitted))
    .execute()
  await addToCatalogue(trx, organizationId, payload, fresh)
  await logActivity(trx, {
    organizationId,
    actorAccountId: accountId,
    action: 'record.submitted',
    subject: recordSubject(record),
  })
  // Last: the event's ordering lock is then held for the insert and the commit only (decision 0020).
  await appendEvent(trx, organizationId, {
    type: 'record.submitted',
    portfolioManagerId: record.portfolio_manager_id,
    row: toDeviceRecord(record),
  })
}

/**
 * Whether `savedPortfolioManagerId` names the account's open draft ('open'), a draft of the
 * account already submitted into the organization ('submitted'), or nothing of theirs ('unknown').
 */
export async function draftState(
  db: Kysely<Database>,
  { accountId, organizationId }: { accountId: string; organizationId: string },
  savedPortfolioManagerId: string,
): Promise<'open' | 'submitted' | 'unknown'> {
  const open = await db
    .selectFrom('portfolio_drafts')
    .select('account_id')
    .where('account_id', '=', accountId)
    .where('saved_portfolio_manager_id', '=', savedPortfolioManagerId)
    .where('is_submitted', '=', false)
    .executeTakeFirst()
  if (open) return 'open'
  const record = await db
    .selectFrom('device_records')
    .select('portfolio_manager_id')
    .where('organization_id', '=', organizationId)
    .where('submitted_from_draft', '=', savedPortfolioManagerId)
    .executeTakeFirst()
  return record ? 'submitted' : 'unknown'
}
