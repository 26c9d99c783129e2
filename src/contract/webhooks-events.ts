import * as v from 'valibot'

/*
 * The events an endpoint may subscribe to and the body of each delivery
 * (`{ id, type, createdAt, organizationId, data }`), by type. Exported through @/contract/webhooks.
 */

export const WEBHOOK_EVENT_TYPES = [
  'record.submitted',
  'record.revised',
  'run.started',
  'run.finished',
  'certificate.issued',
  'comment.added',
] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]
/** The test event of "Send test event"; no endpoint subscribes to it. */
export const WEBHOOK_PING_TYPE = 'ping'
export type WebhookDeliveryType = WebhookEventType | typeof WEBHOOK_PING_TYPE

/** What each event means, as the page's checkboxes describe it. */
export const WEBHOOK_EVENT_DESCRIPTIONS: Readonly<Record<WebhookEventType, string>> = {
  'record.submitted': 'A device record was submitted for certification.',
  'record.revised':
    'A new revision of a device record was made (new firmware or serial numbers), ready to certify.',
  'run.started': 'A certification run (or a re-run of failed cases) started.',
  'run.finished': 'A run ended: Certified, Validation failure (with the failed cases) or Cancelled.',
  'certificate.issued': 'A certificate was issued, with its number and verification link.',
  'comment.added': 'A comment was added to a record, by your team or by the lab.',
}

/* ------------------------------------------------------------------ the deliveries' bodies */

const recordRefSchema = v.object({
  /** The record's portfolioManagerId (spec §3): the id of every call about it. */
  recordId: v.string(),
  deviceName: v.string(),
  vendor: v.string(),
})

export const recordSubmittedDataSchema = v.object({
  ...recordRefSchema.entries,
  deviceType: v.string(),
  productClass: v.string(),
  baseFirmwareVersion: v.string(),
  /** The record's status now: 'Submitted'. */
  status: v.string(),
})

export const recordRevisedDataSchema = v.object({
  ...recordRefSchema.entries,
  /** The new revision's number (2 for the first after the original) and its firmware. */
  revision: v.number(),
  baseFirmwareVersion: v.string(),
  /** The firmware of the revision before it. */
  previousFirmwareVersion: v.string(),
  /** The record's status now: 'Submitted'. */
  status: v.string(),
})

export const runStartedDataSchema = v.object({
  recordId: v.string(),
  runId: v.string(),
  /** 1 for the record's first run; each re-run is the next. */
  attempt: v.number(),
  /** 'full' (every case of the plan) or 'rerun' (the failed cases of the previous attempt). */
  kind: v.string(),
  /** The test cases this run executes, in order. */
  cases: v.array(v.string()),
})

export const RUN_OUTCOMES = ['Certified', 'ValidationFailure', 'Cancelled'] as const
export type RunOutcome = (typeof RUN_OUTCOMES)[number]
export const runFinishedDataSchema = v.object({
  recordId: v.string(),
  runId: v.string(),
  attempt: v.number(),
  /** Certified: every case of the plan passed; ValidationFailure: see failedCases; Cancelled: stopped by a person. */
  outcome: v.picklist(RUN_OUTCOMES),
  /** The run's status and result as GET /runs answers them ('Completed', 'CERTIFIED-OK'). */
  status: v.string(),
  isCertified: v.string(),
  /** The names of this run's failed cases (empty when none failed). */
  failedCases: v.array(v.string()),
  finishedAt: v.string(),
})

export const certificateIssuedDataSchema = v.object({
  recordId: v.string(),
  runId: v.string(),
  /** The certificate's number ('DCP-…'). */
  number: v.string(),
  /** Where anyone checks the certificate (the portal's /verify/<number>). */
  verificationUrl: v.string(),
  issuedAt: v.string(),
  expiresAt: v.string(),
})

export const commentAddedDataSchema = v.object({
  recordId: v.string(),
  commentId: v.string(),
  text: v.string(),
  authorName: v.string(),
  /** 'vendor' (a member of the organization) or 'lab' (the certification lab). */
  authorSide: v.picklist(['vendor', 'lab']),
  createdAt: v.string(),
})

export const pingDataSchema = v.object({
  endpointId: v.string(),
  message: v.string(),
})

const envelope = {
  /** The event's id ('evt_…'): the same in every retry and redelivery. */
  id: v.string(),
  /** ISO 8601: when the change happened. */
  createdAt: v.string(),
  organizationId: v.string(),
}

/** Every delivery's body, by its `type`. */
export const webhookBodySchema = v.variant('type', [
  v.object({ ...envelope, type: v.literal('record.submitted'), data: recordSubmittedDataSchema }),
  v.object({ ...envelope, type: v.literal('record.revised'), data: recordRevisedDataSchema }),
  v.object({ ...envelope, type: v.literal('run.started'), data: runStartedDataSchema }),
  v.object({ ...envelope, type: v.literal('run.finished'), data: runFinishedDataSchema }),
  v.object({ ...envelope, type: v.literal('certificate.issued'), data: certificateIssuedDataSchema }),
  v.object({ ...envelope, type: v.literal('comment.added'), data: commentAddedDataSchema }),
  v.object({ ...envelope, type: v.literal('ping'), data: pingDataSchema }),
])
export type WebhookBody = v.InferOutput<typeof webhookBodySchema>

/**
 * The deliveries as the OpenAPI document lists them (its `webhooks` section, docs/decisions/0029):
 * each type with its body and what it means. Read by the API document at run time, from the
 * contract's file (server/apps/api-docs/openapi.ts), so no import names it.
 * @public
 */
export const webhooks = webhookBodySchema.options.map((schema) => {
  const type = schema.entries.type.literal
  return {
    type,
    schema,
    summary:
      type === WEBHOOK_PING_TYPE
        ? 'A test event sent by “Send test event”.'
        : WEBHOOK_EVENT_DESCRIPTIONS[type],
  }
})
