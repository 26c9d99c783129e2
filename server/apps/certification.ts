import { VERIFY_PATH } from '@/contract/certificates'
import { issueCertificate, type IssueOptions } from '../certificates/issue.ts'
import { Hono, type Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { cors } from 'hono/cors'
import { createMiddleware } from 'hono/factory'
import { secureHeaders } from 'hono/secure-headers'
import type { Kysely } from 'kysely'
import type { RunKind, RunTestsPayload } from '@/contract/certification'
import { endpoints, RUN_REPORT_PATH } from '@/contract/endpoints'
import { CERTIFIED_OK } from '@/contract/records'
import { BODY_FIELD, isJsonContentType, readInput } from '@/contract/refusals'
import { type Permission, permissionOf, type Role } from '@/contract/roles'
import {
  certificateSentMessage,
  FORBIDDEN_MESSAGE,
  NO_ORGANIZATION_MESSAGE,
  NOT_CERTIFIED_MESSAGE,
  NOT_SIGNED_IN_MESSAGE,
  RECORD_NOT_FOUND_MESSAGE,
  RUN_CANCELLED_MESSAGE,
} from '@/contract/server-messages'
import type { Database, DeviceRow } from '../platform/db/schema.ts'
import type { Mailer } from '../platform/mailer.ts'
import { queueMail } from '../platform/mail-jobs.ts'
import { isPlainId } from '../http/plain-id.ts'
import { attachmentDisposition, fileNamePart } from '../http/file-names.ts'
import { handleError } from '../http/errors.ts'
import { PERMISSIONS_POLICY } from '../http/page-policy.ts'
import { jsonBody, limitBodySize } from '../http/json-body.ts'
import { roleRefusal } from '../http/require-vendor.ts'
import { TOUCH_INTERVAL_MS, touchSession } from '../http/session.ts'
import { isSessionExpired, SESSION_COOKIE, tokenDigest } from '../http/session-token.ts'
import { certificateFileName, certificatePdf } from '../certification/certificate-pdf.ts'
import { runReportHtml, runResults } from '../certification/results.ts'
import { loadRun, planOutcome, recordRuns } from '../certification/run-store.ts'
import type { RunExecutor } from '../certification/runner.ts'
import { logActivity, recordSubject } from '../organizations/activity.ts'
import { vendorMaintenance } from '../lab/state.ts'
import { VENDOR_ONLY_MESSAGE } from '@/contract/lab'
import { API_TOKEN_READ_ONLY_MESSAGE, AUTHORIZATION_HEADER } from '@/contract/api-tokens'
import { bearerRefusal } from '../http/bearer.ts'
import { authenticateBearer } from '../http/bearer-token.ts'

/*
 * The certification service (CERT_PORT, 7600): start a run (Start Certify), re-run a record's
 * failed cases and cancel a run (issue 17, docs/decisions/0021), follow a record's runs, download
 * a run's results, mail the certificate (spec §7 run-tests; ARCHITECTURE.md decisions 7 and 8).
 *
 * Who may call it — a deliberate tightening of spec §7's "no token, no cookies"
 * (docs/decisions/0006): every call needs the owning vendor's session cookie, the same HttpOnly
 * cookie the main service set at login. Cookies are not scoped by port, so the browser sends it
 * to this service on the page's host; CORS answers the portal's origin only, with credentials.
 * The session is the main service's (sessions table): one that is idle past 300 s, logged out or
 * unknown answers 401, and a call counts as activity like any main-service call. A body's
 * vendor_user_id must be the session's account (403). A record or run of another vendor is
 * answered exactly as one that does not exist — 404 with RECORD_NOT_FOUND_MESSAGE or
 * RUN_NOT_FOUND_MESSAGE — as the main service answers another vendor's record, so that neither
 * service tells which ids exist (docs/decisions/0017). An id that cannot name a stored row (a NUL
 * or another control character, past 64 characters: server/http/plain-id.ts) is answered the same
 * 404 without a query.
 *
 * Cross-site request forgery: the cookie is SameSite=Lax, so another site's POST arrives without
 * it; on top, a POST must be JSON (a cross-origin JSON POST needs a CORS preflight, which other
 * origins fail) and a POST whose Origin is not the portal's is refused before anything happens.
 */

export type CertServices = {
  db: Kysely<Database>
  mailer: Mailer
  executor: RunExecutor
  /** Issue 20: the key that signs a certificate issued on demand (a run certified before issue 20). */
  certificates: IssueOptions | null
  /** The portal's public address, for the certificates' verification links. */
  publicUrl: string
}

export type CertAppOptions = CertServices & {
  /** Whether a browser page at `origin` is the portal (see portalOriginPolicy). */
  isPortalOrigin: (origin: string, c: Context) => boolean
}

type CertEnv = {
  Variables: { services: CertServices; accountId: string; organizationId: string; role: Role }
}

/**
 * A call made for another account than the session's (403), or one the caller's role may not make
 * (403 with the reason: docs/decisions/0023); null when it may go on.
 */
function refusal<E extends CertEnv>(c: Context<E>, vendorUserId: unknown, permission: Permission) {
  if (vendorUserId !== c.var.accountId) return c.json({ message: FORBIDDEN_MESSAGE }, 403)
  const reason = roleRefusal(c.var.role, permission)
  return reason ? c.json({ message: reason }, 403) : null
}

export const WRONG_ORIGIN_MESSAGE = 'Requests to the certification service must come from the portal.'
export const JSON_REQUIRED_MESSAGE = 'Send the request as JSON (Content-Type: application/json).'
export const RUN_NOT_FOUND_MESSAGE = 'No certification run with this id exists.'

/**
 * The origins allowed to call the service from a browser: any origin in `extra` (PORTAL_ORIGIN),
 * and the main service itself on the host this service was reached at — the default deployment,
 * where the page at http://host:7700 calls http://host:7600.
 */
export function portalOriginPolicy({
  mainPort,
  extra = [],
}: {
  mainPort: number
  extra?: readonly string[]
}) {
  const listed = new Set(extra.map((origin) => origin.trim().replace(/\/+$/, '')).filter(Boolean))
  return (origin: string, c: Context) => {
    if (listed.has(origin)) return true
    let page: URL
    try {
      page = new URL(origin)
    } catch {
      return false
    }
    const servedAt = new URL(c.req.url)
    return (
      (page.protocol === 'http:' || page.protocol === 'https:') &&
      page.hostname === servedAt.hostname &&
      page.port === String(mainPort) &&
      page.origin === origin
    )
  }
}

export function createCertApp({ isPortalOrigin, ...services }: CertAppOptions) {
  const app = new Hono<CertEnv>()

  app.onError(handleError)
  app.use(secureHeaders({ crossOriginResourcePolicy: 'same-site', crossOriginEmbedderPolicy: false }))
  app.use(
    cors({
      origin: (origin, c) => (isPortalOrigin(origin, c) ? origin : null),
      credentials: true,
      allowMethods: ['GET', 'POST'],
      allowHeaders: ['Content-Type'],
      // Retry-After of a token's 429 (docs/decisions/0026); a browser page uses the cookie.
      exposeHeaders: ['Content-Disposition', 'Retry-After'],
      maxAge: 600,
    }),
  )
  app.use('*', async (c, next) => {
    c.set('services', services)
    // Every answer carries a vendor's data or says who may call: never stored by a cache.
    c.header('Cache-Control', 'no-store')
    c.header('Permissions-Policy', PERMISSIONS_POLICY)
    await next()
  })
  app.use('*', limitBodySize, refuseForeignPosts(isPortalOrigin), requireVendorSession)

  /**
   * Start Certify (spec §7 run-tests: the whole plan) and Re-run failed cases (issue 17,
   * docs/decisions/0021: a new attempt of the cases the latest attempt did not pass, for a record
   * that ended in Validation failure) answer alike.
   */
  const startAttempt = async <E extends CertEnv>(c: Context<E>, body: RunTestsPayload, kind: RunKind) => {
    const refused = refusal(c, body.vendor_user_id, permissionOf('runTests'))
    if (refused) return refused
    if (!isPlainId(body.portfolio_manager_id)) return c.json({ message: RECORD_NOT_FOUND_MESSAGE }, 404)
    const result = await c.var.services.executor.startRun({
      portfolioManagerId: body.portfolio_manager_id,
      organizationId: c.var.organizationId,
      accountId: c.var.accountId,
      kind,
    })
    if (result.ok) {
      const { message, runId, status, attempt } = result
      return c.json({ message, runId, status, attempt })
    }
    if (result.reason === 'already-active' || result.reason === 'no-failed-cases')
      return c.json({ message: result.message }, 409)
    // Another vendor's record is answered as an unknown one.
    return c.json({ message: RECORD_NOT_FOUND_MESSAGE }, 404)
  }
  app.post(endpoints.runTests.path, jsonBody(endpoints.runTests.request), (c) =>
    startAttempt(c, c.var.body, 'full'),
  )
  app.post(endpoints.rerunFailed.path, jsonBody(endpoints.rerunFailed.request), (c) =>
    startAttempt(c, c.var.body, 'rerun'),
  )

  // Cancel the record's run in progress (or waiting in maintenance).
  app.post(endpoints.cancelRun.path, jsonBody(endpoints.cancelRun.request), async (c) => {
    const body = c.var.body
    const refused = refusal(c, body.vendor_user_id, permissionOf('cancelRun'))
    if (refused) return refused
    if (!isPlainId(body.portfolio_manager_id)) return c.json({ message: RECORD_NOT_FOUND_MESSAGE }, 404)
    const result = await c.var.services.executor.cancelRun({
      portfolioManagerId: body.portfolio_manager_id,
      organizationId: c.var.organizationId,
      accountId: c.var.accountId,
    })
    if (result.ok) return c.json({ message: RUN_CANCELLED_MESSAGE })
    if (result.reason === 'no-active-run') return c.json({ message: result.message }, 409)
    return c.json({ message: RECORD_NOT_FOUND_MESSAGE }, 404)
  })

  app.get(endpoints.listRuns.path, async (c) => {
    const query = readInput(endpoints.listRuns.request, {
      vendor_user_id: c.req.query('vendor_user_id'),
      portfolio_manager_id: c.req.query('portfolio_manager_id'),
    })
    if ('refused' in query) return c.json(query.refused, 400)
    const refused = refusal(c, query.output.vendor_user_id, permissionOf('listRuns'))
    if (refused) return refused
    const { db } = c.var.services
    const owned = await ownedRecord(db, c.var.organizationId, query.output.portfolio_manager_id)
    if ('refused' in owned) return c.json({ message: owned.refused.message }, owned.refused.status)
    const runs = await recordRuns(db, owned.record.portfolio_manager_id)
    // Issue 19: a run waiting in maintenance says why and until when, as the lab set it.
    if (runs.some((run) => run.status === 'Maintenance')) {
      const maintenance = await vendorMaintenance(db)
      for (const run of runs) if (run.status === 'Maintenance') run.maintenance = maintenance
    }
    return c.json({ runs })
  })

  app.get(endpoints.runResults.path, async (c) => {
    const rows = await ownedRun(c.var.services.db, c.var.organizationId, c.req.param('runId'))
    if ('refused' in rows) return c.json({ message: rows.refused.message }, rows.refused.status)
    c.header(
      'Content-Disposition',
      attachmentDisposition(`${resultsFileStem(rows.record, rows.run.run_id)}.json`),
    )
    return c.json(runResults(rows))
  })

  // Issue 20: Download Certificate, the PDF Email Certificate mails, for a run that certified its record.
  app.get(endpoints.certificatePdf.path, async (c) => {
    const rows = await ownedRun(c.var.services.db, c.var.organizationId, c.req.param('runId'))
    if ('refused' in rows) return c.json({ message: rows.refused.message }, rows.refused.status)
    const { record, run } = rows
    const certificate =
      run.status === 'Completed' && run.is_certified === CERTIFIED_OK
        ? await issuedCertificate(c.var.services, run.run_id)
        : null
    if (!certificate) return c.json({ message: NOT_CERTIFIED_MESSAGE }, 409)
    const [{ cases }, organization] = await Promise.all([
      planOutcome(c.var.services.db, record.portfolio_manager_id, run.attempt, run.run_id),
      c.var.services.db
        .selectFrom('organizations')
        .select('name')
        .where('id', '=', c.var.organizationId)
        .executeTakeFirstOrThrow(),
    ])
    const input = { record, run, testCases: cases, organization: organization.name, certificate }
    const pdf = await certificatePdf(input)
    c.header('Content-Type', 'application/pdf')
    c.header('Content-Disposition', attachmentDisposition(certificateFileName(input)))
    return c.body(new Uint8Array(pdf))
  })

  app.get(RUN_REPORT_PATH, async (c) => {
    const rows = await ownedRun(c.var.services.db, c.var.organizationId, c.req.param('runId'))
    if ('refused' in rows) return c.json({ message: rows.refused.message }, rows.refused.status)
    // Shown in the browser to print; ?download=1 saves it as a file instead.
    if (c.req.query('download') === '1') {
      c.header(
        'Content-Disposition',
        attachmentDisposition(`${resultsFileStem(rows.record, rows.run.run_id)}.html`),
      )
    }
    // The report is inert: no scripts, no external resources, nothing to frame.
    c.header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    )
    return c.html(runReportHtml(rows))
  })

  app.post(endpoints.emailCertificate.path, jsonBody(endpoints.emailCertificate.request), async (c) => {
    const body = c.var.body
    const refused = refusal(c, body.vendor_user_id, permissionOf('emailCertificate'))
    if (refused) return refused
    const { db, mailer } = c.var.services
    const owned = await ownedRecord(db, c.var.organizationId, body.portfolio_manager_id)
    if ('refused' in owned) return c.json({ message: owned.refused.message }, owned.refused.status)
    const { record } = owned
    const run =
      record.status === 'Completed' && record.is_certified === CERTIFIED_OK
        ? await db
            .selectFrom('certification_runs')
            .selectAll()
            .where('portfolio_manager_id', '=', record.portfolio_manager_id)
            .where('status', '=', 'Completed')
            .where('is_certified', '=', CERTIFIED_OK)
            .orderBy('attempt', 'desc')
            .executeTakeFirst()
        : undefined
    if (!run) return c.json({ message: NOT_CERTIFIED_MESSAGE }, 409)
    const [testCases, account, organization] = await Promise.all([
      // Every case of the plan as its latest attempt left it (a re-run ran only some of them).
      planOutcome(db, record.portfolio_manager_id, run.attempt, run.run_id).then(({ cases }) => cases),
      db
        .selectFrom('vendor_accounts')
        .select(['email', 'first_name'])
        .where('id', '=', c.var.accountId)
        .executeTakeFirstOrThrow(),
      // The certificate is the organization's, which owns the record (docs/decisions/0023).
      db
        .selectFrom('organizations')
        .select('name')
        .where('id', '=', c.var.organizationId)
        .executeTakeFirstOrThrow(),
    ])
    const certificate = await issuedCertificate(c.var.services, run.run_id)
    if (!certificate) return c.json({ message: NOT_CERTIFIED_MESSAGE }, 409)
    const input = { record, run, testCases, organization: organization.name, certificate }
    const pdf = await certificatePdf(input)
    const { number } = certificate
    await queueMail(
      { db, mailer },
      {
        to: account.email,
        subject: `Certificate ${number}: ${record.vendor} ${record.device_name}`,
        text: [
          `Hello ${account.first_name},`,
          '',
          `${record.vendor} ${record.device_name} (${record.device_type}, ${record.product_class}, firmware ${record.base_firmware_version}) passed every test case of its certification plan.`,
          `Its certificate ${number} is attached as a PDF.`,
          `Anyone can check it at ${certificate.verifyUrl}`,
          '',
          'Device Certification Portal',
        ].join('\n'),
        attachments: [{ filename: certificateFileName(input), contentType: 'application/pdf', content: pdf }],
      },
    )
    // Logged once the mail has gone: one write, no transaction of its own.
    await logActivity(db, {
      organizationId: c.var.organizationId,
      actorAccountId: c.var.accountId,
      action: 'certificate.emailed',
      subject: recordSubject(record),
    })
    return c.json({ message: certificateSentMessage(account.email) })
  })

  app.all('*', (c) => c.json({ message: `No call at ${c.req.method} ${c.req.path}.` }, 404))
  return app
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** A state-changing call must be JSON and must not come from a page of another origin. */
function refuseForeignPosts(isPortalOrigin: CertAppOptions['isPortalOrigin']) {
  return createMiddleware<CertEnv>(async (c, next) => {
    if (UNSAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('Origin')
      if (origin !== undefined && !isPortalOrigin(origin, c)) {
        return c.json({ message: WRONG_ORIGIN_MESSAGE }, 403)
      }
      // Read as the main service reads a body (src/contract/refusals.ts, decision 0015).
      if (!isJsonContentType(c.req.header('Content-Type'))) {
        return c.json({ message: JSON_REQUIRED_MESSAGE, field: BODY_FIELD }, 415)
      }
    }
    await next()
  })
}

/**
 * The member's live session from the main service's cookie, with the organization it acts for and
 * the role there (docs/decisions/0023), or 401; the call counts as activity.
 */
const requireVendorSession = createMiddleware<CertEnv>(async (c, next) => {
  // Issue 21 (docs/decisions/0026): a pipeline's API token instead of the cookie. Every call here
  // but a GET changes something (starts, cancels, mails), so a read token makes only the GETs.
  const authorization = c.req.header(AUTHORIZATION_HEADER)
  if (authorization !== undefined) {
    const verdict = await authenticateBearer(c.var.services.db, authorization)
    if (!verdict.ok) return bearerRefusal(c, verdict)
    const { caller } = verdict
    if (caller.scope !== 'read-write' && c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      return c.json({ message: API_TOKEN_READ_ONLY_MESSAGE }, 403)
    }
    c.set('accountId', caller.accountId)
    c.set('organizationId', caller.organizationId)
    c.set('role', caller.role)
    return next()
  }
  const token = getCookie(c, SESSION_COOKIE)
  if (!token) return c.json({ message: NOT_SIGNED_IN_MESSAGE }, 401)
  const { db } = c.var.services
  const id = tokenDigest(token)
  const session = await db
    .selectFrom('sessions as s')
    .leftJoin('memberships as m', (join) =>
      join.onRef('m.organization_id', '=', 's.organization_id').onRef('m.account_id', '=', 's.account_id'),
    )
    .select(['s.account_id', 's.organization_id', 's.last_seen_at', 'm.role', 's.lab_staff_id'])
    .where('s.id', '=', id)
    .executeTakeFirst()
  const now = new Date()
  // A lab staff member's session acts for no organization (issue 19): the lab console's calls do.
  if (session?.lab_staff_id && !isSessionExpired(session.last_seen_at, now))
    return c.json({ message: VENDOR_ONLY_MESSAGE }, 403)
  // A login whose account belongs to no organization may only see its invitations.
  if (session?.account_id && !session.organization_id && !isSessionExpired(session.last_seen_at, now))
    return c.json({ message: NO_ORGANIZATION_MESSAGE }, 403)
  // An idle session, or one whose membership is gone, is ended by the main service on its next
  // request; here it is simply refused.
  if (
    !session?.account_id ||
    !session.organization_id ||
    !session.role ||
    isSessionExpired(session.last_seen_at, now)
  ) {
    return c.json({ message: NOT_SIGNED_IN_MESSAGE }, 401)
  }
  if (now.getTime() - session.last_seen_at.getTime() >= TOUCH_INTERVAL_MS) {
    await touchSession(db, id, session.account_id, now, session.organization_id)
  }
  c.set('accountId', session.account_id)
  c.set('organizationId', session.organization_id)
  c.set('role', session.role)
  await next()
})

type Refused = { refused: { status: 404; message: string } }
const refused = (message: string): Refused => ({ refused: { status: 404, message } })

/** The record, when it exists and belongs to the session's organization; one 404 otherwise. */
async function ownedRecord(
  db: Kysely<Database>,
  organizationId: string,
  portfolioManagerId: string,
): Promise<{ record: DeviceRow } | Refused> {
  if (!isPlainId(portfolioManagerId)) return refused(RECORD_NOT_FOUND_MESSAGE)
  const record = await db
    .selectFrom('device_records')
    .selectAll()
    .where('portfolio_manager_id', '=', portfolioManagerId)
    .executeTakeFirst()
  if (!record || record.organization_id !== organizationId) return refused(RECORD_NOT_FOUND_MESSAGE)
  return { record }
}

/** The run with its record and cases, when it exists and belongs to the session's organization; one 404 otherwise. */
/**
 * The run's issued certificate for the PDF: issued now when the run certified its record before
 * certificates were (issue 20); null when it certified nothing.
 */
async function issuedCertificate(services: CertServices, runId: string) {
  const { db } = services
  const read = () =>
    db
      .selectFrom('certificates')
      .select(['number', 'issued_at', 'expires_at'])
      .where('run_id', '=', runId)
      .executeTakeFirst()
  let row = await read()
  if (!row && services.certificates) {
    await issueCertificate(db, runId, services.certificates)
    row = await read()
  }
  if (!row) return null
  return {
    number: row.number,
    issuedAt: new Date(row.issued_at),
    expiresAt: new Date(row.expires_at),
    verifyUrl: `${services.publicUrl}${VERIFY_PATH}/${row.number}`,
  }
}

async function ownedRun(db: Kysely<Database>, organizationId: string, runId: string) {
  const rows = isPlainId(runId) ? await loadRun(db, runId) : undefined
  if (!rows || rows.record.organization_id !== organizationId) return refused(RUN_NOT_FOUND_MESSAGE)
  return rows
}

/** A record's runs (its attempts) with their cases, newest first: two queries whatever the number of runs. */
function resultsFileStem(record: DeviceRow, runId: string) {
  return `certification-results-${fileNamePart(record.device_name)}-${runId.slice(0, 8)}`
}
