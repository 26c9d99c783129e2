import * as v from 'valibot'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordListAnswerSchema } from '@/contract/records'
import { openSecondProcessDatabase, testsUsePostgres } from '../platform/db/test-database.ts'
import {
  Browser,
  createVendor,
  eventually,
  startTestPortal,
  submitPayloadFor,
  type TestPortal,
  type TestVendor,
} from '../test/portal.ts'
import { SseClient } from '../test/sse.ts'

/*
 * Live events with several portal processes on one PostgreSQL (docs/decisions/0020), in the way
 * of server/apps/two-processes.test.ts: two whole portals over one schema, each with its own pool, its
 * own event hub and its own LISTEN connection. An event written through one process reaches the
 * streams of the other, in order, none lost. The hubs' safety reads are off, so every delivery
 * here comes from NOTIFY (or, after a broken LISTEN connection, from the re-read when it is back).
 * Only under npm run test:pg: with PGlite one process owns the database.
 */

let a: TestPortal
let b: TestPortal
/** Both portals run in this one Node process: appendEvent's in-process wake-up is off for them. */
const NO_SAFETY_READ = { safetyReadMs: 600_000, wakeOnAppend: false }

describe.skipIf(!testsUsePostgres())('live events across two processes on one PostgreSQL', () => {
  beforeAll(async () => {
    a = await startTestPortal({ seeds: { addresses: false, demoAccount: false }, events: NO_SAFETY_READ })
    const database = await openSecondProcessDatabase(a.database, {
      catalogue: false,
      addresses: false,
      demoAccount: false,
    })
    b = await startTestPortal({ database, events: NO_SAFETY_READ })
    expect(a.portal.events.listening()).toBe(true)
    expect(b.portal.events.listening()).toBe(true)
  }, 60_000)

  afterAll(async () => {
    await b?.close()
    // Last: closing the first database drops the schema.
    await a?.close()
  })

  const opened: SseClient[] = []
  afterAll(() => {
    for (const stream of opened) stream.close()
  })

  /** The vendor's browser with its session, sending its calls to `portal`. */
  function via(vendor: TestVendor, portal: TestPortal) {
    const browser = new Browser(portal.portal)
    browser.cookie = vendor.browser.cookie
    browser.token = vendor.browser.token
    browser.vendorUserId = vendor.browser.vendorUserId
    return browser
  }

  async function stream(vendor: TestVendor, portal: TestPortal) {
    const client = await SseClient.open(portal.portal.mainUrl, { cookie: vendor.browser.cookie })
    opened.push(client)
    expect(client.response.status).toBe(200)
    await client.until((s) => s.named('hello').length === 1)
    return client
  }

  async function recordOf(vendor: TestVendor) {
    const created = await via(vendor, a).post(
      '/api/portfoliomanager/create',
      submitPayloadFor(vendor.browser.vendorUserId),
    )
    expect(created.status).toBe(200)
    const list = await via(vendor, a).post('/api/portfoliomanager/list', {
      vendorUserId: vendor.browser.vendorUserId,
    })
    const [record] = v.parse(recordListAnswerSchema, await list.json()).portfolioManagerSubmittedDetailsList
    return record?.portfolioManagerId ?? ''
  }

  const comment = (vendor: TestVendor, portal: TestPortal, portfolioManagerId: string, text: string) =>
    via(vendor, portal).post('/api/portfoliomanager/comments/add', {
      vendorUserId: vendor.browser.vendorUserId,
      portfolioManagerId,
      text,
    })

  async function storedSeqs(vendor: TestVendor, after: number) {
    const rows = await a.database.db
      .selectFrom('events')
      .select('seq')
      .where('organization_id', '=', vendor.organizationId)
      .where('seq', '>', after)
      .orderBy('seq')
      .execute()
    return rows.map((row) => row.seq)
  }

  it('an event written through A reaches a stream on B', async () => {
    const vendor = await createVendor(a, 'two-events1@example.com', 'Twoevents')
    const onB = await stream(vendor, b)
    const id = await recordOf(vendor)
    await onB.until((s) => s.events.length === 1)
    expect(onB.events[0]).toMatchObject({ type: 'record.submitted', portfolioManagerId: id })
    const answer = await comment(vendor, a, id, 'from A')
    expect(answer.status).toBe(200)
    await onB.until((s) => s.events.length === 2)
    expect(onB.events[1]).toMatchObject({ type: 'comment.added', comment: { text: 'from A' } })
  })

  it('200 events written at once through A and B reach streams on both, each once, in order', async () => {
    const vendor = await createVendor(a, 'two-events2@example.com', 'Twoevents')
    const id = await recordOf(vendor)
    const [first] = await storedSeqs(vendor, 0)
    const streams = [await stream(vendor, a), await stream(vendor, b), await stream(vendor, b)]
    const statuses: number[] = []
    // Ten writers on each process, 200 comments in all.
    await Promise.all(
      Array.from({ length: 20 }, async (_, writer) => {
        const portal = writer % 2 === 0 ? a : b
        for (let index = 0; index < 10; index += 1) {
          const answer = await comment(vendor, portal, id, `w${writer}-${index}`)
          statuses.push(answer.status)
        }
      }),
    )
    expect(statuses.filter((status) => status !== 200)).toEqual([])
    const expected = await storedSeqs(vendor, first ?? 0)
    expect(expected).toHaveLength(200)
    for (const client of streams) {
      await client.until((s) => s.events.length >= 200, 20_000, 'the 200 events')
      expect(client.seqs).toEqual(expected)
    }
  }, 60_000)

  it('B’s LISTEN connection breaks: it connects again and reads what it missed meanwhile', async () => {
    const vendor = await createVendor(a, 'two-events3@example.com', 'Twoevents')
    const id = await recordOf(vendor)
    const onB = await stream(vendor, b)
    const pid = b.portal.events.listenerPid()
    expect(pid).not.toBeNull()
    await sql`select pg_terminate_backend(${pid})`.execute(a.database.db)
    await eventually(() => !b.portal.events.listening())
    // Written while B does not listen: B's hub learns of them when it listens again.
    for (let index = 0; index < 5; index += 1)
      expect((await comment(vendor, a, id, `gap ${index}`)).status).toBe(200)
    await eventually(() => b.portal.events.listening(), 10_000)
    expect(b.portal.events.listenerPid()).not.toBe(pid)
    await onB.until((s) => s.events.length === 5, 10_000, 'the events written while B did not listen')
    expect(onB.events.map((event) => (event.type === 'comment.added' ? event.comment.text : ''))).toEqual([
      'gap 0',
      'gap 1',
      'gap 2',
      'gap 3',
      'gap 4',
    ])
  }, 30_000)
})
