import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from './passwords.ts'
import { testsUsePostgres } from './db/test-database.ts'

// Opens no database: once, in the PGlite run.
describe.skipIf(testsUsePostgres())('password hashes', () => {
  it('stores scrypt with its parameters, a 16-byte salt and a 64-byte key', async () => {
    const hash = await hashPassword('Str0ng!Pass')
    const [scheme, cost, blockSize, parallelism, salt, key] = hash.split('$')
    expect([scheme, cost, blockSize, parallelism]).toEqual(['scrypt', '16384', '8', '1'])
    expect(Buffer.from(salt ?? '', 'base64')).toHaveLength(16)
    expect(Buffer.from(key ?? '', 'base64')).toHaveLength(64)
    expect(hash).not.toContain('Str0ng!Pass')
  })

  it('salts every hash, and each verifies its own password only', async () => {
    const [first, second] = await Promise.all([hashPassword('Str0ng!Pass'), hashPassword('Str0ng!Pass')])
    expect(first).not.toBe(second)
    expect(await verifyPassword('Str0ng!Pass', first)).toBe(true)
    expect(await verifyPassword('Str0ng!Pass', second)).toBe(true)
    expect(await verifyPassword('str0ng!Pass', first)).toBe(false)
    expect(await verifyPassword('Str0ng!Pass ', first)).toBe(false)
    expect(await verifyPassword('', first)).toBe(false)
  })

  it('refuses a tampered hash', async () => {
    const hash = await hashPassword('Str0ng!Pass')
    const parts = hash.split('$')
    const key = Buffer.from(parts[5] ?? '', 'base64')
    key[0] = (key[0] ?? 0) ^ 1
    const tamperedKey = [...parts.slice(0, 5), key.toString('base64')].join('$')
    const tamperedSalt = [...parts.slice(0, 4), Buffer.alloc(16, 7).toString('base64'), parts[5]].join('$')
    const weakerCost = ['scrypt', '1024', ...parts.slice(2)].join('$')
    for (const tampered of [tamperedKey, tamperedSalt, weakerCost]) {
      expect(await verifyPassword('Str0ng!Pass', tampered)).toBe(false)
    }
  })

  it.each([
    ['no hash yet', null],
    ['an empty hash', ''],
    ['another scheme', 'bcrypt$2b$10$abc'],
    ['a cost that is not a power of two', 'scrypt$1000$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAA'],
    ['an unbounded cost', `scrypt$${2 ** 24}$8$1$AAAAAAAAAAAAAAAAAAAAAA==$${'A'.repeat(88)}`],
    ['a missing part', 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA=='],
  ])('answers false for %s', async (_case, stored) => {
    expect(await verifyPassword('Str0ng!Pass', stored)).toBe(false)
  })
})
