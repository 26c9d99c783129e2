import http from 'node:http'
import pg from 'pg'
import { TOKEN_HEADER } from '@/contract/auth'
import { endpoints } from '@/contract/endpoints'
import { type Browser, registerVendor } from '../reliability/client.ts'
import {
  dropPostgresTemplate,
  type Node,
  startCluster,
  startPostgresPair,
} from '../reliability/deployment.ts'
import { SseStream } from '../live/sse-client.ts'
import { startProxy } from './proxy.ts'

/*
 * `npm run bench:restart`: a rolling restart under load (issue 36, docs/decisions/0047). Two portal
 * processes on one PostgreSQL behind a loopback load balancer (./proxy.ts, which polls /readyz),
 * with CONNECTIONS request loops, one live stream per vendor and certification runs going; each
 * process in turn gets SIGTERM, exits, starts again and is ready before the next. Then:
 *
 * - failed requests: answers that never came or were 5xx (the proxy's retries of a connection
 *   that failed before reaching a process are counted apart: they are what nginx does);
 * - lost events: events of each vendor's organization in the database that its stream did not
 *   deliver (it reconnects with Last-Event-ID as a tab does), and `reset`s;
 * - run takeover: for each run the stopping process was executing, the time from its last sight
 *   under the old process's lease to the first under the other's.
 *
 * - runs interrupted: runs that ended with a failure_reason (a stop) instead of a verdict.
 *
 * Targets: 0 failed requests, 0 lost events, takeover ≤ 2 s, 0 runs interrupted. Environment: RESTART_VENDORS (8),
 * RESTART_CONNECTIONS (50), RESTART_CASE_MS (CERT_CASE_MS of the processes, 800),
 * RESTART_DELAY_MS (SHUTDOWN_DELAY_MS, 600). Needs PostgreSQL (Debian's, or DATABASE_URL).
 */

const VENDORS = Number(process.env.RESTART_VENDORS ?? 8)
const CONNECTIONS = Number(process.env.RESTART_CONNECTIONS ?? 50)
const CASE_MS = Number(process.env.RESTART_CASE_MS ?? 800)
const DELAY_MS = Number(process.env.RESTART_DELAY_MS ?? 600)
const TAKEOVER_TARGET_MS = 2000

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS * 2 })

/** One call through the balancer, never retried here: what came back, or 0 when nothing did. */
function call(url: string, browser: Browser, method: 'GET' | 'POST', body?: unknown) {
  return new Promise<number>((resolve) => {
    const request = http.request(url, {
      method,
      agent,
      headers: {
        'Content-Type': 'application/json',
        Cookie: browser.cookie,
        [TOKEN_HEADER]: browser.token,
      },
    })
    request.setTimeout(30_000, () => request.destroy())
    request.on('response', (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
      response.on('error', () => resolve(0))
    })
    request.on('error', () => resolve(0))
    request.end(body === undefined ? undefined : JSON.stringify(body))
  })
}

type Vendor = { browser: Browser; records: string[]; received: Set<number>; firstSeq: number; resets: number }

const cluster = await startCluster()
if (!cluster) {
  console.error('The restart bench needs PostgreSQL: Debian’s postgresql package, or DATABASE_URL.')
  process.exit(1)
}
const deployment = await startPostgresPair(cluster, {
  env: { SHUTDOWN_DELAY_MS: String(DELAY_MS), CERT_CASE_MS: String(CASE_MS) },
})
const [nodeA, nodeB] = deployment.nodes as [Node, Node]
const main = await startProxy(deployment.nodes.map((node) => ({ name: node.name, url: node.base })))
const cert = await startProxy(deployment.nodes.map((node) => ({ name: node.name, url: node.certBase })))
const db = new pg.Client({ connectionString: deployment.env.DATABASE_URL })
await db.connect()

