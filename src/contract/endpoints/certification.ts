import * as certification from '@/contract/certification'
import { messageAnswerSchema } from '@/contract/common'
import { EXAMPLE_IDS } from '@/contract/fixtures/payloads'
import { RERUN_STARTED_MESSAGE, RUN_CANCELLED_MESSAGE, RUN_STARTED_MESSAGE } from '@/contract/server-messages'
import { cert, type VendorEndpoint } from '@/contract/endpoints/types'

/*
 * The certification service's calls (spec §7 run-tests, and those docs/decisions/0005 adds): start,
 * re-run and cancel runs, follow them, download results and the certificate. A POST there is a
 * write for an API token, which that service's middleware assumes.
 */

/** A run call's body as the API document shows it. */
const RUN_CALL_EXAMPLE = {
  vendor_user_id: EXAMPLE_IDS.vendorUserId,
  portfolio_manager_id: EXAMPLE_IDS.portfolioManagerId,
}

export const certificationEndpoints = {
  runTests: {
    ...cert,
    method: 'POST',
    path: '/run-tests',
    request: certification.runTestsPayloadSchema,
    answer: messageAnswerSchema,
    answerType: 'json',
    permission: 'runs',
    tag: 'certification',
    summary: 'Start certification of a device record (spec §7 run-tests)',
    description:
      'Runs the device’s whole test plan. The record goes Submitted → InProgress (or Maintenance) → Completed with `CERTIFIED-OK` or `Validation failure`. Follow it with `GET /runs` or the `run.finished` webhook.',
    refusals: [404, 409],
    example: {
      request: RUN_CALL_EXAMPLE,
      answer: { message: RUN_STARTED_MESSAGE, runId: EXAMPLE_IDS.runId, status: 'InProgress', attempt: 1 },
    },
  },
  rerunFailed: {
    ...cert,
    method: 'POST',
    path: '/run-tests/rerun-failed',
    request: certification.rerunFailedPayloadSchema,
    answer: certification.runStartedAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
    permission: 'runs',
    tag: 'certification',
    summary: 'Run again the cases the latest attempt did not pass',
    refusals: [404, 409],
    example: {
      request: RUN_CALL_EXAMPLE,
      answer: { message: RERUN_STARTED_MESSAGE, runId: EXAMPLE_IDS.runId, status: 'InProgress', attempt: 2 },
    },
  },
  cancelRun: {
    ...cert,
    method: 'POST',
    path: '/run-tests/cancel',
    request: certification.cancelRunPayloadSchema,
    answer: messageAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
    permission: 'runs',
    tag: 'certification',
    summary: 'Cancel the record’s run in progress',
    refusals: [404, 409],
    example: { request: RUN_CALL_EXAMPLE, answer: { message: RUN_CANCELLED_MESSAGE } },
  },
  listRuns: {
    ...cert,
    method: 'GET',
    path: '/runs',
    request: certification.runListQuerySchema,
    answer: certification.runListAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
    permission: 'read',
    tag: 'certification',
    summary: 'A record’s runs with their test cases and logs',
    refusals: [404],
    example: { request: RUN_CALL_EXAMPLE },
  },
  runResults: {
    ...cert,
    method: 'GET',
    path: '/runs/:runId/results.json',
    request: null,
    answer: certification.runResultsSchema,
    answerType: 'json',
    addedBy: 'architecture',
    permission: 'read',
    tag: 'certification',
    summary: 'Download a run’s results (JSON)',
    refusals: [404],
  },
  // Download Certificate: the signed certificate's PDF (opened as a file, not read as JSON).
  certificatePdf: {
    ...cert,
    method: 'GET',
    path: '/runs/:runId/certificate.pdf',
    request: certification.certificatePdfQuerySchema,
    answer: null,
    answerType: 'text',
    addedBy: 'architecture',
    permission: 'read',
    tag: 'certification',
    summary: 'Download the certificate (PDF) of a run that certified its record',
    description:
      'Landscape, on `paper=a4` or `paper=letter`; without it, on Letter for a caller registered in a country that uses Letter (the United States, Canada, Mexico, …) and A4 otherwise.',
    refusals: [404, 409],
  },
  emailCertificate: {
    ...cert,
    method: 'POST',
    path: '/certificates/email',
    request: certification.emailCertificatePayloadSchema,
    answer: messageAnswerSchema,
    answerType: 'json',
    addedBy: 'architecture',
    permission: 'certificate',
    tag: 'certification',
    summary: 'Mail the certificate (PDF) to the caller',
    refusals: [404, 409],
    example: { request: RUN_CALL_EXAMPLE },
  },
} as const satisfies Record<string, VendorEndpoint>
