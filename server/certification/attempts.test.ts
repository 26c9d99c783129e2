import type { Insertable } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  CANCELLED_CASE_NOTE,
  NO_ACTIVE_RUN_MESSAGE,
  NO_FAILED_CASES_MESSAGE,
  RERUN_STARTED_MESSAGE,
  RUN_ALREADY_ACTIVE_MESSAGE,
  runCancelledReason,
} from '@/contract/server-messages'
import type { DeviceRecordsTable, RunTestCaseRow } from '../platform/db/schema.ts'
import { createAccountWithOrganization } from '../organizations/memberships.ts'
import { openTestDatabase, type TestDatabase } from '../platform/db/test-database.ts'
import { simulatedLab, type CaseOutcome, type CertificationHarness } from './harness.ts'
import { certificationRunResult } from './results.ts'
import { SKIPPED_CASE_NOTE } from './lifecycle.ts'
import { loadRun } from './run-store.ts'
import {
  createRunExecutor,
  INTERRUPTED_RUN_REASON,
  type RunExecutor,
  type RunExecutorOptions,
} from './runner.ts'
import { BOOT_AND_PROVISIONING, FIRMWARE_UPGRADE_AND_ROLLBACK, SECURITY_BASELINE } from './harness.ts'

/*
 * Attempts on the executor (docs/decisions/0021): runs as attempts, re-runs of the failed cases,
 * the record's result over attempts, cancel (in this process; the other process's case is in
 * server/apps/two-processes.test.ts), and the live events each change writes (table `events`).
 */

let database: TestDatabase
const executors: RunExecutor[] = []

beforeAll(async () => {
  database = await openTestDatabase({ seeds: { catalogue: false, addresses: false, demoAccount: false } })
}, 60_000)

