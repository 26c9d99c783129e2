import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EVENTS_SEQ_HEADER, STREAM_RETRY_MS, streamHelloSchema } from '@/contract/events'
import { commentListAnswerSchema, runListAnswerSchema } from '@/contract/certification'
import { recordListAnswerSchema } from '@/contract/records'
import {
  invalidResumePointMessage,
  LOGGED_OUT_MESSAGE,
  NOT_SIGNED_IN_MESSAGE,
  RESET_AHEAD_REASON,
  RESET_PRUNED_REASON,
  TOO_MANY_STREAMS_MESSAGE,
} from '@/contract/server-messages'
import {
  createVendor,
  eventually,
  gatedHarness,
  newBrowser,
  startTestPortal,
  submitPayloadFor,
  TEST_DEVICE,
  type TestPortal,
  type TestVendor,
} from '../test/portal.ts'
import { SseClient } from '../test/sse.ts'
import { appendEvent } from './append.ts'
import { createEventHub } from './hub.ts'
import { EventStream } from './stream.ts'

/*
 * The live events' stream, GET /api/events (docs/decisions/0020), over the whole portal: what the
 * record and comment calls write, hello, the replay from Last-Event-ID and its seam with the live
 * events, reset, ended, the refusals, the cap and the cleanup. Under npm run test:pg the same
 * suite runs on PostgreSQL (LISTEN/NOTIFY); server/events/two-processes.test.ts adds a second
 * process there.
 */

let test: TestPortal
let gate: ReturnType<typeof gatedHarness>
let number = 0

beforeAll(async () => {
  gate = gatedHarness()
  // No safety read during the suite: every delivery must come from a wake (in-process or NOTIFY).
  test = await startTestPortal({ harness: gate.harness, events: { safetyReadMs: 600_000 } })
}, 60_000)

afterAll(async () => {
  gate?.openAll()
  await test?.close()
})

const url = () => test.portal.mainUrl
const db = () => test.database.db

async function vendor(): Promise<TestVendor> {
  number += 1
  return createVendor(test, `events${number}@example.com`, `Events${number}`)
}

const streams: SseClient[] = []
async function open(who: TestVendor, options: { lastEventId?: string; query?: string } = {}) {
  const stream = await SseClient.of(who.browser, url(), options)
  streams.push(stream)
  expect(stream.response.status).toBe(200)
  return stream
}

afterAll(() => {
  for (const stream of streams) stream.close()
})

async function submit(who: TestVendor, values = {}) {
  const response = await who.browser.post(
    '/api/portfoliomanager/create',
    submitPayloadFor(who.browser.vendorUserId, values),
  )
  expect(response.status, await response.clone().text()).toBe(200)
}

async function listRows(who: TestVendor) {
  const response = await who.browser.post('/api/portfoliomanager/list', {
    vendorUserId: who.browser.vendorUserId,
  })
  return v.parse(recordListAnswerSchema, await response.json()).portfolioManagerSubmittedDetailsList
}

async function comment(who: TestVendor, portfolioManagerId: string, text: string) {
  const response = await who.browser.post('/api/portfoliomanager/comments/add', {
    vendorUserId: who.browser.vendorUserId,
    portfolioManagerId,
    text,
  })
  expect(response.status).toBe(200)
}

/** The vendor's organization's stored seqs after `after`, in order. */
async function storedSeqs(who: TestVendor, after = 0) {
  const rows = await db()
    .selectFrom('events')
    .select('seq')
    .where('organization_id', '=', who.organizationId)
    .where('seq', '>', after)
    .orderBy('seq')
    .execute()
  return rows.map((row) => row.seq)
}

async function head() {
  const row = await db()
    .selectFrom('events')
    .select((eb) => eb.fn.max('seq').as('head'))
    .executeTakeFirst()
  return row?.head ?? 0
}

