import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  confirmPasswordSchema,
  createPasswordFormSchema,
  emptyCreatePasswordFormValues,
  emptyForgotPasswordFormValues,
  emptyResetPasswordFormValues,
  forgotPasswordFormSchema,
  newPasswordSchema,
  otpSchema,
  resetPasswordFormSchema,
} from '@/contract/validation/password'

/** The first message per field of a form schema; '' for the form itself. */
function fieldMessages(schema: v.GenericSchema, values: unknown): Record<string, string> {
  const messages: Record<string, string> = {}
  for (const issue of v.safeParse(schema, values).issues ?? []) {
    messages[v.getDotPath(issue) ?? ''] ??= issue.message
  }
  return messages
}

const first = (schema: v.GenericSchema, value: unknown) => v.safeParse(schema, value).issues?.[0].message

const RULES = 'Password must be 8–20 chars, include one upper, one lower, one number, one special, no spaces.'
const MISMATCH = 'Passwords do not match.'

describe('createPasswordFormSchema (Create Password dialog)', () => {
  it.each([
    [{ otp: '123456', password: 'Secret1!', confirmPassword: 'Secret1!' }, {}],
    [
      emptyCreatePasswordFormValues,
      {
        otp: '6-Digit code is required.',
        password: 'Password is required.',
        confirmPassword: 'Confirm password is required.',
      },
    ],
    [{ otp: '123456', password: 'Secret1!', confirmPassword: 'Secret1?' }, { confirmPassword: MISMATCH }],
    // The mismatch shows together with the password's own message.
    [
      { otp: '123456', password: 'secret', confirmPassword: 'secret1' },
      { password: RULES, confirmPassword: MISMATCH },
    ],
    [{ otp: '', password: 'Secret1!', confirmPassword: 'Secret1!' }, { otp: '6-Digit code is required.' }],
    // The code is free text (spec §5): its shape is the server's to judge.
    [{ otp: 'abc', password: 'Secret1!', confirmPassword: 'Secret1!' }, {}],
  ])('%j → %j', (values, messages) => {
    expect(fieldMessages(createPasswordFormSchema, values)).toEqual(messages)
  })
})

describe('field schemas of the dialog', () => {
  it.each([
    ['', 'Password is required.'],
    ['Abcde1!', RULES],
    ['Abcdef1!', undefined],
    ['Abcdefghijklmnopq1!x', undefined],
    ['Abcdefghijklmnopq1!xy', RULES],
    ['abcdef1!', RULES],
    ['ABCDEF1!', RULES],
    ['Abcdefg!', RULES],
    ['Abcdefg1', RULES],
    ['Abc def1!', RULES],
  ])('newPasswordSchema %j → %s', (value, message) => {
    expect(first(newPasswordSchema, value)).toBe(message)
  })

  it.each([
    ['', 'Confirm password is required.'],
    ['Secret1!', undefined],
    ['secret1!', MISMATCH],
  ])('confirmPasswordSchema("Secret1!") %j → %s', (value, message) => {
    expect(first(confirmPasswordSchema('Secret1!'), value)).toBe(message)
  })

  it.each([
    ['', '6-Digit code is required.'],
    ['123456', undefined],
  ])('otpSchema %j → %s', (value, message) => {
    expect(first(otpSchema, value)).toBe(message)
  })
})

describe('resetPasswordFormSchema (the /check-mail page)', () => {
  it.each([
    [
      emptyResetPasswordFormValues,
      {
        otp: '6-Digit code is required.',
        password: 'Password is required.',
        confirmPassword: 'Confirm password is required.',
      },
    ],
    // Only filled-ness is asked: a weak or unmatched password is the server's to refuse.
    [{ otp: '1', password: 'a', confirmPassword: 'b' }, {}],
  ])('%j → %j', (values, messages) => {
    expect(fieldMessages(resetPasswordFormSchema, values)).toEqual(messages)
  })
})

describe('forgotPasswordFormSchema', () => {
  it.each([
    [emptyForgotPasswordFormValues, { email: 'Email is required.' }],
    [{ email: 'jane@acme' }, { email: 'Must be a valid email format.' }],
    [{ email: 'jane@acme.example' }, {}],
  ])('%j → %j', (values, messages) => {
    expect(fieldMessages(forgotPasswordFormSchema, values)).toEqual(messages)
  })
})
