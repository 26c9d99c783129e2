import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  emptyLoginFormValues,
  loginEmailSchema,
  loginFormSchema,
  loginPasswordSchema,
} from '@/contract/validation/login'

/** The first message per field of a form schema; '' for the form itself. */
function fieldMessages(schema: v.GenericSchema, values: unknown): Record<string, string> {
  const messages: Record<string, string> = {}
  for (const issue of v.safeParse(schema, values).issues ?? []) {
    messages[v.getDotPath(issue) ?? ''] ??= issue.message
  }
  return messages
}

describe('loginFormSchema', () => {
  it.each([
    [{ email: 'jane@acme.example', password: 'Secret1!' }, {}],
    [emptyLoginFormValues, { email: 'Email is required.', password: 'Password is required.' }],
    [
      { email: 'jane', password: 'two words' },
      { email: 'Must be a valid email format.', password: 'Spaces are not allowed in the password' },
    ],
    [{ email: 'jane@acme.example', password: ' ' }, { password: 'Spaces are not allowed in the password' }],
    // Login takes any password without spaces: the new-password rules are not asked again.
    [{ email: 'jane@acme.example', password: 'x' }, {}],
  ])('%j → %j', (values, messages) => {
    expect(fieldMessages(loginFormSchema, values)).toEqual(messages)
  })
})

describe('login field schemas', () => {
  it.each([
    ['', 'Email is required.'],
    ['jane@acme', 'Must be a valid email format.'],
    ['jane@acme.example', undefined],
  ])('loginEmailSchema %j → %s', (value, message) => {
    expect(v.safeParse(loginEmailSchema, value).issues?.[0].message).toBe(message)
  })

  it.each([
    ['', 'Password is required.'],
    ['a b', 'Spaces are not allowed in the password'],
    ['ab', undefined],
  ])('loginPasswordSchema %j → %s', (value, message) => {
    expect(v.safeParse(loginPasswordSchema, value).issues?.[0].message).toBe(message)
  })
})
