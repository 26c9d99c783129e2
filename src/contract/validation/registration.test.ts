import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  citySchema,
  countryCodeSchema,
  countrySchema,
  emptyRegistrationFormValues,
  firstNameOnBlurSchema,
  firstNameSchema,
  lastNameOnBlurSchema,
  lastNameSchema,
  lobSchema,
  organizationSchema,
  reEnterEmailSchema,
  registrationEmailSchema,
  registrationFormSchema,
  registrationPhoneNumberSchema,
  stateSchema,
  type RegistrationFormValues,
} from '@/contract/validation/registration'

/** The first message per field of a form schema; '' for the form itself. */
function fieldMessages(schema: v.GenericSchema, values: unknown): Record<string, string> {
  const messages: Record<string, string> = {}
  for (const issue of v.safeParse(schema, values).issues ?? []) {
    messages[v.getDotPath(issue) ?? ''] ??= issue.message
  }
  return messages
}

const first = (schema: v.GenericSchema, value: unknown) => v.safeParse(schema, value).issues?.[0].message
const text = (length: number) => 'a'.repeat(length)

const NAME_LENGTH = 'Length must be between 3 and 50 characters.'
const LETTERS = 'Only letters are allowed.'

const valid: RegistrationFormValues = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@acme.example',
  reEnterEmail: 'jane@acme.example',
  organization: 'Acme Networks',
  lob: ['Wireline'],
  phoneNumber: '(555) 123-4567',
  countryCode: '+1',
  country: 'United States',
  state: 'Texas',
  city: 'Austin',
}

describe('registrationFormSchema', () => {
  it('accepts a complete form', () => {
    expect(fieldMessages(registrationFormSchema, valid)).toEqual({})
  })

  it('asks for every field of an empty form', () => {
    expect(fieldMessages(registrationFormSchema, emptyRegistrationFormValues)).toEqual({
      firstName: 'First name is required.',
      lastName: 'Last name is required.',
      email: 'Email is required.',
      reEnterEmail: 'Re-enter email is required.',
      organization: 'Organization is required.',
      lob: 'LOB is required.',
      phoneNumber: 'Phone number is required.',
      countryCode: 'Country code is required.',
      country: 'Country is required.',
      state: 'State is required.',
      city: 'City is required.',
    })
  })

  it.each<[Partial<RegistrationFormValues>, Record<string, string>]>([
    [{ firstName: 'Jo' }, { firstName: NAME_LENGTH }],
    [{ firstName: '   ' }, { firstName: NAME_LENGTH }],
    [{ lastName: 'Van Dyke' }, { lastName: LETTERS }],
    [{ reEnterEmail: 'Jane@acme.example' }, { reEnterEmail: 'Must exactly match the Email field.' }],
    // A mismatch shows even while the email itself is wrong.
    [
      { email: 'jane@acme', reEnterEmail: 'jane@acme.example' },
      { email: 'Must be a valid email format.', reEnterEmail: 'Must exactly match the Email field.' },
    ],
    [
      { organization: 'Acme & Sons' },
      { organization: 'Only alphanumeric characters and spaces are allowed.' },
    ],
    [{ lob: ['Wireline', 'Wireless'] }, {}],
    [
      { phoneNumber: '123456' },
      { phoneNumber: 'Invalid phone number: expected length between 7 and 13 digits' },
    ],
  ])('%j → %j', (change, messages) => {
    expect(fieldMessages(registrationFormSchema, { ...valid, ...change })).toEqual(messages)
  })
})

describe('first name: characters and maximum while typing, minimum on blur', () => {
  it.each([
    ['', 'First name is required.', 'First name is required.'],
    [text(2), undefined, NAME_LENGTH],
    [text(3), undefined, undefined],
    [text(50), undefined, undefined],
    [text(51), NAME_LENGTH, NAME_LENGTH],
    ['   ', undefined, NAME_LENGTH],
    ['a b', undefined, NAME_LENGTH],
    ['Mary Ann', undefined, undefined],
    ['J0hn', LETTERS, LETTERS],
  ])('%j → on change %s, on blur %s', (value, onChange, onBlur) => {
    expect(first(firstNameSchema, value)).toBe(onChange)
    expect(first(firstNameOnBlurSchema, value)).toBe(onBlur)
  })
})

describe('last name: letters only, same length rule', () => {
  it.each([
    ['', 'Last name is required.', 'Last name is required.'],
    [text(2), undefined, NAME_LENGTH],
    [text(3), undefined, undefined],
    [text(50), undefined, undefined],
    [text(51), NAME_LENGTH, NAME_LENGTH],
    ['Van Dyke', LETTERS, LETTERS],
    ["O'Neil", LETTERS, LETTERS],
  ])('%j → on change %s, on blur %s', (value, onChange, onBlur) => {
    expect(first(lastNameSchema, value)).toBe(onChange)
    expect(first(lastNameOnBlurSchema, value)).toBe(onBlur)
  })
})

describe('other registration fields', () => {
  it.each([
    ['', 'Email is required.'],
    ['jane', 'Must be a valid email format.'],
    ['jane@acme.example', undefined],
  ])('registrationEmailSchema %j → %s', (value, message) => {
    expect(first(registrationEmailSchema, value)).toBe(message)
  })

  it.each([
    ['', 'Re-enter email is required.'],
    ['jane@acme.example', undefined],
    ['JANE@acme.example', 'Must exactly match the Email field.'],
    ['jane@acme.example ', 'Must exactly match the Email field.'],
  ])('reEnterEmailSchema("jane@acme.example") %j → %s', (value, message) => {
    expect(first(reEnterEmailSchema('jane@acme.example'), value)).toBe(message)
  })

  it.each([
    ['', 'Organization is required.'],
    [text(2), NAME_LENGTH],
    [text(3), undefined],
    [text(50), undefined],
    [text(51), NAME_LENGTH],
    ['   ', NAME_LENGTH],
    ['Acme 42', undefined],
    ['Acme-42', 'Only alphanumeric characters and spaces are allowed.'],
  ])('organizationSchema %j → %s', (value, message) => {
    expect(first(organizationSchema, value)).toBe(message)
  })

  it.each<[string[], string | undefined]>([
    [[], 'LOB is required.'],
    [['Wireline'], undefined],
    [['Wireless'], undefined],
    [['Wireline', 'Wireless'], undefined],
    [['Fibre'], 'LOB is required.'],
  ])('lobSchema %j → %s', (value, message) => {
    expect(first(lobSchema, value)).toBe(message)
  })

  it.each([
    ['', 'Phone number is required.'],
    ['123456', 'Invalid phone number: expected length between 7 and 13 digits'],
    ['1234567', undefined],
    ['1234567890123', undefined],
    ['12345678901234', 'Invalid phone number: expected length between 7 and 13 digits'],
    ['555-12AB', 'Invalid phone number format. Use digits, spaces, hyphens, or parentheses.'],
  ])('registrationPhoneNumberSchema %j → %s', (value, message) => {
    expect(first(registrationPhoneNumberSchema, value)).toBe(message)
  })

  it.each([
    [countryCodeSchema, 'Country code is required.'],
    [countrySchema, 'Country is required.'],
    [stateSchema, 'State is required.'],
    [citySchema, 'City is required.'],
  ])('%# asks for a choice: %s', (schema, message) => {
    expect(first(schema, '')).toBe(message)
    expect(first(schema, 'chosen')).toBe(undefined)
  })
})