describe('GET /api/events: who may open it', () => {
  it('answers 401 with the session message to a caller without a session, and to a visitor', async () => {
    const anonymous = await SseClient.open(url())
    expect(anonymous.response.status).toBe(401)
    expect(await anonymous.response.json()).toEqual({ message: NOT_SIGNED_IN_MESSAGE })
    const visitor = await newBrowser(test.portal)
    const refused = await SseClient.open(url(), { cookie: visitor.cookie })
    expect(refused.response.status).toBe(401)
    expect(await refused.response.json()).toEqual({ message: NOT_SIGNED_IN_MESSAGE })
  })

  it.each([
    ['?after=-1', undefined, 'after'],
    ['?after=abc', undefined, 'after'],
    ['?after=1.5', undefined, 'after'],
    ['?after=', undefined, 'after'],
    ['?after=12345678901234567', undefined, 'after'],
    ['', 'seven', 'Last-Event-ID'],
    ['?after=3', '-3', 'Last-Event-ID'],
  ])(
    'refuses the resume point %s (Last-Event-ID %s) with 400 naming %s',
    async (query, lastEventId, field) => {
      const who = await vendor()
      const refused = await SseClient.of(who.browser, url(), {
        query,
        ...(lastEventId === undefined ? {} : { lastEventId }),
      })
      expect(refused.response.status).toBe(400)
      expect(await refused.response.json()).toEqual({ message: invalidResumePointMessage(field), field })
      expect(invalidResumePointMessage('after')).toBe(
        'after must be a whole number of 0 or more (the seq of the last event received).',
      )
    },
  )

  it(`opens at most 20 streams per vendor and process; the 21st is answered 429; closed ones free their place`, async () => {
    const who = await vendor()
    const many = await Promise.all(Array.from({ length: 20 }, () => open(who)))
    await Promise.all(many.map((stream) => stream.until((s) => s.named('hello').length === 1)))
    expect(test.portal.events.streamCount(who.organizationId)).toBe(20)
    const refused = await SseClient.of(who.browser, url())
    expect(refused.response.status).toBe(429)
    expect(await refused.response.json()).toEqual({ message: TOO_MANY_STREAMS_MESSAGE })
    expect(TOO_MANY_STREAMS_MESSAGE).toBe(
      "Too many live-update streams are open for this account (at most 20). Close some of the portal's tabs and reload this one.",
    )
    // Another vendor is not counted with this one.
    const other = await vendor()
    await open(other)
    for (const stream of many) stream.close()
    await eventually(() => test.portal.events.streamCount(who.organizationId) === 0)
    await open(who)
    expect(test.portal.events.streamCount(who.organizationId)).toBe(1)
  }, 30_000)
})

describe('GET /api/events: a fresh tab', () => {
  it('answers an event stream, not stored, not buffered, with retry and hello first', async () => {
    const who = await vendor()
    const stream = await open(who)
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream')
    expect(stream.response.headers.get('cache-control')).toBe('no-store')
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no')
    expect(stream.response.headers.get('content-encoding')).toBeNull()
    await stream.until((s) => s.messages.length >= 1)
    expect(stream.retry).toBe(STREAM_RETRY_MS)
    const [hello] = stream.messages
    expect(hello?.event).toBe('hello')
    const body = v.parse(streamHelloSchema, JSON.parse(hello?.data ?? ''))
    expect(body).toEqual({ seq: await head(), accountSeq: 0, activeRuns: [] })
    // Its id is the head: a reconnect resumes after it.
    expect(hello?.id).toBe(String(body.seq))
  })

  it('hello carries the active runs with their cases and logs, as GET /runs answers them', async () => {
    const who = await vendor()
    await submit(who)
    const [record] = await listRows(who)
    const id = record?.portfolioManagerId ?? ''
    const started = gate.started()
    const run = await who.browser.cert('/run-tests', {
      body: { vendor_user_id: who.browser.vendorUserId, portfolio_manager_id: id },
    })
    expect(run.status).toBe(200)
    // The first case is with the lab, the run InProgress.
    await eventually(() => gate.started() > started)
    const stream = await open(who)
    await stream.until((s) => s.named('hello').length === 1)
    const hello = v.parse(streamHelloSchema, JSON.parse(stream.named('hello')[0]?.data ?? ''))
    const runs = await who.browser.cert(
      `/runs?vendor_user_id=${who.browser.vendorUserId}&portfolio_manager_id=${id}`,
      { method: 'GET' },
    )
    const listed = v.parse(runListAnswerSchema, await runs.json()).runs
    expect(hello.activeRuns).toHaveLength(1)
    expect(hello.activeRuns[0]).toEqual(listed[0])
    expect(hello.activeRuns[0]?.status).toBe('InProgress')
    expect(hello.activeRuns[0]?.testCases[0]?.state).toBe('running')
    gate.openAll()
  })
})

