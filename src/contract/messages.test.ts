import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import * as messages from '@/contract/messages'

/*
 * Each constant against the specification's text, written out here rather than taken from the
 * constant, so that a typo on either side fails.
 */
const SPEC_TEXTS: ReadonlyArray<[name: keyof typeof messages, text: string]> = [
  ['EMAIL_FORMAT_MESSAGE', 'Must be a valid email format.'],
  ['PASSWORD_SPACES_MESSAGE', 'Spaces are not allowed in the password'],
  ['NAME_LENGTH_MESSAGE', 'Length must be between 3 and 50 characters.'],
  ['LETTERS_ONLY_MESSAGE', 'Only letters are allowed.'],
  ['RE_ENTER_EMAIL_MISMATCH_MESSAGE', 'Must exactly match the Email field.'],
  ['ALPHANUMERIC_AND_SPACES_MESSAGE', 'Only alphanumeric characters and spaces are allowed.'],
  ['LOB_REQUIRED_MESSAGE', 'LOB is required.'],
  [
    'PHONE_NUMBER_FORMAT_MESSAGE',
    'Invalid phone number format. Use digits, spaces, hyphens, or parentheses.',
  ],
  ['PHONE_NUMBER_LENGTH_MESSAGE', 'Invalid phone number: expected length between 7 and 13 digits'],
  ['COUNTRY_REQUIRED_MESSAGE', 'Country is required.'],
  ['STATE_REQUIRED_MESSAGE', 'State is required.'],
  ['CITY_REQUIRED_MESSAGE', 'City is required.'],
  ['FIRST_NAME_REQUIRED_MESSAGE', 'First name is required.'],
  ['LAST_NAME_REQUIRED_MESSAGE', 'Last name is required.'],
  ['EMAIL_REQUIRED_MESSAGE', 'Email is required.'],
  ['RE_ENTER_EMAIL_REQUIRED_MESSAGE', 'Re-enter email is required.'],
  ['ORGANIZATION_REQUIRED_MESSAGE', 'Organization is required.'],
  ['PHONE_NUMBER_REQUIRED_MESSAGE', 'Phone number is required.'],
  ['COUNTRY_CODE_REQUIRED_MESSAGE', 'Country code is required.'],
  ['PASSWORD_REQUIRED_MESSAGE', 'Password is required.'],
  ['CONFIRM_PASSWORD_REQUIRED_MESSAGE', 'Confirm password is required.'],
  ['CODE_REQUIRED_MESSAGE', '6-Digit code is required.'],
  [
    'PASSWORD_RULES_MESSAGE',
    'Password must be 8\u201320 chars, include one upper, one lower, one number, one special, no spaces.',
  ],
  ['PASSWORDS_DO_NOT_MATCH_MESSAGE', 'Passwords do not match.'],
  ['FIELD_REQUIRED_MESSAGE', 'This field is required'],
  ['ADDRESS_LENGTH_MESSAGE', 'Length must be at most 200 characters'],
  ['DESCRIPTION_LENGTH_MESSAGE', 'Length must be at most 300 characters'],
  ['NUMERIC_ONLY_MESSAGE', 'Only numeric values are allowed'],
  [
    'DEVICE_COUNT_LIMIT_MESSAGE',
    'You may add up to 3 devices here. For more than three, please send the serial numbers via email',
  ],
  [
    'SERIAL_COUNT_MISMATCH_MESSAGE',
    'The count of device serial number must match the number of devices added',
  ],
  ['SERIAL_NUMBER_MISSING_MESSAGE', 'Please add device serial number for respective device'],
  ['DEVICE_COUNT_MISSING_MESSAGE', 'Please add device number'],
  ['SERIAL_NUMBER_CHARACTERS_MESSAGE', 'Only letters and numbers are allowed'],
  ['SERIAL_NUMBER_LENGTH_MESSAGE', 'Length must be at most 26 characters'],
  ['SERIAL_NUMBER_DUPLICATE_MESSAGE', 'Duplicate serial number'],
  ['FIRMWARE_VERSION_FORMAT_MESSAGE', 'Please enter only numbers and periods (e.g., 1.0.0)'],
  ['YEAR_FORMAT_MESSAGE', 'Only 4 digit numeric values are allowed'],
  ['NEW_DEVICE_NAME_LENGTH_MESSAGE', 'Device Name must be at most 15 characters long.'],
  ['NEW_DEVICE_TYPE_LENGTH_MESSAGE', 'Device Type must be at most 15 characters long.'],
  ['NEW_PRODUCT_CLASS_LENGTH_MESSAGE', 'Product Class must be at most 15 characters long.'],
  ['ENG_BUILD_YES_HINT', 'Please share the Engineering build firmware during submission of device'],
  ['LOGIN_SUCCESS_MESSAGE', 'Login is successful'],
  ['PASSWORD_CREATED_MESSAGE', 'Password created successfully!'],
  ['NO_UPDATES_MESSAGE', 'No updates were made. Please modify the data before saving.'],
  ['PLEASE_SUBMIT_FORM_MESSAGE', 'Please submit the form'],
  ['ORGANIZATION_SECTION_SAVED_MESSAGE', 'Organization portfolio manager details saved successfully'],
  ['LINE_OF_BUSINESS_SECTION_SAVED_MESSAGE', 'Organization line of business details saved successfully'],
  ['DEVICE_SECTION_SAVED_MESSAGE', 'Organization device portfolio details saved successfully'],
  ['CERTIFY_STARTED_MESSAGE', 'Device testcase updated successfully!'],
  ['NO_DATA_MESSAGE', 'No data available'],
]

