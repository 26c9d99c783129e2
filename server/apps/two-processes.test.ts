import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blankSavePayload } from '@/contract/fixtures/payloads'
import { savedPortfolioSchema } from '@/contract/portfolio'
import { recordListAnswerSchema } from '@/contract/records'
import { CANCELLED_CASE_NOTE, NOT_SIGNED_IN_MESSAGE, RUN_CANCELLED_MESSAGE } from '@/contract/server-messages'
import { DEFAULT_CHECK_MS } from '../certification/runner.ts'
import { LAB_STATE_REFRESH_MS } from '../certification/lab-state.ts'
import { openSecondProcessDatabase, testsUsePostgres } from '../platform/db/test-database.ts'
import {
  Browser,
  createStaffMember,
  createVendor,
  gatedHarness,
  startTestPortal,
  submitPayloadFor,
  TEST_ORGANIZATION,
  type TestPortal,
  type TestVendor,
} from '../test/portal.ts'

/*
 * Several portal processes on one PostgreSQL (docs/decisions/0018): two whole portals —
 * main service and certification service each — over one schema, each with its own connection
 * pool, as two processes behind a load balancer would be. One browser's calls go to either.
 * Only under npm run test:pg: with PGlite one process owns the database, so there is nothing to
 * share.
 */

const NAME = 'shared-lab'

let a: TestPortal
let b: TestPortal
/** Each process's lab: it counts the cases it was handed ("executed by exactly one process"). */
let gateA: ReturnType<typeof gatedHarness>
let gateB: ReturnType<typeof gatedHarness>

