import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PortalDatabase } from '../platform/db/database.ts'
import { createAccountWithOrganization } from '../organizations/memberships.ts'
import {
  openSecondProcessDatabase,
  openTestDatabase,
  testsUsePostgres,
  type TestDatabase,
} from '../platform/db/test-database.ts'
import { createMailer } from '../platform/mailer.ts'
import { writeToDevMailbox } from '../apps/dev-mailbox.ts'
import { enqueuePing, newEndpointId } from './deliveries.ts'
import { newWebhookSecret, sealSecret, secretHint } from './secrets.ts'
import { startTestReceiver, type TestReceiver } from '../test/webhook-receiver.ts'
import { createJobRunner } from '../platform/jobs/runner.ts'
import { webhookDeliveryJobs } from './delivery-job.ts'

/*
 * docs/decisions/0027 point 7: two job runners of webhook deliveries with their own database
 * handles — under `npm run test:pg` two connection pools on one PostgreSQL schema, as two portal
 * processes have — claim the same deliveries at once, and each delivery is sent exactly once (no crash here, so no
 * duplicate is allowed). On PGlite the one connection serialises them; the rule is the same.
 */

const SERVER_SECRET = 'claims-test-server-secret-of-32-characters'
const DELIVERIES = 40
let first: TestDatabase
let second: TestDatabase
let receiver: TestReceiver

beforeAll(async () => {
  first = await openTestDatabase({ seeds: { addresses: false, demoAccount: false } })
  second = testsUsePostgres()
    ? await openSecondProcessDatabase(first, { addresses: false, demoAccount: false })
    : first
  receiver = await startTestReceiver('')
}, 60_000)

afterAll(async () => {
  await receiver?.close()
  if (second && second !== first) await second.close()
  await first?.close()
})

describe('two runners on one table of deliveries', () => {
  it('send every delivery once, each attempt by one of them', async () => {
    const secret = newWebhookSecret()
    receiver.secret = secret
    receiver.delay = () => Math.random() * 20
    const made = await first.db.transaction().execute((trx) =>
      createAccountWithOrganization(trx, {
        email: 'claims@example.com',
        first_name: 'Cleo',
        last_name: 'Claims',
        organization: 'Claims Networks',
        lob: 'Wireline',
        phone_number: '98450 12345',
        country_code: '+91',
        country: 'India',
        state: 'Karnataka',
        city: 'Bengaluru',
        password_hash: 'not-used',
      }),
    )
    if (!made) throw new Error('No account.')
    const endpointId = newEndpointId()
    await first.db
      .insertInto('webhook_endpoints')
      .values({
        id: endpointId,
        organization_id: made.organizationId,
        url: receiver.url,
        events: ['run.finished'],
        secret_encrypted: sealSecret(secret, SERVER_SECRET),
        secret_hint: secretHint(secret),
        disabled_reason: null,
        disabled_at: null,
        failing_since: null,
        created_by: made.accountId,
      })
      .execute()
    for (let index = 0; index < DELIVERIES; index += 1) {
      await first.db.transaction().execute((trx) => enqueuePing(trx, made.organizationId, endpointId))
    }
    const worker = (database: PortalDatabase) =>
      createJobRunner({
        db: database.db,
        handlers: webhookDeliveryJobs({
          db: database.db,
          secret: SERVER_SECRET,
          mailer: createMailer({ mailbox: writeToDevMailbox(database.db), log: () => {} }),
          publicUrl: 'http://127.0.0.1:1',
          development: true,
          log: { info: () => {}, warn: () => {} },
        }),
        batch: 3,
        log: { warn: () => {} },
      })
    const workers = [worker(first), worker(second)]
    const sent = [0, 0]
    await Promise.all(
      workers.map(async (each, index) => {
        for (let round = 0; round < 200; round += 1) {
          const count = await each.runOnce()
          sent[index]! += count
          const left = await first.db
            .selectFrom('webhook_deliveries')
            .select('id')
            .where('status', '!=', 'succeeded')
            .execute()
          if (left.length === 0) break
        }
      }),
    )
    expect(sent[0]! + sent[1]!).toBe(DELIVERIES)
    expect(receiver.ids().size).toBe(DELIVERIES)
    expect(receiver.duplicates()).toBe(0)
    expect(receiver.refused).toEqual([])
    const attempts = await first.db
      .selectFrom('webhook_attempts')
      .select(['delivery_id', 'process_id'])
      .execute()
    expect(attempts).toHaveLength(DELIVERIES)
    expect(new Set(attempts.map((row) => row.delivery_id)).size).toBe(DELIVERIES)
    const rows = await first.db.selectFrom('webhook_deliveries').select(['status', 'attempts']).execute()
    expect(rows.every((row) => row.status === 'succeeded' && row.attempts === 1)).toBe(true)
  }, 60_000)
})
