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
import {
  createWebhookWorker,
  webhookJobs,
  type WebhookWorker,
  type WebhookWorkerOptions,
} from '../webhooks/index.ts'

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
  /**
   * docs/decisions/0027: the webhooks' delivery worker. `development`: http to this
   * machine is allowed (server/webhooks/config.ts; default false). `lookup`: how host names are
   * resolved for the destination check, by the worker and at registration. The rest is for tests.
   */
  webhooks?: Omit<WebhookWorkerOptions, 'db' | 'secret' | 'mailer' | 'publicUrl'> & {
    /** false: the worker is made but not started (a test drives it with runOnce). Default true. */
    run?: boolean
  }
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
  /** This process's webhook delivery worker (issue 21). */
  webhooks: WebhookWorker
  /** Stops listening and stops executing runs (they stay active for the next start). */
  close(): Promise<void>
}

export async function startPortal(options: PortalOptions): Promise<Portal> {
  const hostname = options.hostname ?? '127.0.0.1'
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
  })

  const urlHost = hostname === '0.0.0.0' || hostname === '::' ? 'localhost' : hostname
  const events = createEventHub({ ...options.events, db: options.db, activeRuns: helloActiveRuns })
  await events.start()

  // Known once the certification service listens (CERT_PORT 0 picks a free port).
  let listeningCertPort: number | null = options.certPort || null
  // PORTAL_URL, or known once the main service listens (MAIN_PORT 0 picks a free port).
  let publicUrl = options.publicUrl?.replace(/\/+$/, '') ?? null
  const directory = new DirectorySnapshot(options.db)
  if (options.warmDirectory) directory.warm()
  const mainApp = createMainApp({
    certificationServicePort: () => listeningCertPort,
    publicUrl: () => publicUrl ?? `http://${urlHost}:${options.mainPort}`,
    distDir: options.distDir,
    storybookDir: options.storybookDir,
    db: options.db,
    mailer: options.mailer,
    secret: options.secret,
    writes: options.writes ?? null,
    events,
    runs: executor,
    labState,
    certificates,
    directory,
    devMailbox: options.devMailbox ?? false,
    connectSources: options.connectSources ?? [],
    webhooksDevelopment: options.webhooks?.development ?? false,
    ...(options.webhooks?.lookup ? { webhooksLookup: options.webhooks.lookup } : {}),
  })
  let main: { server: ServerType; port: number }
  try {
    main = await listen(mainApp.fetch, options.mainPort, hostname)
  } catch (error) {
    await events.stop()
    throw error
  }
  let cert: ServerType
  publicUrl ??= `http://${urlHost}:${main.port}`
  try {
    const certApp = createCertApp({
      db: options.db,
      mailer: options.mailer,
      executor,
      certificates,
      publicUrl,
      isPortalOrigin: portalOriginPolicy({ mainPort: main.port, extra: options.portalOrigins ?? [] }),
    })
    cert = (await listen(certApp.fetch, options.certPort, hostname)).server
  } catch (error) {
    await events.stop()
    await close(main.server)
    throw error
  }
  const certPort = (cert.address() as AddressInfo).port
  listeningCertPort = certPort

  const restart = await executor.resumeRuns()

  // E-mail notifications from the live events (docs/decisions/0028).
  const notifier = createNotifier({
    db: options.db,
    mailer: options.mailer,
    secret: options.secret,
    publicUrl,
  })
  // The one loop of work after a commit: mails, notifications, webhook deliveries.
  const jobs = createJobRunner({
    db: options.db,
    handlers: {
      [MAIL_JOB]: mailJobHandler(options.mailer),
      ...notifier.handlers,
      ...webhookJobs.handlers,
    },
    readers: { ...notifier.readers, ...webhookJobs.readers },
    ...(options.jobsPollMs !== undefined ? { pollMs: options.jobsPollMs } : {}),
  })
  jobs.start()
  // An event of this process: read it once it has committed (the append runs before the commit).
  const unlisten = onAppended(() => setTimeout(jobs.wake, 20).unref())
  // Deliveries left by any process (this one's previous life too) go out again.
  const webhooks = createWebhookWorker({
    development: false,
    ...options.webhooks,
    db: options.db,
    secret: options.secret,
    mailer: options.mailer,
    publicUrl,
  })
  if (options.webhooks?.run !== false) webhooks.start()

  return {
    mainUrl: `http://${urlHost}:${main.port}`,
    certUrl: `http://${urlHost}:${certPort}`,
    mainPort: main.port,
    certPort,
    executor,
    restart,
    events,
    notifier,
    jobs,
    webhooks,
    async close() {
      // The streams first, so that their tabs see them end (and reconnect) rather than a reset.
      await events.stop()
      await webhooks.stop()
      await Promise.all([close(main.server), close(cert)])
      await executor.stop()
      unlisten()
      await jobs.stop()
      labState.stop()
    },
  }
}

/**
 * An idle keep-alive connection is kept KEEP_ALIVE_MS (Node's default is 5 s). A client that sends
 * on a kept connection just as the server closes it gets ECONNRESET (seen in CI: a journey's
 * mailbox poll after 5 s of waiting); proxies in front of the portal keep theirs up to 60 s
 * (nginx's upstream keepalive_timeout, a load balancer's idle timeout), so the server outlives
 * them. headersTimeout stays above it, as Node asks.
 */
const KEEP_ALIVE_MS = 65_000

function listen(fetch: (request: Request) => Response | Promise<Response>, port: number, hostname: string) {
  return new Promise<{ server: ServerType; port: number }>((resolve, reject) => {
    const server = serve({ fetch, port, hostname }, (info) => resolve({ server, port: info.port }))
    if ('keepAliveTimeout' in server) {
      server.keepAliveTimeout = KEEP_ALIVE_MS
      server.headersTimeout = KEEP_ALIVE_MS + 1000
    }
    server.once('error', reject)
  })
}

function close(server: ServerType) {
  return new Promise<void>((resolve) => {
    server.close(() => resolve())
    // Keep-alive connections of browsers would hold close() open; end them.
    if ('closeAllConnections' in server) server.closeAllConnections()
  })
}
