import type * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  addressSchema,
  bestTimeToReachSchema,
  businessDomainSchema,
  descriptionSchema,
  deviceCountSchema,
  emailSchema,
  engBuildSchema,
  firmwareVersionSchema,
  firstMessage,
  lettersOnlyNameOnChangeSchema,
  lettersOnlyNameSchema,
  newDeviceNameSchema,
  newDeviceTypeSchema,
  newProductClassSchema,
  organizationNameSchema,
  passwordRulesSchema,
  passwordWithoutSpacesSchema,
  personNameOnChangeSchema,
  personNameSchema,
  phoneNumberSchema,
  serialNumberSchema,
  weekdaysSchema,
  yearOfManufacturingSchema,
} from '@/contract/validation/fields'

type Row = [input: unknown, message: string | undefined]

const OK = undefined
const text = (length: number, char = 'a') => char.repeat(length)

/** One table per schema: each input with the first message it gets (OK when it passes). */
function table(name: string, schema: v.GenericSchema, rows: ReadonlyArray<Row>) {
  describe(name, () => {
    it.each(rows)('%j → %s', (input, message) => {
      expect(firstMessage(schema, input)).toBe(message)
    })
  })
}

const EMAIL = 'Must be a valid email format.'
table('emailSchema', emailSchema, [
  ['', OK],
  ['a@b.co', OK],
  ['jane.doe+certs@acme-networks.example', OK],
  ['jane', EMAIL],
  ['jane@acme', EMAIL],
  ['@acme.example', EMAIL],
  ['jane@@acme.example', EMAIL],
  ['jane doe@acme.example', EMAIL],
  // One bare address, nothing a mail header reads as a list or a display name.
  ["o'brien!#$%&*/=?^_`{|}~-@mail.acme.example", OK],
  [`${text(64)}@acme.example`, OK],
  [`${text(65)}@acme.example`, EMAIL],
  [`${text(64)}@${text(63)}.${text(63)}.${text(61)}`, OK], // 254 characters
  [`${text(64)}@${text(63)}.${text(63)}.${text(62)}`, EMAIL], // 255
  ['a@x.example,b@x.example', EMAIL],
  ['a@x.example, b@x.example', EMAIL],
  ['a@x.example;b@x.example', EMAIL],
  ['a@b.example,d', EMAIL],
  ['"Your account is locked, call +1 555 0100" <e@x.example>', EMAIL],
  ['"Locked"<e@x.example>', EMAIL],
  ['<e@x.example>', EMAIL],
  ['e@x.example (comment)', EMAIL],
  ['@route:e@x.example', EMAIL],
  ['é@x.example', EMAIL],
  ['e@exämple.example', EMAIL],
  ['<script>alert(1)</script>@x.example', EMAIL],
  ['e@-x.example', EMAIL],
  ['e@x-.example', EMAIL],
  ['e@x..example', EMAIL],
  ['e@[127.0.0.1]', EMAIL],
  ['e@x.example\r\nBcc: f@y.example', EMAIL],
])

const PHONE_FORMAT = 'Invalid phone number format. Use digits, spaces, hyphens, or parentheses.'
const PHONE_LENGTH = 'Invalid phone number: expected length between 7 and 13 digits'
table('phoneNumberSchema', phoneNumberSchema, [
  ['', OK],
  [text(6, '1'), PHONE_LENGTH],
  [text(7, '1'), OK],
  [text(13, '1'), OK],
  [text(14, '1'), PHONE_LENGTH],
  // Only digits count: separators do not make a short number long enough.
  ['(12) 34-5', PHONE_LENGTH],
  ['1 2 3 4 5 6 7', OK],
  ['(555) 123-4567', OK],
  ['(555) 123-4567 890 12', PHONE_LENGTH],
  ['555-CALL-NOW', PHONE_FORMAT],
  ['+1 5551234567', PHONE_FORMAT],
  ['555.123.4567', PHONE_FORMAT],
  ['abc', PHONE_FORMAT],
])

const NAME_LENGTH = 'Length must be between 3 and 50 characters.'
const LETTERS = 'Only letters are allowed.'
table('personNameSchema (a name in full)', personNameSchema, [
  ['', OK],
  [text(2), NAME_LENGTH],
  [text(3), OK],
  [text(50), OK],
  [text(51), NAME_LENGTH],
  ['   ', NAME_LENGTH],
  ['a b', NAME_LENGTH],
  ['Jo Ann', OK],
  ['José', OK],
  ['Jane2', LETTERS],
  ['Jane-Doe', LETTERS],
])

table('personNameOnChangeSchema (while typing)', personNameOnChangeSchema, [
  ['', OK],
  [text(2), OK],
  [text(3), OK],
  [text(50), OK],
  [text(51), NAME_LENGTH],
  ['   ', OK],
  ['J0', LETTERS],
])

table('lettersOnlyNameSchema (last name in full)', lettersOnlyNameSchema, [
  ['', OK],
  [text(2), NAME_LENGTH],
  [text(3), OK],
  [text(50), OK],
  [text(51), NAME_LENGTH],
  ['   ', LETTERS],
  ['Van Dyke', LETTERS],
  ['Doe1', LETTERS],
])

table('lettersOnlyNameOnChangeSchema (last name while typing)', lettersOnlyNameOnChangeSchema, [
  [text(2), OK],
  [text(51), NAME_LENGTH],
  ['Van Dyke', LETTERS],
])

