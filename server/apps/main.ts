import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { secureHeaders } from 'hono/secure-headers'
import type { WriteWatch } from '../platform/db/write-watch.ts'
import type { EventHub } from '../events/index.ts'
import type { RunExecutor } from '../certification/index.ts'
import type { IssueOptions } from '../certification/index.ts'
import type { LabStateWatch } from '../certification/index.ts'
import { revisionRoutes } from '../certification/index.ts'
import { AnswerCache } from '../http/answer-cache.ts'
import type { MainEnv, MainServices } from '../http/context.ts'
import { loadBearer } from '../http/bearer.ts'
import { measureRequests } from '../http/measure.ts'
import { requireToken } from '../http/csrf.ts'
import { handleError } from '../http/errors.ts'
import { limitBodySize } from '../http/json-body.ts'
import { loadSession } from '../http/session.ts'
import { apiDocsPage, openApiRoutes } from './api-docs/openapi.ts'
import { builtPageHashes, inlineScriptHashes, pagePolicy } from '../http/page-policy.ts'
import { loginRoutes } from '../accounts/index.ts'
import { registrationRoutes } from '../accounts/index.ts'
import { passwordRoutes } from '../accounts/index.ts'
import { actingRoutes } from '../accounts/index.ts'
import { catalogueRoutes } from '../portfolio/index.ts'
import { certificateRoutes } from '../certificates/index.ts'
import { commentRoutes } from '../portfolio/index.ts'
import { devMailboxRoutes, MAILBOX_OFF_MESSAGE, MAILBOX_PATH } from './dev-mailbox.ts'
import { draftRoutes } from '../portfolio/index.ts'
import { eventRoutes } from '../events/index.ts'
import { recordRoutes } from '../portfolio/index.ts'
import { referenceDataRoutes } from '../accounts/index.ts'
import { route } from '../http/route.ts'
import { sessionRoutes } from '../accounts/index.ts'
import { teamRoutes } from '../organizations/index.ts'
import { invitationRoutes } from '../organizations/index.ts'
import { pendingInvitationRoutes } from '../organizations/index.ts'
import { apiTokenRoutes } from '../api-tokens/index.ts'
import { createWebhookRoutes } from '../webhooks/index.ts'
import { labRoutes } from '../lab/index.ts'
import { labStaffRoutes } from '../lab/index.ts'
import { labStateRoutes } from '../lab/index.ts'
import { labCatalogueRoutes, testPlanRoutes } from '../lab/index.ts'
import { notificationRoutes, oneClickUnsubscribe } from '../notifications/index.ts'
import { ONE_CLICK_UNSUBSCRIBE_PATH } from '@/contract/notifications'
import { DEFAULT_PORTAL_URL } from './api-docs/options.ts'
import type { WebhookLookup } from '@/contract/webhook-destination'
import { DirectorySnapshot } from '../certificates/index.ts'
import { mountFrontEnd, mountStorybook, STORYBOOK_BUILDING, STORYBOOK_BUILDING_PAGE } from './built-files.ts'

export { STORYBOOK_BUILDING }

/**
 * The inline scripts of the HTML pages the server renders from its own templates rather than
 * serves from dist/ (the API reference, the "Storybook being built" page; the development
 * mailbox's template has none), hashed once from the templates (page-policy.ts): none today.
 */
let serverPageHashes: readonly string[] | undefined
function serverPageScriptHashes(): readonly string[] {
  if (serverPageHashes) return serverPageHashes
  let apiDocs = ''
  try {
    apiDocs = apiDocsPage()
  } catch {
    // The reference page's assets are missing: that page answers an error, and has no scripts.
  }
  serverPageHashes = inlineScriptHashes(`${STORYBOOK_BUILDING_PAGE}${apiDocs}`)
  return serverPageHashes
}

export type MainAppOptions = Omit<
  MainServices,
  'answers' | 'writes' | 'events' | 'runs' | 'labState' | 'certificates' | 'directory' | 'publicUrl'
> & {
  /** The portal's public address (server/apps/portal.ts); default DEFAULT_PORTAL_URL, for apps tested alone. */
  publicUrl?: () => string
  /** The database's write watch (PGlite), for the in-memory session rows; null or absent otherwise. */
  writes?: WriteWatch | null
  /** The live events' hub (started and stopped by its owner, server/apps/portal.ts); without it GET /api/events answers 503. */
  events?: EventHub | null
  /** The runs' executor, for the lab's actions on a vendor's behalf. */
  runs?: RunExecutor | null
  labState?: LabStateWatch | null
  /** The key and validity of certificates a lab engineer's approval issues. */
  certificates?: IssueOptions | null
  /** The directory's snapshot (its owner may warm it); default a new one on `db`. */
  directory?: DirectorySnapshot | null
  /** The built front end (vite build). */
  distDir: string
  /** The built Storybook, served under /storybook/ when present. */
  storybookDir: string
  /**
   * The certification service's port, for pages to find it (GET /api/portal-config); null when it
   * is not known, and the page falls back to 7600.
   */
  certificationServicePort?: () => number | null
  /**
   * Whether the development mailbox is served (mailbox mode only): on for a server on loopback or
   * with DEV_MAILBOX=1 (server/platform/development.ts). Default false.
   */
  devMailbox?: boolean
  /** Further origins the pages may call (CSP connect-src): VITE_CERT_API_URL's, when set. */
  connectSources?: readonly string[]
  /**
   * Webhooks may go to this machine over http (development conveniences,
   * server/webhooks/config.ts). Default false: https to public addresses only.
   */
  webhooksDevelopment?: boolean
  /** Resolves webhook host names for the destination check (tests inject one). */
  webhooksLookup?: WebhookLookup
}

