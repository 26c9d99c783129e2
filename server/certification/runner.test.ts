import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Insertable } from 'kysely'
import type { DeviceRecordsTable } from '../platform/db/schema.ts'
import { createAccountWithOrganization } from '../organizations/memberships.ts'
import { openTestDatabase, type TestDatabase } from '../platform/db/test-database.ts'
import { simulatedLab, type CertificationHarness } from './harness.ts'
import {
  HARNESS_CHANGED_REASON,
  INTERRUPTED_RUN_REASON,
  createRunExecutor,
  type RunExecutor,
  type RunExecutorOptions,
} from './runner.ts'
import { RESTARTED_CASE_NOTE } from './lifecycle.ts'
import { loadRun } from './run-store.ts'
import { FIRMWARE_UPGRADE_AND_ROLLBACK } from './harness.ts'
import { GENERIC_PLAN_RUN, MESH_WIFI6_V1_CASES } from '../test/plans.ts'

let database: TestDatabase
const executors: RunExecutor[] = []

beforeAll(async () => {
  database = await openTestDatabase({ seeds: { catalogue: false, addresses: false, demoAccount: false } })
}, 60_000)

afterEach(async () => {
  await Promise.all(executors.splice(0).map((executor) => executor.stop()))
  // A test that stops a run mid-way leaves it active; the next test's resumeRuns must not see it.
  await database.db
    .updateTable('certification_runs')
    .set({ status: 'Completed', failure_reason: 'Ended by the test suite.' })
    .where('status', 'in', ['InProgress', 'Maintenance'])
    .execute()
})

afterAll(async () => {
  await database?.close()
})

function executor(options: Partial<RunExecutorOptions> = {}) {
  const created = createRunExecutor({
    db: database.db,
    harness: simulatedLab({ caseMs: 0 }),
    maintenance: () => false,
    maintenancePollMs: 10,
    ...(database.databaseUrl ? { ownerLockUrl: database.databaseUrl } : {}),
    ...options,
  })
  executors.push(created)
  return created
}

let accountNumber = 0
async function addAccount() {
  accountNumber += 1
  // Its organization takes its id (server/organizations/memberships.ts), so the tests name both by it.
  const made = await database.db.transaction().execute((trx) =>
    createAccountWithOrganization(trx, {
      email: `runner${accountNumber}@example.com`,
      first_name: 'Asha',
      last_name: 'Rao',
      organization: 'Rao Devices',
      lob: 'Wireless',
      phone_number: '9876543210',
      country_code: '+91',
      country: 'India',
      state: 'Karnataka',
      city: 'Bengaluru',
      password_hash: null,
    }),
  )
  if (!made) throw new Error('The account exists already.')
  return made
}

async function addRecord(organizationId: string, fields: Partial<Insertable<DeviceRecordsTable>> = {}) {
  const { portfolio_manager_id } = await database.db
    .insertInto('device_records')
    .values({
      organization_id: organizationId,
      vendor: 'Nokia',
      device_name: 'Beacon 6',
      device_type: 'Wi-Fi Mesh Device',
      product_class: 'Wi-Fi 6 Mesh',
      base_firmware_version: '3.2.1',
      business_domain: 'Wireless',
      devices_to_be_certified: '1',
      device_number_list: ['ALCL12345678'],
      year_of_manufacturing: '2024',
      is_eng_build_available: 'Yes',
      created_by: 'Asha Rao',
      ...fields,
    })
    .returning('portfolio_manager_id')
    .executeTakeFirstOrThrow()
  return portfolio_manager_id
}

const record = (id: string) =>
  database.db
    .selectFrom('device_records')
    .select(['status', 'is_certified'])
    .where('portfolio_manager_id', '=', id)
    .executeTakeFirstOrThrow()

const run = (runId: string) =>
  database.db
    .selectFrom('certification_runs')
    .selectAll()
    .where('run_id', '=', runId)
    .executeTakeFirstOrThrow()

const cases = (runId: string) =>
  database.db
    .selectFrom('run_test_cases')
    .selectAll()
    .where('run_id', '=', runId)
    .orderBy('position')
    .execute()

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

/** A member: the account that acts and the organization it acts for. */
type Who = { accountId: string; organizationId: string }

