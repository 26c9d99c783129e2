import * as v from 'valibot'
import {
  idSchema,
  multilineText,
  nameText,
  PHONE_NUMBER_MAX_LENGTH,
  text,
  textOrEmptySchema,
  yesNoSchema,
} from '@/contract/common'

/* The portfolio: get, save (draft) and create (submit). Spec §3, §4 and §7. */

/** POST /api/portfoliomanager/get and /list: the vendor whose data is asked for. */
export const vendorUserIdPayloadSchema = v.object({ vendorUserId: idSchema })

/**
 * Which part of the form a save writes (spec §4 "Save section argument"): 0 all sections (with
 * the note 'Please submit the form'), 1 organization and contact, 2 line of business, 3 device.
 * The section is sent so that the server stores only that part of the draft.
 */
export const SAVE_SECTIONS = [0, 1, 2, 3] as const
export const saveSectionSchema = v.picklist(SAVE_SECTIONS)
export type SaveSection = v.InferOutput<typeof saveSectionSchema>

/**
 * The fields of the save and submit payloads: the form values renamed as spec §3 says
 * (descAboutOrganization → description, email → emailId, deviceManufacture → vendor,
 * deviceToBecertified → devicesToBeCertified, engBuild → isEngBuildAvailable), days and
 * businessDomain comma-joined, bestTimeToReach in 12-hour form ('09:30 AM') or empty, new-name
 * values in place of the 'Add New ...' option, empty serial numbers dropped, and vendorUserId.
 */
export const portfolioPayloadEntries = {
  organizationName: nameText(50),
  description: multilineText(300),
  businessContactName: nameText(50),
  emailId: text(254),
  countryCode: text(8),
  /** Formatted as typed: 7 to 13 digits with spaces, hyphens, parentheses (spec §5; the cap is the contract's). */
  phoneNumber: text(PHONE_NUMBER_MAX_LENGTH),
  /** 'hh:mm AM' / 'hh:mm PM', or '' when not set. */
  bestTimeToReach: text(8),
  /** Comma-joined weekday names, e.g. 'Monday,Thursday'. */
  days: text(80),
  address: multilineText(200),
  country: nameText(100),
  state: nameText(100),
  city: nameText(100),
  /** 'Wireline', 'Wireless' or 'Wireline,Wireless'. */
  businessDomain: text(20),
  vendor: nameText(100),
  deviceName: nameText(100),
  deviceType: nameText(100),
  productClass: nameText(100),
  /** The device count as text, '0' to '3'. */
  devicesToBeCertified: text(3),
  deviceNumberList: v.pipe(v.array(text(26)), v.maxLength(3)),
  baseFirmwareVersion: text(50),
  yearOfManufacturing: text(4),
  /** 'Yes', 'No' or '' while not chosen (a draft may leave it open). */
  isEngBuildAvailable: v.picklist(['Yes', 'No', '']),
  vendorUserId: idSchema,
}

/** The payload fields each save section writes (spec §4): 1 organization and contact, 2 line of business, 3 device. */
export const SAVE_SECTION_FIELDS = {
  1: [
    'organizationName',
    'description',
    'businessContactName',
    'emailId',
    'countryCode',
    'phoneNumber',
    'bestTimeToReach',
    'days',
    'address',
    'country',
    'state',
    'city',
  ],
  2: ['businessDomain'],
  3: [
    'vendor',
    'deviceName',
    'deviceType',
    'productClass',
    'devicesToBeCertified',
    'deviceNumberList',
    'baseFirmwareVersion',
    'yearOfManufacturing',
    'isEngBuildAvailable',
  ],
} as const satisfies Record<1 | 2 | 3, ReadonlyArray<keyof typeof portfolioPayloadEntries>>

/** POST /api/portfoliomanager/save */
export const savePayloadSchema = v.object({
  ...portfolioPayloadEntries,
  /** Not in spec §3's payload: a save without it saves every section, as section 0. */
  saveSection: v.optional(saveSectionSchema, 0),
})
export type SavePayload = v.InferOutput<typeof savePayloadSchema>

/** POST /api/portfoliomanager/create: the submit payload, with the saved draft's id or null. */
export const submitPayloadSchema = v.object({
  ...portfolioPayloadEntries,
  savedPortfolioManagerId: v.nullable(idSchema),
})
export type SubmitPayload = v.InferOutput<typeof submitPayloadSchema>

/**
 * Submit's idempotency key (docs/decisions/0015): the page sends a new UUID with each press of
 * Submit, and the same one when it retries that press; the main service answers a repeat with the
 * first answer and writes nothing.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key'
/** A key: 8 to 128 letters, digits, hyphens or underscores (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/
export const INVALID_IDEMPOTENCY_KEY_MESSAGE =
  'Idempotency-Key must be 8 to 128 letters, digits, hyphens or underscores (a UUID).'

/** The registration details that prefill the form when nothing is saved or submitted (spec §3). */
export const registrationDetailsSchema = v.looseObject({
  organization: v.string(),
  name: v.string(),
  emailId: v.string(),
  countryCode: v.string(),
  phoneNumber: v.string(),
  country: v.string(),
  state: v.string(),
  city: v.string(),
})
export type RegistrationDetails = v.InferOutput<typeof registrationDetailsSchema>

