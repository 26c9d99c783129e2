import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { databaseOptionsFromEnv, openDatabase, type OpenDatabaseOptions } from './database.ts'
import {
  DEFAULT_DEMO_EMAIL,
  DEFAULT_DEMO_PASSWORD,
  demoAccountFromEnv,
  seedDemoAccount,
} from '../../accounts/demo-account.ts'
import { dropSchema, testsUsePostgres } from './test-database.ts'

/*
 * What survives a restart: the data folder of PGlite, or (with DATABASE_URL) one PostgreSQL
 * schema opened twice. Address data is left out to keep the file fast; database.test.ts seeds it.
 */

const DEMO = { email: 'restart.tester@example.com', password: 'Test#Demo2025' }
const databaseUrl = process.env.DATABASE_URL
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-db-'))
const schema = `test_${randomBytes(6).toString('hex')}`

const target: OpenDatabaseOptions = databaseUrl ? { databaseUrl, schema } : { dataDir }
const seeds = { addresses: false, demoAccount: DEMO, seedDemoAccount }
/** A new PGlite folder runs every migration on disk: seconds idle, tens of seconds on a busy machine. */
const OPEN_TWICE_MS = 120_000

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true })
  if (databaseUrl) await dropSchema(databaseUrl, schema)
})

describe('a database opened again after close', () => {
  it(
    'keeps its data, and neither migrates nor seeds twice',
    async () => {
      const first = await openDatabase({ ...target, seeds })
      expect(first.engine).toBe(databaseUrl ? 'postgres' : 'pglite')
      expect(first.seeded.ran).toEqual(['catalogue', 'demo-account'])
      await first.db
        .insertInto('mail_outbox')
        .values({ to_address: DEMO.email, subject: 'Your code', text_body: 'Code: 123456' })
        .execute()
      await first.close()
      await first.close()

      const second = await openDatabase({ ...target, seeds })
      try {
        expect(second.seeded.ran).toEqual([])
        expect(second.seeded.demoAccount).toEqual(DEMO)
        const mail = await second.db.selectFrom('mail_outbox').select(['to_address', 'subject']).execute()
        expect(mail).toEqual([{ to_address: DEMO.email, subject: 'Your code' }])
        const accounts = await second.db.selectFrom('vendor_accounts').select('email').execute()
        expect(accounts).toEqual([{ email: DEMO.email }])
        const records = await second.db.selectFrom('device_records').select('status').execute()
        expect(records).toHaveLength(4)
      } finally {
        await second.close()
      }
    },
    OPEN_TWICE_MS,
  )

  it.skipIf(testsUsePostgres())(
    'is not opened by two owners at once',
    async () => {
      const owner = await openDatabase({ dataDir, seeds })
      try {
        await expect(openDatabase({ dataDir, seeds })).rejects.toThrow(/is in use by process/)
      } finally {
        await owner.close()
      }
      // A lock left by a process that is gone does not keep the folder closed.
      writeFileSync(path.join(dataDir, 'pglite.lock'), '2147483646')
      const next = await openDatabase({ dataDir, seeds })
      await next.close()
    },
    OPEN_TWICE_MS,
  )
})

describe('configuration from the environment', () => {
  it('uses PGlite in ./data and the default demo vendor when nothing is set', () => {
    expect(databaseOptionsFromEnv({})).toEqual({ databaseUrl: undefined, dataDir: './data' })
    expect(demoAccountFromEnv({})).toEqual({ email: DEFAULT_DEMO_EMAIL, password: DEFAULT_DEMO_PASSWORD })
  })

  it('takes DATABASE_URL, DATA_DIR, DEMO_EMAIL and DEMO_PASSWORD', () => {
    const env = {
      DATABASE_URL: 'postgres://portal@localhost/portal',
      DATA_DIR: '/var/lib/portal',
      DEMO_EMAIL: 'lab@example.org',
      DEMO_PASSWORD: 'Lab#Pass2025',
    }
    expect(databaseOptionsFromEnv(env)).toEqual({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
    expect(demoAccountFromEnv(env)).toEqual({ email: env.DEMO_EMAIL, password: env.DEMO_PASSWORD })
  })

  it('refuses a demo password the login screen would refuse, without repeating it', () => {
    const attempt = () => demoAccountFromEnv({ DEMO_PASSWORD: 'weak password' })
    expect(attempt).toThrow(/DEMO_PASSWORD must be/)
    expect(attempt).not.toThrow(/weak password/)
    expect(() => demoAccountFromEnv({ DEMO_EMAIL: 'not-an-address' })).toThrow(/DEMO_EMAIL/)
  })
})