describe('the events the record and comment calls write', () => {
  it('submit, comment, edit and delete: one event each, with the row and comment as the lists answer them', async () => {
    const who = await vendor()
    const stream = await open(who)
    await stream.until((s) => s.named('hello').length === 1)

    await submit(who)
    await stream.until((s) => s.events.length === 1)
    const [row] = await listRows(who)
    if (!row) throw new Error('No record.')
    const submitted = stream.events[0]
    expect(submitted).toEqual({
      seq: submitted?.seq,
      at: submitted?.at,
      type: 'record.submitted',
      portfolioManagerId: row.portfolioManagerId,
      row,
    })
    expect(new Date(submitted?.at ?? '').toISOString()).toBe(submitted?.at)

    await comment(who, row.portfolioManagerId, 'Please run it tonight.')
    await stream.until((s) => s.events.length === 2)
    const comments = await who.browser.post('/api/portfoliomanager/comments/list', {
      vendorUserId: who.browser.vendorUserId,
      portfolioManagerId: row.portfolioManagerId,
    })
    const [listed] = v.parse(commentListAnswerSchema, await comments.json()).comments
    const added = stream.events[1]
    expect(added).toEqual({
      seq: added?.seq,
      at: added?.at,
      type: 'comment.added',
      portfolioManagerId: row.portfolioManagerId,
      comment: listed,
    })

    const updated = await who.browser.post('/api/portfoliomanager/record/update', {
      ...TEST_DEVICE,
      deviceNumberList: [...TEST_DEVICE.deviceNumberList],
      baseFirmwareVersion: '9.9.9',
      portfolioManagerId: row.portfolioManagerId,
      vendorUserId: who.browser.vendorUserId,
    })
    expect(updated.status, await updated.clone().text()).toBe(200)
    await stream.until((s) => s.events.length === 3)
    const [editedRow] = await listRows(who)
    expect(editedRow?.baseFirmwareVersion).toBe('9.9.9')
    const edited = stream.events[2]
    expect(edited).toEqual({
      seq: edited?.seq,
      at: edited?.at,
      type: 'record.edited',
      portfolioManagerId: row.portfolioManagerId,
      row: editedRow,
    })

    const deleted = await who.browser.post('/api/portfoliomanager/delete', {
      vendorUserId: who.browser.vendorUserId,
      portfolioManagerId: row.portfolioManagerId,
    })
    expect(deleted.status).toBe(200)
    await stream.until((s) => s.events.length === 4)
    const gone = stream.events[3]
    expect(gone).toEqual({
      seq: gone?.seq,
      at: gone?.at,
      type: 'record.deleted',
      portfolioManagerId: row.portfolioManagerId,
    })
    // In order, each once, and the ids are the seqs.
    expect(stream.seqs).toEqual(await storedSeqs(who))
    expect(stream.named('message').map((message) => message.id)).toEqual(stream.seqs.map(String))
  })

  it('a refused change writes no event', async () => {
    const who = await vendor()
    const before = await storedSeqs(who)
    const refused = await who.browser.post('/api/portfoliomanager/delete', {
      vendorUserId: who.browser.vendorUserId,
      portfolioManagerId: '00000000-0000-0000-0000-000000000000',
    })
    expect(refused.status).toBe(404)
    expect(await storedSeqs(who)).toEqual(before)
  })

  it('writing an event leaves the write watch’s session and answer epochs alone (PGlite)', async () => {
    const writes = test.database.writes
    if (!writes) return // PostgreSQL: no write watch.
    const who = await vendor()
    const sessions = writes.epoch('sessions')
    const portfolio = writes.epoch('portfolio')
    await db()
      .transaction()
      .execute((trx) =>
        appendEvent(trx, who.organizationId, { type: 'record.deleted', portfolioManagerId: 'not-a-record' }),
      )
    await test.portal.events.wake()
    await test.portal.events.prune()
    expect(writes.epoch('sessions')).toBe(sessions)
    expect(writes.epoch('portfolio')).toBe(portfolio)
  })
})

