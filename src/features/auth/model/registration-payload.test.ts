import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { registrationPayloadSchema } from '@/contract/auth'
import type { RegistrationFormValues } from '@/contract/validation/registration'
import { toRegistrationPayload } from '@/features/auth/model/registration-payload'

const filled: RegistrationFormValues = {
  firstName: 'Priya',
  lastName: 'Sharma',
  email: 'priya.sharma@example.com',
  reEnterEmail: 'priya.sharma@example.com',
  organization: 'Acme Broadband',
  lob: ['Wireline'],
  phoneNumber: '98450 12345',
  countryCode: '+91',
  country: 'India',
  state: 'Karnataka',
  city: 'Bengaluru',
}

describe('toRegistrationPayload', () => {
  it('renames email and reEnterEmail and keeps every other field (spec §3)', () => {
    expect(toRegistrationPayload(filled)).toEqual({
      firstName: 'Priya',
      lastName: 'Sharma',
      emailId: 'priya.sharma@example.com',
      reEnteredEmailId: 'priya.sharma@example.com',
      organization: 'Acme Broadband',
      lob: 'Wireline',
      phoneNumber: '98450 12345',
      countryCode: '+91',
      country: 'India',
      state: 'Karnataka',
      city: 'Bengaluru',
    })
  })

  it('sends no form name the server does not know', () => {
    const payload = toRegistrationPayload(filled)
    expect(Object.keys(payload)).not.toContain('email')
    expect(Object.keys(payload)).not.toContain('reEnterEmail')
    expect(v.safeParse(v.strictObject(registrationPayloadSchema.entries), payload).success).toBe(true)
  })

  it.each([
    [['Wireline'], 'Wireline'],
    [['Wireless'], 'Wireless'],
    [['Wireline', 'Wireless'], 'Wireline,Wireless'],
    [['Wireless', 'Wireline'], 'Wireline,Wireless'],
  ])('joins the lines of business %j as %j', (lob, joined) => {
    expect(toRegistrationPayload({ ...filled, lob }).lob).toBe(joined)
  })

  it.each([
    ['firstName', '  Priya  ', 'Priya'],
    ['firstName', 'Ravi   Kumar', 'Ravi Kumar'],
    ['firstName', ' Anne Marie ', 'Anne Marie'],
    ['lastName', ' Sharma ', 'Sharma'],
    ['organization', ' Acme   Broadband 5G ', 'Acme Broadband 5G'],
  ] as const)('tidies the spaces of %s: %j becomes %j', (field, typed, sent) => {
    expect(toRegistrationPayload({ ...filled, [field]: typed })[field]).toBe(sent)
  })

  it.each([
    ['email', 'emailId', ' priya.sharma@example.com ', 'priya.sharma@example.com'],
    ['reEnterEmail', 'reEnteredEmailId', 'priya.sharma@example.com ', 'priya.sharma@example.com'],
    ['phoneNumber', 'phoneNumber', ' (080) 4123-4567 ', '(080) 4123-4567'],
  ] as const)('trims the ends of %s into %s but keeps what is inside', (field, key, typed, sent) => {
    expect(toRegistrationPayload({ ...filled, [field]: typed })[key]).toBe(sent)
  })

  it('keeps the letters of any script as typed', () => {
    const payload = toRegistrationPayload({ ...filled, firstName: 'José', lastName: 'Zoë' })
    expect([payload.firstName, payload.lastName]).toEqual(['José', 'Zoë'])
  })
})
