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

export const TEST_CASE_STATES = ['pending', 'running', 'passed', 'failed', 'skipped'] as const
export type TestCaseState = (typeof TEST_CASE_STATES)[number]

export const testCaseSchema = v.looseObject({
  name: v.string(),
  state: v.picklist(TEST_CASE_STATES),
  startedAt: v.optional(v.nullable(v.string())),
  finishedAt: v.optional(v.nullable(v.string())),
  /** What the harness printed for this case, one line per entry. */
  log: v.array(v.string()),
})
export type TestCase = v.InferOutput<typeof testCaseSchema>

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
})
export type CertificationRun = v.InferOutput<typeof certificationRunSchema>

/** GET /runs?vendor_user_id=…&portfolio_manager_id=… : the record's runs, newest first. */
export const runListQuerySchema = runTestsPayloadSchema
export const runListAnswerSchema = v.looseObject({ runs: v.array(certificationRunSchema) })
export type RunListAnswer = v.InferOutput<typeof runListAnswerSchema>

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
})
export type RunResults = v.InferOutput<typeof runResultsSchema>

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
