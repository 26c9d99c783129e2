import type { CatalogueAnswer } from '@/contract/catalogue'
import {
  type RecordDetails,
  SAVE_SECTION_FIELDS,
  type SavePayload,
  type SaveSection,
  type SavedPortfolio,
  type SubmitPayload,
  type UpdateRecordPayload,
} from '@/contract/portfolio'
import {
  ADD_NEW_DEVICE_NAME,
  ADD_NEW_DEVICE_TYPE,
  ADD_NEW_PRODUCT_CLASS,
  emptyPortfolioFormValues,
  type PortfolioFormValues,
} from '@/contract/validation/portfolio-form'
import { LINES_OF_BUSINESS, WEEKDAYS } from '@/contract/validation/fields'
import { toTwelveHourTime, toTwentyFourHourTime } from '@/contract/best-time'

/*
 * Form values ↔ payloads (spec §3): the renames, the joined lists, the 12-hour best time, the
 * new-name values in place of 'Add New ...', empty serial numbers dropped, vendorUserId added,
 * and on submit the saved draft's id or null.
 */

/** Joins chosen values in their natural order (Sunday first; Wireline before Wireless). */
function joinInOrder(values: ReadonlyArray<string>, order: ReadonlyArray<string>) {
  const chosen = new Set(values)
  return order.filter((value) => chosen.has(value)).join(',')
}

function splitList(value: string | null | undefined, order: ReadonlyArray<string>) {
  const parts = new Set((value ?? '').split(',').map((part) => part.trim()))
  return order.filter((item) => parts.has(item))
}

/** The chosen value, or the typed new value when the 'Add New ...' option is chosen. */
function chosenOrNew(chosen: string, addNewOption: string, typed: string) {
  return chosen === addNewOption ? typed.trim() : chosen
}

function payloadFields(values: PortfolioFormValues, vendorUserId: string) {
  return {
    organizationName: values.organizationName.trim(),
    description: values.descAboutOrganization,
    businessContactName: values.businessContactName.trim(),
    emailId: values.email,
    countryCode: values.countryCode,
    phoneNumber: values.phoneNumber.trim(),
    bestTimeToReach: toTwelveHourTime(values.bestTimeToReach),
    days: joinInOrder(values.days, WEEKDAYS),
    address: values.address,
    country: values.country,
    state: values.state,
    city: values.city,
    businessDomain: joinInOrder(values.businessDomain, LINES_OF_BUSINESS),
    vendor: values.deviceManufacture,
    deviceName: chosenOrNew(values.deviceName, ADD_NEW_DEVICE_NAME, values.addNewDeviceName),
    deviceType: chosenOrNew(values.deviceType, ADD_NEW_DEVICE_TYPE, values.newDeviceType),
    productClass: chosenOrNew(values.productClass, ADD_NEW_PRODUCT_CLASS, values.newProductClass),
    devicesToBeCertified: values.deviceToBecertified.trim(),
    deviceNumberList: values.deviceNumberList
      .map((serial) => serial.trim())
      .filter((serial) => serial !== ''),
    baseFirmwareVersion: values.baseFirmwareVersion.trim(),
    yearOfManufacturing: values.yearOfManufacturing.trim(),
    isEngBuildAvailable: values.engBuild,
    vendorUserId,
  } satisfies Omit<SavePayload, 'saveSection'>
}

export function toSavePayload(
  values: PortfolioFormValues,
  { vendorUserId, saveSection }: { vendorUserId: string; saveSection: SaveSection },
): SavePayload {
  return { ...payloadFields(values, vendorUserId), saveSection }
}

export function toSubmitPayload(
  values: PortfolioFormValues,
  { vendorUserId, saved }: { vendorUserId: string; saved: SavedPortfolio | null | undefined },
): SubmitPayload {
  return {
    ...payloadFields(values, vendorUserId),
    savedPortfolioManagerId: saved?.portfolioManagerSavedDetails?.savedPortfolioManagerId ?? null,
  }
}