const optionalText = v.optional(v.nullable(v.string()))

/**
 * The answer of POST /api/portfoliomanager/get: the saved draft (or the last submitted request)
 * with its flags, the saved draft's id, and the registration details for prefilling. Every draft
 * field may be missing or null when nothing was saved.
 */
export const savedPortfolioSchema = v.looseObject({
  organizationName: optionalText,
  description: optionalText,
  businessContactName: optionalText,
  emailId: optionalText,
  countryCode: optionalText,
  phoneNumber: optionalText,
  bestTimeToReach: optionalText,
  days: optionalText,
  address: optionalText,
  country: optionalText,
  state: optionalText,
  city: optionalText,
  businessDomain: optionalText,
  vendor: optionalText,
  deviceName: optionalText,
  deviceType: optionalText,
  productClass: optionalText,
  devicesToBeCertified: optionalText,
  deviceNumberList: v.optional(v.nullable(v.array(v.string()))),
  baseFirmwareVersion: optionalText,
  yearOfManufacturing: optionalText,
  isEngBuildAvailable: optionalText,
  isPortfolioManagerSavedOrSubmittedDataExists: yesNoSchema,
  isPortfolioManagerReqSubmitted: yesNoSchema,
  portfolioManagerSavedDetails: v.optional(
    v.nullable(v.looseObject({ savedPortfolioManagerId: v.string() })),
  ),
  registrationDetails: v.optional(v.nullable(registrationDetailsSchema)),
})
export type SavedPortfolio = v.InferOutput<typeof savedPortfolioSchema>

/*
 * Editing a submitted record (docs/decisions/0012): the dashboard's Edit opens one record in the
 * form, and its Submit changes that record in place, only while it is Submitted. Two calls added
 * beside spec §7; vendorUserId must be the session's (403), and a record of another vendor
 * answers 404 as if it did not exist.
 */

/** POST /api/portfoliomanager/record/get: one of the vendor's records, by its id. */
export const recordDetailsPayloadSchema = v.object({
  vendorUserId: idSchema,
  portfolioManagerId: idSchema,
})

/**
 * The answer of POST /api/portfoliomanager/record/get: what device_records stores of one submitted
 * request, in the payload's naming (spec §3): the device section's fields, the organization name
 * and the business domain it was submitted with, and the dashboard row's own fields. The status
 * says whether the record can still be edited (only while Submitted).
 */
export const recordDetailsSchema = v.looseObject({
  portfolioManagerId: v.string(),
  organizationName: v.string(),
  businessDomain: v.string(),
  vendor: v.string(),
  deviceName: v.string(),
  deviceType: v.string(),
  productClass: v.string(),
  devicesToBeCertified: v.string(),
  deviceNumberList: v.array(v.string()),
  baseFirmwareVersion: v.string(),
  yearOfManufacturing: v.string(),
  isEngBuildAvailable: v.string(),
  /** ISO 8601 date and time. */
  creationTime: v.string(),
  createdBy: v.string(),
  /** One of RECORD_STATUSES (src/contract/run-status.ts), read as text. */
  status: v.string(),
  isCertified: textOrEmptySchema,
  /** The record's current revision (docs/decisions/0033): 1 until the vendor makes a new one. */
  revision: v.optional(v.number()),
  /**
   * Why its last run ended without certifying, in the lab's or the portal's words (the lab's
   * rejection reason, an interruption), or null: the revision form shows it above the fields.
   */
  lastReason: v.optional(v.nullable(v.string())),
})
export type RecordDetails = v.InferOutput<typeof recordDetailsSchema>

/**
 * POST /api/portfoliomanager/record/update: the device section of a Submitted record, sent as
 * submit sends it (SAVE_SECTION_FIELDS[3], same renames and bounds) and checked by the same rules
 * as a submit of that section; 'Add New ...' values join the catalogue as on submit. The
 * organization and line of business of a submitted record are not changed by this call.
 */
export const updateRecordPayloadSchema = v.object({
  portfolioManagerId: idSchema,
  vendor: portfolioPayloadEntries.vendor,
  deviceName: portfolioPayloadEntries.deviceName,
  deviceType: portfolioPayloadEntries.deviceType,
  productClass: portfolioPayloadEntries.productClass,
  devicesToBeCertified: portfolioPayloadEntries.devicesToBeCertified,
  deviceNumberList: portfolioPayloadEntries.deviceNumberList,
  baseFirmwareVersion: portfolioPayloadEntries.baseFirmwareVersion,
  yearOfManufacturing: portfolioPayloadEntries.yearOfManufacturing,
  isEngBuildAvailable: portfolioPayloadEntries.isEngBuildAvailable,
  vendorUserId: idSchema,
})
export type UpdateRecordPayload = v.InferOutput<typeof updateRecordPayloadSchema>
