import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { simulatedLab } from '../certification/harness.ts'
import { openDatabase } from '../platform/db/database.ts'
import { createAccountWithOrganization } from '../organizations/memberships.ts'
import { hashPassword } from '../platform/passwords.ts'
import { createMailer } from '../platform/mailer.ts'
import { writeToDevMailbox } from '../apps/dev-mailbox.ts'
import { startPortal } from '../apps/portal.ts'

/*
 * The portal process of the webhooks' kill -9 trials (crash-trials.ts). The real portal
 * (startPortal, both services, the job runner that sends the deliveries) over PGlite in
 * CRASH_DATA_DIR, with development conveniences (loopback receivers), a short job lease
 * (CRASH_LEASE_MS, so that an attempt cut by the kill is taken up again within seconds rather than
 * a minute) and a fast simulated lab. The first start makes the vendor CRASH_EMAIL. It prints one
 * JSON line, {"mainUrl","certUrl"}, once it listens, and runs until it is killed.
 */

const dataDir = process.env.CRASH_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'webhook-crash-'))
const email = process.env.CRASH_EMAIL ?? 'crash.vendor@example.com'
const password = process.env.CRASH_PASSWORD ?? 'Crash#Vendor2025'

mkdirSync(path.join(dataDir, 'no-dist'), { recursive: true })
const database = await openDatabase({ dataDir, seeds: { addresses: false, demoAccount: false } })
const existing = await database.db
  .selectFrom('vendor_accounts')
  .select('id')
  .where('email_key', '=', email.toLowerCase())
  .executeTakeFirst()
if (!existing) {
  await database.db.transaction().execute(async (trx) =>
    createAccountWithOrganization(trx, {
      email,
      first_name: 'Crash',
      last_name: 'Tester',
      organization: 'Crash Networks',
      lob: 'Wireline',
      phone_number: '98450 12345',
      country_code: '+91',
      country: 'India',
      state: 'Karnataka',
      city: 'Bengaluru',
      password_hash: await hashPassword(password),
    }),
  )
}
const portal = await startPortal({
  db: database.db,
  writes: database.writes,
  mailer: createMailer({ mailbox: writeToDevMailbox(database.db), log: () => {} }),
  secret: 'webhook-crash-trials-secret-of-32-characters',
  harness: simulatedLab({ caseMs: Number(process.env.CRASH_CASE_MS ?? 20) }),
  distDir: path.join(dataDir, 'no-dist'),
  storybookDir: path.join(dataDir, 'no-storybook'),
  mainPort: 0,
  certPort: 0,
  jobsLeaseMs: Number(process.env.CRASH_LEASE_MS ?? 2000),
  jobsPollMs: 100,
  webhooks: { development: true, timeoutMs: 3000 },
})
process.stdout.write(`${JSON.stringify({ mainUrl: portal.mainUrl, certUrl: portal.certUrl })}\n`)