/** A catalogue value the list does not hold was typed as new: show it as 'Add New ...' with its value. */
function asChoice(value: string, known: ReadonlyArray<string>, addNewOption: string): [string, string] {
  if (!value) return ['', '']
  if (!known.length || known.includes(value)) return [value, '']
  return [addNewOption, value]
}

const text = (value: string | null | undefined) => value ?? ''

/**
 * The form's starting values from the get answer (spec §4): a saved or submitted request fills
 * the form; device fields stay blank unless that request is not yet submitted; with nothing
 * saved or submitted, the registration details prefill the organization and contact.
 */
export function savedPortfolioToFormValues(
  saved: SavedPortfolio | null | undefined,
  catalogue?: CatalogueAnswer,
): PortfolioFormValues {
  if (!saved) return emptyPortfolioFormValues
  if (saved.isPortfolioManagerSavedOrSubmittedDataExists !== 'YES') {
    const registration = saved.registrationDetails
    if (!registration) return emptyPortfolioFormValues
    return {
      ...emptyPortfolioFormValues,
      organizationName: registration.organization,
      businessContactName: registration.name,
      email: registration.emailId,
      countryCode: registration.countryCode,
      phoneNumber: registration.phoneNumber,
      country: registration.country,
      state: registration.state,
      city: registration.city,
    }
  }

  const organization: PortfolioFormValues = {
    ...emptyPortfolioFormValues,
    organizationName: text(saved.organizationName),
    descAboutOrganization: text(saved.description),
    businessContactName: text(saved.businessContactName),
    email: text(saved.emailId) || text(saved.registrationDetails?.emailId),
    countryCode: text(saved.countryCode),
    phoneNumber: text(saved.phoneNumber),
    bestTimeToReach: toTwentyFourHourTime(text(saved.bestTimeToReach)),
    days: splitList(saved.days, WEEKDAYS),
    address: text(saved.address),
    country: text(saved.country),
    state: text(saved.state),
    city: text(saved.city),
    businessDomain: splitList(saved.businessDomain, LINES_OF_BUSINESS),
  }
  if (saved.isPortfolioManagerReqSubmitted === 'YES') return organization

  const vendor = text(saved.vendor)
  const names =
    catalogue?.deviceNameList.filter((item) => item.vendor === vendor).map((item) => item.deviceName) ?? []
  const [deviceName, addNewDeviceName] = asChoice(text(saved.deviceName), names, ADD_NEW_DEVICE_NAME)
  const types =
    catalogue?.deviceTypeList
      .filter((item) => item.deviceName === saved.deviceName)
      .map((item) => item.deviceType) ?? []
  const [deviceType, newDeviceType] = asChoice(text(saved.deviceType), types, ADD_NEW_DEVICE_TYPE)
  const classes =
    catalogue?.productClassList
      .filter((item) => item.deviceType === saved.deviceType)
      .map((item) => item.productClass) ?? []
  const [productClass, newProductClass] = asChoice(text(saved.productClass), classes, ADD_NEW_PRODUCT_CLASS)
  const serials = saved.deviceNumberList ?? []
  const engBuild =
    saved.isEngBuildAvailable === 'Yes' || saved.isEngBuildAvailable === 'No' ? saved.isEngBuildAvailable : ''

  return {
    ...organization,
    deviceManufacture: vendor,
    deviceName,
    addNewDeviceName,
    deviceType,
    newDeviceType,
    productClass,
    newProductClass,
    deviceToBecertified: text(saved.devicesToBeCertified),
    deviceNumberList: serials.length > 0 ? [...serials] : [''],
    baseFirmwareVersion: text(saved.baseFirmwareVersion),
    yearOfManufacturing: text(saved.yearOfManufacturing),
    engBuild,
  }
}

/* ------------------------------------------------------------------- payload → form values */

/** Which device values of a payload are new to the catalogue: each stands for an 'Add New ...' choice. */
export type NewInCatalogue = Record<'vendor' | 'deviceName' | 'deviceType' | 'productClass', boolean>