describe('resuming', () => {
  async function vendorWithComments(count: number) {
    const who = await vendor()
    await submit(who)
    const [row] = await listRows(who)
    for (let index = 0; index < count; index += 1)
      await comment(who, row?.portfolioManagerId ?? '', `c${index}`)
    return { who, id: row?.portfolioManagerId ?? '' }
  }

  it('from Last-Event-ID: exactly the events after it, then the live ones; no hello', async () => {
    const { who, id } = await vendorWithComments(4)
    const seqs = await storedSeqs(who)
    expect(seqs).toHaveLength(5)
    const stream = await open(who, { lastEventId: String(seqs[1]) })
    await stream.until((s) => s.events.length === 3)
    expect(stream.seqs).toEqual(seqs.slice(2))
    await comment(who, id, 'live')
    await stream.until((s) => s.events.length === 4)
    expect(stream.seqs).toEqual(await storedSeqs(who, seqs[1]))
    expect(stream.named('hello')).toEqual([])
    expect(stream.named('reset')).toEqual([])
  })

  it('from ?after=, and Last-Event-ID wins over it (a reconnecting EventSource keeps its URL)', async () => {
    const { who } = await vendorWithComments(3)
    const seqs = await storedSeqs(who)
    const byQuery = await open(who, { query: `?after=${seqs[0]}` })
    await byQuery.until((s) => s.events.length === 3)
    expect(byQuery.seqs).toEqual(seqs.slice(1))
    const both = await open(who, { query: `?after=${seqs[0]}`, lastEventId: String(seqs[2]) })
    await both.until((s) => s.events.length === 1)
    expect(both.seqs).toEqual(seqs.slice(3))
  })

  it('from the hello’s id: nothing twice, nothing missed', async () => {
    const { who, id } = await vendorWithComments(0)
    const first = await open(who)
    await first.until((s) => s.named('hello').length === 1)
    const helloId = first.named('hello')[0]?.id ?? ''
    first.close()
    await comment(who, id, 'while away')
    const again = await open(who, { lastEventId: helloId })
    await again.until((s) => s.events.length === 1)
    expect(again.events[0]).toMatchObject({ type: 'comment.added', comment: { text: 'while away' } })
  })

  it('streams opened while events are written get every event once, in order, across the replay/live seam', async () => {
    const { who, id } = await vendorWithComments(2)
    const after = (await storedSeqs(who)).at(-1) ?? 0
    const writing = (async () => {
      for (let index = 0; index < 30; index += 1) await comment(who, id, `seam ${index}`)
    })()
    const opened: SseClient[] = []
    for (let index = 0; index < 6; index += 1) {
      opened.push(await open(who, { lastEventId: String(after) }))
      await new Promise((resolve) => setTimeout(resolve, 15))
    }
    const fresh = await open(who)
    await writing
    const expected = await storedSeqs(who, after)
    expect(expected).toHaveLength(30)
    for (const stream of opened) {
      await stream.until((s) => s.events.length >= 30)
      expect(stream.seqs).toEqual(expected)
    }
    // A fresh tab: hello at some head, then exactly the events after it.
    const last = expected.at(-1) ?? 0
    await fresh.until(
      (s) => s.named('hello').length === 1 && Math.max(Number(s.named('hello')[0]?.id), ...s.seqs) >= last,
    )
    const helloSeq = Number(fresh.named('hello')[0]?.id)
    expect(fresh.seqs).toEqual(expected.filter((seq) => seq > helloSeq))
  }, 30_000)

  it('beyond the stored window: reset, then hello, then live', async () => {
    const { who, id } = await vendorWithComments(3)
    const seqs = await storedSeqs(who)
    // Age every event but the newest past the retention, and prune.
    await db()
      .updateTable('events')
      .set({ created_at: new Date(Date.now() - 25 * 3600 * 1000) })
      .where('seq', '<', (await head()) - 1)
      .execute()
    expect(await test.portal.events.prune()).toBeGreaterThan(0)
    const window = await db()
      .selectFrom('events')
      .select((eb) => eb.fn.min('seq').as('oldest'))
      .executeTakeFirst()
    expect(window?.oldest).toBeGreaterThan((seqs[0] ?? 0) + 1)
    const stream = await open(who, { lastEventId: String(seqs[0]) })
    await stream.until((s) => s.messages.length >= 2)
    expect(stream.messages.map((message) => message.event)).toEqual(['reset', 'hello'])
    expect(JSON.parse(stream.messages[0]?.data ?? '')).toEqual({
      seq: await head(),
      reason: RESET_PRUNED_REASON,
    })
    expect(RESET_PRUNED_REASON).toBe(
      'Events since the last one received are no longer stored: read the lists again.',
    )
    await comment(who, id, 'after the reset')
    await stream.until((s) => s.events.length === 1)
    expect(stream.events[0]).toMatchObject({ type: 'comment.added' })
  })

  it('from a seq ahead of the head (another database): reset, then hello', async () => {
    const who = await vendor()
    const stream = await open(who, { lastEventId: String((await head()) + 1000) })
    await stream.until((s) => s.messages.length >= 2)
    expect(stream.messages.map((message) => message.event)).toEqual(['reset', 'hello'])
    expect(JSON.parse(stream.messages[0]?.data ?? '')).toEqual({
      seq: await head(),
      reason: RESET_AHEAD_REASON,
    })
  })

  it('pruning keeps the newest event, so the head stays known', async () => {
    await db()
      .updateTable('events')
      .set({ created_at: new Date(Date.now() - 48 * 3600 * 1000) })
      .execute()
    const newest = await head()
    await test.portal.events.prune()
    const left = await db().selectFrom('events').select('seq').execute()
    expect(left.map((row) => row.seq)).toEqual([newest])
  })
})