describe.skipIf(!testsUsePostgres())('two portal processes on one PostgreSQL', () => {
  beforeAll(async () => {
    gateA = gatedHarness(NAME)
    gateB = gatedHarness(NAME)
    a = await startTestPortal({ harness: gateA.harness, seeds: { addresses: false, demoAccount: false } })
    // The second process: its own pool on the same schema (the schema is dropped with the first).
    const database = await openSecondProcessDatabase(a.database, {
      catalogue: false,
      addresses: false,
      demoAccount: false,
    })
    b = await startTestPortal({ database, harness: gateB.harness })
    expect(a.database.writes).toBeNull()
    expect(b.database.writes).toBeNull()
  }, 60_000)

  afterAll(async () => {
    gateA?.openAll()
    gateB?.openAll()
    await b?.close()
    // Last: closing the first database drops the schema.
    await a?.close()
  })

  /** One browser whose calls a load balancer sends to either process. */
  class Balanced {
    constructor(private readonly from: Browser) {}
    get vendorUserId() {
      return this.from.vendorUserId
    }
    private via(portal: TestPortal) {
      const browser = new Browser(portal.portal)
      browser.cookie = this.from.cookie
      browser.token = this.from.token
      browser.vendorUserId = this.from.vendorUserId
      return browser
    }
    private async sync(browser: Browser, response: Response) {
      this.from.cookie = browser.cookie
      this.from.token = browser.token
      return response
    }
    async post(portal: TestPortal, path: string, body: unknown) {
      const browser = this.via(portal)
      return this.sync(browser, await browser.post(path, body))
    }
    async cert(portal: TestPortal, path: string, body: unknown) {
      const browser = this.via(portal)
      return this.sync(browser, await browser.cert(path, { body }))
    }
  }

  let vendorNumber = 0
  async function vendorLoggedInThroughA() {
    vendorNumber += 1
    const vendor: TestVendor = await createVendor(a, `two${vendorNumber}@example.com`, `Two${vendorNumber}`)
    return new Balanced(vendor.browser)
  }

  const getPortfolio = (browser: Balanced, portal: TestPortal) =>
    browser.post(portal, '/api/portfoliomanager/get', { vendorUserId: browser.vendorUserId })

  async function submitRecord(browser: Balanced) {
    const created = await browser.post(
      a,
      '/api/portfoliomanager/create',
      submitPayloadFor(browser.vendorUserId),
    )
    expect(created.status, await created.clone().text()).toBe(200)
    const list = await browser.post(a, '/api/portfoliomanager/list', { vendorUserId: browser.vendorUserId })
    const records = v.parse(recordListAnswerSchema, await list.json()).portfolioManagerSubmittedDetailsList
    const record = records[0]
    if (!record) throw new Error('The submit made no record.')
    return record.portfolioManagerId
  }

  const runsOf = (portfolioManagerId: string) =>
    b.database.db
      .selectFrom('certification_runs')
      .selectAll()
      .where('portfolio_manager_id', '=', portfolioManagerId)
      .execute()

  async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  describe('sessions', () => {
    it('a login through A works through B', async () => {
      const browser = await vendorLoggedInThroughA()
      expect((await getPortfolio(browser, b)).status).toBe(200)
    })

    it('a logout through B is refused through A at once', async () => {
      const browser = await vendorLoggedInThroughA()
      // A has seen (and, on PGlite, would have remembered) the session first.
      expect((await getPortfolio(browser, a)).status).toBe(200)
      expect((await browser.post(b, '/api/logout', {})).status).toBe(200)
      const refused = await getPortfolio(browser, a)
      expect(refused.status).toBe(401)
      expect(await refused.json()).toEqual({ message: NOT_SIGNED_IN_MESSAGE })
    })

    it('a session idle past its limit, ended through A, is refused through B', async () => {
      const browser = await vendorLoggedInThroughA()
      const session = () => a.database.db.selectFrom('sessions').select(['id', 'account_id'])
      expect((await getPortfolio(browser, b)).status).toBe(200)
      const before = await session().where('account_id', '=', browser.vendorUserId).execute()
      expect(before).toHaveLength(1)
      await a.database.db
        .updateTable('sessions')
        .set({ last_seen_at: new Date(Date.now() - 301_000) })
        .where('account_id', '=', browser.vendorUserId)
        .execute()
      expect((await getPortfolio(browser, a)).status).toBe(401)
      expect(await session().where('account_id', '=', browser.vendorUserId).execute()).toEqual([])
      expect((await getPortfolio(browser, b)).status).toBe(401)
    })
  })

  describe('the answer cache', () => {
    it('a save through A is seen by a get through B at once', async () => {
      const browser = await vendorLoggedInThroughA()
      // B builds and keeps its answer first.
      const first = v.parse(savedPortfolioSchema, await (await getPortfolio(browser, b)).json())
      expect(first.portfolioManagerSavedDetails).toBeNull()
      const saved = await browser.post(
        a,
        '/api/portfoliomanager/save',
        blankSavePayload(browser.vendorUserId, 1, {
          ...TEST_ORGANIZATION,
          organizationName: 'Saved Through A',
        }),
      )
      expect(saved.status, await saved.clone().text()).toBe(200)
      const after = v.parse(savedPortfolioSchema, await (await getPortfolio(browser, b)).json())
      expect(after.organizationName).toBe('Saved Through A')
    })
  })

  describe('submits', () => {
    it('20 submits of one vendor at once through A and B all succeed (no deadlock), each a record', async () => {
      const browser = await vendorLoggedInThroughA()
      const payload = submitPayloadFor(browser.vendorUserId)
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          browser.post(index % 2 === 0 ? a : b, '/api/portfoliomanager/create', payload),
        ),
      )
      expect(answers.map((response) => response.status)).toEqual(Array.from({ length: 20 }, () => 200))
      const list = await browser.post(b, '/api/portfoliomanager/list', { vendorUserId: browser.vendorUserId })
      const records = v.parse(recordListAnswerSchema, await list.json()).portfolioManagerSubmittedDetailsList
      expect(records).toHaveLength(20)
    })
  })

  describe('the directory of certified devices', () => {
    it('certificates written through both processes at once are listed by both, and a revocation through B leaves A’s next page', async () => {
      await a.database.db
        .insertInto('certificate_keys')
        .values({ key_id: 'two-key', public_key: 'two-public-key', retired_at: null })
        .execute()
      const numberOf = (index: number) => `DCP-7WQ0-0000-${String(index).padStart(4, '0')}`
      const search = 'dcp-7wq0-0000-'
      // Read once first: each process then follows changes rather than loading everything.
      const listed = async (portal: TestPortal) => {
        const response = await fetch(`${portal.portal.mainUrl}/api/certified-devices?search=${search}`)
        expect(response.status).toBe(200)
        return ((await response.json()) as { total: number; items: Array<{ number: string }> }).total
      }
      expect([await listed(a), await listed(b)]).toEqual([0, 0])
      await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          (index % 2 === 0 ? a : b).database.db.transaction().execute(async (trx) => {
            await trx
              .insertInto('certificates')
              .values({
                number: numberOf(index),
                run_id: `two-run-${index}`,
                portfolio_manager_id: `two-record-${index}`,
                organization_id: 'two-organization',
                organization_name: 'Two Networks',
                vendor: 'Nokia',
                device_name: `Beacon ${index}`,
                device_type: 'ONT',
                product_class: 'GPON',
                payload: '{}',
                signature: 'two-signature',
                key_id: 'two-key',
                issued_at: new Date(Date.now() - index * 1000),
                expires_at: new Date(Date.now() + 86_400_000),
                revoked_at: null,
                revoked_reason: null,
                revoked_by: null,
                published: true,
              })
              .execute()
            // Held a moment, so that the writers overlap.
            await new Promise((resolve) => setTimeout(resolve, 5))
          }),
        ),
      )
      expect([await listed(a), await listed(b)]).toEqual([20, 20])
      await b.database.db
        .updateTable('certificates')
        .set({ revoked_at: new Date(), revoked_reason: 'Two processes.', revoked_by: 'test' })
        .where('number', '=', numberOf(7))
        .execute()
      expect([await listed(a), await listed(b)]).toEqual([19, 19])
    })
  })

  describe('the lab', () => {
    it('maintenance started through A holds a run started through B, and its end through B resumes it', async () => {
      const manager = await createStaffMember(a, 'two.manager@lab.example', 'Two Manager', 'Lab manager')
      const browser = await vendorLoggedInThroughA()
      const id = await submitRecord(browser)
      const expectedEnd = new Date(Date.now() + 3_600_000).toISOString()
      const started = await manager.browser.post('/api/lab/maintenance/start', {
        reason: 'Two processes.',
        expectedEnd,
      })
      expect(started.status).toBe(200)
      // B reads the bench's state within LAB_STATE_REFRESH_MS.
      await new Promise((resolve) => setTimeout(resolve, LAB_STATE_REFRESH_MS + 200))
      const body = { vendor_user_id: browser.vendorUserId, portfolio_manager_id: id }
      expect((await browser.cert(b, '/run-tests', body)).status).toBe(200)
      expect((await runsOf(id))[0]?.status).toBe('Maintenance')
      // Ended through B's console: the run resumes wherever it runs.
      const viaB = new Browser(b.portal)
      viaB.cookie = manager.browser.cookie
      viaB.token = manager.browser.token
      expect((await viaB.post('/api/lab/maintenance/end', {})).status).toBe(200)
      await waitFor(async () => (await runsOf(id))[0]?.status === 'InProgress', 'the run to resume', 20_000)
      // Let it finish, wherever it runs (the gates hand out one case at a time).
      while ((await runsOf(id))[0]?.status === 'InProgress') {
        gateA.next()
        gateB.next()
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      expect((await runsOf(id))[0]).toMatchObject({ status: 'Completed', is_certified: 'CERTIFIED-OK' })
    }, 30_000)
  })

  describe('runs', () => {
    it('run-tests for one record through A and B at once makes exactly one run, run by one process', async () => {
      const browser = await vendorLoggedInThroughA()
      const id = await submitRecord(browser)
      const body = { vendor_user_id: browser.vendorUserId, portfolio_manager_id: id }
      const startedA = gateA.started()
      const startedB = gateB.started()
      const answers = await Promise.all([
        browser.cert(a, '/run-tests', body),
        browser.cert(b, '/run-tests', body),
      ])
      expect(answers.map((response) => response.status).sort()).toEqual([200, 409])
      const runs = await runsOf(id)
      expect(runs).toHaveLength(1)
      const ranBy = answers[0]?.status === 200 ? 'a' : 'b'
      // Its executor goes on with it; the other process leaves it alone past its checks.
      await waitFor(
        async () => gateA.started() + gateB.started() > startedA + startedB,
        'the first case handed to the lab',
      )
      await new Promise((resolve) => setTimeout(resolve, 2500))
      expect(gateA.started() - startedA).toBe(ranBy === 'a' ? 1 : 0)
      expect(gateB.started() - startedB).toBe(ranBy === 'b' ? 1 : 0)
      expect((await runsOf(id))[0]?.lease_owner).toBe(runs[0]?.lease_owner)
      // Let this run finish.
      const gate = ranBy === 'a' ? gateA : gateB
      while ((await runsOf(id))[0]?.status === 'InProgress') {
        gate.next()
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      expect((await runsOf(id))[0]).toMatchObject({ status: 'Completed', is_certified: 'CERTIFIED-OK' })
    }, 30_000)

    it('a run executing in A, cancelled through B, stops in A within a lease check and A writes nothing more', async () => {
      const browser = await vendorLoggedInThroughA()
      const id = await submitRecord(browser)
      const body = { vendor_user_id: browser.vendorUserId, portfolio_manager_id: id }
      const startedA = gateA.started()
      const startedB = gateB.started()
      const started = await browser.cert(a, '/run-tests', body)
      expect(started.status).toBe(200)
      const { runId } = (await started.json()) as { runId: string }
      await waitFor(async () => gateA.started() > startedA, 'the first case handed to A’s lab')
      gateA.next()
      await waitFor(async () => gateA.started() > startedA + 1, 'the second case handed to A’s lab')

      const cancelledAt = Date.now()
      const cancelled = await browser.cert(b, '/run-tests/cancel', body)
      expect(cancelled.status).toBe(200)
      expect(await cancelled.json()).toEqual({ message: RUN_CANCELLED_MESSAGE })
      // A finds the run no longer its active run at its next lease check and aborts the case.
      await a.portal.executor.settled(runId)
      const stoppedAfterMs = Date.now() - cancelledAt
      expect(stoppedAfterMs).toBeLessThanOrEqual(DEFAULT_CHECK_MS + 1000)

      const rows = () =>
        b.database.db
          .selectFrom('run_test_cases')
          .selectAll()
          .where('run_id', '=', runId)
          .orderBy('position')
          .execute()
      const events = () =>
        b.database.db
          .selectFrom('events')
          .select(['seq', 'type'])
          .where('run_id', '=', runId)
          .orderBy('seq')
          .execute()
      const [run] = await runsOf(id)
      expect(run).toMatchObject({
        status: 'Cancelled',
        is_certified: '',
        failure_reason: `Cancelled by Two${vendorNumber} Tester.`,
      })
      const cases = await rows()
      expect(cases[0]?.state).toBe('passed')
      expect(cases.slice(1).every((row) => row.state === 'skipped')).toBe(true)
      expect(cases[1]?.log).toEqual([CANCELLED_CASE_NOTE])
      const written = await events()
      expect(written.at(-1)?.type).toBe('run.cancelled')
      expect(written.filter((row) => row.type === 'run.cancelled')).toHaveLength(1)
      // Past another check: A wrote nothing more for that run, and neither process ran more of it.
      await new Promise((resolve) => setTimeout(resolve, DEFAULT_CHECK_MS + 200))
      expect(await rows()).toEqual(cases)
      expect(await events()).toEqual(written)
      expect(gateA.started()).toBe(startedA + 2)
      expect(gateB.started()).toBe(startedB)
      expect((await runsOf(id))[0]).toEqual(run)
    }, 30_000)

    it('a run whose process dies (kill -9) is finished by the other within 5 s; no run stays active', async () => {
      const browser = await vendorLoggedInThroughA()
      const id = await submitRecord(browser)
      const startedA = gateA.started()
      const startedB = gateB.started()
      const started = await browser.cert(a, '/run-tests', {
        vendor_user_id: browser.vendorUserId,
        portfolio_manager_id: id,
      })
      expect(started.status).toBe(200)
      await waitFor(async () => gateA.started() > startedA, 'the first case handed to A’s lab')
      const [before] = await runsOf(id)
      expect(before?.lease_expires_at?.getTime()).toBeGreaterThan(Date.now() + 20_000)

      // A dies: its executor stops where it is, releasing nothing, and its connections close.
      gateB.openAll()
      const diedAt = Date.now()
      await a.portal.executor.abandon()
      await a.database.db.destroy()

      await waitFor(
        async () => (await runsOf(id))[0]?.status === 'Completed',
        'the run finished by B',
        10_000,
      )
      const tookMs = Date.now() - diedAt
      expect(tookMs).toBeLessThanOrEqual(5000)
      const [after] = await runsOf(id)
      expect(after).toMatchObject({ status: 'Completed', is_certified: 'CERTIFIED-OK' })
      expect(after?.lease_owner).not.toBe(before?.lease_owner)
      expect(gateB.started()).toBeGreaterThan(startedB)
      const active = await b.database.db
        .selectFrom('certification_runs')
        .select('run_id')
        .where('status', 'in', ['InProgress', 'Maintenance'])
        .execute()
      expect(active).toEqual([])
    }, 30_000)
  })
})
