import type { IssueOptions } from '../certification/index.ts'
import { ephemeralSigner, registerSigner } from '../certificates/index.ts'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import type { Kysely } from 'kysely'
import { createCertApp, portalOriginPolicy } from './certification.ts'
import {
  type CertificationHarness,
  createRunExecutor,
  helloActiveRuns,
  vendorMaintenance,
  type LabStateWatch,
  type ResumeReport,
  type RunExecutor,
} from '../certification/index.ts'
import type { Database } from '../platform/db/schema.ts'
import type { WriteWatch } from '../platform/db/write-watch.ts'
import { createEventHub, type EventHub, type EventHubOptions } from '../events/index.ts'
import { createMainApp } from './main.ts'
import { DirectorySnapshot } from '../certificates/index.ts'
import { createLabStateWatch } from '../certification/index.ts'
import type { Mailer } from '../platform/mailer.ts'
import { createNotifier, type Notifier } from '../notifications/index.ts'
import { createJobRunner, type JobRunner } from '../platform/jobs/runner.ts'
import { MAIL_JOB, mailJobHandler } from '../platform/mail-jobs.ts'
import { onAppended } from '../events/index.ts'
import { type WebhookDeliveryOptions, webhookJobs } from '../webhooks/index.ts'
import { createOperations, type Operations, OPERATIONS_PATHS } from './operations.ts'
import { createOperatorApp, type OperatorParts } from './operator.ts'
import { OPERATOR_PATH_PREFIX } from '@/contract/operator'

/*
 * The two listeners of one portal process (ARCHITECTURE.md "Server"): the main service and the
 * certification service, sharing one database and one mailer. `npm start` (server/index.ts), the
 * server tests and bench/api all start the portal through here, so they run the same thing.
 */

export type PortalOptions = {
  db: Kysely<Database>
  mailer: Mailer
  /** Keys the hashes of one-time codes. */
  secret: string
  /** The database's write watch (PGlite only): lets the main service keep session rows in memory. */
  writes?: WriteWatch | null
  harness: CertificationHarness
  /** Whether the lab is in maintenance (CERT_MAINTENANCE=1 by default). */
  maintenance?: () => boolean
  maintenancePollMs?: number
  distDir: string
  storybookDir: string
  hostname?: string
  /** 0 for a free port. */
  mainPort: number
  certPort: number
  /** Further browser origins allowed to call the certification service (PORTAL_ORIGIN). */
  portalOrigins?: readonly string[]
  /** Whether /dev/mailbox is served (mailbox mode only; server/platform/development.ts). Default false. */
  devMailbox?: boolean
  /** Further origins the pages may call besides their own and the certification service (CSP connect-src). */
  connectSources?: readonly string[]
  /** What happens to runs a previous process left going: resumed (default) or ended. */
  onRestart?: 'resume' | 'end'
  /** The live events' hub (docs/decisions/0020): retention, timers, LISTEN's database, the cap. */
  events?: Omit<EventHubOptions, 'db' | 'activeRuns'>
  /**
   * PostgreSQL: the URL of `db`'s database, for the connections of its own the portal opens (the
   * events' LISTEN, the runs' owner lock). Default DATABASE_URL; the test suites give each test
   * file's own database (server/platform/db/test-database.ts).
   */
  databaseUrl?: string
  /**
   * The certificate key (server/certificates/keys.ts loadSigner) and validity; without
   * it, a key made for this process alone (tests), published like any other.
   */
  certificates?: IssueOptions
  /**
   * The portal's public address (PORTAL_URL, server/platform/portal-url.ts): the origin of every link the
   * portal mails or shows. Default its main service's URL (a portal on loopback, tests).
   */
  publicUrl?: string
  /**
   * Read the directory of certified devices into memory at start, so the first visitor
   * does not wait for it (server/index.ts; tests leave it to the first read).
   */
  warmDirectory?: boolean
  /** How often the job runner looks for events and jobs when nothing woke it (default 1 s). */
  jobsPollMs?: number
  /** How long a job is leased to this process's runner (default 1 min; the crash trials shorten it). */
  jobsLeaseMs?: number
  /**
   * docs/decisions/0027: the webhooks' deliveries, sent by the job runner. `development`: http to
   * this machine is allowed (server/webhooks/config.ts; default false). `lookup`: how host names
   * are resolved for the destination check, before each delivery and at registration. The rest is
   * for tests (a `clock` is the job runner's too).
   */
  webhooks?: Omit<WebhookDeliveryOptions, 'db' | 'secret' | 'mailer' | 'publicUrl'> & {
    /** false: this process sends none (a test sends them with a runner of its own). Default true. */
    run?: boolean
  }
  /**
   * How the process stops (docs/decisions/0047): `delayMs` with /readyz already 503 before the
   * listeners close (SHUTDOWN_DELAY_MS: a proxy's health-check interval; default 0), then up to
   * `graceMs` for the answers under way (SHUTDOWN_GRACE_MS, default 10 s).
   */
  shutdown?: { delayMs?: number; graceMs?: number }
  /** METRICS_TOKEN: /metrics also answers a caller beyond this machine that sends it (server/apps/operations.ts). */
  metricsToken?: string | undefined
  /**
   * docs/decisions/0048: the operator calls under /operations/ (server/apps/operator.ts) — OPERATOR_TOKEN,
   * and the data folder's backup (PGlite in a folder; none on PostgreSQL).
   */
  operator?: Pick<OperatorParts, 'token' | 'backup'>
}

