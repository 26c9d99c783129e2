import * as v from 'valibot'
import {
  ADDRESS_LENGTH_MESSAGE,
  ALPHANUMERIC_AND_SPACES_MESSAGE,
  DESCRIPTION_LENGTH_MESSAGE,
  DEVICE_COUNT_LIMIT_MESSAGE,
  EMAIL_FORMAT_MESSAGE,
  FIELD_REQUIRED_MESSAGE,
  FIRMWARE_VERSION_FORMAT_MESSAGE,
  LETTERS_ONLY_MESSAGE,
  NAME_LENGTH_MESSAGE,
  NEW_DEVICE_NAME_LENGTH_MESSAGE,
  NEW_DEVICE_TYPE_LENGTH_MESSAGE,
  NEW_PRODUCT_CLASS_LENGTH_MESSAGE,
  NUMERIC_ONLY_MESSAGE,
  PASSWORD_RULES_MESSAGE,
  PASSWORD_SPACES_MESSAGE,
  PHONE_NUMBER_FORMAT_MESSAGE,
  PHONE_NUMBER_LENGTH_MESSAGE,
  SERIAL_NUMBER_CHARACTERS_MESSAGE,
  SERIAL_NUMBER_LENGTH_MESSAGE,
  YEAR_FORMAT_MESSAGE,
  yearRangeMessage,
} from '@/contract/messages'

/*
 * Field rules of spec §5, one schema per kind of field. Each format schema accepts '' so that the
 * same rule serves a draft save (blank allowed) and a submit or a registration (where the form adds
 * its own required rule in front). Each rule speaks only about its own concern, so one mistake
 * gives one message.
 */

// ── Limits (spec §9) ────────────────────────────────────────────────────────────────────────────

export const NAME_MIN_LENGTH = 3
export const NAME_MAX_LENGTH = 50
export const PHONE_NUMBER_MIN_DIGITS = 7
export const PHONE_NUMBER_MAX_DIGITS = 13
export const ADDRESS_MAX_LENGTH = 200
export const DESCRIPTION_MAX_LENGTH = 300
export const SERIAL_NUMBER_MAX_LENGTH = 26
export const NEW_CATALOGUE_NAME_MAX_LENGTH = 15
export const MAX_DEVICES_PER_PORTFOLIO = 3
export const FIRST_YEAR_OF_MANUFACTURING = 1990
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 20

/** Business domain (LOB) options, spec §9. */
export const LINES_OF_BUSINESS = ['Wireline', 'Wireless'] as const

/** Contact weekdays, spec §9; the form keeps the names, payloads join them with commas. */
export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const

export const ENG_BUILD_OPTIONS = ['Yes', 'No'] as const

// ── Helpers ─────────────────────────────────────────────────────────────────────────────────────

/** A rule that holds for every filled value and leaves '' to the required rule. */
const whenFilled =
  (rule: (value: string) => boolean) =>
  (value: string): boolean =>
    value === '' || rule(value)

const countMatches = (value: string, pattern: RegExp): number => value.match(pattern)?.length ?? 0