try {
  // Vendors with two submitted devices each, made directly on A (set-up, not measured).
  const vendors: Vendor[] = []
  for (let index = 0; index < VENDORS; index += 1) {
    const browser = await registerVendor([nodeA], `restart-${index}`, false)
    for (const serial of ['RST0001', 'RST0002']) {
      const submitted = await browser.submit({
        deviceNumberList: [`${serial}${index}`],
        devicesToBeCertified: '1',
      })
      if (submitted.status !== 200) throw new Error(`Submit failed: ${submitted.status} ${submitted.text}`)
    }
    const records = (await browser.records()).map((record) => record.portfolioManagerId)
    vendors.push({ browser, records, received: new Set(), firstSeq: Number.NaN, resets: 0 })
  }

  // A live stream per vendor through the balancer, reconnecting with Last-Event-ID.
  const streams = vendors.map((vendor) => {
    const stream = new SseStream({
      base: main.url,
      cookie: vendor.browser.cookie,
      onMessage: (message) => {
        if (message.event === 'hello' && Number.isNaN(vendor.firstSeq))
          vendor.firstSeq = (JSON.parse(message.data) as { seq: number }).seq
        if (message.event === 'reset') vendor.resets += 1
        if (message.event === 'message')
          vendor.received.add((JSON.parse(message.data) as { seq: number }).seq)
      },
    })
    stream.open()
    return stream
  })
  while (vendors.some((vendor) => Number.isNaN(vendor.firstSeq))) await new Promise((r) => setTimeout(r, 100))

  // The request loops.
  const counts = { requests: 0, failed: 0, refused4xx: 0 }
  let loading = true
  const loops = Array.from({ length: CONNECTIONS }, async (_, index) => {
    while (loading) {
      const vendor = vendors[(index + counts.requests) % vendors.length]!
      const status =
        index % 3 === 0
          ? await call(
              `${cert.url}${endpoints.listRuns.path}?vendor_user_id=${vendor.browser.vendorUserId}&portfolio_manager_id=${vendor.records[0]}`,
              vendor.browser,
              'GET',
            )
          : await call(`${main.url}${endpoints.listRecords.path}`, vendor.browser, 'POST', {
              vendorUserId: vendor.browser.vendorUserId,
            })
      counts.requests += 1
      if (status === 0 || status >= 500) counts.failed += 1
      else if (status >= 400) counts.refused4xx += 1
    }
  })

  // Who holds each active run, every 100 ms.
  const sightings = new Map<string, Array<{ at: number; owner: string | null }>>()
  let watching = true
  const watcher = (async () => {
    while (watching) {
      const { rows } = await db.query<{ run_id: string; lease_owner: string | null }>(
        "select run_id, lease_owner from certification_runs where status in ('InProgress', 'Maintenance')",
      )
      const at = Date.now()
      for (const row of rows) {
        const seen = sightings.get(row.run_id) ?? []
        seen.push({ at, owner: row.lease_owner })
        sightings.set(row.run_id, seen)
      }
      await new Promise((r) => setTimeout(r, 100))
    }
  })()

  const startRuns = async (which: number) => {
    for (const vendor of vendors) {
      const id = vendor.records[which]!
      const status = await call(`${cert.url}${endpoints.runTests.path}`, vendor.browser, 'POST', {
        vendor_user_id: vendor.browser.vendorUserId,
        portfolio_manager_id: id,
      })
      if (status !== 200) throw new Error(`Start Certify answered ${status}`)
    }
  }

  const restarts: Array<{ node: string; stopMs: number; readyMs: number; sigtermAt: number }> = []
  const rollingRestart = async (node: Node) => {
    const sigtermAt = Date.now()
    await deployment.stop(node)
    const stopMs = Date.now() - sigtermAt
    await deployment.restart(node)
    while (!main.ready().includes(node.name) || !cert.ready().includes(node.name))
      await new Promise((r) => setTimeout(r, 50))
    restarts.push({ node: node.name, stopMs, readyMs: Date.now() - sigtermAt, sigtermAt })
  }

  const started = Date.now()
  await startRuns(0)
  await new Promise((r) => setTimeout(r, 3000))
  await rollingRestart(nodeA)
  await startRuns(1)
  await new Promise((r) => setTimeout(r, 3000))
  await rollingRestart(nodeB)
  await new Promise((r) => setTimeout(r, 2000))
  loading = false
  await Promise.all(loops)
  // Every run to its end, then the streams' last events.
  for (;;) {
    const { rows } = await db.query<{ n: string }>(
      "select count(*) as n from certification_runs where status in ('InProgress', 'Maintenance')",
    )
    if (Number(rows[0]?.n) === 0) break
    await new Promise((r) => setTimeout(r, 250))
  }
  watching = false
  await watcher
  await new Promise((r) => setTimeout(r, 1500))
  for (const stream of streams) stream.close()

  // Lost events: each organization's events after its stream's hello that did not arrive.
  let lost = 0
  let delivered = 0
  for (const vendor of vendors) {
    const { rows } = await db.query<{ seq: string }>(
      'select seq from events where organization_id = $1 and seq > $2',
      [vendor.browser.organizationId, vendor.firstSeq],
    )
    for (const row of rows) {
      if (vendor.received.has(Number(row.seq))) delivered += 1
      else lost += 1
    }
  }
  const resets = vendors.reduce((sum, vendor) => sum + vendor.resets, 0)

  // Takeovers: a run's last sight under one owner and its first under another, after a SIGTERM.
  const gaps: number[] = []
  for (const seen of sightings.values()) {
    for (let index = 1; index < seen.length; index += 1) {
      const before = seen[index - 1]!
      const after = seen[index]!
      if (before.owner === after.owner || after.owner === null) continue
      // The last sight under the old owner (a null between them is the released lease).
      const last = [...seen.slice(0, index)].reverse().find((sight) => sight.owner !== null)
      if (last && restarts.some((restart) => last.at >= restart.sigtermAt - 100))
        gaps.push(after.at - last.at)
    }
  }
  // Every run to its end with a verdict: none ended by a stop (failure_reason).
  const ended = await db.query<{ status: string; failure_reason: string | null; n: string }>(
    'select status, failure_reason, count(*) as n from certification_runs group by status, failure_reason',
  )
  const interrupted = ended.rows
    .filter((row) => row.failure_reason !== null)
    .reduce((sum, row) => sum + Number(row.n), 0)
  const streamDrops = streams.reduce((sum, stream) => sum + stream.drops, 0)
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  const max = (values: number[]) => (values.length ? Math.max(...values) : 0)
  const lines = [
    `Rolling restart on PostgreSQL ×2 behind a loopback balancer: ${VENDORS} vendors, ${CONNECTIONS} request loops, ${VENDORS} live streams, ${VENDORS * 2} runs (CERT_CASE_MS=${CASE_MS}, SHUTDOWN_DELAY_MS=${DELAY_MS}), ${seconds} s`,
    ...restarts.map(
      (restart) =>
        `  ${restart.node}: SIGTERM → exited in ${(restart.stopMs / 1000).toFixed(1)} s, ready again after ${(restart.readyMs / 1000).toFixed(1)} s`,
    ),
    `  requests: ${counts.requests}, failed ${counts.failed} (target 0); 4xx ${counts.refused4xx}; the balancer sent ${main.stats.retried + cert.stats.retried} again after a connection error, ${main.stats.noUpstream + cert.stats.noUpstream} found no process ready`,
    `  events: ${delivered} delivered, ${lost} lost (target 0), ${resets} resets; streams reconnected ${streamDrops} times`,
    `  runs taken over: ${gaps.length}, slowest ${(max(gaps) / 1000).toFixed(2)} s (target ≤ ${TAKEOVER_TARGET_MS / 1000} s); ended: ${ended.rows.map((row) => `${row.n} ${row.status}${row.failure_reason ? ` (${row.failure_reason})` : ''}`).join(', ')}, ${interrupted} interrupted (target 0)`,
  ]
  for (const line of lines) console.log(line)
  const met =
    counts.failed === 0 && lost === 0 && resets === 0 && interrupted === 0 && max(gaps) <= TAKEOVER_TARGET_MS
  console.log(met ? 'All targets met.' : 'Targets missed.')
  process.exitCode = met ? 0 : 1
} finally {
  await db.end()
  await main.close()
  await cert.close()
  await deployment.close()
  await dropPostgresTemplate(cluster)
  cluster.stop()
  agent.destroy()
}