export type Portal = {
  mainUrl: string
  certUrl: string
  mainPort: number
  certPort: number
  executor: RunExecutor
  /** The runs taken up or ended at start. */
  restart: ResumeReport
  /** This process's live events' hub (GET /api/events). */
  events: EventHub
  /** The notifications (docs/decisions/0028): its flush, for tests. */
  notifier: Notifier
  /** This process's job runner: mails, notifications, webhook deliveries. */
  jobs: JobRunner
  /** /healthz, /readyz and /metrics on both listeners; `stopping()` turns /readyz to 503. */
  operations: Operations
  /** Stops listening and stops executing runs (they stay active for the next start). */
  close(): Promise<void>
}

export async function startPortal(options: PortalOptions): Promise<Portal> {
  const hostname = options.hostname ?? '127.0.0.1'
  const urlHost = hostname === '0.0.0.0' || hostname === '::' ? 'localhost' : hostname
  const lab = await startLab(options)
  const events = createEventHub({
    ...(options.databaseUrl ? { listenUrl: options.databaseUrl } : {}),
    ...options.events,
    db: options.db,
    activeRuns: helloActiveRuns,
    maintenance: (trx) => vendorMaintenance(trx),
  })
  await events.start()
  // The job runner starts once both services listen; until then /readyz says it is not running.
  const started: { jobs?: JobRunner } = {}
  const operations = createOperations({
    db: options.db,
    events,
    jobs: { alive: () => started.jobs?.alive() ?? false },
    metricsToken: options.metricsToken,
  })
  let services: Listening
  try {
    services = await listenBoth(options, { ...lab, events, hostname, urlHost, operations })
  } catch (error) {
    await events.stop()
    throw error
  }
  const { main, cert, certPort, publicUrl } = services
  const restart = await lab.executor.resumeRuns()
  const { notifier, jobs, unlisten } = startJobs(options, publicUrl)
  started.jobs = jobs

  return {
    mainUrl: `http://${urlHost}:${main.port}`,
    certUrl: `http://${urlHost}:${certPort}`,
    mainPort: main.port,
    certPort,
    executor: lab.executor,
    restart,
    events,
    notifier,
    jobs,
    operations,
    async close() {
      // docs/decisions/0047: /readyz says 503 at once; a proxy that polls it stops sending here.
      operations.stopping()
      const { delayMs = 0, graceMs = DEFAULT_SHUTDOWN_GRACE_MS } = options.shutdown ?? {}
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))
      // No new connection from here; the answers under way finish (up to graceMs).
      const drained = Promise.all([drain(main.server, graceMs), drain(cert, graceMs)])
      // The live streams never finish on their own: each ends now with a short `retry:`, and its tab
      // reconnects (to whichever process answers) and resumes from its last event.
      await events.stop()
      await drained
      // The runs this process executes stay active, their leases released for another to take.
      await lab.executor.stop()
      unlisten()
      await jobs.stop()
      lab.labState.stop()
    },
  }
}

