import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { loginPayloadSchema, registrationPayloadSchema, resetPasswordPayloadSchema } from '@/contract/auth'
import { addCommentPayloadSchema } from '@/contract/certification'
import { PHONE_NUMBER_MAX_LENGTH } from '@/contract/common'
import { SPEC_LITERAL_SAVE_PAYLOAD, submittedDevicePayload } from '@/contract/fixtures/payloads'
import { savePayloadSchema, submitPayloadSchema } from '@/contract/portfolio'
import { readInput, RESET_PASSWORD_LABELS, refusalOf } from '@/contract/refusals'

/* Input refusals name the field and the rule (docs/decisions/0015). */

const refusal = (schema: v.GenericSchema, input: unknown, labels = {}) => {
  const parsed = v.safeParse(schema, input)
  if (parsed.success) return parsed.output as unknown
  const read = readInput(schema, input, labels)
  expect(read).toEqual({ refused: refusalOf(parsed.issues, labels) })
  return refusalOf(parsed.issues, labels)
}

const login = { emailId: 'a@example.com', password: 'x' }

describe('refusalOf', () => {
  it('names the field by its label and the rule', () => {
    expect(refusal(loginPayloadSchema, { ...login, emailId: 7 })).toEqual({
      message: 'Email must be text.',
      field: 'emailId',
    })
    expect(refusal(loginPayloadSchema, { password: 'x' })).toEqual({
      message: 'Email is required.',
      field: 'emailId',
    })
    expect(
      refusal(submitPayloadSchema, submittedDevicePayload('v-1', { organizationName: 'x'.repeat(51) })),
    ).toEqual({
      message: 'Organization name must be at most 50 characters.',
      field: 'organizationName',
    })
    expect(
      refusal(submitPayloadSchema, submittedDevicePayload('v-1', { deviceNumberList: ['A', 'B', 'C', 'D'] })),
    ).toEqual({ message: 'Device serial numbers must have at most 3 entries.', field: 'deviceNumberList' })
    expect(
      refusal(
        submitPayloadSchema,
        submittedDevicePayload('v-1', { deviceNumberList: ['A', 'B'.repeat(27)] }),
      ),
    ).toEqual({ message: 'Serial number 2 must be at most 26 characters.', field: 'deviceNumberList' })
    expect(
      refusal(submitPayloadSchema, { ...submittedDevicePayload('v-1'), isEngBuildAvailable: 'Maybe' }),
    ).toEqual({
      message: "Engineering build available must be 'Yes', 'No' or empty.",
      field: 'isEngBuildAvailable',
    })
  })

  it("uses a form's own label where it differs", () => {
    const reset = { otp: '123456', password: 'a\u0000b', confirmPassword: 'x', id: 'c-1' }
    expect(refusal(resetPasswordPayloadSchema, reset, RESET_PASSWORD_LABELS)).toEqual({
      message: 'New password must not contain the NUL character.',
      field: 'password',
    })
  })

  it("names the whole body when it is not an object, and keeps a schema's own words", () => {
    for (const body of [['x'], 'x', null, 7]) {
      expect(readInput(loginPayloadSchema, body)).toEqual({
        refused: { message: 'The request body must be a JSON object.', field: 'body' },
      })
    }
    expect(refusal(addCommentPayloadSchema, { portfolioManagerId: 'pm-1', text: '   ' })).toEqual({
      message: 'Please write a comment.',
      field: 'text',
    })
  })
})

