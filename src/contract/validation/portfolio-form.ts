import * as v from 'valibot'
import {
  DEVICE_COUNT_MISSING_MESSAGE,
  FIELD_REQUIRED_MESSAGE,
  SERIAL_COUNT_MISMATCH_MESSAGE,
  SERIAL_NUMBER_DUPLICATE_MESSAGE,
  SERIAL_NUMBER_MISSING_MESSAGE,
} from '@/contract/messages'
import { type SaveSection } from '@/contract/portfolio'
import {
  addressSchema,
  bestTimeToReachSchema,
  businessDomainSchema,
  descriptionSchema,
  deviceCountSchema,
  emailSchema,
  engBuildSchema,
  fieldPath,
  firmwareVersionSchema,
  firstMessage,
  newDeviceNameSchema,
  newDeviceTypeSchema,
  newProductClassSchema,
  organizationNameSchema,
  personNameSchema,
  phoneNumberSchema,
  serialNumberSchema,
  weekdaysSchema,
  yearOfManufacturingSchema,
} from '@/contract/validation/fields'

/*
 * The portfolio form of spec §3 and its rules of spec §5. Errors show after Save or Submit, so the
 * rules are whole-form functions returning a message per field path; the valibot schemas at the
 * end wrap them for TanStack Form's form-level validators.
 */

// ── Values ──────────────────────────────────────────────────────────────────────────────────────

/** The last option of each dependent catalogue list; choosing it asks for a new value (spec §3). */
export const ADD_NEW_DEVICE_NAME = 'Add New Device Name'
export const ADD_NEW_DEVICE_TYPE = 'Add New Device Type'
export const ADD_NEW_PRODUCT_CLASS = 'Add New Product Class'

/**
 * The shape of the form's values. Lists stay lists in the form (days, businessDomain,
 * deviceNumberList); payloads join them. bestTimeToReach is 'HH:MM' on the 24-hour clock or ''.
 */
export const portfolioFormValuesSchema = v.object({
  organizationName: v.string(),
  descAboutOrganization: v.string(),
  businessContactName: v.string(),
  email: v.string(),
  countryCode: v.string(),
  phoneNumber: v.string(),
  bestTimeToReach: v.string(),
  days: v.array(v.string()),
  address: v.string(),
  country: v.string(),
  state: v.string(),
  city: v.string(),
  businessDomain: v.array(v.string()),
  deviceManufacture: v.string(),
  deviceName: v.string(),
  deviceType: v.string(),
  productClass: v.string(),
  addNewDeviceName: v.string(),
  newDeviceType: v.string(),
  newProductClass: v.string(),
  deviceToBecertified: v.string(),
  deviceNumberList: v.array(v.string()),
  baseFirmwareVersion: v.string(),
  yearOfManufacturing: v.string(),
  engBuild: engBuildSchema,
})

export type PortfolioFormValues = v.InferInput<typeof portfolioFormValuesSchema>
export type PortfolioFieldName = keyof PortfolioFormValues
/** A field, or one serial-number row: 'deviceNumberList[1]'. */
export type PortfolioFieldPath = PortfolioFieldName | `deviceNumberList[${number}]`
export type PortfolioFieldErrors = Partial<Record<PortfolioFieldPath, string>>

/** A blank form; the serial-number list starts with one blank row (spec §3). */
export const emptyPortfolioFormValues: PortfolioFormValues = {
  organizationName: '',
  descAboutOrganization: '',
  businessContactName: '',
  email: '',
  countryCode: '',
  phoneNumber: '',
  bestTimeToReach: '',
  days: [],
  address: '',
  country: '',
  state: '',
  city: '',
  businessDomain: [],
  deviceManufacture: '',
  deviceName: '',
  deviceType: '',
  productClass: '',
  addNewDeviceName: '',
  newDeviceType: '',
  newProductClass: '',
  deviceToBecertified: '',
  deviceNumberList: [''],
  baseFirmwareVersion: '',
  yearOfManufacturing: '',
  engBuild: '',
}

// ── Sections ────────────────────────────────────────────────────────────────────────────────────

/** Section 1, Portfolio Manager: the organization and its contact. */
export const ORGANIZATION_SECTION_FIELDS = [
  'organizationName',
  'descAboutOrganization',
  'businessContactName',
  'email',
  'countryCode',
  'phoneNumber',
  'bestTimeToReach',
  'days',
  'address',
  'country',
  'state',
  'city',
] as const satisfies ReadonlyArray<PortfolioFieldName>

/** Section 2, Line of Business. */
export const LINE_OF_BUSINESS_SECTION_FIELDS = [
  'businessDomain',
] as const satisfies ReadonlyArray<PortfolioFieldName>

