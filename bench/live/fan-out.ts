import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { parsePortalEvent, streamHelloSchema } from '@/contract/events'
import * as v from 'valibot'
import { progressOf, registerVendor, type Browser } from '../reliability/client.ts'
import {
  startCluster,
  startPglite,
  startPostgresPair,
  type Deployment,
  type Node,
  type PostgresCluster,
} from '../reliability/deployment.ts'
import { SseStream, preciseNow, type SseMessage } from './sse-client.ts'
import { mb, pool, printVerdicts, rssOf, showSpread, sleep, spread, type Verdict } from './stats.ts'

/*
 * Part 1, fan-out: V vendors × T open tabs (server-sent event streams of GET /api/events, the
 * vendor's session cookie) while one certification run per vendor executes on the simulated lab.
 * PGlite: one portal process. --postgres: two processes on one PostgreSQL database; vendor i's
 * tabs alternate between them (tab j on process (i + j) mod 2) and its run goes to process i mod 2,
 * so that every run's events must cross from the process that wrote them to the other one.
 *
 * Figures: latency to the tab (from the event's `at`, and from the runner's own time just before
 * its write where the event carries one), events lost / duplicated / foreign / out of order per tab
 * against the `events` table read at the end, memory per subscriber (VmRSS), time to open every
 * stream.
 */

export type FanOutOptions = {
  vendors: number
  tabs: number
  /** CERT_CASE_MS of the servers. */
  caseMs: number
  postgres: boolean
  /** Runs start spread evenly over this many ms (0: all at once). */
  startSpreadMs: number
  /** Give up waiting for the runs after this long. */
  timeoutMs: number
}

export type FanOutResult = { verdicts: Verdict[]; lines: string[] }

type Vendor = {
  index: number
  browser: Browser
  recordId: string
  /** The process whose certification service runs its run (and so writes the run's events). */
  runNode: Node
  /** Just before POST /run-tests was sent. */
  runSentAt: number
  /** When POST /run-tests was answered. */
  runAnsweredAt: number
  runStatus: number
  tabs: Tab[]
}

type Tab = {
  vendor: Vendor
  node: Node
  stream: SseStream
  openedAt: number
  helloAt: number | null
  /** The first hello's seq: the tab is owed every event of its vendor after it. */
  helloSeq: number | null
  hellos: number
  seqs: number[]
  resets: number
  ended: boolean
  runFinished: boolean
  invalid: number
  /** `id:` and the data's seq differ. */
  idMismatch: number
}

type Delivery = {
  type: string
  /** receive − at */
  fromCommit: number
  /** receive − the runner's time just before the write (case.started, case.finished, run.finished), or NaN. */
  fromWrite: number
  /** receive − just before POST /run-tests (run.started only), or NaN. */
  fromRequest: number
  /** The tab is on the process that wrote the event (always true on PGlite). */
  sameProcess: boolean
}

/** Streams opening at once (waiting for their hello). */
const OPENING = Number(process.env.LIVE_OPENING ?? 100)

type StoredEvent = { seq: number; organizationId: string; type: string }

const helloSeqOf = (data: string) => {
  try {
    const parsed = v.safeParse(streamHelloSchema, JSON.parse(data))
    return parsed.success ? parsed.output.seq : null
  } catch {
    return null
  }
}

/** Reads the vendors' stored events (after `afterSeq`), on PGlite once its process has stopped. */
async function storedEvents(deployment: Deployment, organizationIds: string[], afterSeq: number) {
  const query =
    'select seq, organization_id, type from events where seq > $1 and organization_id = any($2) order by seq'
  let rows: Array<{ seq: unknown; organization_id: string; type: string }>
  if (deployment.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: deployment.env.DATABASE_URL })
    await client.connect()
    try {
      rows = (await client.query(query, [afterSeq, organizationIds])).rows
    } finally {
      await client.end()
    }
  } else {
    const dataDir = deployment.env.DATA_DIR ?? ''
    const lite = await PGlite.create(path.join(dataDir, 'pglite'))
    try {
      rows = (
        await lite.query<{ seq: unknown; organization_id: string; type: string }>(query, [
          afterSeq,
          organizationIds,
        ])
      ).rows
    } finally {
      await lite.close()
    }
  }
  return rows.map((row): StoredEvent => ({
    seq: Number(row.seq),
    organizationId: row.organization_id,
    type: row.type,
  }))
}

