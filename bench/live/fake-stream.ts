import http from 'node:http'
import * as v from 'valibot'
import type { CertificationRun } from '@/contract/certification'
import { portalEventSchema, type RunProgress, type StreamHello } from '@/contract/events'
import { casesForClass } from '@/contract/test-plans'
import { TEST_PLANS_V1 } from '../../server/platform/db/migrations/0023-test-plans-v1.ts'
import type { NewEvent } from '../../server/events/append.ts'
import { freePort } from '../../scripts/test-pg.mjs'
import { generatedRecord } from '../dashboard/page.ts'

/*
 * A fake of GET /api/events for the dashboard bench: the stream of src/contract/events.ts (retry,
 * `event: hello`, then stored events with `id: <seq>`, keep-alive comments), fed at a steady rate
 * with the events certification runs make on the records of the generated list
 * (bench/dashboard/page.ts recordsAnswer: `pm-<i>`, Submitted when i mod 5 = 0): run.started,
 * then case.started and case.finished for each case of the record's plan, then run.finished —
 * `concurrent` runs interleaved, a new one started on the next Submitted row as each ends, so
 * rows of the whole table change status (Submitted → InProgress → Completed) and the cards move.
 * Every event is checked against the contract's schema before it is sent.
 *
 * The server also forwards every other request to the portal (`proxy`), for a page that loads the
 * portal through it.
 */

export type FakeStreamOptions = {
  /** The generated list's size (bench/dashboard/page.ts recordsAnswer). */
  rows: number
  /** Runs going at once. */
  concurrent?: number
  /** Where other requests go (the portal's main service). */
  proxyTo: string
}

const KEEP = 20_000

