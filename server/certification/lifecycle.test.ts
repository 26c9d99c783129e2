import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ephemeralSigner } from '../certificates/keys.ts'
import { setReviewRequired } from './lab-state.ts'
import { createAccountWithOrganization } from '../organizations/memberships.ts'
import { openTestDatabase, type TestDatabase } from '../platform/db/test-database.ts'
import type { StoredStatus } from '@/contract/run-status'
import {
  cancelRun,
  changeActiveStatus,
  decideReview,
  finishCase,
  finishRun,
  interruptRun,
  RESTARTED_CASE_NOTE,
  resumeRun,
  SKIPPED_CASE_NOTE,
  startCase,
  startRun,
} from './lifecycle.ts'
import type { Trx } from './lifecycle-guard.ts'
import type { RunRef } from './run-store.ts'
import { GENERIC_PLAN_RUN } from '../test/plans.ts'

/*
 * Every transition of the lifecycle from every status a record and its run can be in: the allowed
 * ones with the run and record status they leave and the events they append, the refused ones with
 * their refusal, nothing written and no event.
 */

const OWNER = 'executor-1'
let database: TestDatabase
const db = () => database.db

beforeAll(async () => {
  database = await openTestDatabase({ seeds: { catalogue: false, addresses: false, demoAccount: false } })
}, 60_000)

afterAll(async () => {
  await database?.close()
})

type From = StoredStatus
const ALL: From[] = ['Submitted', 'InProgress', 'Maintenance', 'AwaitingReview', 'Completed', 'Cancelled']

let accounts = 0
/**
 * A record in `status`, with (unless Submitted) one run in that status leased to OWNER: case 0
 * passed, case 1 pending while active (`done`: passed), else passed (`failed`: case 1 failed).
 */