type Lab = { labState: LabStateWatch; certificates: IssueOptions; executor: RunExecutor }

/** The lab's state, the certificate signer and the run executor (runs are resumed later). */
async function startLab(options: PortalOptions): Promise<Lab> {
  // The bench's maintenance: the console's (lab_state) or CERT_MAINTENANCE=1, unless a test gives its own.
  const labState = createLabStateWatch(options.db)
  await labState.start()
  const certificates: IssueOptions = options.certificates ?? { signer: ephemeralSigner() }
  await registerSigner(options.db, certificates.signer)
  const executor = createRunExecutor({
    db: options.db,
    harness: options.harness,
    certificates,
    maintenance: options.maintenance ?? labState.maintenance,
    ...(options.maintenancePollMs !== undefined ? { maintenancePollMs: options.maintenancePollMs } : {}),
    ...(options.onRestart ? { onRestart: options.onRestart } : {}),
    ...(options.databaseUrl ? { ownerLockUrl: options.databaseUrl } : {}),
  })
  return { labState, certificates, executor }
}

type Listening = {
  main: { server: ServerType; port: number }
  cert: ServerType
  certPort: number
  publicUrl: string
}

/** The main service, then the certification service (which needs the main one's port). */
async function listenBoth(
  options: PortalOptions,
  parts: Lab & { events: EventHub; hostname: string; urlHost: string; operations: Operations },
): Promise<Listening> {
  const { hostname, urlHost } = parts
  const withOperations =
    (app: { fetch: Fetch }, operator?: { fetch: Fetch }): Fetch =>
    (request, env) => {
      const { pathname } = new URL(request.url)
      if (OPERATIONS_PATHS.has(pathname)) return parts.operations.app.fetch(request, env)
      if (operator && pathname.startsWith(OPERATOR_PATH_PREFIX)) return operator.fetch(request, env)
      return app.fetch(request, env)
    }
  // Known once the certification service listens (CERT_PORT 0 picks a free port).
  let listeningCertPort: number | null = options.certPort || null
  // PORTAL_URL, or known once the main service listens (MAIN_PORT 0 picks a free port).
  let publicUrl = options.publicUrl?.replace(/\/+$/, '') ?? null
  const mainApp = mainAppOf(options, parts, {
    certificationServicePort: () => listeningCertPort,
    publicUrl: () => publicUrl ?? `http://${urlHost}:${options.mainPort}`,
  })
  const operator = createOperatorApp({
    db: options.db,
    mailer: options.mailer,
    publicUrl: () => publicUrl ?? `http://${urlHost}:${options.mainPort}`,
    token: options.operator?.token,
    backup: options.operator?.backup ?? null,
  })
  const main = await listen(withOperations(mainApp, operator), options.mainPort, hostname)
  publicUrl ??= `http://${urlHost}:${main.port}`
  let cert: ServerType
  try {
    const certApp = createCertApp({
      db: options.db,
      mailer: options.mailer,
      executor: parts.executor,
      certificates: parts.certificates,
      publicUrl,
      isPortalOrigin: portalOriginPolicy({ mainPort: main.port, extra: options.portalOrigins ?? [] }),
    })
    cert = (await listen(withOperations(certApp), options.certPort, hostname)).server
  } catch (error) {
    await drain(main.server, 0)
    throw error
  }
  const certPort = (cert.address() as AddressInfo).port
  listeningCertPort = certPort
  return { main, cert, certPort, publicUrl }
}