/** Every device value is a catalogue entry. */
export const NOTHING_NEW: NewInCatalogue = {
  vendor: false,
  deviceName: false,
  deviceType: false,
  productClass: false,
}

/** The fields of a save or submit payload that come from the form (not the call's own ids). */
export type PortfolioPayloadFields = Omit<SavePayload, 'vendorUserId' | 'saveSection'>

const TWELVE_HOUR_TIME = /^\d{1,2}:[0-5]\d\s*[AaPp][Mm]$/

/**
 * The payload back in the form's names and shapes (spec §3 read backwards), so that the form's own
 * rules (validation/portfolio-form.ts) can judge a payload. Unlike savedPortfolioToFormValues, it
 * keeps what the form could not have sent — a best time that is not 'hh:mm AM', a day or line of
 * business that is not one of the list, serial numbers as sent — so that the rules refuse it rather
 * than let it pass unseen. A device value new to the catalogue (`fresh`) stands for the 'Add New ...'
 * option with the value typed beside it.
 */
export function payloadToFormValues(
  p: PortfolioPayloadFields,
  fresh: NewInCatalogue = NOTHING_NEW,
): PortfolioFormValues {
  const time = p.bestTimeToReach
  return {
    organizationName: p.organizationName,
    descAboutOrganization: p.description,
    businessContactName: p.businessContactName,
    email: p.emailId,
    countryCode: p.countryCode,
    phoneNumber: p.phoneNumber,
    bestTimeToReach: (TWELVE_HOUR_TIME.test(time.trim()) && toTwentyFourHourTime(time)) || time,
    days: splitEvery(p.days),
    address: p.address,
    country: p.country,
    state: p.state,
    city: p.city,
    businessDomain: splitEvery(p.businessDomain),
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

/** Every non-blank item of a comma-joined list, as sent: unknown items stay for the rules to refuse. */
function splitEvery(value: string) {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
}

/**
 * The update of a submitted record (docs/decisions/0012): the device section's fields as submit
 * sends them, with the record's id and vendorUserId.
 */
export function toUpdateRecordPayload(
  values: PortfolioFormValues,
  { vendorUserId, portfolioManagerId }: { vendorUserId: string; portfolioManagerId: string },
): UpdateRecordPayload {
  const fields = payloadFields(values, vendorUserId)
  const device = Object.fromEntries(SAVE_SECTION_FIELDS[3].map((field) => [field, fields[field]])) as Pick<
    UpdateRecordPayload,
    (typeof SAVE_SECTION_FIELDS)[3][number]
  >
  return { portfolioManagerId, ...device, vendorUserId }
}

/**
 * The form's values for editing a submitted record: the organization and contact as the form
 * would open them (`base`, from the get answer), with the organization name and the business
 * domain the record was submitted with, and the device section from the record. The record's
 * device values are catalogue entries since its submit ('Add New …' values joined the catalogue),
 * so each is a plain choice, never an 'Add New …' one.
 */
export function recordToFormValues(base: PortfolioFormValues, record: RecordDetails): PortfolioFormValues {
  const engBuild =
    record.isEngBuildAvailable === 'Yes' || record.isEngBuildAvailable === 'No'
      ? record.isEngBuildAvailable
      : ''
  return {
    ...base,
    organizationName: record.organizationName || base.organizationName,
    businessDomain: splitList(record.businessDomain, LINES_OF_BUSINESS),
    deviceManufacture: record.vendor,
    deviceName: record.deviceName,
    addNewDeviceName: '',
    deviceType: record.deviceType,
    newDeviceType: '',
    productClass: record.productClass,
    newProductClass: '',
    deviceToBecertified: record.devicesToBeCertified,
    deviceNumberList: record.deviceNumberList.length > 0 ? [...record.deviceNumberList] : [''],
    baseFirmwareVersion: record.baseFirmwareVersion,
    yearOfManufacturing: record.yearOfManufacturing,
    engBuild,
  }
}