describe('text inputs', () => {
  const CONTROL = 'must not contain control characters or invisible formatting characters.'

  it.each([
    ['NUL', 'a\u0000b@example.com'],
    ['a C0 control', 'a\u0007b@example.com'],
    ['a C1 control', 'a\u0085b@example.com'],
    ['a line feed', 'a\nb@example.com'],
    ['a bidi override', 'a\u202eb@example.com'],
    ['a bidi isolate', 'a\u2066b@example.com'],
    ['a zero-width space', 'a\u200bb@example.com'],
    ['a byte-order mark', '\ufeffa@example.com'],
  ])('refuses %s in a single-line field', (_what, emailId) => {
    expect(refusal(loginPayloadSchema, { ...login, emailId })).toEqual({
      message: `Email ${CONTROL}`,
      field: 'emailId',
    })
  })

  it('refuses NUL in a password but keeps every other character as typed', () => {
    expect(refusal(loginPayloadSchema, { ...login, password: 'a\u0000' })).toEqual({
      message: 'Password must not contain the NUL character.',
      field: 'password',
    })
    const typed = ' Pa\u0301ss\u200bword\t '
    expect(refusal(loginPayloadSchema, { ...login, password: typed })).toEqual({ ...login, password: typed })
  })

  it('admits line breaks and tabs where the form has a textarea, and nothing else invisible', () => {
    const multiline = submittedDevicePayload('v-1', {
      description: 'Line one\r\nLine two\ttabbed',
      address: 'A\nB',
    })
    expect(v.safeParse(submitPayloadSchema, multiline).success).toBe(true)
    expect(refusal(submitPayloadSchema, { ...multiline, address: 'A\u0000B' })).toEqual({
      message: `Address ${CONTROL}`,
      field: 'address',
    })
    expect(refusal(submitPayloadSchema, { ...multiline, description: 'A\u202eB' })).toEqual({
      message: `About the organization ${CONTROL}`,
      field: 'description',
    })
    expect(refusal(submitPayloadSchema, { ...multiline, organizationName: 'Acme\nCorp' })).toEqual({
      message: `Organization name ${CONTROL}`,
      field: 'organizationName',
    })
  })

  it('normalises names (NFC, trimmed) before checking and storing them', () => {
    const parsed = v.parse(
      submitPayloadSchema,
      submittedDevicePayload('v-1', { organizationName: '  Cafe\u0301 Labs ' }),
    )
    expect(parsed.organizationName).toBe('Caf\u00e9 Labs')
    // A byte-order mark at either end is trimmed like white space (JavaScript's trim); inside, refused.
    expect(
      v.parse(submitPayloadSchema, submittedDevicePayload('v-1', { vendor: '\ufeffNokia' })).vendor,
    ).toBe('Nokia')
    expect(refusal(submitPayloadSchema, submittedDevicePayload('v-1', { vendor: 'No\ufeffkia' }))).toEqual({
      message: `Device manufacturer ${CONTROL}`,
      field: 'vendor',
    })
  })

  it('admits every phone number spec §5 allows, formatted', () => {
    const formatted = '(1) 2-3-4-5-6-7-8-9-0-1-2-3'
    expect(formatted.length).toBeGreaterThan(20)
    expect(formatted.replace(/\D/g, '')).toHaveLength(13)
    expect(
      v.safeParse(submitPayloadSchema, submittedDevicePayload('v-1', { phoneNumber: formatted })).success,
    ).toBe(true)
    const spaced = '1 2 3 4 5 6 7 8 9 0 1 2 3'
    expect(spaced.length).toBeLessThanOrEqual(PHONE_NUMBER_MAX_LENGTH)
    const registration = v.safeParse(registrationPayloadSchema, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      emailId: 'ada@example.com',
      reEnteredEmailId: 'ada@example.com',
      organization: 'Acme',
      lob: 'Wireline',
      phoneNumber: spaced,
      countryCode: '+1',
      country: 'United States',
      state: 'Texas',
      city: 'Austin',
    })
    expect(registration.success).toBe(true)
  })
})

describe("spec §3's save payload", () => {
  it('is accepted as written, without saveSection, as a save of every section', () => {
    expect('saveSection' in SPEC_LITERAL_SAVE_PAYLOAD).toBe(false)
    const parsed = v.parse(savePayloadSchema, SPEC_LITERAL_SAVE_PAYLOAD)
    expect(parsed.saveSection).toBe(0)
  })
})