async function arrange(status: From, { failed = false, done = false } = {}) {
  accounts += 1
  const made = await db()
    .transaction()
    .execute((trx) =>
      createAccountWithOrganization(trx, {
        email: `lifecycle${accounts}@example.com`,
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
  const ended = status === 'Completed'
  const result = ended ? (failed ? 'Validation failure' : 'CERTIFIED-OK') : ''
  const { portfolio_manager_id: portfolioManagerId } = await db()
    .insertInto('device_records')
    .values({
      organization_id: made.organizationId,
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
      status,
      is_certified: result,
    })
    .returning('portfolio_manager_id')
    .executeTakeFirstOrThrow()
  const who = { organizationId: made.organizationId, accountId: made.accountId, portfolioManagerId }
  if (status === 'Submitted') return { ...who, ref: undefined }
  const active = status === 'InProgress' || status === 'Maintenance'
  const { run_id: runId } = await db()
    .insertInto('certification_runs')
    .values({
      ...GENERIC_PLAN_RUN,
      portfolio_manager_id: portfolioManagerId,
      status,
      is_certified: result,
      harness: 'test',
      started_by: 'Asha Rao',
      lease_owner: OWNER,
      lease_expires_at: new Date(Date.now() + 60_000),
      review_state: status === 'AwaitingReview' ? 'pending' : null,
      finished_at: active ? null : new Date(),
    })
    .returning('run_id')
    .executeTakeFirstOrThrow()
  await db()
    .insertInto('run_test_cases')
    .values([
      { run_id: runId, position: 0, name: 'Power on', state: 'passed' },
      {
        run_id: runId,
        position: 1,
        name: 'Reboot',
        state: failed ? 'failed' : active && !done ? 'pending' : 'passed',
      },
    ])
    .execute()
  const ref: RunRef = { runId, portfolioManagerId, organizationId: made.organizationId, attempt: 1 }
  return { ...who, ref }
}
type Arranged = Awaited<ReturnType<typeof arrange>>

/** The record's status and result, and its latest run's, now. */
async function statuses(portfolioManagerId: string) {
  const record = await db()
    .selectFrom('device_records')
    .select(['status', 'is_certified'])
    .where('portfolio_manager_id', '=', portfolioManagerId)
    .executeTakeFirstOrThrow()
  const run = await db()
    .selectFrom('certification_runs')
    .select(['status', 'is_certified', 'attempt'])
    .where('portfolio_manager_id', '=', portfolioManagerId)
    .orderBy('attempt', 'desc')
    .executeTakeFirst()
  return { record: [record.status, record.is_certified], run: run ? [run.status, run.is_certified] : null }
}

/** Runs `change` in a transaction and answers its result with the events it appended to the record. */
async function transition<T>(arranged: Arranged, change: (trx: Trx) => Promise<T>) {
  const before = await db()
    .selectFrom('events')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst()
  const result = await db().transaction().execute(change)
  const events = await db()
    .selectFrom('events')
    .select('data')
    .where('seq', '>', Number(before?.seq ?? 0))
    .where('portfolio_manager_id', '=', arranged.portfolioManagerId)
    .orderBy('seq')
    .execute()
  return { result, events: events.map((row) => row.data as Record<string, unknown>) }
}

const refused = (from: From) => ({ ok: false, reason: 'not-allowed', from })
const unchanged = (from: From) => ({
  record: [from, from === 'Completed' ? 'CERTIFIED-OK' : ''],
  run: from === 'Submitted' ? null : [from, from === 'Completed' ? 'CERTIFIED-OK' : ''],
})
const RUN_FROM = ALL.filter((from) => from !== 'Submitted')
const ACTIVE: From[] = ['InProgress', 'Maintenance']
const ENDED: From[] = ['AwaitingReview', 'Completed', 'Cancelled']

const starting = {
  harness: 'test',
  owner: OWNER,
  leaseUntil: () => new Date(Date.now() + 60_000),
  maintenance: () => false,
}
const ALREADY_ACTIVE = 'A certification run is already in progress for this device.'
const AWAITING_REVIEW = 'This device is awaiting the lab’s review of its last run.'
const NO_FAILED_CASES = 'This device has no failed test case to run again.'

describe('start', () => {
  it.each([
    ['Submitted', 1, false],
    ['Completed', 2, true],
    ['Cancelled', 2, false],
  ] as const)(
    'starts a full run from %s (failed: %s): InProgress, run.started',
    async (from, attempt, failed) => {
      const arranged = await arrange(from, { failed })
      const { result, events } = await transition(arranged, (trx) =>
        startRun(trx, { ...arranged, kind: 'full' }, starting),
      )
      expect(result).toEqual({
        ok: true,
        runId: expect.any(String),
        status: 'InProgress',
        attempt,
        message: 'Certification run started',
      })
      expect(await statuses(arranged.portfolioManagerId)).toEqual({
        record: ['InProgress', ''],
        run: ['InProgress', ''],
      })
      expect(events).toMatchObject([
        {
          type: 'run.started',
          attempt,
          record: { status: 'InProgress', isCertified: '' },
          run: { status: 'InProgress' },
        },
      ])
      expect((events[0]!.run as { testCases: unknown[] }).testCases).toHaveLength(7)
    },
  )

  it('starts in Maintenance while the lab is in maintenance', async () => {
    const arranged = await arrange('Submitted')
    const { result, events } = await transition(arranged, (trx) =>
      startRun(trx, arranged, { ...starting, maintenance: () => true }),
    )
    expect(result).toMatchObject({ ok: true, status: 'Maintenance', attempt: 1 })
    expect(await statuses(arranged.portfolioManagerId)).toEqual({
      record: ['Maintenance', ''],
      run: ['Maintenance', ''],
    })
    expect(events).toMatchObject([{ type: 'run.started', record: { status: 'Maintenance' } }])
  })

  it.each([
    ['InProgress', ALREADY_ACTIVE],
    ['Maintenance', ALREADY_ACTIVE],
    ['AwaitingReview', AWAITING_REVIEW],
  ] as const)('refuses a start from %s', async (from, message) => {
    const arranged = await arrange(from)
    const { result, events } = await transition(arranged, (trx) => startRun(trx, arranged, starting))
    expect(result).toEqual({ ok: false, reason: 'already-active', message })
    expect(await statuses(arranged.portfolioManagerId)).toEqual(unchanged(from))
    expect(events).toEqual([])
  })

  it('refuses a full run of a certified record: a new revision certifies changed firmware', async () => {
    const arranged = await arrange('Completed')
    const { result, events } = await transition(arranged, (trx) =>
      startRun(trx, { ...arranged, kind: 'full' }, starting),
    )
    expect(result).toEqual({
      ok: false,
      reason: 'already-certified',
      message: 'This device is already certified. To certify changed firmware, submit a new revision.',
    })
    expect(await statuses(arranged.portfolioManagerId)).toEqual(unchanged('Completed'))
    expect(events).toEqual([])
  })

  it('re-runs the failed cases of a Validation failure: attempt 2 of the failed case only', async () => {
    const arranged = await arrange('Completed', { failed: true })
    const { result, events } = await transition(arranged, (trx) =>
      startRun(trx, { ...arranged, kind: 'rerun' }, starting),
    )
    expect(result).toEqual({
      ok: true,
      runId: expect.any(String),
      status: 'InProgress',
      attempt: 2,
      message: 'Re-run of the failed test cases started',
    })
    expect(await statuses(arranged.portfolioManagerId)).toEqual({
      record: ['InProgress', ''],
      run: ['InProgress', ''],
    })
    expect(events).toMatchObject([{ type: 'run.started', attempt: 2, run: { kind: 'rerun' } }])
    expect((events[0]!.run as { testCases: Array<{ name: string }> }).testCases.map((c) => c.name)).toEqual([
      'Reboot',
    ])
  })

  it.each(['Submitted', 'Completed', 'Cancelled'] as const)(
    'refuses a re-run from %s with nothing failed',
    async (from) => {
      const arranged = await arrange(from)
      const { result, events } = await transition(arranged, (trx) =>
        startRun(trx, { ...arranged, kind: 'rerun' }, starting),
      )
      expect(result).toEqual({ ok: false, reason: 'no-failed-cases', message: NO_FAILED_CASES })
      expect(await statuses(arranged.portfolioManagerId)).toEqual(unchanged(from))
      expect(events).toEqual([])
    },
  )

  it("refuses another organization's record and an unknown one", async () => {
    const arranged = await arrange('Submitted')
    const other = await arrange('Submitted')
    expect(
      await transition(arranged, (trx) =>
        startRun(trx, { ...arranged, organizationId: other.organizationId }, starting),
      ),
    ).toEqual({
      result: {
        ok: false,
        reason: 'forbidden',
        message: "You may not read or change another vendor's data.",
      },
      events: [],
    })
    expect(
      (
        await transition(arranged, (trx) =>
          startRun(trx, { ...arranged, portfolioManagerId: 'nothing' }, starting),
        )
      ).result,
    ).toMatchObject({ ok: false, reason: 'record-not-found' })
  })
})

/** The run's case at `position` now. */
const caseAt = (runId: string, position: number) =>
  db()
    .selectFrom('run_test_cases')
    .select(['state', 'log'])
    .where('run_id', '=', runId)
    .where('position', '=', position)
    .executeTakeFirstOrThrow()

const runRow = (runId: string) =>
  db().selectFrom('certification_runs').selectAll().where('run_id', '=', runId).executeTakeFirstOrThrow()
type RunRow = Awaited<ReturnType<typeof runRow>>

const certificateCount = async (runId: string) =>
  (await db().selectFrom('certificates').select('number').where('run_id', '=', runId).execute()).length

describe("the executor's transitions, refused from every status but InProgress and Maintenance", () => {
  const other = (from: From) => (from === 'InProgress' ? 'Maintenance' : 'InProgress')
  const TRANSITIONS: Array<[string, (trx: Trx, ref: RunRef, run: RunRow) => Promise<unknown>]> = [
    ['InProgress ↔ Maintenance', (trx, ref) => changeActiveStatus(trx, ref, 'Maintenance', OWNER)],
    ['case started', (trx, ref) => startCase(trx, ref, 1, OWNER)],
    ['case finished', (trx, ref) => finishCase(trx, ref, 1, { passed: true, log: ['ok'] }, OWNER)],
    ['finish', (trx, ref) => finishRun(trx, ref, { owner: OWNER })],
    ['resume', (trx, _ref, run) => resumeRun(trx, run, OWNER)],
    ['interrupt', (trx, _ref, run) => interruptRun(trx, run, 'Stopped.')],
  ]
  for (const [name, change] of TRANSITIONS) {
    it.each(ENDED)(`${name} from %s`, async (from) => {
      const arranged = await arrange(from)
      const run = await runRow(arranged.ref!.runId)
      const { result, events } = await transition(arranged, (trx) => change(trx, arranged.ref!, run))
      expect(result).toEqual(refused(from))
      expect(await statuses(arranged.portfolioManagerId)).toEqual(unchanged(from))
      expect(events).toEqual([])
    })
  }

  it.each(ACTIVE)('InProgress ↔ Maintenance from %s: run and record, run.status', async (from) => {
    const arranged = await arrange(from)
    const to = other(from)
    const { result, events } = await transition(arranged, (trx) =>
      changeActiveStatus(trx, arranged.ref!, to, OWNER),
    )
    expect(result).toEqual({ ok: true })
    expect(await statuses(arranged.portfolioManagerId)).toEqual({ record: [to, ''], run: [to, ''] })
    expect(events).toMatchObject([{ type: 'run.status', status: to, record: { status: to } }])
  })

  it.each(ACTIVE)('case started, then finished, from %s: case.started, case.finished', async (from) => {
    const arranged = await arrange(from)
    const ref = arranged.ref!
    const started = await transition(arranged, (trx) => startCase(trx, ref, 1, OWNER))
    expect(started.result).toEqual({ ok: true })
    expect(started.events).toMatchObject([
      { type: 'case.started', position: 1, name: 'Reboot', progress: { done: 1, total: 2 } },
    ])
    expect(await caseAt(ref.runId, 1)).toEqual({ state: 'running', log: [] })
    const finished = await transition(arranged, (trx) =>
      finishCase(trx, ref, 1, { passed: false, log: ['no'] }, OWNER),
    )
    expect(finished.result).toEqual({ ok: true })
    expect(finished.events).toMatchObject([
      { type: 'case.finished', position: 1, state: 'failed', log: ['no'] },
    ])
    expect(await statuses(arranged.portfolioManagerId)).toEqual(unchanged(from))
  })

  it.each([
    [false, 'CERTIFIED-OK', 1],
    [true, 'Validation failure', 0],
  ] as const)(
    'finish (case failed: %s): Completed + %s, run.finished, %i certificate',
    async (failed, result, issued) => {
      const arranged = await arrange('InProgress', { done: true, failed })
      const ref = arranged.ref!
      const certificates = { signer: ephemeralSigner() }
      const moved = await transition(arranged, (trx) => finishRun(trx, ref, { owner: OWNER, certificates }))
      expect(moved.result).toEqual({ ok: true })
      expect(await statuses(arranged.portfolioManagerId)).toEqual({
        record: ['Completed', result],
        run: ['Completed', result],
      })
      // A certifying run's certificate is told first (its number, not listed), in the same transaction.
      expect(moved.events).toMatchObject([
        ...(issued
          ? [
              {
                type: 'certificate.issued',
                runId: ref.runId,
                certificate: { state: 'valid', published: false },
              },
            ]
          : []),
        { type: 'run.finished', status: 'Completed', isCertified: result, failureReason: null },
      ])
      expect(await certificateCount(ref.runId)).toBe(issued)
    },
  )

  it("finish with the lab's review on: AwaitingReview with no result, run.finished, no certificate", async () => {
    const arranged = await arrange('Maintenance', { done: true })
    await setReviewRequired(db(), true)
    try {
      const moved = await transition(arranged, (trx) =>
        finishRun(trx, arranged.ref!, { owner: OWNER, certificates: { signer: ephemeralSigner() } }),
      )
      expect(moved.result).toEqual({ ok: true })
      expect(moved.events).toMatchObject([
        { type: 'run.finished', status: 'AwaitingReview', isCertified: '' },
      ])
    } finally {
      await setReviewRequired(db(), false)
    }
    expect(await statuses(arranged.portfolioManagerId)).toEqual({
      record: ['AwaitingReview', ''],
      run: ['AwaitingReview', ''],
    })
    expect(await certificateCount(arranged.ref!.runId)).toBe(0)
  })

  it.each(ACTIVE)(
    'interrupt from %s: Completed + Validation failure with the reason, cases skipped',
    async (from) => {
      const arranged = await arrange(from)
      const ref = arranged.ref!
      const run = await runRow(ref.runId)
      const moved = await transition(arranged, (trx) => interruptRun(trx, run, 'Stopped.'))
      expect(moved.result).toEqual({ ok: true })
      expect(await statuses(arranged.portfolioManagerId)).toEqual({
        record: ['Completed', 'Validation failure'],
        run: ['Completed', 'Validation failure'],
      })
      expect(moved.events).toMatchObject([
        {
          type: 'run.finished',
          status: 'Completed',
          isCertified: 'Validation failure',
          failureReason: 'Stopped.',
        },
      ])
      expect(await caseAt(ref.runId, 1)).toEqual({ state: 'skipped', log: [SKIPPED_CASE_NOTE] })
    },
  )

  it.each(ACTIVE)('resume from %s: the case cut off runs again, no event', async (from) => {
    const arranged = await arrange(from)
    const ref = arranged.ref!
    await db()
      .updateTable('run_test_cases')
      .set({ state: 'running' })
      .where('run_id', '=', ref.runId)
      .where('position', '=', 1)
      .execute()
    const run = await runRow(ref.runId)
    const moved = await transition(arranged, (trx) => resumeRun(trx, run, OWNER))
    expect(moved).toEqual({ result: { ok: true }, events: [] })
    expect(await caseAt(ref.runId, 1)).toEqual({ state: 'pending', log: [RESTARTED_CASE_NOTE] })
    expect(await statuses(arranged.portfolioManagerId)).toEqual(unchanged(from))
  })

  it('refuses every write of an executor whose run another one took over', async () => {
    const arranged = await arrange('InProgress')
    const ref = arranged.ref!
    const run = await runRow(ref.runId)
    for (const change of [
      (trx: Trx) => changeActiveStatus(trx, ref, 'Maintenance', 'executor-2'),
      (trx: Trx) => startCase(trx, ref, 1, 'executor-2'),
      (trx: Trx) => finishCase(trx, ref, 1, { passed: true, log: [] }, 'executor-2'),
      (trx: Trx) => finishRun(trx, ref, { owner: 'executor-2' }),
      (trx: Trx) => resumeRun(trx, run, 'executor-2'),
    ]) {
      expect(await transition(arranged, change)).toEqual({
        result: { ok: false, reason: 'not-owner' },
        events: [],
      })
    }
    expect(await statuses(arranged.portfolioManagerId)).toEqual(unchanged('InProgress'))
  })
})

describe('cancel', () => {
  it.each(ACTIVE)('cancels from %s: Cancelled, cases skipped, run.cancelled', async (from) => {
    const arranged = await arrange(from)
    const { result, events } = await transition(arranged, (trx) => cancelRun(trx, arranged))
    expect(result).toEqual({ ok: true, runId: arranged.ref!.runId })
    expect(await statuses(arranged.portfolioManagerId)).toEqual({
      record: ['Cancelled', ''],
      run: ['Cancelled', ''],
    })
    expect(events).toMatchObject([
      { type: 'run.cancelled', cancelledBy: 'Asha Rao', run: { failureReason: 'Cancelled by Asha Rao.' } },
    ])
    expect(await caseAt(arranged.ref!.runId, 1)).toEqual({
      state: 'skipped',
      log: ['Not run: the run was cancelled.'],
    })
  })

  it('names the lab when the lab cancels', async () => {
    const arranged = await arrange('InProgress')
    const { events } = await transition(arranged, (trx) =>
      cancelRun(trx, { ...arranged, accountId: '', lab: { name: 'Ravi' } }),
    )
    expect(events).toMatchObject([{ type: 'run.cancelled', cancelledBy: 'Ravi (lab)' }])
  })

  it.each(['Submitted', ...ENDED] as From[])('refuses a cancel from %s', async (from) => {
    const arranged = await arrange(from)
    const { result, events } = await transition(arranged, (trx) => cancelRun(trx, arranged))
    expect(result).toEqual({
      ok: false,
      reason: 'no-active-run',
      message: 'This device has no certification run in progress.',
    })
    expect(await statuses(arranged.portfolioManagerId)).toEqual(unchanged(from))
    expect(events).toEqual([])
  })
})

describe('review decided', () => {
  const review = (arranged: Arranged, decision: 'approve' | 'reject', runId = arranged.ref!.runId) =>
    transition(arranged, (trx) =>
      decideReview(trx, {
        runId,
        decision,
        reason: decision === 'reject' ? 'Log incomplete.' : '',
        reviewer: 'Ravi',
        certificates: { signer: ephemeralSigner() },
      }),
    )

  it.each([
    ['approve', 'CERTIFIED-OK', 1],
    ['reject', 'Validation failure', 0],
  ] as const)(
    '%s from AwaitingReview: Completed + %s, run.finished, %i certificate',
    async (decision, result, issued) => {
      const arranged = await arrange('AwaitingReview')
      const { result: decided, events } = await review(arranged, decision)
      expect(decided).toEqual({ ok: true })
      expect(await statuses(arranged.portfolioManagerId)).toEqual({
        record: ['Completed', result],
        run: ['Completed', result],
      })
      expect(events).toMatchObject([
        ...(issued ? [{ type: 'certificate.issued', runId: arranged.ref!.runId }] : []),
        {
          type: 'run.finished',
          status: 'Completed',
          isCertified: result,
          run: { review: { state: decision === 'approve' ? 'approved' : 'rejected', reviewer: 'Ravi' } },
        },
      ])
      expect(await certificateCount(arranged.ref!.runId)).toBe(issued)
    },
  )

  it('refuses an approval of a run with a failed case', async () => {
    const arranged = await arrange('AwaitingReview', { failed: true })
    expect(await review(arranged, 'approve')).toEqual({
      result: { ok: false, reason: 'has-failures' },
      events: [],
    })
    expect(await statuses(arranged.portfolioManagerId)).toEqual(unchanged('AwaitingReview'))
  })

  it.each(RUN_FROM.filter((from) => from !== 'AwaitingReview'))(
    'refuses a decision from %s',
    async (from) => {
      const arranged = await arrange(from)
      for (const decision of ['approve', 'reject'] as const) {
        expect(await review(arranged, decision)).toEqual({
          result: { ok: false, reason: 'not-awaiting' },
          events: [],
        })
      }
      expect(await statuses(arranged.portfolioManagerId)).toEqual(unchanged(from))
    },
  )

  it('answers an unknown run as not found', async () => {
    const arranged = await arrange('AwaitingReview')
    const unknown = '00000000-0000-0000-0000-000000000000'
    expect(await review(arranged, 'approve', unknown)).toEqual({
      result: { ok: false, reason: 'not-found' },
      events: [],
    })
  })
})