async function rssOfNodes(nodes: Node[]) {
  // Three samples half a second apart; the middle one (a garbage collection may fall in between).
  const samples: number[] = []
  for (let i = 0; i < 3; i += 1) {
    const values = await Promise.all(nodes.map((node) => rssOf(node.process.pid)))
    samples.push(values.reduce((sum, value) => sum + value, 0))
    if (i < 2) await sleep(500)
  }
  return samples.sort((a, b) => a - b)[1] ?? Number.NaN
}

export async function fanOut(options: FanOutOptions): Promise<FanOutResult> {
  const { vendors: vendorCount, tabs: tabCount, caseMs, postgres } = options
  const lines: string[] = []
  const say = (line: string) => {
    console.log(line)
    lines.push(line)
  }
  const env = { CERT_CASE_MS: String(caseMs) }
  let cluster: PostgresCluster | undefined
  let deployment: Deployment
  const started = Date.now()
  if (postgres) {
    cluster = await startCluster()
    if (!cluster)
      throw new Error('--postgres: no PostgreSQL found (/usr/lib/postgresql/*/bin) and no DATABASE_URL.')
    deployment = await startPostgresPair(cluster, { env })
  } else {
    deployment = await startPglite({ env })
  }
  const nodes = deployment.nodes
  const streams: SseStream[] = []
  try {
    console.log(
      `Fan-out on ${deployment.backend}: ${vendorCount} vendors × ${tabCount} tabs, ${vendorCount} runs, CERT_CASE_MS=${caseMs} (servers up in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    )

    // 1. Vendors, made as people make them, each with one submitted record.
    const madeAt = Date.now()
    const vendors = await pool(
      Array.from({ length: vendorCount }, (_, i) => i),
      6,
      async (index) => {
        const browser = await registerVendor(nodes, `live${index}`)
        const submitted = await browser.submit()
        if (submitted.status !== 200) throw new Error(`Submit failed: ${submitted.status} ${submitted.text}`)
        const recordId = (await browser.records())[0]?.portfolioManagerId
        if (!recordId) throw new Error(`Vendor ${index} has no record after submitting.`)
        const vendor: Vendor = {
          index,
          browser,
          recordId,
          runNode: nodes[index % nodes.length] ?? nodes[0]!,
          runSentAt: Number.NaN,
          runAnsweredAt: Number.NaN,
          runStatus: 0,
          tabs: [],
        }
        return vendor
      },
    )
    console.log(
      `  ${vendorCount} vendors registered, logged in, one record each: ${((Date.now() - madeAt) / 1000).toFixed(1)} s`,
    )

    // 2. Memory with no stream open, then every tab's stream opened. A stream is no activity of
    //    its session (idle after 300 s): each vendor makes a call first, as a tab that just loaded.
    await pool(vendors, 6, (vendor) => vendor.browser.records())
    const rssBefore = await rssOfNodes(nodes)
    const deliveries: Delivery[] = []
    let received = 0
    let lastRunEnd = Number.NaN
    const onMessage = (tab: Tab, message: SseMessage) => {
      switch (message.event) {
        case 'hello':
          tab.hellos += 1
          if (tab.helloAt === null) {
            tab.helloAt = message.receivedAt
            tab.helloSeq = helloSeqOf(message.data)
          }
          return
        case 'reset':
          tab.resets += 1
          return
        case 'ended':
          tab.ended = true
          return
        case 'message':
          break
        default:
          return
      }
      received += 1
      const seq = Number(message.lastEventId)
      tab.seqs.push(seq)
      // An event the hello said it covered (a replay from before the tab opened): no latency.
      const replayed = tab.helloSeq !== null && seq <= tab.helloSeq
      const event = parsePortalEvent(message.data)
      if (!event) {
        tab.invalid += 1
        return
      }
      if (event.seq !== seq) tab.idMismatch += 1
      const at = message.receivedAt
      const vendor = tab.vendor
      let fromWrite = Number.NaN
      let fromRequest = Number.NaN
      switch (event.type) {
        case 'case.started':
          fromWrite = at - Date.parse(event.startedAt)
          break
        case 'case.finished':
          if (event.finishedAt) fromWrite = at - Date.parse(event.finishedAt)
          break
        case 'run.finished':
        case 'run.cancelled':
          fromWrite = at - Date.parse(event.finishedAt)
          tab.runFinished = true
          if (!(at <= lastRunEnd)) lastRunEnd = at
          break
        case 'run.started':
          fromRequest = at - vendor.runSentAt
          break
      }
      if (replayed) return
      deliveries.push({
        type: event.type,
        fromCommit: at - Date.parse(event.at),
        fromWrite,
        fromRequest,
        sameProcess: tab.node === vendor.runNode,
      })
    }
    const tabs: Tab[] = []
    for (const vendor of vendors) {
      for (let j = 0; j < tabCount; j += 1) {
        const node = nodes[(vendor.index + j) % nodes.length] ?? nodes[0]!
        const tab: Tab = {
          vendor,
          node,
          stream: undefined as unknown as SseStream,
          openedAt: Number.NaN,
          helloAt: null,
          helloSeq: null,
          hellos: 0,
          seqs: [],
          resets: 0,
          ended: false,
          runFinished: false,
          invalid: 0,
          idMismatch: 0,
        }
        tab.stream = new SseStream({
          base: node.base,
          cookie: vendor.browser.cookie,
          onMessage: (message) => onMessage(tab, message),
        })
        vendor.tabs.push(tab)
        tabs.push(tab)
        streams.push(tab.stream)
      }
    }
    // At most OPENING streams waiting for their hello at once (a thousand tabs do not all open in
    // the same millisecond, and a burst past the listen backlog would measure SYN retries).
    const openStart = preciseNow()
    const openDeadline = Date.now() + 120_000
    await pool(tabs, OPENING, async (tab) => {
      tab.openedAt = preciseNow()
      tab.stream.open()
      while (tab.helloAt === null && !tab.stream.stopped && Date.now() < openDeadline) await sleep(5)
    })
    const opened = tabs.filter((tab) => tab.helloAt !== null)
    const openMs = Math.max(...opened.map((tab) => tab.helloAt ?? 0)) - openStart
    const helloSpread = spread(opened.map((tab) => (tab.helloAt ?? 0) - tab.openedAt))
    const refused = tabs.filter((tab) => tab.stream.stopped)
    if (refused.length)
      say(
        `  ${refused.length} streams refused or failed: ${[...new Set(refused.map((tab) => tab.stream.stopped))].join('; ')}`,
      )
    await sleep(2000)
    const rssOpen = await rssOfNodes(nodes)

    // 3. One run per vendor.
    const runsStart = preciseNow()
    let lastProgress = Date.now()
    const runs = Promise.all(
      vendors.map(async (vendor, i) => {
        if (options.startSpreadMs > 0) await sleep((options.startSpreadMs * i) / vendors.length)
        vendor.runSentAt = preciseNow()
        const answer = await vendor.browser.runTests(vendor.recordId, vendor.runNode)
        vendor.runStatus = answer.status
        vendor.runAnsweredAt = preciseNow()
      }),
    )
    await runs
    const refusedRuns = vendors.filter((vendor) => vendor.runStatus !== 200)
    if (refusedRuns.length)
      say(
        `  ${refusedRuns.length} runs refused: ${[...new Set(refusedRuns.map((vendor) => vendor.runStatus))].join(', ')}`,
      )

    // 4. Until every tab has seen its vendor's run end, or the server says every run has ended
    //    and 5 s have passed (events lost), or the time-out.
    const deadline = Date.now() + options.timeoutMs
    let serverDoneAt: number | null = null
    let lastServerCheck = Date.now()
    const waiting = () =>
      tabs.filter((tab) => !tab.runFinished && tab.helloAt !== null && !tab.stream.stopped)
    while (waiting().length > 0 && Date.now() < deadline) {
      await sleep(100)
      if (Date.now() - lastProgress > 5000) {
        lastProgress = Date.now()
        console.log(
          `  … ${received.toLocaleString('en-US')} events received, ${tabs.length - waiting().length}/${tabs.length} tabs saw their run end`,
        )
      }
      if (serverDoneAt !== null && Date.now() - serverDoneAt > 5000) break
      if (serverDoneAt === null && Date.now() - lastServerCheck > 5000) {
        lastServerCheck = Date.now()
        const pending = [...new Set(waiting().map((tab) => tab.vendor))]
        const progress = await Promise.all(
          pending.map(async (vendor) => progressOf((await vendor.browser.runs(vendor.recordId))[0])),
        )
        if (progress.every((value) => value >= 1000)) serverDoneAt = Date.now()
      }
    }
    await sleep(1000) // late duplicates
    const rssEnd = await rssOfNodes(nodes)
    for (const stream of streams) stream.close()

    // 5. What each tab was owed: its vendor's stored events after its hello.
    if (deployment.backend === 'PGlite') for (const node of nodes) await deployment.stop(node)
    const stored = await storedEvents(
      deployment,
      vendors.map((vendor) => vendor.browser.organizationId),
      0,
    )
    const byOrganization = new Map<string, StoredEvent[]>()
    for (const event of stored) {
      const list = byOrganization.get(event.organizationId) ?? []
      list.push(event)
      byOrganization.set(event.organizationId, list)
    }
    let expectedTotal = 0
    let lost = 0
    let duplicates = 0
    let foreign = 0
    let outOfOrder = 0
    let tabsWithLoss = 0
    const expectedPerTab: number[] = []
    const receivedPerTab: number[] = []
    const lostExamples: string[] = []
    for (const tab of tabs) {
      const own = byOrganization.get(tab.vendor.browser.organizationId) ?? []
      const ownSeqs = new Set(own.map((event) => event.seq))
      const expected = tab.helloSeq === null ? [] : own.filter((event) => event.seq > (tab.helloSeq ?? 0))
      const got = new Set(tab.seqs)
      expectedTotal += expected.length
      expectedPerTab.push(expected.length)
      receivedPerTab.push(tab.seqs.length)
      const missing = expected.filter((event) => !got.has(event.seq))
      lost += missing.length
      if (missing.length) {
        tabsWithLoss += 1
        if (lostExamples.length < 5)
          lostExamples.push(
            `vendor ${tab.vendor.index} tab on ${tab.node.name} (hello seq ${tab.helloSeq}): missing ${missing
              .slice(0, 6)
              .map((event) => `${event.seq} ${event.type}`)
              .join(', ')}${missing.length > 6 ? ` and ${missing.length - 6} more` : ''}`,
          )
      }
      duplicates += tab.seqs.length - got.size
      foreign += [...got].filter((seq) => !ownSeqs.has(seq)).length
      for (let i = 1; i < tab.seqs.length; i += 1)
        if ((tab.seqs[i] ?? 0) <= (tab.seqs[i - 1] ?? 0)) outOfOrder += 1
    }
    const invalid = tabs.reduce((sum, tab) => sum + tab.invalid, 0)
    const idMismatch = tabs.reduce((sum, tab) => sum + tab.idMismatch, 0)
    const resets = tabs.reduce((sum, tab) => sum + tab.resets, 0)
    const ended = tabs.filter((tab) => tab.ended).length
    const drops = streams.reduce((sum, stream) => sum + stream.drops, 0)
    const neverOpened = tabs.filter((tab) => tab.helloAt === null).length

    const fromCommit = spread(deliveries.map((item) => item.fromCommit))
    const fromWrite = spread(
      deliveries.filter((item) => Number.isFinite(item.fromWrite)).map((item) => item.fromWrite),
    )
    const fromRequest = spread(
      deliveries.filter((item) => Number.isFinite(item.fromRequest)).map((item) => item.fromRequest),
    )
    const runAnswers = spread(vendors.map((vendor) => vendor.runAnsweredAt - vendor.runSentAt))
    const perSubscriber = (rssOpen - rssBefore) / Math.max(1, opened.length)
    const runSeconds = (lastRunEnd - runsStart) / 1000

    say('')
    say(
      `Fan-out — ${deployment.backend}, ${vendorCount} vendors × ${tabCount} tabs = ${tabs.length} streams, ${vendorCount} runs (CERT_CASE_MS=${caseMs})`,
    )
    say(
      `  streams open: ${opened.length}/${tabs.length} in ${(openMs / 1000).toFixed(2)} s (open → hello per stream: ${showSpread(helloSpread)})`,
    )
    say(
      `  runs: ${vendors.length - refusedRuns.length}/${vendors.length} started; events stored for these vendors: ${stored.length.toLocaleString('en-US')}; last run ended ${runSeconds.toFixed(1)} s after the first start`,
    )
    say(`  latency event → tab, from the event's \`at\` (its row's created_at): ${showSpread(fromCommit)}`)
    say(
      `  latency event → tab, from the runner's time just before the write (case.started/finished, run.finished): ${showSpread(fromWrite)}`,
    )
    say(
      `  latency POST /run-tests sent → run.started in the tab (includes the call): ${showSpread(fromRequest)}`,
    )
    say(`  POST /run-tests sent → answered (${vendors.length} at once): ${showSpread(runAnswers)}`)
    if (nodes.length > 1) {
      const same = spread(deliveries.filter((item) => item.sameProcess).map((item) => item.fromCommit))
      const other = spread(deliveries.filter((item) => !item.sameProcess).map((item) => item.fromCommit))
      say(`    tabs on the process that wrote the event: ${showSpread(same)}`)
      say(`    tabs on the other process (LISTEN/NOTIFY): ${showSpread(other)}`)
    }
    const range = (values: number[]) =>
      values.length ? `${Math.min(...values)}–${Math.max(...values)}` : '—'
    say(
      `  events per tab: expected ${range(expectedPerTab)} (total ${expectedTotal.toLocaleString('en-US')}), received ${range(receivedPerTab)} (total ${receivedPerTab.reduce((a, b) => a + b, 0).toLocaleString('en-US')})`,
    )
    say(
      `  lost ${lost} (in ${tabsWithLoss} tabs), duplicates ${duplicates}, another vendor's ${foreign}, out of order ${outOfOrder}, not the contract's shape ${invalid}, id ≠ seq ${idMismatch}`,
    )
    say(
      `  stream resets ${resets}, ended ${ended}, dropped connections ${drops}, streams that never said hello ${neverOpened}`,
    )
    for (const example of lostExamples) say(`    lost: ${example}`)
    say(
      `  server memory (VmRSS${nodes.length > 1 ? ', both processes' : ''}): ${mb(rssBefore)} with 0 streams, ${mb(rssOpen)} with ${opened.length} open, ${mb(rssEnd)} after the runs → ${(perSubscriber / 1024).toFixed(1)} KB per subscriber`,
    )

    const verdicts: Verdict[] = [
      {
        target: 'event → tab p99 ≤ 1 s (from `at`)',
        pass: fromCommit.count > 0 && fromCommit.p99 <= 1000,
        figure: `${fromCommit.p99.toFixed(1)} ms`,
      },
      {
        target: 'event → tab p99 ≤ 1 s (from just before the write)',
        pass: fromWrite.count > 0 && fromWrite.p99 <= 1000,
        figure: `${fromWrite.p99.toFixed(1)} ms`,
      },
      {
        target: '0 events lost',
        pass: lost === 0 && neverOpened === 0 && expectedTotal > 0,
        figure: `${lost} lost of ${expectedTotal.toLocaleString('en-US')}${neverOpened ? `, ${neverOpened} streams never opened` : ''}`,
      },
      {
        target: '0 duplicates, 0 out of order',
        pass: duplicates === 0 && outOfOrder === 0,
        figure: `${duplicates}, ${outOfOrder}`,
      },
      { target: "0 of another vendor's events", pass: foreign === 0, figure: String(foreign) },
    ]
    printVerdicts(verdicts)
    for (const verdict of verdicts)
      lines.push(`  ${verdict.pass ? 'PASS' : 'FAIL'}  ${verdict.target}  ${verdict.figure}`)
    return { verdicts, lines }
  } finally {
    for (const stream of streams) stream.close()
    await deployment.close()
    cluster?.stop()
  }
}