/** The main service's app over the portal's parts; `ports` answers what is known once both listen. */
function mainAppOf(
  options: PortalOptions,
  parts: Lab & { events: EventHub },
  ports: { certificationServicePort: () => number | null; publicUrl: () => string },
) {
  const directory = new DirectorySnapshot(options.db)
  if (options.warmDirectory) directory.warm()
  return createMainApp({
    ...ports,
    distDir: options.distDir,
    storybookDir: options.storybookDir,
    db: options.db,
    mailer: options.mailer,
    secret: options.secret,
    writes: options.writes ?? null,
    events: parts.events,
    runs: parts.executor,
    labState: parts.labState,
    certificates: parts.certificates,
    directory,
    devMailbox: options.devMailbox ?? false,
    connectSources: options.connectSources ?? [],
    webhooksDevelopment: options.webhooks?.development ?? false,
    ...(options.webhooks?.lookup ? { webhooksLookup: options.webhooks.lookup } : {}),
  })
}

/**
 * The one loop of work after a commit (server/platform/jobs): mails, the notifications
 * (docs/decisions/0028) and the webhooks' deliveries (docs/decisions/0027), written and sent. Jobs
 * left by any process (this one's previous life too) are taken up.
 */
function startJobs(options: PortalOptions, publicUrl: string) {
  const { db, mailer, secret } = options
  const notifier = createNotifier({ db, mailer, secret, publicUrl })
  const { run, ...delivery } = options.webhooks ?? { development: false }
  const webhooks = webhookJobs(run === false ? null : { ...delivery, db, secret, mailer, publicUrl })
  const jobs = createJobRunner({
    db,
    handlers: { [MAIL_JOB]: mailJobHandler(mailer), ...notifier.handlers, ...webhooks.handlers },
    readers: { ...notifier.readers, ...webhooks.readers },
    prunes: webhooks.prunes,
    ...(options.jobsPollMs !== undefined ? { pollMs: options.jobsPollMs } : {}),
    ...(options.jobsLeaseMs !== undefined ? { leaseMs: options.jobsLeaseMs } : {}),
    ...(run !== false && delivery.clock ? { clock: delivery.clock } : {}),
  })
  jobs.start()
  // An event of this process: read it once it has committed (the append runs before the commit).
  const unlisten = onAppended(() => setTimeout(jobs.wake, 20).unref())
  return { notifier, jobs, unlisten }
}

/**
 * An idle keep-alive connection is kept KEEP_ALIVE_MS (Node's default is 5 s). A client that sends
 * on a kept connection just as the server closes it gets ECONNRESET (seen in CI: a journey's
 * mailbox poll after 5 s of waiting); proxies in front of the portal keep theirs up to 60 s
 * (nginx's upstream keepalive_timeout, a load balancer's idle timeout), so the server outlives
 * them. headersTimeout stays above it, as Node asks.
 */
const KEEP_ALIVE_MS = 65_000

/** A service's answer to a request; `env` is what @hono/node-server passes (the Node request, for the caller's address). */
type Fetch = (request: Request, env?: unknown) => Response | Promise<Response>

function listen(fetch: Fetch, port: number, hostname: string) {
  return new Promise<{ server: ServerType; port: number }>((resolve, reject) => {
    const server = serve({ fetch, port, hostname }, (info) => resolve({ server, port: info.port }))
    if ('keepAliveTimeout' in server) {
      server.keepAliveTimeout = KEEP_ALIVE_MS
      server.headersTimeout = KEEP_ALIVE_MS + 1000
    }
    server.once('error', reject)
  })
}

/** How long a stopping process waits for the answers under way before it cuts them. */
const DEFAULT_SHUTDOWN_GRACE_MS = 10_000

/**
 * Stops accepting connections and waits for the answers under way, up to `graceMs`, then cuts
 * what is left. A kept-alive connection with nothing under way (a browser's, a proxy's) is closed
 * at once, and any other as soon as its answer is out, so that none holds the close open.
 */
function drain(server: ServerType, graceMs: number) {
  return new Promise<void>((resolve) => {
    if (!('closeIdleConnections' in server)) {
      server.close(() => resolve())
      return
    }
    const idle = setInterval(() => server.closeIdleConnections(), 50)
    const cut = setTimeout(() => server.closeAllConnections(), graceMs)
    server.close(() => {
      clearInterval(idle)
      clearTimeout(cut)
      resolve()
    })
    server.closeIdleConnections()
    if (graceMs <= 0) server.closeAllConnections()
  })
}
