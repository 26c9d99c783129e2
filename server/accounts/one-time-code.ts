import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'

/*
 * The 6-digit codes of registration and forgot-password (ARCHITECTURE.md decision 3): single use,
 * stored only as a keyed hash, valid 10 minutes, at most 5 wrong tries. A keyed hash (HMAC with
 * the server's secret) because a million codes are quickly tried against a plain hash.
 */

export const CODE_LENGTH = 6
export const CODE_TTL_MS = 10 * 60 * 1000
export const CODE_MAX_ATTEMPTS = 5

export function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0')
}

export function hashCode(code: string, secret: string): string {
  return createHmac('sha256', secret).update(code.trim()).digest('hex')
}

export type StoredCode = {
  codeHash: string
  expiresAt: Date
  attempts: number
  usedAt: Date | null
}

export type CodeCheck = 'ok' | 'wrong' | 'expired' | 'used' | 'too-many-attempts'

/**
 * What a typed code is worth. Order matters: a used or exhausted code stays refused even when the
 * right code is typed, and an expired one too. The caller counts a 'wrong' answer as an attempt.
 */
export function checkCode(stored: StoredCode, typed: string, secret: string, now = new Date()): CodeCheck {
  if (stored.usedAt) return 'used'
  if (stored.attempts >= CODE_MAX_ATTEMPTS) return 'too-many-attempts'
  if (now.getTime() >= stored.expiresAt.getTime()) return 'expired'
  const expected = Buffer.from(stored.codeHash, 'hex')
  const actual = Buffer.from(hashCode(typed, secret), 'hex')
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? 'ok' : 'wrong'
}
