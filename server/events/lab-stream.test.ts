import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LAB_EVENTS_PATH } from '@/contract/lab'
import { NOT_SIGNED_IN_MESSAGE } from '@/contract/server-messages'
import { openSecondProcessDatabase, testsUsePostgres } from '../platform/db/test-database.ts'
import { tokenDigest } from '../http/session-token.ts'
import {
  createVendor,
  newBrowser,
  startTestPortal,
  type TestPortal,
  type TestVendor,
} from '../test/portal.ts'
import { SseClient } from '../test/sse.ts'
import { appendEvent } from './append.ts'
import { GENERIC_PLAN_RUN } from '../test/plans.ts'

/*
 * The lab's live stream (LAB_EVENTS_PATH) at the hub — every organization's events, in
 * seq order, each with its organizationId, beside the organizations' own streams (which keep
 * theirs only, without it); a removed staff member's stream ends; and, on PostgreSQL, events
 * written by another process reach the lab's stream through NOTIFY.
 */

/** A lab staff member's session on a fresh browser of `test` (as the login makes it). */
async function labCookie(test: TestPortal, name: string) {
  const { db } = test.database
  const staff = await db
    .insertInto('lab_staff')
    .values({ email: `${name.toLowerCase()}@lab.example.com`, name, role: 'Lab manager' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const browser = await newBrowser(test.portal)
  const token = decodeURIComponent(browser.cookie.split('=')[1] ?? '')
  await db
    .updateTable('sessions')
    .set({ lab_staff_id: staff.id })
    .where('id', '=', tokenDigest(token))
    .execute()
  return { cookie: browser.cookie, staffId: staff.id }
}

/** A comment event of the organization, written as the routes write them (in a transaction). */
function comment(test: TestPortal, organizationId: string, portfolioManagerId: string, text: string) {
  return test.database.db.transaction().execute((trx) =>
    appendEvent(trx, organizationId, {
      type: 'comment.added',
      portfolioManagerId,
      comment: {
        commentId: `c-${text}`,
        portfolioManagerId,
        author: 'Someone',
        text,
        createdAt: new Date().toISOString(),
      },
    }),
  )
}

describe('the lab stream at the hub', () => {
  let test: TestPortal
  let alpha: TestVendor
  let beta: TestVendor
  beforeAll(async () => {
    test = await startTestPortal()
    alpha = await createVendor(test, 'ann.alpha@example.com', 'Ann')
    beta = await createVendor(test, 'ben.beta@example.com', 'Ben')
  }, 60_000)
  afterAll(async () => {
    await test?.close()
  })

  it('hands the lab every organization’s events in seq order; each organization keeps its own', async () => {
    const { cookie, staffId } = await labCookie(test, 'Lena')
    // Each organization has a run going: the lab's hello carries both, with their organizations.
    const running: Record<string, string> = {}
    for (const vendor of [alpha, beta]) {
      const { db } = test.database
      const record = await db
        .insertInto('device_records')
        .values({
          organization_id: vendor.organizationId,
          vendor: 'Nokia',
          device_name: 'Live',
          device_type: 'Router',
          product_class: 'Edge',
          base_firmware_version: '1',
          business_domain: 'Wireline',
          created_by: vendor.email,
          status: 'InProgress',
        })
        .returning('portfolio_manager_id')
        .executeTakeFirstOrThrow()
      const run = await db
        .insertInto('certification_runs')
        .values({
          ...GENERIC_PLAN_RUN,
          portfolio_manager_id: record.portfolio_manager_id,
          status: 'InProgress',
          harness: 'test',
          started_by: 'Someone',
        })
        .returning('run_id')
        .executeTakeFirstOrThrow()
      running[run.run_id] = vendor.organizationId
    }
    const lab = await SseClient.open(test.portal.mainUrl, { cookie, path: LAB_EVENTS_PATH })
    const own = await SseClient.of(alpha.browser, test.portal.mainUrl)
    await lab.until((client) => client.named('hello').length === 1)
    await own.until((client) => client.named('hello').length === 1)
    expect(lab.retry).toBe(2000)
    const hello = JSON.parse(lab.named('hello')[0]!.data) as {
      activeRuns: Array<{ runId: string; organizationId: string }>
    }
    expect(Object.fromEntries(hello.activeRuns.map((run) => [run.runId, run.organizationId]))).toEqual(
      running,
    )
    const ownHello = JSON.parse(own.named('hello')[0]!.data) as { activeRuns: Array<{ runId: string }> }
    expect(ownHello.activeRuns.map((run) => running[run.runId])).toEqual([alpha.organizationId])
    expect(test.portal.events.streamCount()).toBe(2)

    const seqs = [
      await comment(test, alpha.organizationId, 'rec-a', 'one'),
      await comment(test, beta.organizationId, 'rec-b', 'two'),
      await comment(test, alpha.organizationId, 'rec-a', 'three'),
    ]
    // The comments' events, in order (the runs arranged above may meanwhile be taken up by the
    // portal's executor on a slow machine and add events of their own).
    const comments = (client: SseClient) => client.events.filter((event) => event.type === 'comment.added')
    await lab.until((client) => comments(client).length >= 3)
    expect(comments(lab).map((event) => [event.seq, event.organizationId])).toEqual([
      [seqs[0], alpha.organizationId],
      [seqs[1], beta.organizationId],
      [seqs[2], alpha.organizationId],
    ])
    await own.until((client) => comments(client).length >= 2)
    expect(comments(own).map((event) => [event.seq, event.organizationId])).toEqual([
      [seqs[0], undefined],
      [seqs[2], undefined],
    ])
    expect(own.events.every((event) => event.organizationId === undefined)).toBe(true)

    // A removed staff member's stream ends at the next keep-alive round, as a vendor's does.
    await test.database.db
      .updateTable('lab_staff')
      .set({ disabled_at: new Date() })
      .where('id', '=', staffId)
      .execute()
    await test.portal.events.keepAliveRound()
    await lab.until((client) => client.named('ended').length === 1)
    expect(JSON.parse(lab.named('ended')[0]!.data)).toEqual({ message: NOT_SIGNED_IN_MESSAGE })
    expect(own.named('ended')).toEqual([])
    expect(test.portal.events.streamCount()).toBe(1)
    own.close()
  })

  it('refuses a bad resume point with 400 naming the field', async () => {
    const { cookie } = await labCookie(test, 'Remy')
    const bad = await SseClient.open(test.portal.mainUrl, {
      cookie,
      path: LAB_EVENTS_PATH,
      query: '?after=x',
    })
    expect(bad.response.status).toBe(400)
    expect(((await bad.response.json()) as { field: string }).field).toBe('after')
  })
})

describe.skipIf(!testsUsePostgres())('the lab stream across two processes on one PostgreSQL', () => {
  let a: TestPortal
  let b: TestPortal
  const NO_SAFETY_READ = { safetyReadMs: 600_000, wakeOnAppend: false }
  beforeAll(async () => {
    a = await startTestPortal({ seeds: { addresses: false, demoAccount: false }, events: NO_SAFETY_READ })
    const database = await openSecondProcessDatabase(a.database, {
      catalogue: false,
      addresses: false,
      demoAccount: false,
    })
    b = await startTestPortal({ database, events: NO_SAFETY_READ })
  }, 60_000)
  afterAll(async () => {
    await b?.close()
    await a?.close()
  })

  it('an event written through one process reaches the lab stream of the other', async () => {
    const vendor = await createVendor(a, 'pia.pg@example.com', 'Pia')
    const { cookie } = await labCookie(a, 'Paul')
    const lab = await SseClient.open(b.portal.mainUrl, { cookie, path: LAB_EVENTS_PATH })
    await lab.until((client) => client.named('hello').length === 1)
    const seq = await comment(a, vendor.organizationId, 'rec-pg', 'across')
    await lab.until((client) => client.events.length === 1)
    expect(lab.events.map((event) => [event.seq, event.organizationId])).toEqual([
      [seq, vendor.organizationId],
    ])
    lab.close()
  })
})