describe('other vendors', () => {
  it('never receive a vendor’s events', async () => {
    const owner = await vendor()
    const stranger = await vendor()
    const start = await head()
    const theirs = await open(stranger)
    const own = await open(owner)
    await Promise.all([theirs, own].map((s) => s.until((c) => c.named('hello').length === 1)))
    await submit(owner)
    const [row] = await listRows(owner)
    await comment(owner, row?.portfolioManagerId ?? '', 'mine')
    await own.until((s) => s.events.length === 2)
    // The stranger's own event is a fence: anything of the owner's would have come before it.
    await submit(stranger)
    await theirs.until((s) => s.events.length >= 1)
    expect(theirs.events).toHaveLength(1)
    expect(theirs.events[0]).toMatchObject({ type: 'record.submitted' })
    expect(theirs.events[0]?.portfolioManagerId).not.toBe(row?.portfolioManagerId)
    // Resuming from before it all replays only their own too.
    const replay = await open(stranger, { query: `?after=${start}` })
    await replay.until((s) => s.events.length >= 1)
    expect(replay.seqs).toEqual(await storedSeqs(stranger))
  })
})

describe('the records list’s X-Events-Seq and the hello’s accountSeq (decision 0022)', () => {
  const readList = (who: TestVendor, encoding = 'identity') =>
    who.browser.call('/api/portfoliomanager/list', {
      body: { vendorUserId: who.browser.vendorUserId },
      headers: { 'Accept-Encoding': encoding },
    })
  const latest = async (who: TestVendor) => (await storedSeqs(who)).at(-1) ?? 0

  it('the list answers the vendor’s latest seq: 0 before any event, then its own after a submit, cached or not, gzipped or not', async () => {
    const who = await vendor()
    const stranger = await vendor()
    const first = await readList(who)
    expect(first.status).toBe(200)
    expect(first.headers.get(EVENTS_SEQ_HEADER)).toBe('0')

    // Three records: the answer is past the gzip threshold.
    for (let index = 0; index < 3; index += 1) await submit(who)
    const own = await latest(who)
    expect(own).toBeGreaterThan(0)
    // Another vendor's event raises the portal's head, not this vendor's seq.
    await submit(stranger)
    expect(await head()).toBeGreaterThan(own)

    const built = await readList(who)
    expect(built.headers.get(EVENTS_SEQ_HEADER)).toBe(String(own))
    const body = await built.json()
    // The same list again, from the answer cache: plain and gzipped, the header goes along.
    const cached = await readList(who)
    const zipped = await readList(who, 'gzip')
    expect(cached.headers.get(EVENTS_SEQ_HEADER)).toBe(String(own))
    expect(zipped.headers.get('Content-Encoding')).toBe('gzip')
    expect(zipped.headers.get(EVENTS_SEQ_HEADER)).toBe(String(own))
    expect(await cached.json()).toEqual(body)
    expect(await zipped.json()).toEqual(body)

    // An event that changes no list data keeps the cached answer but not its seq: the header is
    // read for each answer, never kept with the cached one.
    await db()
      .transaction()
      .execute((trx) =>
        appendEvent(trx, who.organizationId, { type: 'record.deleted', portfolioManagerId: 'no-such' }),
      )
    const later = await latest(who)
    expect(later).toBeGreaterThan(own)
    for (const encoding of ['identity', 'gzip']) {
      const again = await readList(who, encoding)
      expect(again.headers.get(EVENTS_SEQ_HEADER), encoding).toBe(String(later))
      expect(await again.json(), encoding).toEqual(body)
    }
  })

  it('a change the cached answer lacks is answered with the list that has it', async () => {
    const who = await vendor()
    await submit(who)
    expect(await listRows(who)).toHaveLength(1)
    await submit(who)
    const response = await readList(who)
    expect(response.headers.get(EVENTS_SEQ_HEADER)).toBe(String(await latest(who)))
    expect(
      v.parse(recordListAnswerSchema, await response.json()).portfolioManagerSubmittedDetailsList,
    ).toHaveLength(2)
  })

  it('hello’s accountSeq is the vendor’s latest seq, whatever other vendors wrote after it', async () => {
    const owner = await vendor()
    const stranger = await vendor()
    const quiet = await vendor()
    await submit(owner)
    await submit(owner)
    await submit(stranger)
    const hellos = await Promise.all(
      [owner, stranger, quiet].map(async (who) => {
        const stream = await open(who)
        await stream.until((s) => s.named('hello').length === 1)
        stream.close()
        return v.parse(streamHelloSchema, JSON.parse(stream.named('hello')[0]?.data ?? ''))
      }),
    )
    const now = await head()
    expect(hellos.map((hello) => hello.seq)).toEqual([now, now, now])
    expect(hellos.map((hello) => hello.accountSeq)).toEqual([await latest(owner), await latest(stranger), 0])
    expect(hellos[0]?.accountSeq).toBeLessThan(now)
    // The list read now agrees with the hello: nothing to read again.
    expect((await readList(owner)).headers.get(EVENTS_SEQ_HEADER)).toBe(String(hellos[0]?.accountSeq))
  })
})

