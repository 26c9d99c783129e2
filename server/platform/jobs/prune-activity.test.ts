import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACTIVITY_RETENTION_YEARS } from '@/contract/team'
import { createAccountWithOrganization } from '../../organizations/index.ts'
import {
  openSecondProcessDatabase,
  openTestDatabase,
  testsUsePostgres,
  type TestDatabase,
} from '../db/test-database.ts'
import { activityRetentionStart, pruneOldActivity } from './prune.ts'
import { createJobRunner } from './runner.ts'

/*
 * docs/decisions/0044: an activity line is kept ACTIVITY_RETENTION_YEARS, then deleted by the job
 * runner's hourly prune — by two processes at once (two connection pools on one PostgreSQL schema
 * under test:pg) without an error, a line deleted twice, or a line younger than the mark touched.
 */

let first: TestDatabase
let second: TestDatabase
let organizationId = ''
const NOW = new Date('2030-06-15T12:00:00.000Z')
const DAY = 24 * 60 * 60 * 1000

beforeAll(async () => {
  first = await openTestDatabase({ seeds: { addresses: false, demoAccount: false } })
  second = testsUsePostgres()
    ? await openSecondProcessDatabase(first, { addresses: false, demoAccount: false })
    : first
  const made = await first.db.transaction().execute((trx) =>
    createAccountWithOrganization(trx, {
      email: 'pia.prune@example.com',
      first_name: 'Pia',
      last_name: 'Prune',
      organization: 'Prune Networks',
      lob: 'Wireline',
      phone_number: '98450 12345',
      country_code: '+91',
      country: 'India',
      state: 'Karnataka',
      city: 'Bengaluru',
      password_hash: 'not-used',
    }),
  )
  organizationId = made?.organizationId ?? ''
}, 60_000)

afterAll(async () => {
  if (second && second !== first) await second.close()
  await first?.close()
})

async function seed(count: number, at: Date, subject: string) {
  const rows = Array.from({ length: count }, (_, index) => ({
    organization_id: organizationId,
    at: new Date(at.getTime() - index * 1000),
    actor_name: 'Pia Prune',
    action: 'record.edited' as const,
    subject: `${subject} ${index}`,
  }))
  for (let start = 0; start < rows.length; start += 500)
    await first.db
      .insertInto('activity_log')
      .values(rows.slice(start, start + 500))
      .execute()
}

const subjects = async () =>
  (await first.db.selectFrom('activity_log').select('subject').orderBy('id').execute()).map((row) =>
    row.subject.replace(/ \d+$/, ''),
  )

describe('the activity log’s retention', () => {
  it('starts the kept lines exactly ACTIVITY_RETENTION_YEARS before now', () => {
    expect(activityRetentionStart(NOW).toISOString()).toBe(
      `${2030 - ACTIVITY_RETENTION_YEARS}-06-15T12:00:00.000Z`,
    )
  })

  it('is pruned by two processes at once, a batch a round, keeping every younger line', async () => {
    const mark = activityRetentionStart(NOW)
    await seed(2500, new Date(mark.getTime() - DAY), 'old')
    await seed(3, new Date(mark.getTime() + DAY), 'kept')
    let deleted = 0
    for (;;) {
      const round = await Promise.all([pruneOldActivity(first.db, mark), pruneOldActivity(second.db, mark)])
      deleted += round[0] + round[1]
      if (round[0] + round[1] === 0) break
    }
    expect(deleted).toBe(2500)
    expect(await subjects()).toEqual(['kept', 'kept', 'kept'])
  })

  it('is done by the job runner’s hourly prune', async () => {
    await seed(2, new Date(activityRetentionStart(NOW).getTime() - DAY), 'old')
    const runner = createJobRunner({ db: first.db, handlers: {}, clock: () => NOW, log: { warn: () => {} } })
    await runner.runOnce()
    expect(await subjects()).toEqual(['kept', 'kept', 'kept'])
  })
})
