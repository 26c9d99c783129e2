import * as v from 'valibot'
import { CONTROL_CHARACTER_RULE, idSchema, isCleanMultiline, textOrEmptySchema } from '@/contract/common'
import { COMMENT_EMPTY_MESSAGE } from '@/contract/server-messages'

/*
 * Certification runs, results, comments and certificates: spec §7 (run-tests) and ARCHITECTURE.md
 * decisions 7 and 8, which add the run details, results, comments and certificate calls.
 * The certification service keeps the spec's snake_case field names.
 */

/** POST /run-tests on the certification service. */
export const runTestsPayloadSchema = v.object({
  vendor_user_id: idSchema,
  portfolio_manager_id: idSchema,
})
export type RunTestsPayload = v.InferOutput<typeof runTestsPayloadSchema>

/** A full run of the plan (Start Certify) or a re-run of the cases that did not pass. */
export const RUN_KINDS = ['full', 'rerun'] as const
export type RunKind = (typeof RUN_KINDS)[number]

export const TEST_CASE_STATES = ['pending', 'running', 'passed', 'failed', 'skipped'] as const
export type TestCaseState = (typeof TEST_CASE_STATES)[number]

export const testCaseSchema = v.looseObject({
  name: v.string(),
  state: v.picklist(TEST_CASE_STATES),
  startedAt: v.optional(v.nullable(v.string())),
  finishedAt: v.optional(v.nullable(v.string())),
  /** What the harness printed for this case, one line per entry. */
  log: v.array(v.string()),
  /** What the case checks, as the run's plan version says (docs/decisions/0032). */
  description: v.optional(v.string()),
  /**
   * A recertification's case not run again (docs/decisions/0033): the number of the certificate
   * it passed under. Absent or null for a case the run executes.
   */
  carriedFrom: v.optional(v.nullable(v.string())),
})
export type TestCase = v.InferOutput<typeof testCaseSchema>

/** The plan a run executes: 'Wi-Fi Mesh Device / Wi-Fi 6 Mesh', version 2. */
export const runPlanSchema = v.looseObject({ planId: v.string(), name: v.string(), version: v.number() })
export type RunPlan = v.InferOutput<typeof runPlanSchema>

/** A certification run with its test cases (decision 7). */
export const certificationRunSchema = v.looseObject({
  runId: v.string(),
  portfolioManagerId: v.string(),
  /** Submitted, InProgress, Maintenance or Completed, as on the record. */
  status: v.string(),
  isCertified: textOrEmptySchema,
  startedAt: v.string(),
  finishedAt: v.optional(v.nullable(v.string())),
  testCases: v.array(testCaseSchema),
  /** The test plan version the run executes (docs/decisions/0032); optional so that an older answer still reads. */
  testPlan: v.optional(runPlanSchema),
  /**
   * The attempt's number among the record's runs (1, 2, …), whether it ran the whole
   * plan ('full': Start Certify) or only the cases the latest attempt did not pass ('rerun'), and
   * who started it. Optional so that an older answer still reads.
   */
  attempt: v.optional(v.number()),
  kind: v.optional(v.picklist(RUN_KINDS)),
  startedBy: v.optional(v.string()),
  /** The record's revision the run certifies (docs/decisions/0033); absent in older answers (revision 1). */
  revision: v.optional(v.number()),
  /** Why a run ended without a verdict (interrupted, cancelled), or null. */
  failureReason: v.optional(v.nullable(v.string())),
  /**
   * The lab's review of a finished run when the programme reviews, or null; and, for a run waiting
   * in Maintenance, the lab's reason and expected end.
   */
  review: v.optional(
    v.nullable(
      v.looseObject({
        state: v.picklist(['pending', 'approved', 'rejected']),
        reviewer: v.nullable(v.string()),
        reviewedAt: v.nullable(v.string()),
        reason: v.nullable(v.string()),
      }),
    ),
  ),
  maintenance: v.optional(
    v.nullable(
      v.looseObject({
        reason: v.string(),
        startedAt: v.string(),
        expectedEnd: v.string(),
        startedBy: v.string(),
      }),
    ),
  ),
  /**
   * The certificate this run was issued (a run that certified its record), with its
   * state now (valid, expired or revoked: src/contract/certificates.ts) and whether its
   * organization lists it among the certified devices.
   */
  certificate: v.optional(
    v.nullable(
      v.looseObject({
        number: v.string(),
        state: v.picklist(['valid', 'expired', 'revoked']),
        published: v.optional(v.boolean()),
      }),
    ),
  ),
})
export type CertificationRun = v.InferOutput<typeof certificationRunSchema>