/** The first message a schema gives for a value, or undefined when the value passes. */
export function firstMessage(schema: v.GenericSchema, value: unknown): string | undefined {
  return v.safeParse(schema, value).issues?.[0].message
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/** An issue path to one field of a form's values, for form-level checks. */
export function fieldPath(
  values: Record<string, unknown>,
  key: string,
): [v.ObjectPathItem, ...v.IssuePathItem[]] {
  return [{ type: 'object', origin: 'value', input: values, key, value: values[key] }]
}

/**
 * A form-level rule: `field` must repeat `original` exactly (re-entered email, confirmed password).
 * The message lands on `field`, and only once it is filled (its own rule asks for it before). It
 * runs even while other fields fail, so the mismatch shows together with their messages.
 */
export function repeatsField<TValues extends Record<string, unknown>>(
  field: keyof TValues & string,
  original: keyof TValues & string,
  message: string,
) {
  return v.rawCheck<TValues>(({ dataset, addIssue }) => {
    const values: unknown = dataset.value
    if (!isRecord(values)) return
    const repeated = values[field]
    if (typeof repeated === 'string' && repeated !== '' && repeated !== values[original]) {
      addIssue({ message, path: fieldPath(values, field) })
    }
  })
}

// ── Contact ─────────────────────────────────────────────────────────────────────────────────────

// "A simple email shape" (spec §5), as one bare address a mail can go to: the HTML
// e-mail input's rule (WHATWG "valid e-mail address") with a dot in the domain. Letters, digits and
// !#$%&'*+/=?^_`{|}~.- before the @; labels of letters, digits and inner hyphens after it. Nothing
// a mail header reads as a list, a display name, a comment or a route (spaces, commas, semicolons,
// quotes, angle brackets, parentheses, colons), and no characters beyond ASCII.
const EMAIL_SHAPE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/

/** Whether `value` is one bare e-mail address by the contract's rule (at most 254 characters). */
export const isEmailAddress = (value: string) => value.length <= 254 && EMAIL_SHAPE.test(value)

/**
 * The normalised address (trimmed, lower case): what the database's email_key holds, and what
 * lookups and the per-recipient mail limits key on, so that case and spaces make no second address.
 */
export const emailKey = (email: string) => email.trim().toLowerCase()

export const emailSchema = v.pipe(
  v.string(),
  v.check(
    whenFilled((value) => isEmailAddress(value)),
    EMAIL_FORMAT_MESSAGE,
  ),
)

/** Digits, spaces, hyphens and parentheses; 7 to 13 digits, whatever the separators. */
export const phoneNumberSchema = v.pipe(
  v.string(),
  v.regex(/^[\d ()-]*$/, PHONE_NUMBER_FORMAT_MESSAGE),
  v.check(
    whenFilled((value) => {
      const digits = countMatches(value, /\d/g)
      return digits >= PHONE_NUMBER_MIN_DIGITS && digits <= PHONE_NUMBER_MAX_DIGITS
    }),
    PHONE_NUMBER_LENGTH_MESSAGE,
  ),
)

/** 'HH:MM' on the 24-hour clock, the value of the time input; payloads turn it into 12-hour form. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/

// A time the input cannot produce counts as no time chosen: the spec has no text for it.
export const bestTimeToReachSchema = v.pipe(
  v.string(),
  v.check(
    whenFilled((value) => TIME_OF_DAY.test(value)),
    FIELD_REQUIRED_MESSAGE,
  ),
)

// Values outside the options count as nothing chosen, for the same reason.
export const weekdaysSchema = v.array(v.picklist(WEEKDAYS, FIELD_REQUIRED_MESSAGE))
export const businessDomainSchema = v.array(v.picklist(LINES_OF_BUSINESS, FIELD_REQUIRED_MESSAGE))
export const engBuildSchema = v.picklist(['', ...ENG_BUILD_OPTIONS], FIELD_REQUIRED_MESSAGE)

export const addressSchema = v.pipe(v.string(), v.maxLength(ADDRESS_MAX_LENGTH, ADDRESS_LENGTH_MESSAGE))

export const descriptionSchema = v.pipe(
  v.string(),
  v.maxLength(DESCRIPTION_MAX_LENGTH, DESCRIPTION_LENGTH_MESSAGE),
)

// ── Names ───────────────────────────────────────────────────────────────────────────────────────

// "Letters" are letters of any script (with their combining marks), so that names such as
// 'José' or 'Zoë' pass; digits and punctuation do not.
const LETTERS_AND_SPACES = /^[\p{L}\p{M} ]*$/u
const LETTERS = /^[\p{L}\p{M}]*$/u
const ALPHANUMERIC_AND_SPACES = /^[\p{L}\p{M}0-9 ]*$/u

const atMostNameLength = v.check(
  whenFilled((value) => value.length <= NAME_MAX_LENGTH),
  NAME_LENGTH_MESSAGE,
)

// Spec §5: the 3-character minimum of a person's name counts non-space characters.
const personNameLength = v.check(
  whenFilled((value) => countMatches(value, /\S/g) >= NAME_MIN_LENGTH && value.length <= NAME_MAX_LENGTH),
  NAME_LENGTH_MESSAGE,
)

/** A person's name while typing: letters and spaces, at most 50 (the minimum waits for blur). */
export const personNameOnChangeSchema = v.pipe(
  v.string(),
  v.regex(LETTERS_AND_SPACES, LETTERS_ONLY_MESSAGE),
  atMostNameLength,
)

/** A person's name in full: letters and spaces, 3 non-space characters to 50 characters. */
export const personNameSchema = v.pipe(
  v.string(),
  v.regex(LETTERS_AND_SPACES, LETTERS_ONLY_MESSAGE),
  personNameLength,
)

/** A single word of letters while typing (last name), at most 50. */
export const lettersOnlyNameOnChangeSchema = v.pipe(
  v.string(),
  v.regex(LETTERS, LETTERS_ONLY_MESSAGE),
  atMostNameLength,
)

/** A single word of letters in full (last name): 3 to 50. */
export const lettersOnlyNameSchema = v.pipe(
  v.string(),
  v.regex(LETTERS, LETTERS_ONLY_MESSAGE),
  personNameLength,
)

/**
 * An organization's name: letters, digits and spaces, 3 to 50. The minimum counts the trimmed
 * text, so that a name of spaces alone does not pass while 'A B' does.
 */
export const organizationNameSchema = v.pipe(
  v.string(),
  v.regex(ALPHANUMERIC_AND_SPACES, ALPHANUMERIC_AND_SPACES_MESSAGE),
  v.check(
    whenFilled((value) => value.trim().length >= NAME_MIN_LENGTH && value.length <= NAME_MAX_LENGTH),
    NAME_LENGTH_MESSAGE,
  ),
)

// ── Passwords ───────────────────────────────────────────────────────────────────────────────────

/** Login: any password the user set, as long as it has no spaces. */
export const passwordWithoutSpacesSchema = v.pipe(v.string(), v.regex(/^\S*$/, PASSWORD_SPACES_MESSAGE))

/**
 * A new password: 8 to 20 characters with an upper-case letter, a lower-case letter, a digit and
 * a special character (anything else but a space), no spaces. One message covers every rule.
 */
export const passwordRulesSchema = v.pipe(
  v.string(),
  v.check(
    whenFilled(
      (value) =>
        value.length >= PASSWORD_MIN_LENGTH &&
        value.length <= PASSWORD_MAX_LENGTH &&
        /[A-Z]/.test(value) &&
        /[a-z]/.test(value) &&
        /\d/.test(value) &&
        /[^A-Za-z0-9\s]/.test(value) &&
        !/\s/.test(value),
    ),
    PASSWORD_RULES_MESSAGE,
  ),
)

// ── Device ──────────────────────────────────────────────────────────────────────────────────────

/** Number of devices to certify, as typed: digits only, 0 to 3. */
export const deviceCountSchema = v.pipe(
  v.string(),
  v.regex(/^\d*$/, NUMERIC_ONLY_MESSAGE),
  v.check(
    (value) => !/^\d+$/.test(value) || Number(value) <= MAX_DEVICES_PER_PORTFOLIO,
    DEVICE_COUNT_LIMIT_MESSAGE,
  ),
)

/** One serial number: letters and digits (ASCII, as printed on devices), at most 26. */
export const serialNumberSchema = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9]*$/, SERIAL_NUMBER_CHARACTERS_MESSAGE),
  v.maxLength(SERIAL_NUMBER_MAX_LENGTH, SERIAL_NUMBER_LENGTH_MESSAGE),
)

