import { Hono } from 'hono'
import { sql, type Kysely } from 'kysely'
import { Gauge, Registry } from 'prom-client'
import type { EventHub } from '../events/index.ts'
import { isLocalCallerOrBearer } from '../http/local-caller.ts'
import { pendingMigrations } from '../platform/db/database.ts'
import type { Database } from '../platform/db/schema.ts'
import type { JobRunner } from '../platform/jobs/runner.ts'
import { processMetrics } from '../platform/metrics.ts'

/*
 * What an orchestrator, a load balancer and Prometheus ask a portal process, on both listeners
 * (server/apps/portal.ts answers these paths before either service's own layers: no session, no
 * page policy, no log line per probe):
 *
 * - GET /healthz: 200 while the process answers at all (liveness: restart it when this fails).
 * - GET /readyz: 200 when the database answers, every migration of this build is applied, the job
 *   runner goes round and the event hub runs (and listens, on PostgreSQL); 503 otherwise, and at
 *   once when the process is stopping (SIGTERM), so that a proxy sends it nothing new. The body
 *   names each check: {"status":"ready","checks":{"database":"ok",…}}.
 * - GET /metrics: Prometheus's text format (server/platform/metrics.ts and the database's figures
 *   below), to a caller on this machine that came through no proxy, or with METRICS_TOKEN as a
 *   Bearer token; 403 otherwise.
 */

export const HEALTH_PATH = '/healthz'
export const READY_PATH = '/readyz'
export const METRICS_PATH = '/metrics'
export const OPERATIONS_PATHS: ReadonlySet<string> = new Set([HEALTH_PATH, READY_PATH, METRICS_PATH])

export const METRICS_REFUSED_MESSAGE =
  'The metrics answer to a caller on this machine, or with METRICS_TOKEN as a Bearer token.'

/** How long one readiness check may take before it counts as failed. */
const CHECK_TIMEOUT_MS = 2000

export type Readiness = { ready: boolean; checks: Record<string, string> }

export type OperationsParts = {
  db: Kysely<Database>
  jobs: Pick<JobRunner, 'alive'>
  events: Pick<EventHub, 'alive' | 'streamCount'>
  /** METRICS_TOKEN: /metrics answers a caller beyond this machine that sends it. */
  metricsToken?: string | undefined
}

export type Operations = {
  /** From now on /readyz answers 503 "stopping" (the process is leaving). */
  stopping(): void
  readiness(): Promise<Readiness>
  app: Hono
}

/** One check's answer: 'ok', or why not, within CHECK_TIMEOUT_MS. */
async function checked(check: () => Promise<string>): Promise<string> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${CHECK_TIMEOUT_MS} ms`), CHECK_TIMEOUT_MS)
  })
  try {
    return await Promise.race([check(), late])
  } catch (error) {
    return `failed (${error instanceof Error ? error.message : String(error)})`
  } finally {
    clearTimeout(timer)
  }
}

export function createOperations(parts: OperationsParts): Operations {
  let leaving = false
  const registry = Registry.merge([processMetrics, databaseGauges(parts)])

  async function readiness(): Promise<Readiness> {
    if (leaving) return { ready: false, checks: { process: 'stopping' } }
    const [database, migrations, jobs, events] = await Promise.all([
      checked(async () => {
        await sql`select 1`.execute(parts.db)
        return 'ok'
      }),
      checked(async () => {
        const pending = await pendingMigrations(parts.db)
        return pending.length === 0 ? 'ok' : `not applied: ${pending.join(', ')}`
      }),
      checked(async () => (parts.jobs.alive() ? 'ok' : 'not running')),
      checked(async () => (parts.events.alive() ? 'ok' : 'not running or not listening')),
    ])
    const checks = { database, migrations, jobs, events }
    return { ready: Object.values(checks).every((answer) => answer === 'ok'), checks }
  }

  const app = new Hono()
  app.get(HEALTH_PATH, (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json({ status: 'ok' })
  })
  app.get(READY_PATH, async (c) => {
    c.header('Cache-Control', 'no-store')
    const { ready, checks } = await readiness()
    return c.json({ status: ready ? 'ready' : 'not ready', checks }, ready ? 200 : 503)
  })
  app.get(METRICS_PATH, async (c) => {
    c.header('Cache-Control', 'no-store')
    if (!isLocalCallerOrBearer(c, parts.metricsToken))
      return c.json({ message: METRICS_REFUSED_MESSAGE }, 403)
    return c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType })
  })
  app.all('*', (c) => c.json({ message: `No call at ${c.req.method} ${c.req.path}.` }, 405))
  return {
    stopping: () => {
      leaving = true
    },
    readiness,
    app,
  }
}

/** How long one read of the jobs serves the gauges of a scrape. */
const JOBS_READ_REUSE_MS = 1000

/** The database's figures, read at each scrape (the same in every process: take max(), not sum()). */
function databaseGauges({ db, events }: OperationsParts): Registry {
  const registry = new Registry()
  new Gauge({
    name: 'portal_runs',
    help: 'Certification runs in the database, by status.',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = await db
        .selectFrom('certification_runs')
        .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('status')
        .execute()
      this.reset()
      for (const row of rows) this.set({ status: row.status }, Number(row.count))
    },
  })
  // Both job gauges read one query per scrape: the second reuses the first's answer.
  let jobsRead: { at: number; rows: ReturnType<typeof readJobs> } | undefined
  const jobs = () => {
    if (!jobsRead || Date.now() - jobsRead.at > JOBS_READ_REUSE_MS)
      jobsRead = { at: Date.now(), rows: readJobs() }
    return jobsRead.rows
  }
  const readJobs = () =>
    db
      .selectFrom('jobs')
      .select((eb) => [
        'kind',
        eb
          .case()
          .when('status', '=', 'pending')
          .then(eb.case().when('run_at', '<=', new Date()).then('due').else('waiting').end())
          .else(eb.ref('status'))
          .end()
          .as('state'),
        eb.fn.countAll<number>().as('count'),
        eb.fn.min('run_at').as('oldest'),
      ])
      .where('status', '!=', 'done')
      .groupBy(['kind', 'state'])
      .execute()
  new Gauge({
    name: 'portal_jobs',
    help: 'Jobs not done, by kind and state: due (waiting for a runner), waiting (a retry later), running, dead.',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
    async collect() {
      const rows = await jobs()
      this.reset()
      for (const row of rows) this.set({ kind: row.kind, state: String(row.state) }, Number(row.count))
    },
  })
  new Gauge({
    name: 'portal_jobs_oldest_due_age_seconds',
    help: 'How long the oldest due job of each kind has waited for a runner.',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      const rows = await jobs()
      this.reset()
      for (const row of rows) {
        if (row.state !== 'due' || !row.oldest) continue
        this.set({ kind: row.kind }, Math.max(0, (Date.now() - new Date(row.oldest).getTime()) / 1000))
      }
    },
  })
  new Gauge({
    name: 'portal_event_streams',
    help: 'Live event streams (GET /api/events, the lab console) open on this process.',
    registers: [registry],
    collect() {
      this.set(events.streamCount())
    },
  })
  return registry
}