describe('sessions', () => {
  it('logout ends the vendor’s streams at once with event: ended', async () => {
    const who = await vendor()
    const stream = await open(who)
    await stream.until((s) => s.named('hello').length === 1)
    const loggedOut = await who.browser.post('/api/logout', {})
    expect(await loggedOut.json()).toEqual({ message: LOGGED_OUT_MESSAGE })
    await stream.until((s) => s.ended, 5000, 'the end of the stream')
    expect(stream.named('ended').map((message) => JSON.parse(message.data))).toEqual([
      { message: NOT_SIGNED_IN_MESSAGE },
    ])
    await eventually(() => test.portal.events.streamCount(who.organizationId) === 0)
  })

  it('a session idle past 300 s is ended at the next keep-alive round, though its stream was open', async () => {
    const who = await vendor()
    const stream = await open(who)
    await stream.until((s) => s.named('hello').length === 1)
    await test.portal.events.keepAliveRound()
    await stream.until((s) => s.comments.includes('keep-alive'))
    expect(stream.ended).toBe(false)
    await db()
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 301_000) })
      .where('account_id', '=', who.id)
      .execute()
    await test.portal.events.keepAliveRound()
    await stream.until((s) => s.ended, 5000, 'the end of the stream')
    expect(stream.named('ended').map((message) => JSON.parse(message.data))).toEqual([
      { message: NOT_SIGNED_IN_MESSAGE },
    ])
  })

  it('opening a stream is no activity: the session’s idle clock is not restarted', async () => {
    const who = await vendor()
    const idleSince = new Date(Date.now() - 200_000)
    await db()
      .updateTable('sessions')
      .set({ last_seen_at: idleSince })
      .where('account_id', '=', who.id)
      .execute()
    const stream = await open(who)
    await stream.until((s) => s.named('hello').length === 1)
    const session = await db()
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('account_id', '=', who.id)
      .executeTakeFirstOrThrow()
    expect(session.last_seen_at.getTime()).toBe(idleSince.getTime())
  })
})