/**
 * The main service's HTTP app: the API under /api/, the development mailbox (mailbox mode, when
 * turned on),
 * the built Storybook under /storybook/, and the built front end for every other path, falling
 * back to the empty app page (app.html) so that the client router decides what a path shows.
 *
 * Every /api/ call goes through, in order: the body size limit, the session (idle expiry), and
 * the CSRF guard for anything but GET; the routes, registered from the endpoint table, then read
 * their body with the endpoint's schema and protected ones add requireVendor (routes/route.ts).
 * GET /api/events, the live events' stream, is registered beside them (routes/events.ts): it is
 * opened with EventSource, not called through the endpoint table (docs/decisions/0020).
 * An /api/ answer is Cache-Control: no-store unless its route says otherwise (the public reference
 * data and catalogue do): most carry a vendor's data. Every HTML page gets a Content-Security-Policy
 * and every answer a Permissions-Policy (page-policy.ts, docs/decisions/0017).
 */
export function createMainApp(options: MainAppOptions) {
  const { distDir, mailer, certificationServicePort = () => null, devMailbox = false } = options
  const app = new Hono<MainEnv>()
  useCommonLayers(app, mainServices(options), {
    certificationServicePort,
    connectSources: options.connectSources ?? [],
    builtPages: builtPageHashes(distDir),
    serverPageHashes: serverPageScriptHashes,
  })
  mountApi(app, { ...options, certificationServicePort })

  if (devMailbox && mailer.mode === 'mailbox') app.route('/', devMailboxRoutes)
  else app.all(`${MAILBOX_PATH}*`, (c) => c.json({ message: MAILBOX_OFF_MESSAGE }, 404))

  mountStorybook(app, options.storybookDir)
  mountFrontEnd(app, distDir)
  return app
}

/** The services every route reads (`c.var.services`), with the options' defaults. */
function mainServices(options: MainAppOptions): MainServices {
  const { db } = options
  return {
    db,
    mailer: options.mailer,
    secret: options.secret,
    writes: options.writes ?? null,
    events: options.events ?? null,
    runs: options.runs ?? null,
    labState: options.labState ?? null,
    certificates: options.certificates ?? null,
    answers: new AnswerCache(),
    directory: options.directory ?? new DirectorySnapshot(db),
    publicUrl: options.publicUrl ?? (() => DEFAULT_PORTAL_URL),
  }
}

/** What every answer goes through first: errors, security headers, compression, the services, the page policy. */
function useCommonLayers(
  app: Hono<MainEnv>,
  services: MainServices,
  policy: Parameters<typeof pagePolicy>[0],
) {
  app.onError(handleError)
  app.use(measureRequests('main'))
  app.use(secureHeaders({ crossOriginEmbedderPolicy: false }))
  // Pages, scripts and styles are compressed here. API answers are not, as a rule: most are a
  // one-line message, and gzip streams would cost more than they save. The large ones compress
  // themselves: reference data with compress(), get and list once per cached answer.
  const compressFiles = compress()
  app.use('*', (c, next) => (c.req.path.startsWith('/api/') ? next() : compressFiles(c, next)))
  app.use('*', async (c, next) => {
    c.set('services', services)
    await next()
  })
  app.use('*', pagePolicy(policy))
  app.use('/api/*', async (c, next) => {
    await next()
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store')
  })
}

/** The API under /api/: the caller checks, then every domain's routes, the API document, 404 for the rest. */
function mountApi(
  app: Hono<MainEnv>,
  options: MainAppOptions & { certificationServicePort: () => number | null },
) {
  const { certificationServicePort } = options
  // RFC 8058's one-click unsubscribe comes from mail providers, with no session or Token.
  app.post(ONE_CLICK_UNSUBSCRIBE_PATH, limitBodySize, oneClickUnsubscribe)
  app.use('/api/*', limitBodySize, loadBearer, loadSession, requireToken)
  // Every call's method and path come from the endpoint table (server/http/route.ts, decision 0005).
  for (const routes of [
    sessionRoutes,
    loginRoutes,
    registrationRoutes,
    passwordRoutes,
    referenceDataRoutes,
    catalogueRoutes,
    draftRoutes,
    recordRoutes,
    revisionRoutes,
    commentRoutes,
    eventRoutes,
    teamRoutes,
    invitationRoutes,
    actingRoutes,
    pendingInvitationRoutes,
    labStaffRoutes,
    labStateRoutes,
    testPlanRoutes,
    labCatalogueRoutes,
    labRoutes,
    certificateRoutes,
    notificationRoutes,
    apiTokenRoutes,
    createWebhookRoutes({
      development: options.webhooksDevelopment ?? false,
      lookup: options.webhooksLookup,
    }),
  ]) {
    app.route('/', routes)
  }
  // Where the page finds the certification service: this process knows its port (decision 0010).
  route(app, 'portalConfig', (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json({ certificationServicePort: certificationServicePort() })
  })
  // docs/decisions/0029: the OpenAPI document and its reference page.
  app.route('/', openApiRoutes({ certificationServicePort }))
  app.all('/api/*', (c) => c.json({ message: `No API call at ${c.req.method} ${c.req.path}.` }, 404))
}