export const firmwareVersionSchema = v.pipe(v.string(), v.regex(/^[\d.]*$/, FIRMWARE_VERSION_FORMAT_MESSAGE))

/**
 * Year of manufacturing: four digits, 1990 to the current year. The current year is a parameter
 * so that tests and the server can fix it.
 */
export const yearOfManufacturingSchema = (currentYear: number = new Date().getFullYear()) =>
  v.pipe(
    v.string(),
    v.regex(/^(\d{4})?$/, YEAR_FORMAT_MESSAGE),
    v.check(
      (value) =>
        !/^\d{4}$/.test(value) ||
        (Number(value) >= FIRST_YEAR_OF_MANUFACTURING && Number(value) <= currentYear),
      yearRangeMessage(currentYear),
    ),
  )

export const newDeviceNameSchema = v.pipe(
  v.string(),
  v.maxLength(NEW_CATALOGUE_NAME_MAX_LENGTH, NEW_DEVICE_NAME_LENGTH_MESSAGE),
)

export const newDeviceTypeSchema = v.pipe(
  v.string(),
  v.maxLength(NEW_CATALOGUE_NAME_MAX_LENGTH, NEW_DEVICE_TYPE_LENGTH_MESSAGE),
)

export const newProductClassSchema = v.pipe(
  v.string(),
  v.maxLength(NEW_CATALOGUE_NAME_MAX_LENGTH, NEW_PRODUCT_CLASS_LENGTH_MESSAGE),
)