describe('the hub', () => {
  it('opens no stream before it starts or after it stops', async () => {
    const hub = createEventHub({ db: db(), listenUrl: null, activeRuns: async () => [] })
    const request = { organizationId: 'o', accountId: 'a', sessionId: 's', after: null }
    expect(hub.open(request)).toBe('stopped')
    await hub.start()
    const stream = hub.open(request)
    expect(stream).toBeInstanceOf(EventStream)
    await hub.stop()
    expect(stream instanceof EventStream && stream.closed).toBe(true)
    expect(hub.streamCount()).toBe(0)
    expect(hub.open(request)).toBe('stopped')
  })

  it('forgets a stream whose tab went away', async () => {
    const who = await vendor()
    const opened = await Promise.all([open(who), open(who), open(who)])
    await Promise.all(opened.map((s) => s.until((c) => c.named('hello').length === 1)))
    expect(test.portal.events.streamCount(who.organizationId)).toBe(3)
    for (const stream of opened) stream.close()
    await eventually(() => test.portal.events.streamCount(who.organizationId) === 0)
  })

  it('delivers an event whose transaction commits well after it was written, and never one rolled back', async () => {
    const who = await vendor()
    const stream = await open(who)
    await stream.until((s) => s.named('hello').length === 1)
    // The in-process wake comes at the insert; the commit 150 ms later.
    await db()
      .transaction()
      .execute(async (trx) => {
        await appendEvent(trx, who.organizationId, {
          type: 'record.deleted',
          portfolioManagerId: 'slow-commit',
        })
        await new Promise((resolve) => setTimeout(resolve, 150))
      })
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await appendEvent(trx, who.organizationId, {
            type: 'record.deleted',
            portfolioManagerId: 'rolled-back',
          })
          throw new Error('roll back')
        }),
    ).rejects.toThrow('roll back')
    await db()
      .transaction()
      .execute((trx) =>
        appendEvent(trx, who.organizationId, { type: 'record.deleted', portfolioManagerId: 'after' }),
      )
    await stream.until((s) => s.events.length === 2, 10_000)
    expect(stream.events.map((event) => event.portfolioManagerId)).toEqual(['slow-commit', 'after'])
  })
})

describe('the hub’s own timers', () => {
  it('send keep-alive comments every keepAliveMs and end a stream whose session went idle, unasked', async () => {
    const timed = await startTestPortal({ events: { keepAliveMs: 200 } })
    try {
      const who = await createVendor(timed, 'timers@example.com', 'Timers')
      const stream = await SseClient.of(who.browser, timed.portal.mainUrl)
      streams.push(stream)
      await stream.until((s) => s.comments.filter((line) => line === 'keep-alive').length >= 2)
      expect(stream.ended).toBe(false)
      await timed.database.db
        .updateTable('sessions')
        .set({ last_seen_at: new Date(Date.now() - 301_000) })
        .where('account_id', '=', who.id)
        .execute()
      await stream.until((s) => s.ended, 5000, 'the end of the stream')
      expect(stream.named('ended').map((message) => JSON.parse(message.data))).toEqual([
        { message: NOT_SIGNED_IN_MESSAGE },
      ])
      expect(timed.portal.events.streamCount()).toBe(0)
    } finally {
      await timed.close()
    }
  }, 30_000)
})