const ALPHANUMERIC = 'Only alphanumeric characters and spaces are allowed.'
table('organizationNameSchema', organizationNameSchema, [
  ['', OK],
  [text(2), NAME_LENGTH],
  [text(3), OK],
  [text(50), OK],
  [text(51), NAME_LENGTH],
  ['   ', NAME_LENGTH],
  ['A B', OK],
  ['Acme Networks 42', OK],
  ['Acme-Networks', ALPHANUMERIC],
  ['Acme & Sons', ALPHANUMERIC],
])

table('passwordWithoutSpacesSchema (login)', passwordWithoutSpacesSchema, [
  ['', OK],
  ['anything1', OK],
  ['two words', 'Spaces are not allowed in the password'],
  [' ', 'Spaces are not allowed in the password'],
  ['tab\there', 'Spaces are not allowed in the password'],
])

const PASSWORD_RULES =
  'Password must be 8–20 chars, include one upper, one lower, one number, one special, no spaces.'
table('passwordRulesSchema', passwordRulesSchema, [
  ['', OK],
  ['Abcde1!', PASSWORD_RULES],
  ['Abcdef1!', OK],
  [`Abc1!${text(15)}`, OK],
  [`Abc1!${text(16)}`, PASSWORD_RULES],
  ['abcdef1!', PASSWORD_RULES],
  ['ABCDEF1!', PASSWORD_RULES],
  ['Abcdefg!', PASSWORD_RULES],
  ['Abcdefg1', PASSWORD_RULES],
  ['Abcd ef1!', PASSWORD_RULES],
  ['Ab1_cdef', OK],
])

const NUMERIC = 'Only numeric values are allowed'
const DEVICE_LIMIT =
  'You may add up to 3 devices here. For more than three, please send the serial numbers via email'
table('deviceCountSchema', deviceCountSchema, [
  ['', OK],
  ['-1', NUMERIC],
  ['0', OK],
  ['3', OK],
  ['4', DEVICE_LIMIT],
  ['10', DEVICE_LIMIT],
  ['a', NUMERIC],
  ['1.5', NUMERIC],
  [' 2', NUMERIC],
])

table('serialNumberSchema', serialNumberSchema, [
  ['', OK],
  [text(26, 'A'), OK],
  [text(27, 'A'), 'Length must be at most 26 characters'],
  ['SN0042abc', OK],
  ['SN-0042', 'Only letters and numbers are allowed'],
  ['SN 0042', 'Only letters and numbers are allowed'],
  ['SN#1', 'Only letters and numbers are allowed'],
  ['SNé1', 'Only letters and numbers are allowed'],
])

const FIRMWARE = 'Please enter only numbers and periods (e.g., 1.0.0)'
table('firmwareVersionSchema', firmwareVersionSchema, [
  ['', OK],
  ['1.0.0', OK],
  ['12', OK],
  ['1.0a', FIRMWARE],
  ['v1.0', FIRMWARE],
  ['1,0', FIRMWARE],
])

const YEAR_FORMAT = 'Only 4 digit numeric values are allowed'
table('yearOfManufacturingSchema(2026)', yearOfManufacturingSchema(2026), [
  ['', OK],
  ['1989', 'Year must be between 1990 and 2026'],
  ['1990', OK],
  ['2026', OK],
  ['2027', 'Year must be between 1990 and 2026'],
  ['99', YEAR_FORMAT],
  ['19900', YEAR_FORMAT],
  ['20a4', YEAR_FORMAT],
  ['-199', YEAR_FORMAT],
])

describe('yearOfManufacturingSchema()', () => {
  it('defaults to the current year', () => {
    const year = new Date().getFullYear()
    expect(firstMessage(yearOfManufacturingSchema(), String(year))).toBe(OK)
    expect(firstMessage(yearOfManufacturingSchema(), String(year + 1))).toBe(
      `Year must be between 1990 and ${year}`,
    )
  })
})

table('newDeviceNameSchema', newDeviceNameSchema, [
  ['', OK],
  [text(15), OK],
  [text(16), 'Device Name must be at most 15 characters long.'],
])
table('newDeviceTypeSchema', newDeviceTypeSchema, [
  [text(15), OK],
  [text(16), 'Device Type must be at most 15 characters long.'],
])
table('newProductClassSchema', newProductClassSchema, [
  [text(15), OK],
  [text(16), 'Product Class must be at most 15 characters long.'],
])

table('addressSchema', addressSchema, [
  ['', OK],
  [text(200), OK],
  [text(201), 'Length must be at most 200 characters'],
])
table('descriptionSchema', descriptionSchema, [
  ['', OK],
  [text(300), OK],
  [text(301), 'Length must be at most 300 characters'],
])

const REQUIRED = 'This field is required'
table('bestTimeToReachSchema', bestTimeToReachSchema, [
  ['', OK],
  ['00:00', OK],
  ['09:30', OK],
  ['23:59', OK],
  ['24:00', REQUIRED],
  ['9:30', REQUIRED],
  ['09:60', REQUIRED],
  ['09:30 AM', REQUIRED],
])

table('weekdaysSchema', weekdaysSchema, [
  [[], OK],
  [['Sunday', 'Saturday'], OK],
  [['Funday'], REQUIRED],
  [['sunday'], REQUIRED],
])

table('businessDomainSchema', businessDomainSchema, [
  [[], OK],
  [['Wireline', 'Wireless'], OK],
  [['Fibre'], REQUIRED],
])

table('engBuildSchema', engBuildSchema, [
  ['', OK],
  ['Yes', OK],
  ['No', OK],
  ['yes', REQUIRED],
])
