import { describe, expect, it } from 'vitest'
import { openTestDatabase } from './db/test-database.ts'
import { verifyPassword } from './passwords.ts'
import { lockDemoAccount, seedDemoAccount } from '../accounts/demo-account.ts'
import { developmentConveniences, isLoopbackHost, switchFromEnv } from './development.ts'

/*
 * The demo vendor and the development mailbox: on for a server on loopback, off beyond it, and
 * DEMO_ACCOUNT / DEV_MAILBOX decide when set (server/platform/development.ts, docs/decisions/0017).
 */

describe('which addresses are loopback', () => {
  it.each(['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', 'LOCALHOST', 'portal.localhost'])(
    '%s is',
    (host) => expect(isLoopbackHost(host)).toBe(true),
  )
  it.each([
    '0.0.0.0',
    '::',
    '192.168.1.10',
    '10.0.0.1',
    'portal.example.com',
    '128.0.0.1',
    'localhost.evil.example',
  ])('%s is not', (host) => expect(isLoopbackHost(host)).toBe(false))
})

describe('DEMO_ACCOUNT and DEV_MAILBOX', () => {
  it('read 1/0 and their spellings; unset or empty is "not said"; anything else is refused', () => {
    for (const value of ['1', 'true', 'YES', ' on ']) expect(switchFromEnv('X', value)).toBe(true)
    for (const value of ['0', 'false', 'No', 'off']) expect(switchFromEnv('X', value)).toBe(false)
    expect(switchFromEnv('X', undefined)).toBeUndefined()
    expect(switchFromEnv('X', '')).toBeUndefined()
    expect(() => switchFromEnv('DEV_MAILBOX', 'maybe')).toThrow(/DEV_MAILBOX must be 1 \(on\) or 0 \(off\)/)
  })
})

describe('what is on, for each host and setting', () => {
  const SMTP = 'smtp://mail.example.com:587'
  type Row = [host: string, env: NodeJS.ProcessEnv, demo: boolean, mailbox: boolean, warnings: RegExp[]]
  const nowhere = /Mail has nowhere to go/
  const rows: Row[] = [
    // Loopback: both on unless turned off.
    ['127.0.0.1', {}, true, true, []],
    ['localhost', {}, true, true, []],
    ['::1', {}, true, true, []],
    ['127.0.0.1', { DEMO_ACCOUNT: '0' }, false, true, []],
    ['127.0.0.1', { DEV_MAILBOX: '0' }, true, false, [nowhere]],
    ['127.0.0.1', { SMTP_URL: SMTP }, true, false, []],
    ['127.0.0.1', { SMTP_URL: SMTP, DEV_MAILBOX: '1' }, true, false, [/DEV_MAILBOX=1 has no effect/]],
    // Beyond loopback: both off unless turned on, with a warning when they are.
    ['0.0.0.0', {}, false, false, [nowhere]],
    ['::', {}, false, false, [nowhere]],
    ['192.168.1.10', { SMTP_URL: SMTP }, false, false, []],
    ['0.0.0.0', { DEMO_ACCOUNT: '1' }, true, false, [/demo vendor is on .* 0\.0\.0\.0/, nowhere]],
    ['0.0.0.0', { DEV_MAILBOX: '1' }, false, true, [/development mailbox is on .* 0\.0\.0\.0/]],
    [
      '0.0.0.0',
      { DEMO_ACCOUNT: '1', DEV_MAILBOX: '1' },
      true,
      true,
      [/demo vendor is on/, /development mailbox is on/],
    ],
    ['0.0.0.0', { DEMO_ACCOUNT: '0', DEV_MAILBOX: '0', SMTP_URL: SMTP }, false, false, []],
  ]
  it.each(rows)('HOST %s with %j: demo %s, mailbox %s', (hostname, env, demo, mailbox, warnings) => {
    const decided = developmentConveniences({ env, hostname })
    expect(decided.demoAccount).toBe(demo)
    expect(decided.devMailbox).toBe(mailbox)
    expect(decided.warnings).toHaveLength(warnings.length)
    warnings.forEach((pattern, index) => expect(decided.warnings[index]).toMatch(pattern))
  })
})

describe('a demo vendor left by an earlier start, when the demo vendor is off', () => {
  it('no longer logs in with the published password; turning it on again sets it back', async () => {
    const demo = { email: 'demo.lock@example.com', password: 'Lock#Demo2025' }
    const database = await openTestDatabase({
      seeds: { catalogue: false, addresses: false, demoAccount: demo, seedDemoAccount },
    })
    try {
      const hash = async () =>
        (
          await database.db
            .selectFrom('vendor_accounts')
            .select('password_hash')
            .where('email_key', '=', demo.email)
            .executeTakeFirstOrThrow()
        ).password_hash
      expect(await verifyPassword(demo.password, await hash())).toBe(true)
      expect(await lockDemoAccount(database.db, demo)).toBe(true)
      expect(await verifyPassword(demo.password, await hash())).toBe(false)
      expect(await lockDemoAccount(database.db, demo)).toBe(false)
      expect(await seedDemoAccount(database.db, demo)).toBe(true)
      expect(await verifyPassword(demo.password, await hash())).toBe(true)
      expect(await lockDemoAccount(database.db, { ...demo, email: 'nobody@example.com' })).toBe(false)
    } finally {
      await database.close()
    }
  }, 30_000)
})