afterEach(async () => {
  await Promise.all(executors.splice(0).map((executor) => executor.stop()))
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
      email: `attempts${accountNumber}@example.com`,
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

/** A Smart Plug: the generic plan of 7 cases. */
const GENERIC_PLAN = [
  'Boot and provisioning',
  'Firmware upgrade and rollback',
  'Security baseline (open ports, default credentials, TLS)',
  'Ethernet connectivity',
  'IPv6 dual stack',
  'Remote management (TR-069 or TR-369)',
  'Power cycle and configuration persistence',
]

async function addRecord(organizationId: string, fields: Partial<Insertable<DeviceRecordsTable>> = {}) {
  const { portfolio_manager_id } = await database.db
    .insertInto('device_records')
    .values({
      organization_id: organizationId,
      vendor: 'Nokia',
      device_name: 'Plug 2',
      device_type: 'Smart Plug',
      product_class: 'Zigbee',
      base_firmware_version: '3.2.1',
      business_domain: 'Smart home',
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

const runsOf = (id: string) =>
  database.db
    .selectFrom('certification_runs')
    .selectAll()
    .where('portfolio_manager_id', '=', id)
    .orderBy('attempt')
    .execute()

/** The stored events of a run (or a record), in seq order. */
const eventsOf = (where: { runId?: string; portfolioManagerId?: string }) => {
  let query = database.db.selectFrom('events').selectAll().orderBy('seq')
  if (where.runId) query = query.where('run_id', '=', where.runId)
  if (where.portfolioManagerId) query = query.where('portfolio_manager_id', '=', where.portfolioManagerId)
  return query.execute()
}

/** What a refused call must leave as it was: the record, its runs, their cases and its events. */
async function snapshot(id: string) {
  const runs = await runsOf(id)
  const runCases = runs.length
    ? await database.db
        .selectFrom('run_test_cases')
        .selectAll()
        .where(
          'run_id',
          'in',
          runs.map((row) => row.run_id),
        )
        .orderBy('run_id')
        .orderBy('position')
        .execute()
    : []
  const recordNow = await database.db
    .selectFrom('device_records')
    .select(['status', 'is_certified'])
    .where('portfolio_manager_id', '=', id)
    .executeTakeFirst()
  return { record: recordNow, runs, cases: runCases, events: await eventsOf({ portfolioManagerId: id }) }
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

/** A member: the account that acts and the organization it acts for. */
type Who = { accountId: string; organizationId: string }

async function start(runner: RunExecutor, portfolioManagerId: string, who: Who, kind?: 'full' | 'rerun') {
  const result = await runner.startRun({
    portfolioManagerId,
    ...who,
    ...(kind ? { kind } : {}),
  })
  if (!result.ok) throw new Error(result.message)
  return result
}

/** Starts a run and waits for its end. */
async function completed(runner: RunExecutor, portfolioManagerId: string, who: Who, kind?: 'full' | 'rerun') {
  const result = await start(runner, portfolioManagerId, who, kind)
  await runner.settled(result.runId)
  return result
}

/**
 * A lab scripted per attempt: `failing(attempt)` names the cases that fail in that attempt. It
 * records which cases it was handed, per attempt.
 */
function scriptedLab(failing: (attempt: number) => readonly string[]) {
  const handed: Array<{ attempt: number; position: number; name: string }> = []
  const harness: CertificationHarness = {
    name: 'simulated-lab',
    runCase: async ({ run, testCase }) => {
      handed.push({ attempt: run.attempt, ...testCase })
      const fails = failing(run.attempt).includes(testCase.name)
      return { passed: !fails, log: [`${fails ? 'FAIL' : 'PASS'} ${testCase.name} (attempt ${run.attempt})`] }
    },
  }
  return { harness, handed }
}

describe('attempts', () => {
  it('numbers every run of a record from 1, with its kind and who started it', async () => {
    const who = await addAccount()
    const id = await addRecord(who.organizationId, { base_firmware_version: '0.9.4' })
    const other = await addRecord(who.organizationId)
    const runner = executor()
    expect((await completed(runner, id, who)).attempt).toBe(1)
    expect((await completed(runner, id, who, 'rerun')).attempt).toBe(2)
    expect((await completed(runner, id, who)).attempt).toBe(3)
    // Another record counts its own attempts.
    expect((await completed(runner, other, who)).attempt).toBe(1)
    expect((await runsOf(id)).map((row) => [row.attempt, row.kind, row.started_by, row.status])).toEqual([
      [1, 'full', 'Asha Rao', 'Completed'],
      [2, 'rerun', 'Asha Rao', 'Completed'],
      [3, 'full', 'Asha Rao', 'Completed'],
    ])
    const [first] = await runsOf(id)
    expect(certificationRunResult(first!, await cases(first!.run_id))).toMatchObject({
      attempt: 1,
      kind: 'full',
      startedBy: 'Asha Rao',
      failureReason: null,
    })
  })
})

describe('re-run of the failed cases', () => {
  it('runs only the cases the latest attempt did not pass, at their plan positions', async () => {
    const who = await addAccount()
    // Rules 1 and 2 of the simulated lab: no serial number and pre-release firmware fail two cases.
    const id = await addRecord(who.organizationId, { base_firmware_version: '0.9.4', device_number_list: [] })
    const runner = executor()
    const first = await completed(runner, id, who)
    expect(await record(id)).toEqual({ status: 'Completed', is_certified: 'Validation failure' })
    expect((await cases(first.runId)).filter((row) => row.state === 'failed').map((row) => row.name)).toEqual(
      [BOOT_AND_PROVISIONING, FIRMWARE_UPGRADE_AND_ROLLBACK],
    )

    const rerun = await start(runner, id, who, 'rerun')
    expect(rerun).toMatchObject({
      ok: true,
      attempt: 2,
      status: 'InProgress',
      message: RERUN_STARTED_MESSAGE,
    })
    expect(await record(id)).toEqual({ status: 'InProgress', is_certified: '' })
    await runner.settled(rerun.runId)
    const rerunCases = await cases(rerun.runId)
    expect(rerunCases.map((row) => [row.position, row.name])).toEqual([
      [GENERIC_PLAN.indexOf(BOOT_AND_PROVISIONING), BOOT_AND_PROVISIONING],
      [GENERIC_PLAN.indexOf(FIRMWARE_UPGRADE_AND_ROLLBACK), FIRMWARE_UPGRADE_AND_ROLLBACK],
    ])
    // Permanent failures fail again: Validation failure a second time.
    expect(rerunCases.map((row) => row.state)).toEqual(['failed', 'failed'])
    expect(await run(rerun.runId)).toMatchObject({
      status: 'Completed',
      is_certified: 'Validation failure',
      kind: 'rerun',
      attempt: 2,
    })
    expect(await record(id)).toEqual({ status: 'Completed', is_certified: 'Validation failure' })
    // And again: the latest attempt's failed cases are the same two.
    const third = await completed(runner, id, who, 'rerun')
    expect((await cases(third.runId)).map((row) => row.name)).toEqual([
      BOOT_AND_PROVISIONING,
      FIRMWARE_UPGRADE_AND_ROLLBACK,
    ])
    expect(await record(id)).toEqual({ status: 'Completed', is_certified: 'Validation failure' })
  })

  it('reaches Certified by a re-run with the RETEST rule (an intermittent bench fault)', async () => {
    const who = await addAccount()
    const id = await addRecord(who.organizationId, { device_number_list: ['RETEST0001'] })
    const runner = executor()
    const first = await completed(runner, id, who)
    expect(await record(id)).toEqual({ status: 'Completed', is_certified: 'Validation failure' })
    const failed = (await cases(first.runId)).filter((row) => row.state !== 'passed')
    expect(failed.map((row) => row.name)).toEqual([SECURITY_BASELINE])
    expect(failed[0]?.log.at(-1)).toMatch(/^FAIL Intermittent bench fault on unit RETEST0001/)

    const rerun = await completed(runner, id, who, 'rerun')
    expect((await cases(rerun.runId)).map((row) => [row.name, row.state])).toEqual([
      [SECURITY_BASELINE, 'passed'],
    ])
    expect(await run(rerun.runId)).toMatchObject({ status: 'Completed', is_certified: 'CERTIFIED-OK' })
    expect(await record(id)).toEqual({ status: 'Completed', is_certified: 'CERTIFIED-OK' })
    // A certified record has no failed case to run again.
    const before = await snapshot(id)
    expect(await runner.startRun({ portfolioManagerId: id, ...who, kind: 'rerun' })).toEqual({
      ok: false,
      reason: 'no-failed-cases',
      message: NO_FAILED_CASES_MESSAGE,
    })
    expect(await snapshot(id)).toEqual(before)
  })

  it('counts the result over the attempts since the last full run, through several re-runs', async () => {
    const who = await addAccount()
    const id = await addRecord(who.organizationId)
    const [a, b, c] = [GENERIC_PLAN[1]!, GENERIC_PLAN[3]!, GENERIC_PLAN[5]!]
    const script: Record<number, readonly string[]> = {
      1: [a, b], // full: two cases fail
      2: [b], // re-run of a and b: a passes, b fails again
      3: [b], // re-run of b: fails a third time
      4: [c], // full: c fails (earlier attempts no longer count: b passes)
      5: [], // re-run of c: passes → every case of the plan has passed in its latest attempt
    }
    const lab = scriptedLab((attempt) => script[attempt] ?? [])
    const runner = executor({ harness: lab.harness })
    const verdicts: Array<[number, string, string[]]> = []
    const step = async (kind: 'full' | 'rerun') => {
      const result = await completed(runner, id, who, kind)
      const stored = await run(result.runId)
      verdicts.push([
        stored.attempt,
        stored.is_certified,
        (await cases(result.runId)).map((row) => `${row.name}:${row.state}`),
      ])
      expect(await record(id)).toMatchObject({ status: 'Completed', is_certified: stored.is_certified })
    }
    await step('full')
    await step('rerun')
    await step('rerun')
    await step('full')
    await step('rerun')
    expect(verdicts).toEqual([
      [
        1,
        'Validation failure',
        GENERIC_PLAN.map((name) => `${name}:${[a, b].includes(name) ? 'failed' : 'passed'}`),
      ],
      [2, 'Validation failure', [`${a}:passed`, `${b}:failed`]],
      [3, 'Validation failure', [`${b}:failed`]],
      [4, 'Validation failure', GENERIC_PLAN.map((name) => `${name}:${name === c ? 'failed' : 'passed'}`)],
      [5, 'CERTIFIED-OK', [`${c}:passed`]],
    ])
    expect(lab.handed.filter((item) => item.attempt === 3)).toEqual([
      { attempt: 3, position: GENERIC_PLAN.indexOf(b), name: b },
    ])
  })

  it('re-runs the cases an interrupted run skipped as well as the failed ones', async () => {
    const who = await addAccount()
    const id = await addRecord(who.organizationId)
    const slow = executor({ harness: simulatedLab({ caseMs: 40 }) })
    const { runId } = await start(slow, id, who)
    await waitFor(async () => (await cases(runId)).some((row) => row.state === 'passed'), 'a passed case')
    await slow.stop()
    const ender = executor({ onRestart: 'end' })
    expect((await ender.resumeRuns()).ended).toEqual([runId])
    const skipped = (await cases(runId)).filter((row) => row.state === 'skipped').map((row) => row.name)
    expect(skipped.length).toBeGreaterThan(0)
    const rerun = await completed(ender, id, who, 'rerun')
    expect((await cases(rerun.runId)).map((row) => row.name)).toEqual(skipped)
    expect(await record(id)).toEqual({ status: 'Completed', is_certified: 'CERTIFIED-OK' })
  })

  it('is refused, changing nothing, for a record without failed cases, one running, and unknown or foreign records', async () => {
    const who = await addAccount()
    const other = await addAccount()
    const submitted = await addRecord(who.organizationId)
    const certified = await addRecord(who.organizationId)
    const running = await addRecord(who.organizationId, { base_firmware_version: '0.1' })
    const cancelled = await addRecord(who.organizationId, { base_firmware_version: '0.1' })
    const runner = executor()
    await completed(runner, certified, who)
    const gate = executor({ harness: simulatedLab({ caseMs: 60_000 }) })
    await completed(runner, running, who)
    await start(gate, running, who, 'rerun')
    const toCancel = await start(gate, cancelled, who)
    expect((await gate.cancelRun({ portfolioManagerId: cancelled, ...who })).ok).toBe(true)
    await gate.settled(toCancel.runId)

    const refusals: Array<[string, Who, object]> = [
      [submitted, who, { reason: 'no-failed-cases', message: NO_FAILED_CASES_MESSAGE }],
      [certified, who, { reason: 'no-failed-cases', message: NO_FAILED_CASES_MESSAGE }],
      [cancelled, who, { reason: 'no-failed-cases', message: NO_FAILED_CASES_MESSAGE }],
      [running, who, { reason: 'already-active', message: RUN_ALREADY_ACTIVE_MESSAGE }],
      [running, other, { reason: 'forbidden' }],
      ['no-such-record', who, { reason: 'record-not-found' }],
    ]
    for (const [id, account, refusal] of refusals) {
      const before = await snapshot(id)
      expect(
        await runner.startRun({
          portfolioManagerId: id,
          ...account,
          kind: 'rerun',
        }),
        id,
      ).toMatchObject({
        ok: false,
        ...refusal,
      })
      expect(await snapshot(id), id).toEqual(before)
    }
  })
})

/** A harness whose cases wait for the test (or an abort); it notes when each case's signal aborted. */
function heldLab() {
  const waiting: Array<(outcome: CaseOutcome) => void> = []
  const aborted: number[] = []
  let started = 0
  let passThrough = false
  const harness: CertificationHarness = {
    name: 'simulated-lab',
    runCase({ testCase, signal }) {
      started += 1
      if (passThrough) return Promise.resolve({ passed: true, log: [`${testCase.name}: passed`] })
      return new Promise((resolve) => {
        let settled = false
        const settle = (outcome: CaseOutcome) => {
          if (settled) return
          settled = true
          resolve(outcome)
        }
        waiting.push(settle)
        signal.addEventListener(
          'abort',
          () => {
            if (settled) return
            aborted.push(Date.now())
            settle({ passed: false, log: ['Aborted.'] })
          },
          { once: true },
        )
      })
    },
  }
  return {
    harness,
    aborted,
    started: () => started,
    /** Finishes the case waiting now. */
    finish(outcome: CaseOutcome = { passed: true, log: ['done'] }) {
      waiting.shift()?.(outcome)
    },
    passAll() {
      passThrough = true
      for (const resolve of waiting.splice(0)) resolve({ passed: true, log: ['done'] })
    },
  }
}

describe('cancel', () => {
  it('stops the case in flight at once, keeps the cases so far, skips the rest, and allows a new Start Certify', async () => {
    const who = await addAccount()
    const id = await addRecord(who.organizationId)
    const lab = heldLab()
    const runner = executor({ harness: lab.harness })
    const { runId } = await start(runner, id, who)
    await waitFor(async () => lab.started() === 1, 'the first case')
    lab.finish({ passed: true, log: ['first done'] })
    await waitFor(async () => lab.started() === 2, 'the second case')
    lab.finish({ passed: false, log: ['second failed'] })
    await waitFor(async () => lab.started() === 3, 'the third case')

    const cancelledAt = Date.now()
    expect(await runner.cancelRun({ portfolioManagerId: id, ...who })).toEqual({
      ok: true,
      runId,
    })
    await runner.settled(runId)
    // The harness call was aborted at once, and nothing more ran.
    expect(lab.aborted).toHaveLength(1)
    expect(lab.aborted[0]! - cancelledAt).toBeLessThan(500)
    expect(Date.now() - cancelledAt).toBeLessThan(1000)
    expect(lab.started()).toBe(3)

    const stored = await run(runId)
    expect(stored).toMatchObject({
      status: 'Cancelled',
      is_certified: '',
      failure_reason: runCancelledReason('Asha Rao'),
    })
    expect(stored.finished_at).toBeInstanceOf(Date)
    expect(await record(id)).toEqual({ status: 'Cancelled', is_certified: '' })
    const rows = await cases(runId)
    expect(rows.map((row) => [row.state, row.log])).toEqual([
      ['passed', ['first done']],
      ['failed', ['second failed']],
      ['skipped', [CANCELLED_CASE_NOTE]],
      ...GENERIC_PLAN.slice(3).map(() => ['skipped', [CANCELLED_CASE_NOTE]]),
    ])
    // The case that was running keeps its start and gets its end; the pending ones have neither.
    expect(rows[2]?.started_at).toBeInstanceOf(Date)
    expect(rows[2]?.finished_at).toBeInstanceOf(Date)
    expect(rows[3]).toMatchObject({ started_at: null, finished_at: null })

    // Nothing is written after the cancel.
    const events = await eventsOf({ runId })
    expect(events.at(-1)?.type).toBe('run.cancelled')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await eventsOf({ runId })).toHaveLength(events.length)
    expect(await cases(runId)).toEqual(rows)

    // A second cancel has nothing to cancel.
    const before = await snapshot(id)
    expect(await runner.cancelRun({ portfolioManagerId: id, ...who })).toEqual({
      ok: false,
      reason: 'no-active-run',
      message: NO_ACTIVE_RUN_MESSAGE,
    })
    expect(await snapshot(id)).toEqual(before)

    // Start Certify again: a full run, the next attempt.
    lab.passAll()
    const again = await completed(runner, id, who)
    expect(again.attempt).toBe(2)
    expect(await run(again.runId)).toMatchObject({
      kind: 'full',
      status: 'Completed',
      is_certified: 'CERTIFIED-OK',
    })
    expect(await cases(again.runId)).toHaveLength(GENERIC_PLAN.length)
    expect(await record(id)).toEqual({ status: 'Completed', is_certified: 'CERTIFIED-OK' })
  })

  it('cancels a run waiting in Maintenance', async () => {
    const who = await addAccount()
    const id = await addRecord(who.organizationId)
    const runner = executor({ maintenance: () => true, maintenancePollMs: 60_000 })
    const { runId, status } = await start(runner, id, who)
    expect(status).toBe('Maintenance')
    const cancelledAt = Date.now()
    expect((await runner.cancelRun({ portfolioManagerId: id, ...who })).ok).toBe(true)
    await runner.settled(runId)
    expect(Date.now() - cancelledAt).toBeLessThan(1000)
    expect(await run(runId)).toMatchObject({ status: 'Cancelled', failure_reason: 'Cancelled by Asha Rao.' })
    expect(await record(id)).toEqual({ status: 'Cancelled', is_certified: '' })
    expect(
      (await cases(runId)).every((row) => row.state === 'skipped' && row.log.join() === CANCELLED_CASE_NOTE),
    ).toBe(true)
    expect((await eventsOf({ runId })).map((row) => row.type)).toEqual(['run.started', 'run.cancelled'])
  })

  it('leaves a Cancelled run alone after a crash: resumeRuns takes up only active runs', async () => {
    const who = await addAccount()
    const id = await addRecord(who.organizationId)
    const first = executor({ harness: simulatedLab({ caseMs: 60_000 }) })
    const { runId } = await start(first, id, who)
    await waitFor(async () => (await cases(runId)).some((row) => row.state === 'running'), 'a running case')
    // Cancelled with its lease still live, then its executor dies (kill -9).
    expect((await executor().cancelRun({ portfolioManagerId: id, ...who })).ok).toBe(true)
    await first.abandon()
    const before = await snapshot(id)
    expect(before.runs[0]?.lease_owner).not.toBeNull()
    // (Runs other tests left active may be taken up; this one is not.)
    for (const report of [await executor().resumeRuns(), await executor({ onRestart: 'end' }).resumeRuns()]) {
      expect([...report.resumed, ...report.ended]).not.toContain(runId)
    }
    expect(await snapshot(id)).toEqual(before)
  })

  it('is refused for an unknown record, another vendor’s, and a record without a run in progress', async () => {
    const who = await addAccount()
    const other = await addAccount()
    const submitted = await addRecord(who.organizationId)
    const finished = await addRecord(who.organizationId)
    const runner = executor()
    await completed(runner, finished, who)
    const slow = executor({ harness: simulatedLab({ caseMs: 60_000 }) })
    const running = await addRecord(who.organizationId)
    const { runId } = await start(slow, running, who)
    // Its first case has started (and holds for a minute): nothing moves between two snapshots.
    await waitFor(async () => (await cases(runId))[0]?.state === 'running', 'the first case running')
    const refusals: Array<[string, Who, object]> = [
      [submitted, who, { reason: 'no-active-run', message: NO_ACTIVE_RUN_MESSAGE }],
      [finished, who, { reason: 'no-active-run', message: NO_ACTIVE_RUN_MESSAGE }],
      [running, other, { reason: 'forbidden' }],
      ['no-such-record', who, { reason: 'record-not-found' }],
    ]
    for (const [id, account, refusal] of refusals) {
      const before = await snapshot(id)
      expect(await runner.cancelRun({ portfolioManagerId: id, ...account }), id).toMatchObject({
        ok: false,
        ...refusal,
      })
      expect(await snapshot(id), id).toEqual(before)
    }
  })

  it('racing the finish of the last case leaves one end: Completed or Cancelled, with one event', async () => {
    const who = await addAccount()
    const ends: string[] = []
    for (let round = 0; round < 8; round += 1) {
      const id = await addRecord(who.organizationId, { device_type: 'ONU', product_class: 'GPON SFU' })
      const lab = heldLab()
      const runner = executor({ harness: lab.harness })
      const { runId } = await start(runner, id, who)
      const total = (await cases(runId)).length
      for (let index = 0; index < total - 1; index += 1) {
        await waitFor(async () => lab.started() === index + 1, `case ${index + 1}`)
        lab.finish()
      }
      await waitFor(async () => lab.started() === total, 'the last case')
      // The last case ends and the cancel arrives at about the same moment: just before it, in
      // the same tick, or a few milliseconds after.
      const cancelNow = () => runner.cancelRun({ portfolioManagerId: id, ...who })
      let cancel: ReturnType<typeof cancelNow>
      if (round % 4 === 0) {
        // Cancel first, for sure: this round must end Cancelled.
        cancel = Promise.resolve(await cancelNow())
        lab.finish()
      } else if (round % 4 === 1) {
        lab.finish()
        cancel = cancelNow()
      } else {
        lab.finish()
        cancel = new Promise((resolve) => setTimeout(() => resolve(cancelNow()), round % 4 === 2 ? 0 : 3))
      }
      const answer = await cancel
      await runner.settled(runId)

      const stored = await run(runId)
      const rows = await cases(runId)
      const endEvents = (await eventsOf({ runId })).filter((row) =>
        ['run.finished', 'run.cancelled'].includes(row.type),
      )
      expect(endEvents).toHaveLength(1)
      if (stored.status === 'Completed') {
        expect(answer).toMatchObject({ ok: false, reason: 'no-active-run' })
        expect(endEvents[0]?.type).toBe('run.finished')
        expect(rows.every((row) => row.state === 'passed')).toBe(true)
        expect(await record(id)).toEqual({ status: 'Completed', is_certified: 'CERTIFIED-OK' })
      } else {
        expect(stored.status).toBe('Cancelled')
        expect(answer).toEqual({ ok: true, runId })
        expect(endEvents[0]?.type).toBe('run.cancelled')
        // The last case either had finished (passed, kept) or is skipped with the note.
        expect(rows.slice(0, -1).every((row) => row.state === 'passed')).toBe(true)
        expect([
          ['passed', ['done']],
          ['skipped', [CANCELLED_CASE_NOTE]],
        ]).toContainEqual([rows.at(-1)?.state, rows.at(-1)?.log])
        expect(await record(id)).toEqual({ status: 'Cancelled', is_certified: '' })
      }
      ends.push(stored.status)
    }
    expect(ends).toHaveLength(8)
    // A cancel that comes first always wins (the other rounds may end either way, consistently).
    expect(ends.filter((_, round) => round % 4 === 0)).toEqual(['Cancelled', 'Cancelled'])
  }, 30_000)
})

describe('run events', () => {
  /** The payload an event carries for a run: its progress over the run's cases and the record's state. */
  function progressAfter(rows: readonly RunTestCaseRow[], doneCount: number, current: string | null) {
    const done = rows.slice(0, doneCount)
    return {
      done: done.length,
      total: rows.length,
      passed: done.filter((row) => row.state === 'passed').length,
      failed: done.filter((row) => row.state === 'failed').length,
      currentCase: current,
    }
  }

  it('writes run.started, case.started and case.finished for each case, and run.finished, in order, with exact payloads', async () => {
    const who = await addAccount()
    const id = await addRecord(who.organizationId, { base_firmware_version: '0.9.4' })
    const runner = executor()
    const { runId } = await completed(runner, id, who)
    const rows = await cases(runId)
    const stored = await run(runId)
    const events = await eventsOf({ runId })
    expect(
      events.every((row) => row.organization_id === who.organizationId && row.portfolio_manager_id === id),
    ).toBe(true)
    expect(events.map((row) => row.seq)).toEqual([...events.map((row) => row.seq)].sort((a, b) => a - b))

    const base = { portfolioManagerId: id, runId, attempt: 1 }
    const running = { status: 'InProgress', isCertified: '' }
    const pendingCases = rows.map((row) => ({
      name: row.name,
      state: 'pending',
      startedAt: null,
      finishedAt: null,
      log: [],
      description: row.description,
    }))
    const expected: unknown[] = [
      {
        ...base,
        type: 'run.started',
        progress: { done: 0, total: rows.length, passed: 0, failed: 0, currentCase: null },
        record: running,
        run: {
          runId,
          portfolioManagerId: id,
          status: 'InProgress',
          isCertified: '',
          startedAt: stored.started_at.toISOString(),
          finishedAt: null,
          failureReason: null,
          testCases: pendingCases,
          testPlan: { planId: 'generic', name: 'Generic device', version: 1 },
          attempt: 1,
          kind: 'full',
          startedBy: 'Asha Rao',
          revision: 1,
        },
      },
    ]
    rows.forEach((row, index) => {
      expected.push({
        ...base,
        type: 'case.started',
        progress: progressAfter(rows, index, row.name),
        record: running,
        position: row.position,
        name: row.name,
        startedAt: row.started_at?.toISOString(),
      })
      expected.push({
        ...base,
        type: 'case.finished',
        progress: progressAfter(rows, index + 1, null),
        record: running,
        position: row.position,
        name: row.name,
        state: row.state,
        startedAt: row.started_at?.toISOString(),
        finishedAt: row.finished_at?.toISOString(),
        log: row.log,
      })
    })
    expected.push({
      ...base,
      type: 'run.finished',
      progress: progressAfter(rows, rows.length, null),
      record: { status: 'Completed', isCertified: 'Validation failure' },
      status: 'Completed',
      isCertified: 'Validation failure',
      failureReason: null,
      finishedAt: stored.finished_at?.toISOString(),
      run: certificationRunResult(stored, rows),
    })
    expect(events.map((row) => row.data)).toEqual(expected)
    // The failed case's log is whole in its event.
    const failed = events.find((row) => row.type === 'case.finished' && row.data.state === 'failed')
    expect(failed?.data.log).toEqual(rows.find((row) => row.state === 'failed')?.log)
    expect(failed?.data.name).toBe(FIRMWARE_UPGRADE_AND_ROLLBACK)
  })

  it('a re-run: its attempt number, its own cases in progress, and the record’s result at the end', async () => {
    const who = await addAccount()
    const id = await addRecord(who.organizationId, { device_number_list: ['RETEST7'] })
    const runner = executor()
    await completed(runner, id, who)
    const { runId } = await completed(runner, id, who, 'rerun')
    const [only] = await cases(runId)
    const events = await eventsOf({ runId })
    expect(events.map((row) => [row.type, row.data.attempt, row.data.progress, row.data.record])).toEqual([
      [
        'run.started',
        2,
        { done: 0, total: 1, passed: 0, failed: 0, currentCase: null },
        { status: 'InProgress', isCertified: '' },
      ],
      [
        'case.started',
        2,
        { done: 0, total: 1, passed: 0, failed: 0, currentCase: SECURITY_BASELINE },
        { status: 'InProgress', isCertified: '' },
      ],
      [
        'case.finished',
        2,
        { done: 1, total: 1, passed: 1, failed: 0, currentCase: null },
        { status: 'InProgress', isCertified: '' },
      ],
      [
        'run.finished',
        2,
        { done: 1, total: 1, passed: 1, failed: 0, currentCase: null },
        { status: 'Completed', isCertified: 'CERTIFIED-OK' },
      ],
    ])
    expect(events[0]?.data.run).toMatchObject({
      attempt: 2,
      kind: 'rerun',
      testCases: [{ name: SECURITY_BASELINE, state: 'pending' }],
    })
    expect(events[2]?.data).toMatchObject({
      position: only?.position,
      name: SECURITY_BASELINE,
      state: 'passed',
    })
    expect(events[3]?.data).toMatchObject({
      status: 'Completed',
      isCertified: 'CERTIFIED-OK',
      failureReason: null,
    })
  })

  it('run.status when the lab enters and leaves maintenance', async () => {
    const who = await addAccount()
    const id = await addRecord(who.organizationId)
    let inMaintenance = true
    const runner = executor({ maintenance: () => inMaintenance })
    const { runId } = await start(runner, id, who)
    await waitFor(async () => (await eventsOf({ runId })).length === 1, 'run.started')
    inMaintenance = false
    await runner.settled(runId)
    const events = await eventsOf({ runId })
    expect(events.slice(0, 3).map((row) => [row.type, row.data.status ?? null, row.data.record])).toEqual([
      ['run.started', null, { status: 'Maintenance', isCertified: '' }],
      ['run.status', 'InProgress', { status: 'InProgress', isCertified: '' }],
      ['case.started', null, { status: 'InProgress', isCertified: '' }],
    ])
    expect((events[0]?.data.run as { status: string }).status).toBe('Maintenance')
    expect(events[1]?.data.progress).toEqual({
      done: 0,
      total: GENERIC_PLAN.length,
      passed: 0,
      failed: 0,
      currentCase: null,
    })
    expect(events.at(-1)?.type).toBe('run.finished')
  })

  it('run.status Maintenance between cases when the lab enters maintenance mid-run, and InProgress when it leaves', async () => {
    const who = await addAccount()
    const id = await addRecord(who.organizationId)
    let inMaintenance = false
    const runner = executor({ harness: simulatedLab({ caseMs: 20 }), maintenance: () => inMaintenance })
    const { runId } = await start(runner, id, who)
    await waitFor(async () => (await cases(runId)).some((row) => row.state === 'passed'), 'a passed case')
    inMaintenance = true
    await waitFor(async () => (await record(id)).status === 'Maintenance', 'status Maintenance')
    inMaintenance = false
    await runner.settled(runId)
    const events = await eventsOf({ runId })
    const statuses = events.filter((row) => row.type === 'run.status')
    expect(statuses.map((row) => [row.data.status, row.data.record])).toEqual([
      ['Maintenance', { status: 'Maintenance', isCertified: '' }],
      ['InProgress', { status: 'InProgress', isCertified: '' }],
    ])
    // Entered between cases: the case before it had finished, none was running.
    const entered = events.indexOf(statuses[0]!)
    expect(events[entered - 1]?.type).toBe('case.finished')
    expect((statuses[0]?.data.progress as { currentCase: string | null }).currentCase).toBeNull()
    expect(events[entered + 1]).toBe(statuses[1])
    expect(events.at(-1)?.data.record).toEqual({ status: 'Completed', isCertified: 'CERTIFIED-OK' })
  })

  it('run.cancelled with who cancelled, the run as it ended and the record Cancelled', async () => {
    const who = await addAccount()
    const id = await addRecord(who.organizationId)
    const lab = heldLab()
    const runner = executor({ harness: lab.harness })
    const { runId } = await start(runner, id, who)
    await waitFor(async () => lab.started() === 1, 'the first case')
    lab.finish({ passed: true, log: ['ok'] })
    await waitFor(async () => lab.started() === 2, 'the second case')
    await runner.cancelRun({ portfolioManagerId: id, ...who })
    await runner.settled(runId)
    const stored = await run(runId)
    const rows = await cases(runId)
    const events = await eventsOf({ runId })
    expect(events.map((row) => row.type)).toEqual([
      'run.started',
      'case.started',
      'case.finished',
      'case.started',
      'run.cancelled',
    ])
    expect(events.at(-1)?.data).toEqual({
      portfolioManagerId: id,
      runId,
      attempt: 1,
      type: 'run.cancelled',
      progress: { done: rows.length, total: rows.length, passed: 1, failed: 0, currentCase: null },
      record: { status: 'Cancelled', isCertified: '' },
      finishedAt: stored.finished_at?.toISOString(),
      cancelledBy: 'Asha Rao',
      run: certificationRunResult(stored, rows),
    })
  })

  it('run.finished with the reason when resumeRuns ends an interrupted run', async () => {
    const who = await addAccount()
    const id = await addRecord(who.organizationId)
    const slow = executor({ harness: simulatedLab({ caseMs: 40 }) })
    const { runId } = await start(slow, id, who)
    await waitFor(async () => (await cases(runId)).some((row) => row.state === 'passed'), 'a passed case')
    await slow.stop()
    await executor({ onRestart: 'end' }).resumeRuns()
    const stored = await run(runId)
    const rows = await cases(runId)
    expect(rows.some((row) => row.state === 'skipped' && row.log[0] === SKIPPED_CASE_NOTE)).toBe(true)
    const last = (await eventsOf({ runId })).at(-1)
    expect(last?.data).toEqual({
      portfolioManagerId: id,
      runId,
      attempt: 1,
      type: 'run.finished',
      progress: {
        done: rows.length,
        total: rows.length,
        passed: rows.filter((row) => row.state === 'passed').length,
        failed: 0,
        currentCase: null,
      },
      record: { status: 'Completed', isCertified: 'Validation failure' },
      status: 'Completed',
      isCertified: 'Validation failure',
      failureReason: INTERRUPTED_RUN_REASON,
      finishedAt: stored.finished_at?.toISOString(),
      run: certificationRunResult(stored, rows),
    })
  })
})

describe('results over attempts', () => {
  it('loadRun gives the attempts up to the run, oldest first', async () => {
    const who = await addAccount()
    const id = await addRecord(who.organizationId, { device_number_list: ['RETEST9'] })
    const runner = executor()
    const first = await completed(runner, id, who)
    const second = await completed(runner, id, who, 'rerun')
    // The first attempt's own load has no later attempt among its attempts.
    const earlier = await loadRun(database.db, first.runId)
    expect(earlier?.attempts.map((attempt) => attempt.run.run_id)).toEqual([first.runId])
    const loaded = await loadRun(database.db, second.runId)
    expect(loaded?.attempts.map((attempt) => [attempt.run.run_id, attempt.testCases.length])).toEqual([
      [first.runId, GENERIC_PLAN.length],
      [second.runId, 1],
    ])
    expect(loaded?.testCases.map((row) => row.name)).toEqual([SECURITY_BASELINE])
  })
})