async function startOk(runner: RunExecutor, portfolioManagerId: string, who: Who) {
  const result = await runner.startRun({ portfolioManagerId, ...who })
  if (!result.ok) throw new Error(result.message)
  return result.runId
}

describe('a certification run', () => {
  it('completes with CERTIFIED-OK when every case passes, storing each case and its log', async () => {
    const who = await addAccount()
    const id = await addRecord(who.organizationId)
    const runner = executor()
    const result = await runner.startRun({ portfolioManagerId: id, ...who })
    expect(result).toMatchObject({ ok: true, status: 'InProgress', message: 'Certification run started' })
    if (!result.ok) return
    await runner.settled(result.runId)

    expect(await record(id)).toEqual({ status: 'Completed', is_certified: 'CERTIFIED-OK' })
    const stored = await run(result.runId)
    expect(stored).toMatchObject({
      status: 'Completed',
      is_certified: 'CERTIFIED-OK',
      harness: 'simulated-lab',
    })
    expect(stored.finished_at).toBeInstanceOf(Date)
    const rows = await cases(result.runId)
    // Version 1 of the Wi-Fi Mesh Device plan, as a Wi-Fi 6 Mesh runs it.
    expect(rows.map((row) => row.name)).toEqual(MESH_WIFI6_V1_CASES)
    for (const row of rows) {
      expect(row.state).toBe('passed')
      expect(row.started_at).toBeInstanceOf(Date)
      expect(row.finished_at).toBeInstanceOf(Date)
      expect(row.log.at(-1)).toBe(`PASS ${row.name}`)
    }
  })

  it('completes with Validation failure when a case fails, and goes on with the other cases', async () => {
    const who = await addAccount()
    const id = await addRecord(who.organizationId, { base_firmware_version: '0.9.4' })
    const runner = executor()
    const runId = await startOk(runner, id, who)
    await runner.settled(runId)

    expect(await record(id)).toEqual({ status: 'Completed', is_certified: 'Validation failure' })
    expect(await run(runId)).toMatchObject({
      status: 'Completed',
      is_certified: 'Validation failure',
      failure_reason: null,
    })
    const rows = await cases(runId)
    expect(rows.filter((row) => row.state === 'failed').map((row) => row.name)).toEqual([
      FIRMWARE_UPGRADE_AND_ROLLBACK,
    ])
    expect(rows.filter((row) => row.state === 'passed')).toHaveLength(rows.length - 1)
  })

  it('sets the record InProgress and clears is_certified while it runs; a new run may start after the last one ended', async () => {
    const who = await addAccount()
    const id = await addRecord(who.organizationId, { base_firmware_version: '0.1' })
    const fast = executor()
    await fast.settled(await startOk(fast, id, who))
    expect(await record(id)).toEqual({ status: 'Completed', is_certified: 'Validation failure' })

    const slow = executor({ harness: simulatedLab({ caseMs: 30 }) })
    const runId = await startOk(slow, id, who)
    expect(await record(id)).toEqual({ status: 'InProgress', is_certified: '' })
    await waitFor(async () => (await cases(runId)).some((row) => row.state === 'passed'), 'a passed case')
    const rows = await cases(runId)
    // Progress is visible while the run goes: some cases done, later ones still pending.
    expect(rows.at(-1)?.state).toBe('pending')
    await slow.stop()
  })
})

describe('starting a run', () => {
  it('refuses an unknown record and another vendor’s record', async () => {
    const who = await addAccount()
    const other = await addAccount()
    const id = await addRecord(who.organizationId)
    const runner = executor()
    expect(await runner.startRun({ portfolioManagerId: 'no-such-record', ...who })).toEqual({
      ok: false,
      reason: 'record-not-found',
      message: 'No device record with this id exists.',
    })
    expect(
      await runner.startRun({
        portfolioManagerId: id,
        ...other,
      }),
    ).toMatchObject({
      ok: false,
      reason: 'forbidden',
    })
    expect(await record(id)).toEqual({ status: 'Submitted', is_certified: '' })
  })

  it('refuses a second run while one is active, from this or another executor', async () => {
    const who = await addAccount()
    const id = await addRecord(who.organizationId)
    const runner = executor({ harness: simulatedLab({ caseMs: 50 }) })
    const runId = await startOk(runner, id, who)
    const refused = {
      ok: false,
      reason: 'already-active',
      message: 'A certification run is already in progress for this device.',
    }
    expect(await runner.startRun({ portfolioManagerId: id, ...who })).toEqual(refused)
    expect(await executor().startRun({ portfolioManagerId: id, ...who })).toEqual(refused)
    const runs = await database.db
      .selectFrom('certification_runs')
      .select('run_id')
      .where('portfolio_manager_id', '=', id)
      .execute()
    expect(runs).toEqual([{ run_id: runId }])
  })
})

