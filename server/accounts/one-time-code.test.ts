import { describe, expect, it } from 'vitest'
import { checkCode, CODE_MAX_ATTEMPTS, CODE_TTL_MS, generateCode, hashCode } from './one-time-code.ts'

const secret = 'test-secret'
const now = new Date('2026-11-21T10:00:00Z')
const stored = (overrides: Partial<Parameters<typeof checkCode>[0]> = {}) => ({
  codeHash: hashCode('123456', secret),
  expiresAt: new Date(now.getTime() + CODE_TTL_MS),
  attempts: 0,
  usedAt: null,
  ...overrides,
})

describe('one-time codes', () => {
  it('are six digits, leading zeros kept', () => {
    for (let i = 0; i < 200; i += 1) expect(generateCode()).toMatch(/^\d{6}$/)
  })

  it('are stored as a keyed hash, never as the code', () => {
    expect(hashCode('123456', secret)).not.toContain('123456')
    expect(hashCode('123456', secret)).not.toBe(hashCode('123456', 'another-secret'))
  })

  it.each([
    ['the right code', stored(), '123456', 'ok'],
    ['the right code with spaces around', stored(), ' 123456 ', 'ok'],
    ['a wrong code', stored(), '123457', 'wrong'],
    ['a code already used', stored({ usedAt: now }), '123456', 'used'],
    ['a code after 5 wrong tries', stored({ attempts: CODE_MAX_ATTEMPTS }), '123456', 'too-many-attempts'],
    ['a code with 4 wrong tries', stored({ attempts: CODE_MAX_ATTEMPTS - 1 }), '123456', 'ok'],
    ['a code at its 10th minute', stored({ expiresAt: now }), '123456', 'expired'],
    ['a code a second before expiry', stored({ expiresAt: new Date(now.getTime() + 1000) }), '123456', 'ok'],
  ])('%s → %s', (_case, code, typed, result) => {
    expect(checkCode(code, typed, secret, now)).toBe(result)
  })
})