export async function startFakeStream(options: FakeStreamOptions) {
  const concurrent = options.concurrent ?? 12
  let seq = 1000
  /** The events sent, kept for a tab that resumes with Last-Event-ID. */
  const kept: Array<{ seq: number; text: string }> = []
  const clients = new Set<http.ServerResponse>()
  let connections = 0
  let sent = 0
  let invalid = 0
  let nextRow = 0
  let runCount = 0

  type ActiveRun = {
    index: number
    run: CertificationRun
    cases: string[]
    step: number
    progress: RunProgress
    failAt: number
  }
  const active: ActiveRun[] = []

  const startRun = (): ActiveRun => {
    // The next Submitted row (i mod 5 = 0), round the table.
    const index = nextRow * 5
    nextRow = (nextRow + 1) % Math.max(1, Math.floor(options.rows / 5))
    runCount += 1
    const row = generatedRecord(index)
    const plan =
      TEST_PLANS_V1.find((candidate) => candidate.deviceType === row.deviceType) ??
      TEST_PLANS_V1.find((candidate) => candidate.deviceType === null)!
    const cases = casesForClass(plan.cases, row.productClass).map((item) => item.name)
    const run: CertificationRun = {
      runId: `fake-run-${runCount}`,
      portfolioManagerId: `pm-${index}`,
      status: 'InProgress',
      isCertified: '',
      startedAt: new Date().toISOString(),
      finishedAt: null,
      testCases: cases.map((name) => ({
        name,
        state: 'pending',
        startedAt: null,
        finishedAt: null,
        log: [],
      })),
      attempt: 1,
      kind: 'full',
      startedBy: 'Demo Vendor',
      failureReason: null,
    }
    return {
      index,
      run,
      cases,
      step: 0,
      progress: { done: 0, total: cases.length, passed: 0, failed: 0, currentCase: null },
      // One run in four fails a case: the row ends in Validation failure.
      failAt: runCount % 4 === 0 ? Math.min(1, cases.length - 1) : -1,
    }
  }

  /** The next event of `item`; true when the run has ended. */
  const nextEvent = (item: ActiveRun): { event: NewEvent; done: boolean } => {
    const now = new Date().toISOString()
    const common = {
      portfolioManagerId: item.run.portfolioManagerId,
      runId: item.run.runId,
      attempt: 1,
    }
    const step = item.step
    item.step += 1
    const inProgress = { status: 'InProgress', isCertified: '' }
    if (step === 0)
      return {
        event: {
          ...common,
          type: 'run.started',
          progress: { ...item.progress },
          record: inProgress,
          run: item.run,
        },
        done: false,
      }
    const caseStep = step - 1
    const position = Math.floor(caseStep / 2)
    if (position < item.cases.length) {
      const name = item.cases[position] ?? ''
      if (caseStep % 2 === 0) {
        item.progress = { ...item.progress, currentCase: name }
        return {
          event: {
            ...common,
            type: 'case.started',
            progress: item.progress,
            record: inProgress,
            position,
            name,
            startedAt: now,
          },
          done: false,
        }
      }
      const failed = position === item.failAt
      item.progress = {
        ...item.progress,
        done: item.progress.done + 1,
        passed: item.progress.passed + (failed ? 0 : 1),
        failed: item.progress.failed + (failed ? 1 : 0),
        currentCase: null,
      }
      return {
        event: {
          ...common,
          type: 'case.finished',
          progress: item.progress,
          record: inProgress,
          position,
          name,
          state: failed ? 'failed' : 'passed',
          startedAt: now,
          finishedAt: now,
          log: [`Lab bench 1: ${name}`, 'Checks executed: 12', failed ? `FAIL ${name}` : `PASS ${name}`],
        },
        done: false,
      }
    }
    const isCertified = item.progress.failed > 0 ? 'Validation failure' : 'CERTIFIED-OK'
    return {
      event: {
        ...common,
        type: 'run.finished',
        progress: item.progress,
        record: { status: 'Completed', isCertified },
        status: 'Completed',
        isCertified,
        failureReason: null,
        finishedAt: now,
      },
      done: true,
    }
  }

  let turn = 0
  const emit = (): string => {
    while (active.length < concurrent) active.push(startRun())
    turn = (turn + 1) % active.length
    const item = active[turn] as ActiveRun
    const { event, done } = nextEvent(item)
    if (done) active.splice(turn, 1)
    seq += 1
    const full = { ...event, seq, at: new Date().toISOString() }
    if (!v.safeParse(portalEventSchema, full).success) invalid += 1
    const text = `id: ${seq}\ndata: ${JSON.stringify(full)}\n\n`
    kept.push({ seq, text })
    if (kept.length > KEEP) kept.splice(0, kept.length - KEEP)
    sent += 1
    return text
  }

  // The feed: `rate` events a second while running, written once per 10 ms tick.
  let rate = 0
  let feedStart = 0
  let fed = 0
  let timer: NodeJS.Timeout | null = null
  let keepAlive: NodeJS.Timeout | null = null
  const tick = () => {
    const due = Math.floor(((performance.now() - feedStart) * rate) / 1000)
    let text = ''
    while (fed < due) {
      text += emit()
      fed += 1
    }
    if (text) for (const client of clients) client.write(text)
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake')
    if (url.pathname === '/api/events') {
      connections += 1
      response.writeHead(200, {
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
      })
      const hello: StreamHello = { seq, activeRuns: active.map((item) => item.run) }
      let text = `retry: 2000\n\nevent: hello\ndata: ${JSON.stringify(hello)}\n\n`
      const after = Number(request.headers['last-event-id'] ?? url.searchParams.get('after') ?? Number.NaN)
      if (Number.isFinite(after)) for (const item of kept) if (item.seq > after) text += item.text
      response.write(text)
      clients.add(response)
      request.on('close', () => clients.delete(response))
      return
    }
    // Everything else: the portal, as it is.
    const target = new URL(request.url ?? '/', options.proxyTo)
    const forwarded = http.request(target, { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(response)
    })
    forwarded.on('error', () => {
      if (!response.headersSent) response.writeHead(502)
      response.end()
    })
    request.pipe(forwarded)
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  keepAlive = setInterval(() => {
    for (const client of clients) client.write(': keep-alive\n\n')
  }, 15_000)

  return {
    base: `http://127.0.0.1:${port}`,
    /** Starts (or changes) the feed: `perSecond` events a second; 0 stops it. */
    feed(perSecond: number) {
      if (timer) clearInterval(timer)
      timer = null
      rate = perSecond
      feedStart = performance.now()
      fed = 0
      if (perSecond > 0) timer = setInterval(tick, 10)
    },
    stats: () => ({ sent, invalid, clients: clients.size, connections, runs: runCount }),
    async close() {
      if (timer) clearInterval(timer)
      if (keepAlive) clearInterval(keepAlive)
      for (const client of clients) client.end()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
