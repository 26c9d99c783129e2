import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { PASSWORDS_DO_NOT_MATCH_MESSAGE } from '@/contract/messages'
import type { Refusal } from '@/contract/refusals'
import { firstMessage } from '@/contract/validation/fields'
import { newPasswordSchema } from '@/contract/validation/password'

/*
 * Password hashes (ARCHITECTURE decision 3): scrypt from node:crypto, no native add-on to build.
 * Stored as `scrypt$N$r$p$salt$hash` with base64 salt and hash, so that the cost can be raised
 * later without making older hashes unreadable.
 */

const COST = 16384
const BLOCK_SIZE = 8
const PARALLELISM = 1
const SALT_BYTES = 16
const KEY_BYTES = 64

/** Hashes stored by someone else (or tampered with) must not make a login burn unbounded memory. */
const MAX_COST = 1 << 20
const MAX_BLOCK_SIZE = 32
const MAX_PARALLELISM = 16
const MAX_MEMORY = 256 * 1024 * 1024

function deriveKey(password: string, salt: Buffer, keyBytes: number, options: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyBytes, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

export function hashPassword(password: string): Promise<string> {
  return hashPasswordAtCost(password, COST)
}

/**
 * A hash at another scrypt cost (a power of two), which verifyPassword reads from the hash. For
 * the tests' own accounts (server/test/portal.ts); whatever the portal stores is at COST.
 */
export async function hashPasswordAtCost(password: string, cost: number): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await deriveKey(password, salt, KEY_BYTES, { N: cost, r: BLOCK_SIZE, p: PARALLELISM })
  return ['scrypt', cost, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$')
}

/** A well-formed hash of no password anyone knows, to spend the same time on unknown accounts. */
const UNKNOWN_ACCOUNT_HASH = `scrypt$${COST}$${BLOCK_SIZE}$${PARALLELISM}$${Buffer.alloc(SALT_BYTES).toString('base64')}$${Buffer.alloc(KEY_BYTES).toString('base64')}`

type ParsedHash = { options: ScryptOptions; salt: Buffer; key: Buffer }

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null
  const [, costText, blockText, parallelText, saltText, keyText] = parts
  const [N, r, p] = [costText, blockText, parallelText].map((part) =>
    part !== undefined && /^[1-9]\d{0,7}$/.test(part) ? Number(part) : NaN,
  )
  if (N === undefined || r === undefined || p === undefined) return null
  const powerOfTwo = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0
  if (!powerOfTwo || N > MAX_COST || !(r <= MAX_BLOCK_SIZE) || !(p <= MAX_PARALLELISM)) return null
  const base64 = /^[A-Za-z0-9+/]+={0,2}$/
  if (!saltText || !keyText || !base64.test(saltText) || !base64.test(keyText)) return null
  const salt = Buffer.from(saltText, 'base64')
  const key = Buffer.from(keyText, 'base64')
  if (salt.length < 8 || key.length < 32 || key.length > 128) return null
  return { options: { N, r, p }, salt, key }
}

/**
 * Whether the password matches the stored hash. A missing (null) or malformed hash answers false
 * after the same work as a real check, so the answer time does not tell whether an account exists
 * or has a password yet.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = stored ? parseHash(stored) : null
  const { options, salt, key } = parsed ?? (parseHash(UNKNOWN_ACCOUNT_HASH) as ParsedHash)
  let candidate: Buffer
  try {
    candidate = await deriveKey(password, salt, key.length, options)
  } catch {
    return false
  }
  return timingSafeEqual(candidate, key) && parsed !== null
}

/**
 * The password rule a new password breaks (spec §5), with the field it concerns, or undefined: a
 * vendor's and a lab staff member's passwords follow the same rules.
 */
export function passwordProblem(password: string, confirmPassword: string): Refusal | undefined {
  const rule = firstMessage(newPasswordSchema, password)
  if (rule !== undefined) return { message: rule, field: 'password' }
  return confirmPassword === password
    ? undefined
    : { message: PASSWORDS_DO_NOT_MATCH_MESSAGE, field: 'confirmPassword' }
}