/** GET /runs?vendor_user_id=…&portfolio_manager_id=… : the record's runs, newest first. */
export const runListQuerySchema = runTestsPayloadSchema
export const runListAnswerSchema = v.looseObject({ runs: v.array(certificationRunSchema) })
export type RunListAnswer = v.InferOutput<typeof runListAnswerSchema>

/**
 * The sheets the certificate PDF is printed on (docs/decisions/0040), both landscape. Without
 * `?paper=`, GET /runs/{runId}/certificate.pdf picks Letter for a caller registered in a country
 * that uses Letter and A4 for everyone else; Email Certificate always does.
 */
export const CERTIFICATE_PAPERS = ['a4', 'letter'] as const
export type CertificatePaper = (typeof CERTIFICATE_PAPERS)[number]
/** GET /runs/{runId}/certificate.pdf?paper=a4|letter : the sheet, when the caller chooses it. */
export const certificatePdfQuerySchema = v.object({ paper: v.optional(v.picklist(CERTIFICATE_PAPERS)) })

/**
 * GET /runs/{runId}/results.json and /runs/{runId}/results.html : Download Results, the run's
 * per-test-case results as machine-readable JSON (this schema) or a printable report.
 */
export const runResultsSchema = v.looseObject({
  runId: v.string(),
  portfolioManagerId: v.string(),
  vendor: v.string(),
  deviceName: v.string(),
  deviceType: v.string(),
  productClass: v.string(),
  baseFirmwareVersion: v.string(),
  isCertified: v.string(),
  startedAt: v.string(),
  finishedAt: v.string(),
  testCases: v.array(testCaseSchema),
  testPlan: v.optional(runPlanSchema),
  /** The record's revision this run tested, and the certificate its carried cases come from (null: none carried). */
  revision: v.optional(v.number()),
  sourceCertificate: v.optional(v.nullable(v.string())),
  /** Every attempt of the record up to this run, oldest first (this run last). */
  attempts: v.optional(v.array(certificationRunSchema)),
})
export type RunResults = v.InferOutput<typeof runResultsSchema>

/**
 * POST /run-tests/rerun-failed: a new attempt that runs only the cases the record's
 * latest attempt did not pass; allowed when the record ended in Validation failure.
 * POST /run-tests/cancel: ends the record's run in progress (or waiting in maintenance).
 * Both take run-tests' body.
 */
export const rerunFailedPayloadSchema = runTestsPayloadSchema
export const cancelRunPayloadSchema = runTestsPayloadSchema
/** The answer of run-tests and rerun-failed. */
export const runStartedAnswerSchema = v.looseObject({
  message: v.string(),
  runId: v.optional(v.string()),
  status: v.optional(v.string()),
  attempt: v.optional(v.number()),
})

/** POST /certificates/email : Email Certificate mails the PDF certificate to the vendor. */
export const emailCertificatePayloadSchema = runTestsPayloadSchema
export type EmailCertificatePayload = v.InferOutput<typeof emailCertificatePayloadSchema>

/** Comments on a device record (main service, decision 8). */
export const commentSchema = v.looseObject({
  commentId: v.string(),
  portfolioManagerId: v.string(),
  author: v.string(),
  text: v.string(),
  /** ISO 8601 date and time. */
  createdAt: v.string(),
  /**
   * The conversation between the vendor's team and the lab — which side wrote it and
   * the author's role there (Owner, Engineer, Viewer; Lab engineer, Lab manager). Optional so that
   * an older answer still reads (it is the vendor's).
   */
  authorKind: v.optional(v.picklist(['vendor', 'lab'])),
  authorRole: v.optional(v.string()),
})
export type Comment = v.InferOutput<typeof commentSchema>

/** The most characters a comment may hold. */
export const COMMENT_MAX_LENGTH = 500

/** POST /api/portfoliomanager/comments/list */
export const commentListPayloadSchema = v.object({ portfolioManagerId: idSchema })
export const commentListAnswerSchema = v.looseObject({ comments: v.array(commentSchema) })
export type CommentListAnswer = v.InferOutput<typeof commentListAnswerSchema>

/** POST /api/portfoliomanager/comments/add */
export const addCommentPayloadSchema = v.object({
  portfolioManagerId: idSchema,
  text: v.pipe(
    v.string(),
    v.normalize('NFC'),
    v.trim(),
    v.nonEmpty(COMMENT_EMPTY_MESSAGE),
    v.check(isCleanMultiline, CONTROL_CHARACTER_RULE),
    v.maxLength(COMMENT_MAX_LENGTH),
  ),
})
export type AddCommentPayload = v.InferOutput<typeof addCommentPayloadSchema>
export const addCommentAnswerSchema = v.looseObject({ message: v.string(), comment: commentSchema })
export type AddCommentAnswer = v.InferOutput<typeof addCommentAnswerSchema>