describe('maintenance', () => {
  it('holds runs in Maintenance, record too, and resumes them when maintenance ends', async () => {
    const who = await addAccount()
    const id = await addRecord(who.organizationId)
    let inMaintenance = true
    const runner = executor({ maintenance: () => inMaintenance })
    const result = await runner.startRun({ portfolioManagerId: id, ...who })
    expect(result).toMatchObject({ ok: true, status: 'Maintenance' })
    if (!result.ok) return
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(await record(id)).toEqual({ status: 'Maintenance', is_certified: '' })
    expect((await run(result.runId)).status).toBe('Maintenance')
    expect((await cases(result.runId)).every((row) => row.state === 'pending')).toBe(true)
    // A second start is refused while the run waits.
    expect(await runner.startRun({ portfolioManagerId: id, ...who })).toMatchObject({
      reason: 'already-active',
    })

    inMaintenance = false
    await runner.settled(result.runId)
    expect(await record(id)).toEqual({ status: 'Completed', is_certified: 'CERTIFIED-OK' })
  })

  it('pauses a running run between cases when maintenance begins', async () => {
    const who = await addAccount()
    const id = await addRecord(who.organizationId)
    let inMaintenance = false
    const runner = executor({ harness: simulatedLab({ caseMs: 20 }), maintenance: () => inMaintenance })
    const runId = await startOk(runner, id, who)
    await waitFor(async () => (await cases(runId)).some((row) => row.state === 'passed'), 'a passed case')
    inMaintenance = true
    await waitFor(async () => (await record(id)).status === 'Maintenance', 'status Maintenance')
    const held = await cases(runId)
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(await cases(runId)).toEqual(held)
    expect(held.some((row) => row.state === 'pending')).toBe(true)
    inMaintenance = false
    await runner.settled(runId)
    expect(await record(id)).toEqual({ status: 'Completed', is_certified: 'CERTIFIED-OK' })
  })
})