/** Section 3, Device Portfolio. */
export const DEVICE_SECTION_FIELDS = [
  'deviceManufacture',
  'deviceName',
  'deviceType',
  'productClass',
  'addNewDeviceName',
  'newDeviceType',
  'newProductClass',
  'deviceToBecertified',
  'deviceNumberList',
  'baseFirmwareVersion',
  'yearOfManufacturing',
  'engBuild',
] as const satisfies ReadonlyArray<PortfolioFieldName>

/** The sections by their save argument (spec §4: 1, 2, 3; 0 saves all). */
export type PortfolioSection = Exclude<SaveSection, 0>

export const PORTFOLIO_SECTION_FIELDS: Record<PortfolioSection, ReadonlyArray<PortfolioFieldName>> = {
  1: ORGANIZATION_SECTION_FIELDS,
  2: LINE_OF_BUSINESS_SECTION_FIELDS,
  3: DEVICE_SECTION_FIELDS,
}

/** Every field, in the order of the form. */
export const PORTFOLIO_FORM_FIELDS: ReadonlyArray<PortfolioFieldName> = [
  ...ORGANIZATION_SECTION_FIELDS,
  ...LINE_OF_BUSINESS_SECTION_FIELDS,
  ...DEVICE_SECTION_FIELDS,
]

const fieldNameOf = (path: string): string => path.replace(/\[\d+\]$/, '')

/** The section a field or serial-number row belongs to. */
export function portfolioSectionOf(path: PortfolioFieldPath): PortfolioSection {
  const name = fieldNameOf(path)
  if ((ORGANIZATION_SECTION_FIELDS as ReadonlyArray<string>).includes(name)) return 1
  if ((LINE_OF_BUSINESS_SECTION_FIELDS as ReadonlyArray<string>).includes(name)) return 2
  return 3
}

/** The errors that block a save of one section; section 0 (all sections) keeps every error. */
export function pickSectionErrors(errors: PortfolioFieldErrors, section: SaveSection): PortfolioFieldErrors {
  if (section === 0) return errors
  return Object.fromEntries(
    Object.entries(errors).filter(([path]) => portfolioSectionOf(path as PortfolioFieldPath) === section),
  )
}

// ── Rules ───────────────────────────────────────────────────────────────────────────────────────

/** Each add-new field with the choice that brings it into use. */
const ADD_NEW_FIELDS = {
  addNewDeviceName: { choice: 'deviceName', option: ADD_NEW_DEVICE_NAME },
  newDeviceType: { choice: 'deviceType', option: ADD_NEW_DEVICE_TYPE },
  newProductClass: { choice: 'productClass', option: ADD_NEW_PRODUCT_CLASS },
} as const satisfies Partial<Record<PortfolioFieldName, { choice: PortfolioFieldName; option: string }>>

type AddNewField = keyof typeof ADD_NEW_FIELDS

const isAddNewField = (field: PortfolioFieldName): field is AddNewField => field in ADD_NEW_FIELDS

/**
 * Whether an add-new field is in use: its 'Add New …' option is chosen. Otherwise the field is
 * neither required nor checked, since the payload ignores it.
 */
export function isAddNewFieldInUse(values: PortfolioFormValues, field: AddNewField): boolean {
  const { choice, option } = ADD_NEW_FIELDS[field]
  return values[choice] === option
}

// A value of spaces alone does not fill a field.
const isBlank = (value: string | ReadonlyArray<string>): boolean =>
  typeof value === 'string' ? value.trim() === '' : value.length === 0

const formatSchemas = (currentYear: number): Partial<Record<PortfolioFieldName, v.GenericSchema>> => ({
  organizationName: organizationNameSchema,
  descAboutOrganization: descriptionSchema,
  businessContactName: personNameSchema,
  email: emailSchema,
  phoneNumber: phoneNumberSchema,
  bestTimeToReach: bestTimeToReachSchema,
  days: weekdaysSchema,
  address: addressSchema,
  businessDomain: businessDomainSchema,
  addNewDeviceName: newDeviceNameSchema,
  newDeviceType: newDeviceTypeSchema,
  newProductClass: newProductClassSchema,
  deviceToBecertified: deviceCountSchema,
  baseFirmwareVersion: firmwareVersionSchema,
  yearOfManufacturing: yearOfManufacturingSchema(currentYear),
  engBuild: engBuildSchema,
})

/** The device count when it is a valid number, else undefined (its own message explains why). */
function validDeviceCount(text: string): number | undefined {
  return /^\d+$/.test(text) && firstMessage(deviceCountSchema, text) === undefined ? Number(text) : undefined
}

const filledSerialNumbers = (values: PortfolioFormValues): ReadonlyArray<string> =>
  values.deviceNumberList.filter((serial) => serial !== '')

