import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { sql, type Kysely, type Transaction, type Updateable } from 'kysely'
import {
  addCommentPayloadSchema,
  commentListPayloadSchema,
  type AddCommentAnswer,
  type Comment,
  type CommentListAnswer,
} from '@/contract/certification'
import { NO_UPDATES_MESSAGE, SAVE_SECTION_MESSAGES } from '@/contract/messages'
import {
  recordDetailsPayloadSchema,
  SAVE_SECTION_FIELDS,
  savePayloadSchema,
  submitPayloadSchema,
  updateRecordPayloadSchema,
  vendorUserIdPayloadSchema,
  type RecordDetails,
  type SavedPortfolio,
  type SavePayload,
  type SaveSection,
  type SubmitPayload,
  type UpdateRecordPayload,
} from '@/contract/portfolio'
import { deleteRecordPayloadSchema, type DeviceRecord, type RecordListAnswer } from '@/contract/records'
import {
  ALREADY_SUBMITTED_MESSAGE,
  COMMENT_ADDED_MESSAGE,
  NOT_SIGNED_IN_MESSAGE,
  ONLY_SUBMITTED_DELETABLE_MESSAGE,
  ONLY_SUBMITTED_EDITABLE_MESSAGE,
  PORTFOLIO_SUBMITTED_MESSAGE,
  RECORD_DELETED_MESSAGE,
  RECORD_NOT_FOUND_MESSAGE,
  RECORD_UPDATED_MESSAGE,
} from '@/contract/server-messages'
import {
  ADD_NEW_DEVICE_NAME,
  ADD_NEW_DEVICE_TYPE,
  ADD_NEW_PRODUCT_CLASS,
  pickSectionErrors,
  validatePortfolioOnSave,
  validatePortfolioOnSubmit,
  type PortfolioFieldErrors,
  type PortfolioFieldName,
  type PortfolioFormValues,
} from '@/contract/validation/portfolio-form'
import { isUniqueViolation, type Database, type PortfolioDraftsTable } from '../../db/database.ts'
import type { MainEnv } from '../middleware/context.ts'
import { jsonBody } from '../middleware/json-body.ts'
import { requireVendor } from '../middleware/require-vendor.ts'
import { answerFromCache } from '../answer-cache.ts'

/*
 * The portfolio (spec §3, §4, §7): get, save by section, create (submit), list and delete of
 * device records, reading and updating one Submitted record (docs/decisions/0012), and the comments
 * on a record (ARCHITECTURE.md decision 8). Mounted under /api.
 * Every call needs the vendor's session; a vendorUserId in the body must be the session's own
 * (requireVendor), and a record of another vendor answers 404 as if it did not exist.
 *
 * The draft (portfolio_drafts, one row per vendor) is stored in the payload's naming. After a
 * submit it keeps the submitted request (is_submitted), which get answers until the next save
 * starts a new draft with a new saved id.
 */

export const portfolioRoutes = new Hono<MainEnv>()

/* ----------------------------------------------------------------------------- draft fields */

type DraftField = Exclude<keyof SavePayload, 'vendorUserId' | 'saveSection'>
type DraftColumn = Exclude<
  keyof PortfolioDraftsTable,
  'account_id' | 'saved_portfolio_manager_id' | 'is_submitted' | 'created_at' | 'updated_at'
>

