import type { CatalogueAnswer } from '@/contract/catalogue'
import {
  SAVE_SECTION_FIELDS,
  type SavePayload,
  type SubmitPayload,
  type UpdateRecordPayload,
} from '@/contract/portfolio'
import { PORTFOLIO_FIELD_LABELS, portfolioFieldLabel } from '@/contract/portfolio-labels'
import {
  NOTHING_NEW,
  payloadToFormValues,
  type NewInCatalogue,
  type PortfolioPayloadFields,
} from '@/contract/portfolio-payload'
import type { Refusal } from '@/contract/refusals'
import {
  pickSectionErrors,
  validatePortfolioOnSave,
  validatePortfolioOnSubmit,
  type PortfolioFieldErrors,
  type PortfolioFieldName,
  type PortfolioFieldPath,
} from '@/contract/validation/portfolio-form'

/*
 * The portfolio rules of a save, submit or record update, as the main service applies them and the
 * mocks mirror them: the payload is read back into form values (payloadToFormValues) and the form's
 * own validators decide (spec §5), so a payload passes on the server exactly when the form would
 * have let it go. The first problem is answered as one message naming its field with the form's
 * label: 'Year of manufacturing: Year must be between 1990 and 2026'.
 */

/** A call whose payload the portfolio rules judge. */
export type PortfolioPayloadCheck =
  | { call: 'save'; payload: SavePayload }
  | { call: 'submit'; payload: SubmitPayload }
  | { call: 'update'; payload: UpdateRecordPayload }

/** The organization and line of business a record update leaves alone, blank for the rules. */
const BLANK_ORGANIZATION = Object.fromEntries(
  [...SAVE_SECTION_FIELDS[1], ...SAVE_SECTION_FIELDS[2]].map((field) => [field, '']),
) as Pick<PortfolioPayloadFields, (typeof SAVE_SECTION_FIELDS)[1 | 2][number]>

function errorsOf(check: PortfolioPayloadCheck, fresh: NewInCatalogue, currentYear: number) {
  switch (check.call) {
    // Save: a draft may leave fields blank; only the saved section's errors count.
    case 'save':
      return pickSectionErrors(
        validatePortfolioOnSave(payloadToFormValues(check.payload, fresh), currentYear),
        check.payload.saveSection,
      )
    case 'submit':
      return validatePortfolioOnSubmit(payloadToFormValues(check.payload, fresh), currentYear)
    // A record update is a submit of the device section alone: its fields are all required.
    case 'update':
      return pickSectionErrors(
        validatePortfolioOnSubmit(
          payloadToFormValues({ ...BLANK_ORGANIZATION, ...check.payload }, fresh),
          currentYear,
        ),
        3,
      )
  }
}

/** The payload key (spec §3) of each form field whose name differs in the payload. */
const PAYLOAD_KEYS: Partial<Record<PortfolioFieldName, keyof PortfolioPayloadFields>> = {
  descAboutOrganization: 'description',
  email: 'emailId',
  deviceManufacture: 'vendor',
  addNewDeviceName: 'deviceName',
  newDeviceType: 'deviceType',
  newProductClass: 'productClass',
  deviceToBecertified: 'devicesToBeCertified',
  engBuild: 'isEngBuildAvailable',
}

/** The payload key a form field's error concerns ('deviceNumberList[1]' → 'deviceNumberList'). */
export function payloadKeyOf(path: PortfolioFieldPath): string {
  const name = path.replace(/\[\d+\]$/, '') as PortfolioFieldName
  return PAYLOAD_KEYS[name] ?? name
}

/**
 * The first error as a refusal: one message naming its field with the form's label and the
 * payload key it concerns ('Serial number 2: Only letters and numbers are allowed',
 * field 'deviceNumberList').
 */
export function firstPortfolioProblem(errors: PortfolioFieldErrors): Refusal | undefined {
  for (const [path, message] of Object.entries(errors)) {
    if (message !== undefined) {
      const fieldPath = path as PortfolioFieldPath
      return { message: `${portfolioFieldLabel(fieldPath)}: ${message}`, field: payloadKeyOf(fieldPath) }
    }
  }
  return undefined
}

/** A vendor the catalogue does not list: spec §3 offers the vendorList only, with no 'Add New'. */
export const UNKNOWN_VENDOR_REFUSAL: Refusal = {
  message: `${PORTFOLIO_FIELD_LABELS.deviceManufacture}: Please choose a manufacturer from the list.`,
  field: 'vendor',
}

/**
 * What is wrong with a save, submit or record-update payload by the form's rules, as the refusal a
 * 400 answers; undefined when the payload may be written. `fresh` says which device values are new
 * to the catalogue ('Add New ...' values, held to their own length rule; a vendor the catalogue
 * does not list is refused); the server reads it from its catalogue tables, the mocks with
 * newInCatalogue below.
 */
export function portfolioPayloadProblem(
  check: PortfolioPayloadCheck,
  fresh: NewInCatalogue = NOTHING_NEW,
  currentYear: number = new Date().getFullYear(),
): Refusal | undefined {
  return (
    firstPortfolioProblem(errorsOf(check, fresh, currentYear)) ??
    (fresh.vendor ? UNKNOWN_VENDOR_REFUSAL : undefined)
  )
}

/** The device values the catalogue is asked about. */
export type CatalogueValues = Pick<
  PortfolioPayloadFields,
  'vendor' | 'deviceName' | 'deviceType' | 'productClass'
>

/**
 * Which device values are new to `catalogue`, looked up as the cascades of spec §4 offer them
 * (a name under its vendor, a class under its type; a type under any name), without regard to case; a blank value is not new (the required rule speaks
 * for it). The main service asks the same of its catalogue tables in SQL.
 */
export function newInCatalogue(values: CatalogueValues, catalogue: CatalogueAnswer): NewInCatalogue {
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
  const isNew = (value: string, found: boolean) => value.trim() !== '' && !found
  return {
    vendor: isNew(
      values.vendor,
      catalogue.vendorList.some((vendor) => same(vendor, values.vendor)),
    ),
    deviceName: isNew(
      values.deviceName,
      catalogue.deviceNameList.some(
        (item) => same(item.vendor, values.vendor) && same(item.deviceName, values.deviceName),
      ),
    ),
    // A type is new when the catalogue knows it under no name: a new device name may take a type
    // of the catalogue (a new mesh model is a 'Wi-Fi Mesh Device'), which is no new type.
    deviceType: isNew(
      values.deviceType,
      catalogue.deviceTypeList.some((item) => same(item.deviceType, values.deviceType)),
    ),
    productClass: isNew(
      values.productClass,
      catalogue.productClassList.some(
        (item) => same(item.deviceType, values.deviceType) && same(item.productClass, values.productClass),
      ),
    ),
  }
}