/*
 * Serial numbers against the device count, then row by row. A blank row asks for its serial number
 * unless it is the lone initial row of a form with no devices. Duplicates compare without regard to
 * case (a device's serial is the same in either case); the later row gets the message. A row of
 * spaces is not blank: it gets the characters message, so the payload never carries it.
 */
function checkSerialNumbers(values: PortfolioFormValues, errors: PortfolioFieldErrors): void {
  const serials = values.deviceNumberList
  const count = validDeviceCount(values.deviceToBecertified)
  if (count !== undefined && filledSerialNumbers(values).length !== count) {
    errors.deviceNumberList = SERIAL_COUNT_MISMATCH_MESSAGE
  }
  const everyRowNeeded = serials.length > 1 || (count ?? 0) > 0
  const seen = new Set<string>()
  serials.forEach((serial, index) => {
    const path = `deviceNumberList[${index}]` as const
    if (serial === '') {
      if (everyRowNeeded) errors[path] = SERIAL_NUMBER_MISSING_MESSAGE
      return
    }
    const key = serial.toUpperCase()
    const message =
      firstMessage(serialNumberSchema, serial) ??
      (seen.has(key) ? SERIAL_NUMBER_DUPLICATE_MESSAGE : undefined)
    seen.add(key)
    if (message !== undefined) errors[path] = message
  })
}

function validatePortfolio(
  values: PortfolioFormValues,
  mode: 'save' | 'submit',
  currentYear: number,
): PortfolioFieldErrors {
  const errors: PortfolioFieldErrors = {}
  const schemas = formatSchemas(currentYear)
  for (const field of PORTFOLIO_FORM_FIELDS) {
    if (field === 'deviceNumberList') {
      checkSerialNumbers(values, errors)
      continue
    }
    if (isAddNewField(field) && !isAddNewFieldInUse(values, field)) continue
    const value = values[field]
    if (mode === 'submit' && isBlank(value)) {
      errors[field] = FIELD_REQUIRED_MESSAGE
      continue
    }
    const schema = schemas[field]
    const message = schema ? firstMessage(schema, value) : undefined
    if (message !== undefined) {
      errors[field] = message
    } else if (field === 'deviceToBecertified' && isBlank(value) && filledSerialNumbers(values).length > 0) {
      errors[field] = DEVICE_COUNT_MISSING_MESSAGE
    }
  }
  return errors
}

/**
 * Save (a draft): blank fields are allowed; filled fields follow their format, and the serial
 * numbers must agree with the device count. An empty result means the save may go ahead.
 */
export function validatePortfolioOnSave(
  values: PortfolioFormValues,
  currentYear: number = new Date().getFullYear(),
): PortfolioFieldErrors {
  return validatePortfolio(values, 'save', currentYear)
}

/**
 * Submit: as save, and every field is required ('This field is required'), except an add-new field
 * whose 'Add New …' option is not chosen.
 */
export function validatePortfolioOnSubmit(
  values: PortfolioFormValues,
  currentYear: number = new Date().getFullYear(),
): PortfolioFieldErrors {
  return validatePortfolio(values, 'submit', currentYear)
}

// ── Schemas for TanStack Form ───────────────────────────────────────────────────────────────────

/** The issue path of a field path: 'deviceNumberList[1]' is the list's key, then index 1. */
function issuePath(values: PortfolioFormValues, path: string): [v.IssuePathItem, ...v.IssuePathItem[]] {
  const name = fieldNameOf(path)
  const items = fieldPath(values, name)
  const index = /\[(\d+)\]$/.exec(path)?.[1]
  if (index !== undefined) {
    const list = values.deviceNumberList
    const key = Number(index)
    items.push({ type: 'array', origin: 'value', input: list, key, value: list[key] })
  }
  return items
}

const wholeFormSchema = (validate: (values: PortfolioFormValues) => PortfolioFieldErrors) =>
  v.pipe(
    portfolioFormValuesSchema,
    v.rawCheck<PortfolioFormValues>(({ dataset, addIssue }) => {
      if (!dataset.typed) return
      for (const [path, message] of Object.entries(validate(dataset.value))) {
        if (message !== undefined) addIssue({ message, path: issuePath(dataset.value, path) })
      }
    }),
  )

/** validatePortfolioOnSave as a form-level validator: its issues carry the field paths. */
export const portfolioFormOnSaveSchema = (currentYear: number = new Date().getFullYear()) =>
  wholeFormSchema((values) => validatePortfolioOnSave(values, currentYear))

/** validatePortfolioOnSubmit as a form-level validator: its issues carry the field paths. */
export const portfolioFormOnSubmitSchema = (currentYear: number = new Date().getFullYear()) =>
  wholeFormSchema((values) => validatePortfolioOnSubmit(values, currentYear))