describe('a restart during a run', () => {
  async function interruptedRun(harness: CertificationHarness = simulatedLab({ caseMs: 40 })) {
    const who = await addAccount()
    const id = await addRecord(who.organizationId)
    const first = executor({ harness })
    const runId = await startOk(first, id, who)
    await waitFor(async () => {
      const rows = await cases(runId)
      return (
        rows.filter((row) => row.state === 'passed').length >= 2 &&
        rows.some((row) => row.state === 'running')
      )
    }, 'two passed cases and a third running')
    await first.stop()
    // As a stopped process leaves it: still InProgress, one case cut off.
    expect((await run(runId)).status).toBe('InProgress')
    expect((await cases(runId)).some((row) => row.state === 'running')).toBe(true)
    return { id, runId }
  }

  it('resumes the run from the first unfinished case', async () => {
    const { id, runId } = await interruptedRun()
    const before = await cases(runId)
    const cutOff = before.find((row) => row.state === 'running')
    const second = executor()
    expect(await second.resumeRuns()).toEqual({ resumed: [runId], ended: [] })
    await second.settled(runId)
    expect(await record(id)).toEqual({ status: 'Completed', is_certified: 'CERTIFIED-OK' })
    const after = await cases(runId)
    // Cases finished before the restart are kept as they were; the cut-off one ran again.
    for (const row of before.filter((row) => row.state === 'passed')) {
      expect(after[row.position]).toEqual(row)
    }
    expect(after[cutOff?.position ?? -1]?.log[0]).toBe(RESTARTED_CASE_NOTE)
    expect(after.every((row) => row.state === 'passed')).toBe(true)
  })

  it('ends the run in a clear failed state when told to, never leaving it InProgress', async () => {
    const { id, runId } = await interruptedRun()
    const second = executor({ onRestart: 'end' })
    expect(await second.resumeRuns()).toEqual({ resumed: [], ended: [runId] })
    expect(await run(runId)).toMatchObject({
      status: 'Completed',
      is_certified: 'Validation failure',
      failure_reason: INTERRUPTED_RUN_REASON,
    })
    expect(await record(id)).toEqual({ status: 'Completed', is_certified: 'Validation failure' })
    const states = (await cases(runId)).map((row) => row.state)
    expect(states).not.toContain('running')
    expect(states).not.toContain('pending')
    expect(states).toContain('skipped')
  })

  it('ends the run when the harness that started it is no longer configured', async () => {
    const { runId } = await interruptedRun()
    const command: CertificationHarness = {
      name: 'command',
      runCase: async () => ({ passed: true, log: [] }),
    }
    expect(await executor({ harness: command }).resumeRuns()).toEqual({ resumed: [], ended: [runId] })
    expect((await run(runId)).failure_reason).toBe(HARNESS_CHANGED_REASON)
  })

  it('finishes a run whose cases all ended before the restart', async () => {
    const who = await addAccount()
    const id = await addRecord(who.organizationId)
    const { run_id: runId } = await database.db
      .insertInto('certification_runs')
      .values({
        ...GENERIC_PLAN_RUN,
        portfolio_manager_id: id,
        status: 'InProgress',
        harness: 'simulated-lab',
      })
      .returning('run_id')
      .executeTakeFirstOrThrow()
    await database.db
      .insertInto('run_test_cases')
      .values({ run_id: runId, position: 0, name: 'Boot and provisioning', state: 'passed', log: ['PASS'] })
      .execute()
    const runner = executor()
    await runner.resumeRuns()
    await runner.settled(runId)
    expect(await run(runId)).toMatchObject({ status: 'Completed', is_certified: 'CERTIFIED-OK' })
  })
})