/** Each payload field and its column in portfolio_drafts (and device_records where it exists). */
const COLUMNS = {
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

const ALL_FIELDS: ReadonlyArray<DraftField> = [
  ...SECTION_FIELDS[1],
  ...SECTION_FIELDS[2],
  ...SECTION_FIELDS[3],
]

const fieldsOf = (section: SaveSection): ReadonlyArray<DraftField> =>
  section === 0 ? ALL_FIELDS : SECTION_FIELDS[section]

type DraftValues = Partial<Record<DraftColumn, string | string[]>>

/** The columns a save or submit writes: the given fields, as sent (empty serial numbers dropped). */
function draftValues(payload: SavePayload | SubmitPayload, fields: ReadonlyArray<DraftField>): DraftValues {
  const values: DraftValues = {}
  for (const field of fields) {
    const value = payload[field]
    values[COLUMNS[field]] = Array.isArray(value) ? value.filter((serial) => serial !== '') : value
  }
  return values
}

/** A new draft's columns: every field blank. */
const BLANK_DRAFT: DraftValues = Object.fromEntries(
  ALL_FIELDS.map((field) => [COLUMNS[field], field === 'deviceNumberList' ? [] : '']),
)

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/* ------------------------------------------------------------------------------- validation */

/** '09:30 PM' (the payload's form) back to the time input's '21:30'; anything else as it is. */
function to24HourTime(value: string): string {
  const match = /^(\d{1,2}):([0-5]\d)\s*([AaPp][Mm])$/.exec(value.trim())
  if (!match) return value
  const hour = Number(match[1])
  if (hour < 1 || hour > 12) return value
  const hour24 = (hour % 12) + (match[3]?.toUpperCase() === 'PM' ? 12 : 0)
  return `${String(hour24).padStart(2, '0')}:${match[2]}`
}

const splitList = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')

/** The device values the catalogue is asked about. */
type CatalogueValues = Pick<SubmitPayload, 'vendor' | 'deviceName' | 'deviceType' | 'productClass'>

/** Which device values are new to the catalogue: those came from an 'Add New ...' option. */
type NewInCatalogue = { vendor: boolean; deviceName: boolean; deviceType: boolean; productClass: boolean }

const NOTHING_NEW: NewInCatalogue = {
  vendor: false,
  deviceName: false,
  deviceType: false,
  productClass: false,
}

/**
 * Looks the device values up in the catalogue (ignoring case), each under its parent as the
 * cascades of spec §4 offer them. A blank value is not new: the required rule speaks for it.
 */
async function newInCatalogue(db: Kysely<Database>, p: CatalogueValues): Promise<NewInCatalogue> {
  const result = await sql<{
    vendor: boolean
    device_name: boolean
    device_type: boolean
    product_class: boolean
  }>`
    select
      exists(select 1 from catalogue_vendors where lower(vendor) = lower(${p.vendor})) as vendor,
      exists(select 1 from catalogue_device_names
        where lower(vendor) = lower(${p.vendor}) and lower(device_name) = lower(${p.deviceName})) as device_name,
      exists(select 1 from catalogue_device_types
        where lower(device_name) = lower(${p.deviceName}) and lower(device_type) = lower(${p.deviceType})) as device_type,
      exists(select 1 from catalogue_product_classes
        where lower(device_type) = lower(${p.deviceType}) and lower(product_class) = lower(${p.productClass})) as product_class
  `.execute(db)
  const known = result.rows[0]
  const isNew = (value: string, found: boolean | undefined) => value.trim() !== '' && found !== true
  return {
    vendor: isNew(p.vendor, known?.vendor),
    deviceName: isNew(p.deviceName, known?.device_name),
    deviceType: isNew(p.deviceType, known?.device_type),
    productClass: isNew(p.productClass, known?.product_class),
  }
}

/**
 * The payload back in the form's names and shapes (spec §3 read backwards), so that the form's own
 * rules (src/contract/validation/portfolio-form.ts) decide. A device value new to the catalogue
 * stands for the 'Add New ...' option with the value typed beside it.
 */
function toFormValues(p: SavePayload | SubmitPayload, fresh: NewInCatalogue): PortfolioFormValues {
  return {
    organizationName: p.organizationName,
    descAboutOrganization: p.description,
    businessContactName: p.businessContactName,
    email: p.emailId,
    countryCode: p.countryCode,
    phoneNumber: p.phoneNumber,
    bestTimeToReach: to24HourTime(p.bestTimeToReach),
    days: splitList(p.days),
    address: p.address,
    country: p.country,
    state: p.state,
    city: p.city,
    businessDomain: splitList(p.businessDomain),
    deviceManufacture: p.vendor,
    deviceName: fresh.deviceName ? ADD_NEW_DEVICE_NAME : p.deviceName,
    addNewDeviceName: fresh.deviceName ? p.deviceName : '',
    deviceType: fresh.deviceType ? ADD_NEW_DEVICE_TYPE : p.deviceType,
    newDeviceType: fresh.deviceType ? p.deviceType : '',
    productClass: fresh.productClass ? ADD_NEW_PRODUCT_CLASS : p.productClass,
    newProductClass: fresh.productClass ? p.productClass : '',
    deviceToBecertified: p.devicesToBeCertified,
    deviceNumberList: p.deviceNumberList,
    baseFirmwareVersion: p.baseFirmwareVersion,
    yearOfManufacturing: p.yearOfManufacturing,
    engBuild: p.isEngBuildAvailable,
  }
}

const FIELD_LABELS: Record<PortfolioFieldName, string> = {
  organizationName: 'Organization name',
  descAboutOrganization: 'Description',
  businessContactName: 'Business contact name',
  email: 'Email',
  countryCode: 'Country code',
  phoneNumber: 'Phone number',
  bestTimeToReach: 'Best time to reach',
  days: 'Days',
  address: 'Address',
  country: 'Country',
  state: 'State',
  city: 'City',
  businessDomain: 'Line of business',
  deviceManufacture: 'Device manufacturer',
  deviceName: 'Device name',
  deviceType: 'Device type',
  productClass: 'Product class',
  addNewDeviceName: 'New device name',
  newDeviceType: 'New device type',
  newProductClass: 'New product class',
  deviceToBecertified: 'Devices to be certified',
  deviceNumberList: 'Device serial numbers',
  baseFirmwareVersion: 'Base firmware version',
  yearOfManufacturing: 'Year of manufacturing',
  engBuild: 'Engineering build',
}

/** The first error as one message for the toast, naming its field: 'Year of manufacturing: …'. */
function firstProblem(errors: PortfolioFieldErrors): string | undefined {
  for (const [path, message] of Object.entries(errors)) {
    if (message === undefined) continue
    const row = /^deviceNumberList\[(\d+)\]$/.exec(path)
    const label = row
      ? `Device serial number ${Number(row[1]) + 1}`
      : (FIELD_LABELS[path as PortfolioFieldName] ?? path)
    return `${label}: ${message}`
  }
  return undefined
}

/* ------------------------------------------------------------------------------------- get */

const yesNo = (value: boolean): 'YES' | 'NO' => (value ? 'YES' : 'NO')

portfolioRoutes.post('/portfoliomanager/get', requireVendor, jsonBody(vendorUserIdPayloadSchema), (c) => {
  const { db } = c.var.services
  const accountId = c.var.accountId
  return answerFromCache(c, `get:${accountId}`, async () => {
    const account = await db
      .selectFrom('vendor_accounts as a')
      .select((eb) => [
        'a.organization',
        'a.first_name',
        'a.last_name',
        'a.email',
        'a.country_code',
        'a.phone_number',
        'a.country',
        'a.state',
        'a.city',
        eb
          .exists(
            eb
              .selectFrom('device_records as r')
              .select('r.portfolio_manager_id')
              .whereRef('r.account_id', '=', 'a.id'),
          )
          .as('has_records'),
      ])
      .where('a.id', '=', accountId)
      .executeTakeFirst()
    if (!account) return c.json({ message: NOT_SIGNED_IN_MESSAGE }, 401)
    const draft = await db
      .selectFrom('portfolio_drafts')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirst()

    const hasRecords = Boolean(account.has_records)
    const fields = draft ? Object.fromEntries(ALL_FIELDS.map((field) => [field, draft[COLUMNS[field]]])) : {}
    const answer: SavedPortfolio = {
      ...fields,
      isPortfolioManagerSavedOrSubmittedDataExists: yesNo(draft !== undefined || hasRecords),
      isPortfolioManagerReqSubmitted: yesNo(draft ? draft.is_submitted : hasRecords),
      portfolioManagerSavedDetails:
        draft && !draft.is_submitted ? { savedPortfolioManagerId: draft.saved_portfolio_manager_id } : null,
      registrationDetails: {
        organization: account.organization,
        name: `${account.first_name} ${account.last_name}`,
        emailId: account.email,
        countryCode: account.country_code,
        phoneNumber: account.phone_number,
        country: account.country,
        state: account.state,
        city: account.city,
      },
    }
    return answer
  })
})

/* ------------------------------------------------------------------------------------ save */

portfolioRoutes.post('/portfoliomanager/save', requireVendor, jsonBody(savePayloadSchema), async (c) => {
  const { db } = c.var.services
  const accountId = c.var.accountId
  const payload = c.var.body
  const section = payload.saveSection

  const fresh = section === 0 || section === 3 ? await newInCatalogue(db, payload) : NOTHING_NEW
  const problem = firstProblem(
    pickSectionErrors(validatePortfolioOnSave(toFormValues(payload, fresh)), section),
  )
  if (problem) return c.json({ message: problem }, 400)

  const values = draftValues(payload, fieldsOf(section))
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
  if (quick.numUpdatedRows > 0n) return c.json({ message: SAVE_SECTION_MESSAGES[section] })

  const outcome = await db.transaction().execute(async (trx) => {
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
  if (outcome === 'unchanged') return c.json({ message: NO_UPDATES_MESSAGE }, 409)
  return c.json({ message: SAVE_SECTION_MESSAGES[section] })
})

/* ---------------------------------------------------------------------------------- submit */

portfolioRoutes.post('/portfoliomanager/create', requireVendor, jsonBody(submitPayloadSchema), async (c) => {
  const { db } = c.var.services
  const accountId = c.var.accountId
  const payload = c.var.body

  const fresh = await newInCatalogue(db, payload)
  const problem = firstProblem(validatePortfolioOnSubmit(toFormValues(payload, fresh)))
  if (problem) return c.json({ message: problem }, 400)

  const account = await db
    .selectFrom('vendor_accounts')
    .select(['first_name', 'last_name'])
    .where('id', '=', accountId)
    .executeTakeFirst()
  if (!account) return c.json({ message: NOT_SIGNED_IN_MESSAGE }, 401)
  const createdBy = `${account.first_name} ${account.last_name}`

  const values = draftValues(payload, ALL_FIELDS)
  const serials = payload.deviceNumberList.filter((serial) => serial !== '')
  try {
    await submitRecord()
  } catch (error) {
    if (isUniqueViolation(error, 'device_records_one_per_draft')) {
      return c.json({ message: ALREADY_SUBMITTED_MESSAGE }, 409)
    }
    throw error
  }
  return c.json({ message: PORTFOLIO_SUBMITTED_MESSAGE })

  async function submitRecord() {
    await db.transaction().execute(async (trx) => {
      const now = new Date()
      await trx
        .insertInto('device_records')
        .values({
          account_id: accountId,
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
        .execute()
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
      await addToCatalogue(trx, accountId, payload, fresh)
    })
  }
})

/**
 * 'Add New ...' values join the catalogue, so that later choices offer them (spec §3). Idempotent:
 * the unique indexes ignore case and a value already there is left as it is.
 */
async function addToCatalogue(
  trx: Transaction<Database>,
  accountId: string,
  p: CatalogueValues,
  fresh: NewInCatalogue,
) {
  if (fresh.vendor) {
    await trx
      .insertInto('catalogue_vendors')
      .values({ vendor: p.vendor })
      .onConflict((oc) => oc.doNothing())
      .execute()
  }
  if (fresh.deviceName) {
    // Device names hang on the vendor as the catalogue spells it.
    const vendor = await trx
      .selectFrom('catalogue_vendors')
      .select('vendor')
      .where(sql<string>`lower(vendor)`, '=', p.vendor.toLowerCase())
      .executeTakeFirst()
    await trx
      .insertInto('catalogue_device_names')
      .values({ vendor: vendor?.vendor ?? p.vendor, device_name: p.deviceName, added_by: accountId })
      .onConflict((oc) => oc.doNothing())
      .execute()
  }
  if (fresh.deviceType) {
    await trx
      .insertInto('catalogue_device_types')
      .values({ device_name: p.deviceName, device_type: p.deviceType, added_by: accountId })
      .onConflict((oc) => oc.doNothing())
      .execute()
  }
  if (fresh.productClass) {
    await trx
      .insertInto('catalogue_product_classes')
      .values({ device_type: p.deviceType, product_class: p.productClass, added_by: accountId })
      .onConflict((oc) => oc.doNothing())
      .execute()
  }
}

/* ------------------------------------------------------------------------- list and delete */

portfolioRoutes.post('/portfoliomanager/list', requireVendor, jsonBody(vendorUserIdPayloadSchema), (c) => {
  const { db } = c.var.services
  const accountId = c.var.accountId
  return answerFromCache(c, `list:${accountId}`, async () => {
    const rows = await db
      .selectFrom('device_records')
      .select([
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
      ])
      .where('account_id', '=', accountId)
      .orderBy('creation_time', 'desc')
      .orderBy('portfolio_manager_id', 'desc')
      .execute()
    const list: DeviceRecord[] = rows.map((row) => ({
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
    }))
    const answer: RecordListAnswer = { portfolioManagerSubmittedDetailsList: list }
    return answer
  })
})

/** The account's own record, or undefined: another vendor's record is treated as missing. */
function ownRecord(
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

portfolioRoutes.post(
  '/portfoliomanager/delete',
  requireVendor,
  jsonBody(deleteRecordPayloadSchema),
  async (c) => {
    const { db } = c.var.services
    const accountId = c.var.accountId
    const { portfolioManagerId } = c.var.body
    const record = await ownRecord(db, accountId, portfolioManagerId)
    if (!record) return c.json({ message: RECORD_NOT_FOUND_MESSAGE }, 404)
    if (record.status !== 'Submitted') return c.json({ message: ONLY_SUBMITTED_DELETABLE_MESSAGE }, 409)
    // Guarded in SQL too: a run started in the meantime keeps its record.
    const deleted = await db
      .deleteFrom('device_records')
      .where('portfolio_manager_id', '=', portfolioManagerId)
      .where('account_id', '=', accountId)
      .where('status', '=', 'Submitted')
      .returning('portfolio_manager_id')
      .executeTakeFirst()
    if (!deleted) return c.json({ message: ONLY_SUBMITTED_DELETABLE_MESSAGE }, 409)
    return c.json({ message: RECORD_DELETED_MESSAGE })
  },
)

/* ------------------------------------------------------ one submitted record: read and update */

/** The columns of one record that the form's edit mode reads (record/get). */
const RECORD_DETAIL_COLUMNS = [
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

/**
 * One of the vendor's records with its device details, in any status: the form opens a Submitted
 * one for editing and tells why it cannot open any other. Another vendor's record is missing (404),
 * as for delete; a vendorUserId that is not the session's is refused before (requireVendor, 403).
 */
portfolioRoutes.post(
  '/portfoliomanager/record/get',
  requireVendor,
  jsonBody(recordDetailsPayloadSchema),
  async (c) => {
    const { db } = c.var.services
    const row = await db
      .selectFrom('device_records')
      .select(RECORD_DETAIL_COLUMNS)
      .where('portfolio_manager_id', '=', c.var.body.portfolioManagerId)
      .where('account_id', '=', c.var.accountId)
      .executeTakeFirst()
    if (!row) return c.json({ message: RECORD_NOT_FOUND_MESSAGE }, 404)
    const answer: RecordDetails = {
      portfolioManagerId: row.portfolio_manager_id,
      organizationName: row.organization_name,
      businessDomain: row.business_domain,
      vendor: row.vendor,
      deviceName: row.device_name,
      deviceType: row.device_type,
      productClass: row.product_class,
      devicesToBeCertified: row.devices_to_be_certified,
      deviceNumberList: row.device_number_list,
      baseFirmwareVersion: row.base_firmware_version,
      yearOfManufacturing: row.year_of_manufacturing,
      isEngBuildAvailable: row.is_eng_build_available,
      creationTime: row.creation_time.toISOString(),
      createdBy: row.created_by,
      status: row.status,
      isCertified: row.is_certified,
    }
    c.header('Cache-Control', 'no-store')
    return c.json(answer)
  },
)

/** The organization and line of business an update leaves alone, blank for the form's rules. */
const BLANK_ORGANIZATION = Object.fromEntries(
  [...SECTION_FIELDS[1], ...SECTION_FIELDS[2]].map((field) => [field, '']),
) as Pick<SubmitPayload, (typeof SECTION_FIELDS)[1 | 2][number]>

/**
 * The form's submit rules for the device section alone: the update is a submit of that section,
 * so its fields are all required and follow their formats, and a value new to the catalogue is an
 * 'Add New ...' choice with its length rule.
 */
function deviceSectionProblem(payload: UpdateRecordPayload, fresh: NewInCatalogue): string | undefined {
  const asSubmit: SubmitPayload = { ...BLANK_ORGANIZATION, ...payload, savedPortfolioManagerId: null }
  return firstProblem(pickSectionErrors(validatePortfolioOnSubmit(toFormValues(asSubmit, fresh)), 3))
}

/**
 * The device section of a Submitted record, changed in place (the record keeps its id, creation
 * time, organization and line of business). A record that has left Submitted — a run started,
 * waits in maintenance or ended — is refused with 409 and left as it is: its results describe the
 * device as it was submitted. The data version rises with the row (migration 0002's trigger; the
 * write watch on PGlite), so the next list and get answers are built again.
 */
portfolioRoutes.post(
  '/portfoliomanager/record/update',
  requireVendor,
  jsonBody(updateRecordPayloadSchema),
  async (c) => {
    const { db } = c.var.services
    const accountId = c.var.accountId
    const payload = c.var.body
    const record = await ownRecord(db, accountId, payload.portfolioManagerId)
    if (!record) return c.json({ message: RECORD_NOT_FOUND_MESSAGE }, 404)
    if (record.status !== 'Submitted') return c.json({ message: ONLY_SUBMITTED_EDITABLE_MESSAGE }, 409)

    const fresh = await newInCatalogue(db, payload)
    const problem = deviceSectionProblem(payload, fresh)
    if (problem) return c.json({ message: problem }, 400)

    const updated = await db.transaction().execute(async (trx) => {
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
        .where('account_id', '=', accountId)
        .where('status', '=', 'Submitted')
        .returning('portfolio_manager_id')
        .executeTakeFirst()
      if (!row) return false
      await addToCatalogue(trx, accountId, payload, fresh)
      return true
    })
    if (!updated) return c.json({ message: ONLY_SUBMITTED_EDITABLE_MESSAGE }, 409)
    return c.json({ message: RECORD_UPDATED_MESSAGE })
  },
)

/* -------------------------------------------------------------------------------- comments */

type CommentRow = {
  comment_id: string
  portfolio_manager_id: string
  author: string
  text: string
  created_at: Date
}

const toComment = (row: CommentRow): Comment => ({
  commentId: row.comment_id,
  portfolioManagerId: row.portfolio_manager_id,
  author: row.author,
  text: row.text,
  createdAt: row.created_at.toISOString(),
})

const COMMENT_COLUMNS = ['comment_id', 'portfolio_manager_id', 'author', 'text', 'created_at'] as const

portfolioRoutes.post(
  '/portfoliomanager/comments/list',
  requireVendor,
  jsonBody(commentListPayloadSchema),
  async (c) => {
    const { db } = c.var.services
    const { portfolioManagerId } = c.var.body
    if (!(await ownRecord(db, c.var.accountId, portfolioManagerId))) {
      return c.json({ message: RECORD_NOT_FOUND_MESSAGE }, 404)
    }
    const rows = await db
      .selectFrom('comments')
      .select(COMMENT_COLUMNS)
      .where('portfolio_manager_id', '=', portfolioManagerId)
      .orderBy('created_at', 'desc')
      .orderBy('comment_id', 'desc')
      .execute()
    const answer: CommentListAnswer = { comments: rows.map(toComment) }
    c.header('Cache-Control', 'no-store')
    return c.json(answer)
  },
)

portfolioRoutes.post(
  '/portfoliomanager/comments/add',
  requireVendor,
  jsonBody(addCommentPayloadSchema),
  async (c) => {
    const { db } = c.var.services
    const accountId = c.var.accountId
    const { portfolioManagerId, text } = c.var.body
    if (!(await ownRecord(db, accountId, portfolioManagerId))) {
      return c.json({ message: RECORD_NOT_FOUND_MESSAGE }, 404)
    }
    const account = await db
      .selectFrom('vendor_accounts')
      .select(['first_name', 'last_name'])
      .where('id', '=', accountId)
      .executeTakeFirst()
    if (!account) return c.json({ message: NOT_SIGNED_IN_MESSAGE }, 401)
    const row = await db
      .insertInto('comments')
      .values({
        portfolio_manager_id: portfolioManagerId,
        account_id: accountId,
        author: `${account.first_name} ${account.last_name}`,
        text,
        created_at: new Date(),
      })
      .returning(COMMENT_COLUMNS)
      .executeTakeFirstOrThrow()
    const answer: AddCommentAnswer = { message: COMMENT_ADDED_MESSAGE, comment: toComment(row) }
    return c.json(answer)
  },
)
