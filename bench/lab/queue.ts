import { performance } from 'node:perf_hooks'
import { LAB_QUEUE_PAGE_SIZE, type LabQueueQuery } from '../../src/contract/lab.ts'
import { openDatabase } from '../../server/platform/db/database.ts'
import { createAccountWithOrganization } from '../../server/organizations/memberships.ts'
import { labQueue } from '../../server/lab/queue.ts'
import { GENERIC_PLAN_RUN } from '../../server/test/plans.ts'

/*
 * The lab queue's read (GET /api/lab/queue, server/lab/queue.ts) over many records, on
 * the embedded database (PGlite in memory; DATABASE_URL for PostgreSQL). Not part of npm test.
 *
 *   npx tsx bench/lab/queue.ts [--records=10000] [--organizations=50] [--rounds=30]
 *
 * Seeds the records (a fifth with a finished run of 8 cases, a few running), then times the
 * queue's page for the filters a lab engineer uses, and prints p50 / p95 / max per filter.
 */

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((value) => value.startsWith(`--${name}=`))?.split('=')[1] ?? fallback)
const RECORDS = arg('records', 10_000)
const ORGANIZATIONS = arg('organizations', 50)
const ROUNDS = arg('rounds', 30)

const database = await openDatabase(
  process.env.DATABASE_URL
    ? { databaseUrl: process.env.DATABASE_URL, seeds: { addresses: false, demoAccount: false } }
    : { memory: true, seeds: { addresses: false, demoAccount: false } },
)
const { db } = database
const started = performance.now()
const organizations: string[] = []
for (let index = 0; index < ORGANIZATIONS; index += 1) {
  const made = await db.transaction().execute((trx) =>
    createAccountWithOrganization(trx, {
      email: `bench${index}@lab-queue.test`,
      first_name: 'Bench',
      last_name: `Vendor ${index}`,
      organization: `Bench Networks ${index}`,
      lob: 'Wireline',
      phone_number: '98450 12345',
      country_code: '+91',
      country: 'India',
      state: 'Karnataka',
      city: 'Bengaluru',
      password_hash: null,
    }),
  )
  if (made) organizations.push(made.organizationId)
}
const TYPES = ['ONT', 'Router', 'Extender', 'Mesh', 'Set-top box']
const BATCH = 500
for (let from = 0; from < RECORDS; from += BATCH) {
  const rows = Array.from({ length: Math.min(BATCH, RECORDS - from) }, (_, offset) => {
    const index = from + offset
    const status = index % 5 === 0 ? 'Completed' : index % 97 === 0 ? 'InProgress' : 'Submitted'
    return {
      organization_id: organizations[index % organizations.length]!,
      vendor: `Vendor ${index % 40}`,
      device_name: `Device ${index}`,
      device_type: TYPES[index % TYPES.length]!,
      product_class: 'Class A',
      base_firmware_version: `${index % 9}.${index % 7}.0`,
      business_domain: 'Wireline',
      device_number_list: [`SN${index}A`, `SN${index}B`],
      created_by: 'Bench Vendor',
      status: status as 'Completed' | 'InProgress' | 'Submitted',
      is_certified: (status === 'Completed' ? 'CERTIFIED-OK' : '') as '' | 'CERTIFIED-OK',
    }
  })
  const inserted = await db
    .insertInto('device_records')
    .values(rows)
    .returning(['portfolio_manager_id', 'status'])
    .execute()
  const withRuns = inserted.filter((row) => row.status !== 'Submitted')
  if (withRuns.length === 0) continue
  const runs = await db
    .insertInto('certification_runs')
    .values(
      withRuns.map((row) => ({
        ...GENERIC_PLAN_RUN,
        portfolio_manager_id: row.portfolio_manager_id,
        status: row.status,
        is_certified: (row.status === 'Completed' ? 'CERTIFIED-OK' : '') as '' | 'CERTIFIED-OK',
        harness: 'simulated-lab',
        failure_reason: null,
        started_by: 'Bench Vendor',
      })),
    )
    .returning(['run_id', 'status'])
    .execute()
  await db
    .insertInto('run_test_cases')
    .values(
      runs.flatMap((run) =>
        Array.from({ length: 8 }, (_, position) => ({
          run_id: run.run_id,
          position,
          name: `Case ${position + 1}`,
          state: (run.status === 'Completed' || position < 3
            ? 'passed'
            : position === 3
              ? 'running'
              : 'pending') as 'passed' | 'running' | 'pending',
        })),
      ),
    )
    .execute()
}
console.log(
  `Seeded ${RECORDS.toLocaleString('en')} records in ${ORGANIZATIONS} organizations (${database.engine}) in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
)

const filters: Array<[string, LabQueueQuery]> = [
  ['first page, no filter', {}],
  ['state running', { state: 'running' }],
  ['state finished, page 20', { state: 'finished', page: 20 }],
  ['one organization', { organizationId: organizations[7]! }],
  ['device type', { deviceType: 'Mesh' }],
  ['search a serial', { search: 'SN4242A' }],
  ['search a vendor, page 3', { search: 'vendor 1', page: 3 }],
]
const percentile = (values: number[], p: number) =>
  values.sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0
console.log(`\n| filter | items | total | p50 ms | p95 ms | max ms |\n| --- | --- | --- | --- | --- | --- |`)
for (const [label, query] of filters) {
  const times: number[] = []
  let answer = await labQueue(db, query)
  for (let round = 0; round < ROUNDS; round += 1) {
    const t0 = performance.now()
    answer = await labQueue(db, query)
    times.push(performance.now() - t0)
  }
  console.log(
    `| ${label} | ${answer.items.length} of ${LAB_QUEUE_PAGE_SIZE} | ${answer.total} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${Math.max(...times).toFixed(1)} |`,
  )
}
await database.close()
