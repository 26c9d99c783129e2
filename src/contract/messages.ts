/*
 * Every user-facing text of spec §4, §5 and §8, copied to the letter. Screens, mocks and the
 * server import these constants so that a text exists once; tests assert the literal strings so
 * that a typo here fails them.
 */

// ── Login, registration and forgot password (spec §5) ───────────────────────────────────────────

export const EMAIL_FORMAT_MESSAGE = 'Must be a valid email format.'
export const PASSWORD_SPACES_MESSAGE = 'Spaces are not allowed in the password'
export const NAME_LENGTH_MESSAGE = 'Length must be between 3 and 50 characters.'
export const LETTERS_ONLY_MESSAGE = 'Only letters are allowed.'
export const RE_ENTER_EMAIL_MISMATCH_MESSAGE = 'Must exactly match the Email field.'
export const ALPHANUMERIC_AND_SPACES_MESSAGE = 'Only alphanumeric characters and spaces are allowed.'
export const LOB_REQUIRED_MESSAGE = 'LOB is required.'
export const PHONE_NUMBER_FORMAT_MESSAGE =
  'Invalid phone number format. Use digits, spaces, hyphens, or parentheses.'
export const PHONE_NUMBER_LENGTH_MESSAGE = 'Invalid phone number: expected length between 7 and 13 digits'
export const COUNTRY_REQUIRED_MESSAGE = 'Country is required.'
// The spec gives 'Country is required.' "and similar" for state and city.
export const STATE_REQUIRED_MESSAGE = 'State is required.'
export const CITY_REQUIRED_MESSAGE = 'City is required.'

/*
 * The spec names no text for the other required fields of the registration, login and password
 * forms; they follow 'Country is required.': '<Label> is required.' with the label in sentence
 * case (the code field keeps its label, '6-Digit code').
 */
export const FIRST_NAME_REQUIRED_MESSAGE = 'First name is required.'
export const LAST_NAME_REQUIRED_MESSAGE = 'Last name is required.'
export const EMAIL_REQUIRED_MESSAGE = 'Email is required.'
export const RE_ENTER_EMAIL_REQUIRED_MESSAGE = 'Re-enter email is required.'
export const ORGANIZATION_REQUIRED_MESSAGE = 'Organization is required.'
export const PHONE_NUMBER_REQUIRED_MESSAGE = 'Phone number is required.'
export const COUNTRY_CODE_REQUIRED_MESSAGE = 'Country code is required.'
export const PASSWORD_REQUIRED_MESSAGE = 'Password is required.'
export const CONFIRM_PASSWORD_REQUIRED_MESSAGE = 'Confirm password is required.'
export const CODE_REQUIRED_MESSAGE = '6-Digit code is required.'

// ── New password (spec §5) ──────────────────────────────────────────────────────────────────────

// The range is written with an en dash (U+2013), as in the spec.
export const PASSWORD_RULES_MESSAGE =
  'Password must be 8–20 chars, include one upper, one lower, one number, one special, no spaces.'
export const PASSWORDS_DO_NOT_MATCH_MESSAGE = 'Passwords do not match.'

// ── Portfolio form (spec §5) ────────────────────────────────────────────────────────────────────

export const FIELD_REQUIRED_MESSAGE = 'This field is required'
export const ADDRESS_LENGTH_MESSAGE = 'Length must be at most 200 characters'
// The spec gives only the limit (300); the text follows the address message.
export const DESCRIPTION_LENGTH_MESSAGE = 'Length must be at most 300 characters'
export const NUMERIC_ONLY_MESSAGE = 'Only numeric values are allowed'
export const DEVICE_COUNT_LIMIT_MESSAGE =
  'You may add up to 3 devices here. For more than three, please send the serial numbers via email'
export const SERIAL_COUNT_MISMATCH_MESSAGE =
  'The count of device serial number must match the number of devices added'
export const SERIAL_NUMBER_MISSING_MESSAGE = 'Please add device serial number for respective device'
export const DEVICE_COUNT_MISSING_MESSAGE = 'Please add device number'
export const SERIAL_NUMBER_CHARACTERS_MESSAGE = 'Only letters and numbers are allowed'
export const SERIAL_NUMBER_LENGTH_MESSAGE = 'Length must be at most 26 characters'
export const SERIAL_NUMBER_DUPLICATE_MESSAGE = 'Duplicate serial number'
export const FIRMWARE_VERSION_FORMAT_MESSAGE = 'Please enter only numbers and periods (e.g., 1.0.0)'
export const YEAR_FORMAT_MESSAGE = 'Only 4 digit numeric values are allowed'
/** The upper bound is the current year, so the text is made per check. */
export const yearRangeMessage = (currentYear: number): string =>
  `Year must be between 1990 and ${currentYear}`
export const NEW_DEVICE_NAME_LENGTH_MESSAGE = 'Device Name must be at most 15 characters long.'
export const NEW_DEVICE_TYPE_LENGTH_MESSAGE = 'Device Type must be at most 15 characters long.'
// "A product-class message of the same form" (spec §5).
export const NEW_PRODUCT_CLASS_LENGTH_MESSAGE = 'Product Class must be at most 15 characters long.'

/** Hint under engBuild when Yes is chosen (spec §2). */
export const ENG_BUILD_YES_HINT = 'Please share the Engineering build firmware during submission of device'
/** Hint under engBuild when No is chosen; the screen supplies the text shown for {secret}. */
export const engBuildNoHint = (secret: string): string =>
  `Kindly provide the steps to enable SSH port and username/password to login (${secret})`

// ── Outcomes and notices (spec §4, §8) ──────────────────────────────────────────────────────────

/** Also the `message` of a successful login answer, which the app checks (spec §3). */
export const LOGIN_SUCCESS_MESSAGE = 'Login is successful'
export const PASSWORD_CREATED_MESSAGE = 'Password created successfully!'
export const NO_UPDATES_MESSAGE = 'No updates were made. Please modify the data before saving.'
/** Shown after a save of all sections (save section 0). */
export const PLEASE_SUBMIT_FORM_MESSAGE = 'Please submit the form'
export const ORGANIZATION_SECTION_SAVED_MESSAGE = 'Organization portfolio manager details saved successfully'
export const LINE_OF_BUSINESS_SECTION_SAVED_MESSAGE =
  'Organization line of business details saved successfully'
export const DEVICE_SECTION_SAVED_MESSAGE = 'Organization device portfolio details saved successfully'
export const CERTIFY_STARTED_MESSAGE = 'Device testcase updated successfully!'
export const NO_DATA_MESSAGE = 'No data available'
export const sessionExpiryMessage = (secondsLeft: number): string =>
  `Your session is about to expire. You will be logged out in ${secondsLeft} second(s).`

/** The note after a save, by the save section argument (spec §4: 0 is all sections). */
export const SAVE_SECTION_MESSAGES = {
  0: PLEASE_SUBMIT_FORM_MESSAGE,
  1: ORGANIZATION_SECTION_SAVED_MESSAGE,
  2: LINE_OF_BUSINESS_SECTION_SAVED_MESSAGE,
  3: DEVICE_SECTION_SAVED_MESSAGE,
} as const