describe('several processes (leases and owner locks)', () => {
  /** A run of `first` with a case in the middle, as a crash would find it. */
  async function runningRun(first: RunExecutor) {
    const who = await addAccount()
    const id = await addRecord(who.organizationId)
    const runId = await startOk(first, id, who)
    await waitFor(async () => (await cases(runId)).some((row) => row.state === 'running'), 'a running case')
    const { lease_owner: owner } = await run(runId)
    return { id, runId, owner }
  }

  it('holds an owner lock while it lives, and lets it go when it stops', async () => {
    const runner = executor()
    await runner.resumeRuns()
    expect(runner.holdsOwnerLock()).toBe(true)
    await runner.stop()
    expect(runner.holdsOwnerLock()).toBe(false)
  })

  it('never takes a run whose executor lives, even past its lease', async () => {
    const first = executor({ harness: simulatedLab({ caseMs: 60_000 }) })
    const { runId, owner } = await runningRun(first)
    // Its lease lapsed (an executor that lives but stalls), yet its owner lock still stands.
    const other = executor({ checkMs: 20 })
    expect(await other.resumeRuns()).toEqual({ resumed: [], ended: [] })
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(await run(runId)).toMatchObject({ status: 'InProgress', lease_owner: owner })
    expect((await cases(runId)).filter((row) => row.state === 'running')).toHaveLength(1)
  })

  it('resumes at once, at the next start, a run whose executor died without releasing its lease', async () => {
    const first = executor({ harness: simulatedLab({ caseMs: 60_000 }) })
    const { id, runId, owner } = await runningRun(first)
    // kill -9: nothing released, the lease still live for 30 s.
    await first.abandon()
    const stranded = await run(runId)
    expect(stranded).toMatchObject({ status: 'InProgress', lease_owner: owner })
    expect(stranded.lease_expires_at?.getTime()).toBeGreaterThan(Date.now() + 20_000)

    const restartedAt = Date.now()
    const second = executor()
    expect(await second.resumeRuns()).toEqual({ resumed: [runId], ended: [] })
    const resumedAfterMs = Date.now() - restartedAt
    expect(resumedAfterMs).toBeLessThan(5000)
    await second.settled(runId)
    expect(await record(id)).toEqual({ status: 'Completed', is_certified: 'CERTIFIED-OK' })
    expect((await cases(runId)).every((row) => row.state === 'passed')).toBe(true)
  })

  it('a live executor takes up, within 5 s, the runs of one that died (default check interval)', async () => {
    const survivor = executor()
    await survivor.resumeRuns()
    const first = executor({ harness: simulatedLab({ caseMs: 60_000 }) })
    const { runId, owner } = await runningRun(first)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect((await run(runId)).lease_owner).toBe(owner)

    const diedAt = Date.now()
    await first.abandon()
    await waitFor(
      async () => (await run(runId)).status === 'Completed',
      'the run taken up and completed',
      8000,
    )
    const tookMs = Date.now() - diedAt
    expect(tookMs).toBeLessThanOrEqual(5000)
    expect((await run(runId)).lease_owner).not.toBe(owner)
  }, 15_000)

  it('without owner locks, leaves alone a run with a live lease, and takes it up once that lease lapses', async () => {
    const who = await addAccount()
    const id = await addRecord(who.organizationId)
    // As another process executing this run would leave the row: its lease is live.
    const { run_id: runId } = await database.db
      .insertInto('certification_runs')
      .values({
        ...GENERIC_PLAN_RUN,
        portfolio_manager_id: id,
        status: 'InProgress',
        harness: 'simulated-lab',
        lease_owner: 'another-process',
        lease_expires_at: new Date(Date.now() + 60_000),
      })
      .returning('run_id')
      .executeTakeFirstOrThrow()
    await database.db
      .insertInto('run_test_cases')
      .values({ run_id: runId, position: 0, name: 'Boot and provisioning' })
      .execute()

    const here = executor({ leaseMs: 60, ownerLock: 'none' })
    expect(await here.resumeRuns()).toEqual({ resumed: [], ended: [] })
    expect(here.holdsOwnerLock()).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect((await run(runId)).status).toBe('InProgress')
    expect((await cases(runId))[0]?.state).toBe('pending')

    // That process died: its lease lapses, and this one takes the run up at its next renewal.
    await database.db
      .updateTable('certification_runs')
      .set({ lease_expires_at: new Date(Date.now() - 1) })
      .where('run_id', '=', runId)
      .execute()
    await waitFor(async () => (await run(runId)).status === 'Completed', 'the run taken up and completed')
    expect(await run(runId)).toMatchObject({ is_certified: 'CERTIFIED-OK' })
  })

  it('releases its leases when it stops, so the next process resumes at once', async () => {
    const who = await addAccount()
    const id = await addRecord(who.organizationId)
    const first = executor({ harness: simulatedLab({ caseMs: 200 }) })
    const runId = await startOk(first, id, who)
    await first.stop()
    expect(await run(runId)).toMatchObject({ status: 'InProgress', lease_expires_at: null })
    const second = executor()
    expect(await second.resumeRuns()).toEqual({ resumed: [runId], ended: [] })
    await second.settled(runId)
    expect((await run(runId)).status).toBe('Completed')
  })
})

describe('a harness that throws', () => {
  it('fails the case with the reason in its log, and the run ends', async () => {
    const who = await addAccount()
    const id = await addRecord(who.organizationId, { device_type: 'Smart Plug', product_class: 'Zigbee' })
    const broken: CertificationHarness = {
      name: 'simulated-lab',
      runCase: async ({ testCase }) => {
        if (testCase.position === 1) throw new Error('bench 3 is not answering')
        return { passed: true, log: ['ok'] }
      },
    }
    const runner = executor({ harness: broken })
    const runId = await startOk(runner, id, who)
    await runner.settled(runId)
    expect(await record(id)).toEqual({ status: 'Completed', is_certified: 'Validation failure' })
    const loaded = await loadRun(database.db, runId)
    expect(loaded?.testCases[1]?.log).toEqual([
      'The lab harness failed on this case: bench 3 is not answering',
    ])
    expect(await loadRun(database.db, 'no-such-run')).toBeUndefined()
  })
})
