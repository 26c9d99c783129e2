import { Hono, type Context } from 'hono'
import type { RunKind, RunTestsPayload } from '@/contract/certification'
import { endpoints, permissionOf, RUN_REPORT_PATH } from '@/contract/endpoints'
import { readInput } from '@/contract/refusals'
import { type Permission, type Role, roleRefusal } from '@/contract/roles'
import {
  certificateSentMessage,
  FORBIDDEN_MESSAGE,
  NOT_CERTIFIED_MESSAGE,
  RECORD_NOT_FOUND_MESSAGE,
  RUN_CANCELLED_MESSAGE,
} from '@/contract/server-messages'
import type { DeviceRow } from '../platform/db/schema.ts'
import { attachmentDisposition, fileNamePart } from '../http/file-names.ts'
import { jsonBody } from '../http/json-body.ts'
import { isPlainId } from '../http/plain-id.ts'
import { type CertificateServices, mailCertificate, runCertificatePdf } from './certificate-delivery.ts'
import { ownedRecord, ownedRun, RUN_NOT_FOUND_MESSAGE } from './owned.ts'
import { runReportHtml, runResults } from './results.ts'
import { recordRunList } from './run-store.ts'
import type { RunExecutor } from './runner.ts'

/*
 * The certification service's calls (CERT_PORT, 7600; composed in server/apps/certification.ts):
 * start a run (Start Certify), re-run a record's failed cases and cancel a run
 * (docs/decisions/0021), follow a record's runs, download a run's results, mail the certificate
 * (spec §7 run-tests; ARCHITECTURE.md decisions 7 and 8). Every call runs after the caller check
 * (server/http/vendor-caller.ts): `c.var.accountId`, `organizationId` and `role` are the caller's.
 * A record or run of another vendor is answered exactly as one that does not exist — 404 with
 * RECORD_NOT_FOUND_MESSAGE or RUN_NOT_FOUND_MESSAGE — as the main service answers another
 * vendor's record, so that neither service tells which ids exist (docs/decisions/0017). An id
 * that cannot name a stored row (server/http/plain-id.ts) is answered the same 404 without a query.
 */

export type CertServices = CertificateServices & { executor: RunExecutor }

export type CertEnv = {
  Variables: { services: CertServices; accountId: string; organizationId: string; role: Role }
}

export { RUN_NOT_FOUND_MESSAGE }

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
 * Start Certify (spec §7 run-tests: the whole plan) and Re-run failed cases
 * (docs/decisions/0021: a new attempt of the cases the latest attempt did not pass, for a record
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
  if (
    result.reason === 'already-active' ||
    result.reason === 'already-certified' ||
    result.reason === 'no-failed-cases'
  )
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
  return c.json({ runs: await recordRunList(db, owned.record.portfolio_manager_id) })
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
// ?paper=a4|letter chooses the sheet; without it, the caller's country does (docs/decisions/0040).
certificationRoutes.get(endpoints.certificatePdf.path, async (c) => {
  const query = readInput(endpoints.certificatePdf.request, { paper: c.req.query('paper') })
  if ('refused' in query) return c.json(query.refused, 400)
  const rows = await ownedRun(c.var.services.db, c.var.organizationId, c.req.param('runId'))
  if ('refused' in rows) return c.json({ message: rows.refused.message }, rows.refused.status)
  const { organizationId, accountId } = c.var
  const request = { organizationId, accountId, paper: query.output.paper }
  const file = await runCertificatePdf(c.var.services, request, rows)
  if (!file) return c.json({ message: NOT_CERTIFIED_MESSAGE }, 409)
  c.header('Content-Type', 'application/pdf')
  c.header('Content-Disposition', attachmentDisposition(file.fileName))
  return c.body(new Uint8Array(file.pdf))
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
    const owned = await ownedRecord(c.var.services.db, c.var.organizationId, body.portfolio_manager_id)
    if ('refused' in owned) return c.json({ message: owned.refused.message }, owned.refused.status)
    const sent = await mailCertificate(c.var.services, {
      organizationId: c.var.organizationId,
      accountId: c.var.accountId,
      record: owned.record,
    })
    if (!sent) return c.json({ message: NOT_CERTIFIED_MESSAGE }, 409)
    return c.json({ message: certificateSentMessage(sent.sentTo) })
  },
)

function resultsFileStem(record: DeviceRow, runId: string) {
  return `certification-results-${fileNamePart(record.device_name)}-${runId.slice(0, 8)}`
}
