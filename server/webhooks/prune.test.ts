import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WEBHOOK_DELIVERY_RETENTION_DAYS } from '@/contract/webhooks'
import type { PortalDatabase } from '../platform/db/database.ts'
import {
  openSecondProcessDatabase,
  openTestDatabase,
  testsUsePostgres,
  type TestDatabase,
} from '../platform/db/test-database.ts'
import { createJobRunner } from '../platform/jobs/runner.ts'
import { webhookJobs } from './reader.ts'

/*
 * docs/decisions/0043: a finished delivery is kept 30 days with its attempts, then the job runners'
 * pruning deletes it; one still to be sent stays. Two runners with their own database handles (two
 * connection pools on one schema under `npm run test:pg`, as two portal processes) prune at once
 * without a failure, and each old delivery goes once.
 */

const DAY = 24 * 60 * 60 * 1000
const NOW = new Date('2026-11-20T09:00:00.000Z')
let first: TestDatabase
let second: TestDatabase

beforeAll(async () => {
  first = await openTestDatabase({ seeds: { addresses: false, demoAccount: false } })
  second = testsUsePostgres()
    ? await openSecondProcessDatabase(first, { addresses: false, demoAccount: false })
    : first
  const { db } = first
  await db.insertInto('organizations').values({ id: 'org-prune', name: 'Prune Networks' }).execute()
  await db
    .insertInto('webhook_endpoints')
    .values({
      id: 'whe_prune',
      organization_id: 'org-prune',
      url: 'https://ci.example.com/hook',
      events: ['run.finished'],
      secret_encrypted: 'sealed',
      secret_hint: 'whsec_…abcd',
      disabled_reason: null,
      disabled_at: null,
      failing_since: null,
      created_by: null,
    })
    .execute()
  const delivery = (id: string, ageDays: number, status: 'succeeded' | 'failed' | 'pending') => ({
    id,
    endpoint_id: 'whe_prune',
    event_id: `evt_${id}`,
    type: 'run.finished',
    body: '{}',
    status,
    created_at: new Date(NOW.getTime() - ageDays * DAY),
  })
  await db
    .insertInto('webhook_deliveries')
    .values([
      delivery('old-ok', WEBHOOK_DELIVERY_RETENTION_DAYS + 1, 'succeeded'),
      delivery('old-failed', WEBHOOK_DELIVERY_RETENTION_DAYS + 5, 'failed'),
      delivery('old-waiting', WEBHOOK_DELIVERY_RETENTION_DAYS + 5, 'pending'),
      delivery('recent', WEBHOOK_DELIVERY_RETENTION_DAYS - 1, 'succeeded'),
    ])
    .execute()
  await db
    .insertInto('webhook_attempts')
    .values(
      ['old-ok', 'recent'].map((id) => ({
        delivery_id: id,
        attempt: 1,
        started_at: NOW,
        duration_ms: 12,
        response_code: 200,
        error: null,
        process_id: 'test',
        recorded: true,
        request_headers: '{}',
        request_body: '{}',
        response_body: 'ok',
      })),
    )
    .execute()
}, 60_000)

afterAll(async () => {
  if (second && second !== first) await second.close()
  await first?.close()
})

describe('the webhooks’ pruning', () => {
  it('deletes the deliveries finished more than 30 days ago with their attempts, in two runners at once', async () => {
    const runnerOn = (db: PortalDatabase['db']) =>
      createJobRunner({ db, handlers: {}, prunes: webhookJobs(null).prunes, clock: () => NOW })
    await Promise.all([runnerOn(first.db).runOnce(), runnerOn(second.db).runOnce()])
    const left = await first.db.selectFrom('webhook_deliveries').select('id').orderBy('id').execute()
    expect(left.map((row) => row.id)).toEqual(['old-waiting', 'recent'])
    const attempts = await first.db.selectFrom('webhook_attempts').select('delivery_id').execute()
    expect(attempts.map((row) => row.delivery_id)).toEqual(['recent'])
  })
})
