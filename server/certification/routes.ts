import { Hono, type Context } from 'hono'
import type { Kysely } from 'kysely'
import type { RunKind, RunTestsPayload } from '@/contract/certification'
import { VERIFY_PATH } from '@/contract/certificates'
import { endpoints, permissionOf, RUN_REPORT_PATH } from '@/contract/endpoints'
import { CERTIFIED_OK } from '@/contract/records'
import { readInput } from '@/contract/refusals'
import { type Permission, type Role, roleRefusal } from '@/contract/roles'
import {
  certificateSentMessage,
  FORBIDDEN_MESSAGE,
  NOT_CERTIFIED_MESSAGE,
  RECORD_NOT_FOUND_MESSAGE,
  RUN_CANCELLED_MESSAGE,
} from '@/contract/server-messages'
import type { Database, DeviceRow } from '../platform/db/schema.ts'
import type { Mailer } from '../platform/mailer.ts'
import { queueMail } from '../platform/mail-jobs.ts'
import { attachmentDisposition, fileNamePart } from '../http/file-names.ts'
import { jsonBody } from '../http/json-body.ts'
import { isPlainId } from '../http/plain-id.ts'
import type { IssueOptions } from './issue-certificate.ts'
import { certifyEarlierRun } from './lifecycle.ts'
import { logActivity, recordSubject } from '../organizations/index.ts'
import { certificateFileName, certificatePdf } from './certificate-pdf.ts'
import { vendorMaintenance } from './lab-state.ts'
import { runReportHtml, runResults } from './results.ts'
import { loadRun, planOutcome, recordRuns } from './run-store.ts'
import type { RunExecutor } from './runner.ts'

/*
 * The certification service's calls (CERT_PORT, 7600; composed in server/apps/certification.ts):
 * start a run (Start Certify), re-run a record's failed cases and cancel a run (issue 17,
 * docs/decisions/0021), follow a record's runs, download a run's results, mail the certificate
 * (spec §7 run-tests; ARCHITECTURE.md decisions 7 and 8). Every call runs after the caller check
 * (server/http/vendor-caller.ts): `c.var.accountId`, `organizationId` and `role` are the caller's.
 * A record or run of another vendor is answered exactly as one that does not exist — 404 with
 * RECORD_NOT_FOUND_MESSAGE or RUN_NOT_FOUND_MESSAGE — as the main service answers another
 * vendor's record, so that neither service tells which ids exist (docs/decisions/0017). An id
 * that cannot name a stored row (server/http/plain-id.ts) is answered the same 404 without a query.
 */

export type CertServices = {
  db: Kysely<Database>
  mailer: Mailer
  executor: RunExecutor
  /** The key that signs a certificate issued on demand (a run certified before issue 20). */
  certificates: IssueOptions | null
  /** The portal's public address, for the certificates' verification links. */
  publicUrl: string
}

export type CertEnv = {
  Variables: { services: CertServices; accountId: string; organizationId: string; role: Role }
}

export const RUN_NOT_FOUND_MESSAGE = 'No certification run with this id exists.'

export const certificationRoutes = new Hono<CertEnv>()

/**
 * A call made for another account than the session's (403), or one the caller's role may not make
 * (403 with the reason: docs/decisions/0023); null when it may go on.
 */
function refusal<E extends CertEnv>(c: Context<E>, vendorUserId: unknown, permission: Permission) {
  if (vendorUserId !== c.var.accountId) return c.json({ message: FORBIDDEN_MESSAGE }, 403)
  const reason = roleRefusal(c.var.role, permission)
  return reason ? c.json({ message: reason.reason }, 403) : null
}

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
certificationRoutes.post(endpoints.runTests.path, jsonBody(endpoints.runTests.request), (c) =>
  startAttempt(c, c.var.body, 'full'),
)
certificationRoutes.post(endpoints.rerunFailed.path, jsonBody(endpoints.rerunFailed.request), (c) =>
  startAttempt(c, c.var.body, 'rerun'),
)

// Cancel the record's run in progress (or waiting in maintenance).
certificationRoutes.post(endpoints.cancelRun.path, jsonBody(endpoints.cancelRun.request), async (c) => {
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

certificationRoutes.get(endpoints.listRuns.path, async (c) => {
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
  // A run waiting in maintenance says why and until when, as the lab set it.
  if (runs.some((run) => run.status === 'Maintenance')) {
    const maintenance = await vendorMaintenance(db)
    for (const run of runs) if (run.status === 'Maintenance') run.maintenance = maintenance
  }
  return c.json({ runs })
})

certificationRoutes.get(endpoints.runResults.path, async (c) => {
  const rows = await ownedRun(c.var.services.db, c.var.organizationId, c.req.param('runId'))
  if ('refused' in rows) return c.json({ message: rows.refused.message }, rows.refused.status)
  c.header(
    'Content-Disposition',
    attachmentDisposition(`${resultsFileStem(rows.record, rows.run.run_id)}.json`),
  )
  return c.json(runResults(rows))
})

// Download Certificate, the PDF Email Certificate mails, for a run that certified its record.
certificationRoutes.get(endpoints.certificatePdf.path, async (c) => {
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

certificationRoutes.get(RUN_REPORT_PATH, async (c) => {
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

certificationRoutes.post(
  endpoints.emailCertificate.path,
  jsonBody(endpoints.emailCertificate.request),
  async (c) => {
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
  },
)

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
    await certifyEarlierRun(db, runId, services.certificates)
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

/** The run with its record and cases, when it exists and belongs to the session's organization; one 404 otherwise. */
async function ownedRun(db: Kysely<Database>, organizationId: string, runId: string) {
  const rows = isPlainId(runId) ? await loadRun(db, runId) : undefined
  if (!rows || rows.record.organization_id !== organizationId) return refused(RUN_NOT_FOUND_MESSAGE)
  return rows
}

function resultsFileStem(record: DeviceRow, runId: string) {
  return `certification-results-${fileNamePart(record.device_name)}-${runId.slice(0, 8)}`
}