const stringExports = Object.entries(messages as Record<string, unknown>).filter(
  (entry): entry is [string, string] => typeof entry[1] === 'string',
)

describe('messages', () => {
  it.each(SPEC_TEXTS)('%s is the specified text', (name, text) => {
    expect(messages[name]).toBe(text)
  })

  it('asserts every text constant in the table above', () => {
    expect(stringExports.map(([name]) => name).sort()).toEqual(SPEC_TEXTS.map(([name]) => name).sort())
  })

  it('writes the password range with an en dash', () => {
    expect(messages.PASSWORD_RULES_MESSAGE).toContain('8\u201320')
  })

  it.each([
    [1990, 'Year must be between 1990 and 1990'],
    [2026, 'Year must be between 1990 and 2026'],
  ])('yearRangeMessage(%i)', (year, text) => {
    expect(messages.yearRangeMessage(year)).toBe(text)
  })

  it.each([
    [60, 'Your session is about to expire. You will be logged out in 60 second(s).'],
    [1, 'Your session is about to expire. You will be logged out in 1 second(s).'],
  ])('sessionExpiryMessage(%i)', (seconds, text) => {
    expect(messages.sessionExpiryMessage(seconds)).toBe(text)
  })

  it('engBuildNoHint puts the placeholder text in the parentheses', () => {
    expect(messages.engBuildNoHint('secret')).toBe(
      'Kindly provide the steps to enable SSH port and username/password to login (secret)',
    )
  })

  it('maps each save section to its note', () => {
    expect(messages.SAVE_SECTION_MESSAGES).toEqual({
      0: 'Please submit the form',
      1: 'Organization portfolio manager details saved successfully',
      2: 'Organization line of business details saved successfully',
      3: 'Organization device portfolio details saved successfully',
    })
  })

  it('has no two constants with the same text', () => {
    const texts = stringExports.map(([, text]) => text)
    expect(new Set(texts).size).toBe(texts.length)
  })
})

describe('each text exists once in src/contract', () => {
  const contractDir = fileURLToPath(new URL('.', import.meta.url))
  const sourceFiles = (readdirSync(contractDir, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'messages.ts')
    .map((file) => ({
      file,
      // Comments may quote a message; code may not.
      code: readFileSync(join(contractDir, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|[^:])\/\/.*$/gm, '$1'),
    }))
  const fixedTexts = [
    ...stringExports.map(([, text]) => text),
    'Year must be between 1990 and',
    'You will be logged out in',
    'Kindly provide the steps to enable SSH port',
  ]

  it('reads the contract sources', () => {
    expect(sourceFiles.map(({ file }) => file)).toContain(join('validation', 'fields.ts'))
  })

  it.each(fixedTexts)('%s is written only in messages.ts', (text) => {
    expect(sourceFiles.filter(({ code }) => code.includes(text)).map(({ file }) => file)).toEqual([])
  })
})
