import * as v from 'valibot'
import { certificationRunSchema, commentSchema, COMMENT_MAX_LENGTH } from '@/contract/certification'
import {
  idSchema,
  isCleanMultiline,
  CONTROL_CHARACTER_RULE,
  passwordText,
  text,
  nameText,
} from '@/contract/common'
import { labAssigneeSchema } from '@/contract/lab-assignment'
import { deviceRecordSchema } from '@/contract/records'

/*
 * docs/decisions/0024: the lab's side of the programme. Lab staff are accounts of their
 * own (table lab_staff), never members of a vendor organization, created by command
 * (`npm run lab:add-staff`) or by a Lab manager, never by self-registration. They log in on the
 * same login page and land on LAB_PATH. Every lab call is under /api/lab/ on the main service,
 * needs a lab staff session, and names its permission here; a vendor's session is refused with
 * LAB_ONLY_MESSAGE, no session with the usual 401.
 */

export const LAB_PATH = '/lab'
/** The page of a set-password link (token in ?token=). */
export const LAB_SET_PASSWORD_PATH = '/lab/set-password'
/** The lab's live stream: every organization's events (same protocol as EVENTS_PATH). */
export const LAB_EVENTS_PATH = '/api/lab/events'

export const LAB_ROLES = ['Lab engineer', 'Lab manager'] as const
export type LabRole = (typeof LAB_ROLES)[number]
export const labRoleSchema = v.picklist(LAB_ROLES, 'role must be Lab engineer or Lab manager')

/**
 * - lab-read: the queue, any record's details, logs, attempts and comments, the lab's state, the stream;
 * - lab-act: start, cancel and re-run on a vendor's behalf, answer comments, review finished runs;
 * - lab-manage: maintenance, the review setting, the lab's staff and revoking certificates.
 */
export const LAB_PERMISSIONS = ['lab-read', 'lab-act', 'lab-manage'] as const
export type LabPermission = (typeof LAB_PERMISSIONS)[number]

export const LAB_ROLE_PERMISSIONS: Readonly<Record<LabRole, ReadonlyArray<LabPermission>>> = {
  'Lab engineer': ['lab-read', 'lab-act'],
  'Lab manager': ['lab-read', 'lab-act', 'lab-manage'],
}

export const labCan = (role: LabRole, permission: LabPermission): boolean =>
  LAB_ROLE_PERMISSIONS[role].includes(permission)

export const LAB_ROLE_DESCRIPTIONS: Readonly<Record<LabRole, string>> = {
  'Lab engineer':
    'Watches the queue, runs certification on vendors’ behalf, answers comments and reviews results.',
  'Lab manager':
    'Everything a Lab engineer does, and puts the bench into maintenance, manages the lab’s staff and publishes test plans.',
}

/** The 403 of a lab call the staff member's role lacks (and the UI's reason beside the control). */
export const LAB_MANAGER_ONLY_MESSAGE =
  'Only a Lab manager can put the bench into maintenance, change the review setting, manage the lab’s staff, revoke certificates, change test plans or decide on the catalogue.'
/** The 403 of a lab call made with a vendor's session. */
export const LAB_ONLY_MESSAGE = 'This is for the certification lab’s staff only.'
/** The 403 of a vendor call made with a lab staff session. */
export const VENDOR_ONLY_MESSAGE = 'Lab staff work on vendors’ records from the lab console.'

/** A lab staff member, as the login answer (AUTH_DATA.labStaff) and the staff page show them. */
export const labStaffSchema = v.looseObject({
  staffId: v.string(),
  name: v.string(),
  email: v.string(),
  role: labRoleSchema,
})
export type LabStaff = v.InferOutput<typeof labStaffSchema>

/** 'invited': no password set yet (the link was sent); 'disabled': removed, cannot log in. */
export const LAB_STAFF_STATES = ['active', 'invited', 'disabled'] as const

export const labStaffMemberSchema = v.looseObject({
  ...labStaffSchema.entries,
  state: v.picklist(LAB_STAFF_STATES),
  createdAt: v.string(),
  lastActiveAt: v.nullable(v.string()),
})
export type LabStaffMember = v.InferOutput<typeof labStaffMemberSchema>

export const labStaffAnswerSchema = v.looseObject({ staff: v.array(labStaffMemberSchema) })
export type LabStaffAnswer = v.InferOutput<typeof labStaffAnswerSchema>

export const addLabStaffPayloadSchema = v.object({
  email: text(254),
  name: nameText(100),
  role: labRoleSchema,
})
export const changeLabStaffRolePayloadSchema = v.object({ staffId: idSchema, role: labRoleSchema })
export const labStaffActionPayloadSchema = v.object({ staffId: idSchema })
export const labStaffChangeAnswerSchema = v.looseObject({
  message: v.string(),
  staff: v.array(labStaffMemberSchema),
})

/** How long a set-password link works. */
export const LAB_SET_PASSWORD_VALID_HOURS = 72
export const labSetPasswordQuerySchema = v.object({ token: text(128) })
export const labSetPasswordInfoSchema = v.looseObject({ name: v.string(), email: v.string() })
export const labSetPasswordPayloadSchema = v.object({
  token: text(128),
  password: passwordText(128),
  confirmPassword: passwordText(128),
})

/*
 * The queue: every organization's records with their latest run, in one of these states.
 * - waiting: submitted, no run yet (the lab may start one on the vendor's behalf);
 * - running: a run in progress;
 * - maintenance: a run waiting while the bench is in maintenance;
 * - review: a finished run awaiting a lab engineer's decision (review on);
 * - finished: Certified, Validation Failure or Cancelled.
 */
export const LAB_QUEUE_STATES = ['waiting', 'running', 'maintenance', 'review', 'finished'] as const
export type LabQueueState = (typeof LAB_QUEUE_STATES)[number]
/** The one place of the words (the queue's state, a record's status). */
export const AWAITING_REVIEW_LABEL = 'Awaiting review'
export const LAB_QUEUE_STATE_LABELS: Readonly<Record<LabQueueState, string>> = {
  waiting: 'Waiting to start',
  running: 'Running',
  maintenance: 'In maintenance',
  review: AWAITING_REVIEW_LABEL,
  finished: 'Finished',
}

export const LAB_QUEUE_PAGE_SIZE = 50
export const LAB_QUEUE_SEARCH_MAX_LENGTH = 100

/** GET /api/lab/queue: all filters optional; page from 1. */
export const labQueueQuerySchema = v.object({
  state: v.optional(
    v.picklist(LAB_QUEUE_STATES, 'state must be one of waiting, running, maintenance, review, finished'),
  ),
  organizationId: v.optional(idSchema),
  deviceType: v.optional(text(100)),
  search: v.optional(text(LAB_QUEUE_SEARCH_MAX_LENGTH)),
  page: v.optional(
    v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/, 'page must be a whole number from 1'), v.transform(Number)),
  ),
  /** 'me': only the records assigned to the caller (docs/decisions/0045). */
  assigned: v.optional(v.picklist(['me'], 'assigned must be me')),
})
export type LabQueueQuery = v.InferOutput<typeof labQueueQuerySchema>

/** The latest run of a queued record, in short. */
export const labQueueRunSchema = v.looseObject({
  runId: v.string(),
  attempt: v.number(),
  kind: v.string(),
  status: v.string(),
  isCertified: v.string(),
  startedAt: v.string(),
  finishedAt: v.nullable(v.string()),
  startedBy: v.string(),
  casesTotal: v.number(),
  casesDone: v.number(),
  /** How many of its cases failed (a failed run's row reads '3 of 14 failed'). */
  casesFailed: v.number(),
  /** The case running now, or null. */
  currentCase: v.nullable(v.string()),
})

export const labQueueItemSchema = v.looseObject({
  portfolioManagerId: v.string(),
  organizationId: v.string(),
  organizationName: v.string(),
  vendor: v.string(),
  deviceName: v.string(),
  deviceType: v.string(),
  productClass: v.string(),
  baseFirmwareVersion: v.string(),
  /** The record's stored status (spec §4's, Cancelled or AwaitingReview) and isCertified. */
  status: v.string(),
  isCertified: v.string(),
  queueState: v.picklist(LAB_QUEUE_STATES),
  submittedAt: v.string(),
  createdBy: v.string(),
  latestRun: v.nullable(labQueueRunSchema),
  commentCount: v.number(),
  /** When the newest comment was written by the vendor's side and not answered by the lab since. */
  awaitingAnswer: v.boolean(),
  /** Who has it (docs/decisions/0045), or null. */
  assignee: v.nullable(labAssigneeSchema),
  /** Since when the record is in its queue state: submitted, run started, or run finished. */
  stateSince: v.string(),
})
export type LabQueueItem = v.InferOutput<typeof labQueueItemSchema>

export const labQueueAnswerSchema = v.looseObject({
  items: v.array(labQueueItemSchema),
  total: v.number(),
  page: v.number(),
  pageSize: v.number(),
  /** Per state, over every organization (the filters' tabs), not narrowed by the other filters. */
  counts: v.looseObject({
    waiting: v.number(),
    running: v.number(),
    maintenance: v.number(),
    review: v.number(),
    finished: v.number(),
  }),
  /** For the organization filter. */
  organizations: v.array(v.looseObject({ organizationId: v.string(), organizationName: v.string() })),
  deviceTypes: v.array(v.string()),
})
export type LabQueueAnswer = v.InferOutput<typeof labQueueAnswerSchema>

/** GET /api/lab/record?portfolioManagerId=… : one record, its attempts (newest first) and its thread (oldest first). */
export const labRecordQuerySchema = v.object({ portfolioManagerId: idSchema })
export const labRecordAnswerSchema = v.looseObject({
  record: deviceRecordSchema,
  organizationId: v.string(),
  organizationName: v.string(),
  queueState: v.picklist(LAB_QUEUE_STATES),
  runs: v.array(certificationRunSchema),
  comments: v.array(commentSchema),
  assignee: v.nullable(labAssigneeSchema),
})
export type LabRecordAnswer = v.InferOutput<typeof labRecordAnswerSchema>

/** The lab's comments keep the vendor's rules (COMMENT_MAX_LENGTH, no control characters). */
export const labAddCommentPayloadSchema = v.object({
  portfolioManagerId: idSchema,
  text: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('text must not be empty'),
    v.maxLength(COMMENT_MAX_LENGTH, `text must be at most ${COMMENT_MAX_LENGTH} characters`),
    v.check(isCleanMultiline, `text ${CONTROL_CHARACTER_RULE}`),
  ),
})

/** Start (the whole plan), re-run the failed cases, or cancel, on the vendor's behalf. */
export const labRunActionPayloadSchema = v.object({ portfolioManagerId: idSchema })

export const REVIEW_DECISIONS = ['approve', 'reject'] as const
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number]
export const REVIEW_REASON_MAX_LENGTH = 500
/** A reject needs a reason (REVIEW_REASON_REQUIRED_MESSAGE, field 'reason'); an approve may carry a note. */
export const labReviewPayloadSchema = v.object({
  runId: idSchema,
  decision: v.picklist(REVIEW_DECISIONS, 'decision must be approve or reject'),
  reason: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(REVIEW_REASON_MAX_LENGTH, `reason must be at most ${REVIEW_REASON_MAX_LENGTH} characters`),
      v.check(isCleanMultiline, `reason ${CONTROL_CHARACTER_RULE}`),
    ),
  ),
  /**
   * With a rejection (docs/decisions/0033): the record's next run executes the whole plan, carrying
   * no case from an earlier certificate. Ignored with an approval.
   */
  requireFullPlan: v.optional(v.boolean('requireFullPlan must be true or false')),
})

/** The review dialog's choice, shown for a run that carried cases. */
export const REQUIRE_FULL_PLAN_LABEL = 'Require the full plan for the next run (carry no case)'

/** The bench's maintenance: on while the row exists (reason and expected end shown to vendors). */
export const MAINTENANCE_REASON_MAX_LENGTH = 300
export const maintenanceSchema = v.looseObject({
  reason: v.string(),
  startedAt: v.string(),
  expectedEnd: v.string(),
  startedBy: v.string(),
})
export type Maintenance = v.InferOutput<typeof maintenanceSchema>

export const labStateSchema = v.looseObject({
  maintenance: v.nullable(maintenanceSchema),
  /** Whether finished runs wait for a lab engineer's review (off by default: the spec's flow). */
  reviewRequired: v.boolean(),
  /** Whether maintenance is on because of CERT_MAINTENANCE=1 (the console cannot end that one). */
  maintenanceFromEnvironment: v.boolean(),
})
export type LabState = v.InferOutput<typeof labStateSchema>

/** expectedEnd: an ISO 8601 date and time after now (MAINTENANCE_END_BEFORE_START_MESSAGE otherwise). */
export const startMaintenancePayloadSchema = v.object({
  reason: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('reason must not be empty'),
    v.maxLength(
      MAINTENANCE_REASON_MAX_LENGTH,
      `reason must be at most ${MAINTENANCE_REASON_MAX_LENGTH} characters`,
    ),
    v.check(isCleanMultiline, `reason ${CONTROL_CHARACTER_RULE}`),
  ),
  expectedEnd: v.pipe(v.string(), v.isoTimestamp('expectedEnd must be a date and time (ISO 8601)')),
})
export const reviewSettingPayloadSchema = v.object({
  reviewRequired: v.boolean('reviewRequired must be true or false'),
})

// Messages (asserted by their exact text in the tests).
export const MAINTENANCE_END_BEFORE_START_MESSAGE =
  'The expected end must be later than the start of maintenance.'
export const MAINTENANCE_ALREADY_ON_MESSAGE = 'The bench is already in maintenance.'
export const MAINTENANCE_NOT_ON_MESSAGE = 'The bench is not in maintenance.'
export const MAINTENANCE_FROM_ENVIRONMENT_MESSAGE =
  'This maintenance was set with CERT_MAINTENANCE=1 on the server; it ends when that setting is removed.'
export const MAINTENANCE_STARTED_MESSAGE =
  'The bench is in maintenance. New and waiting runs wait until it ends.'
export const MAINTENANCE_ENDED_MESSAGE = 'Maintenance ended. Waiting runs resume in order.'
export const REVIEW_ON_MESSAGE = 'Finished runs now wait for a lab engineer’s review.'
export const REVIEW_OFF_MESSAGE = 'Finished runs are no longer reviewed; their result stands at once.'
export const REVIEW_REASON_REQUIRED_MESSAGE = 'Give the reason for rejecting this run.'
export const RUN_NOT_AWAITING_REVIEW_MESSAGE = 'This run is not awaiting review.'
export const LAB_RUN_NOT_FOUND_MESSAGE = 'No certification run with this id exists.'
export const REVIEW_APPROVE_FAILED_MESSAGE =
  'This run has failed cases: reject it with a reason, or reject it and re-run them.'
/** The review's third choice for a run with failed cases: reject, then re-run the failed cases. */
export const REJECT_AND_RERUN_LABEL = 'Reject and re-run failed cases'
export const LAB_RUNS_UNAVAILABLE_MESSAGE = 'The certification service is not available in this process.'
export const RUN_APPROVED_MESSAGE = 'Approved: the device is Certified.'
export const RUN_REJECTED_MESSAGE = 'Rejected: the device is marked Validation Failure.'
export const AWAITING_REVIEW_REFUSAL_MESSAGE = 'This device is awaiting the lab’s review of its last run.'
export const LAB_COMMENT_ADDED_MESSAGE = 'Your answer was sent to the vendor.'
export const LAB_STAFF_NOT_FOUND_MESSAGE = 'No lab staff member with this id exists.'
export const LAB_STAFF_EMAIL_TAKEN_MESSAGE = 'This e-mail address already belongs to an account.'
export const LAST_LAB_MANAGER_MESSAGE = 'The lab must keep at least one Lab manager.'
export const LAB_SET_PASSWORD_LINK_INVALID_MESSAGE =
  'This link is not valid any more. Ask a Lab manager to send a new one.'
export const LAB_PASSWORD_SET_MESSAGE = 'Your password is set. Log in to open the lab console.'
export const labStaffAddedMessage = (email: string) =>
  `${email} was added; a link to set a password was sent.`
export const labStaffRoleChangedMessage = (name: string, role: LabRole) => `${name} is now ${role}.`
export const labStaffRemovedMessage = (name: string) => `${name} can no longer log in to the lab console.`
/** A vendor's view of maintenance (run details). */
export const maintenanceNotice = (reason: string, expectedEnd: string) =>
  `The lab is in maintenance: ${reason} Expected to end ${expectedEnd}.`

/**
 * Maintenance set only by CERT_MAINTENANCE=1 has no expected end (decision 0024 point 11): the
 * notice without its 'Expected to end' sentence.
 */
export const maintenanceNoticeWithoutEnd = (reason: string) => `The lab is in maintenance: ${reason}`

/** What vendors read for maintenance set by CERT_MAINTENANCE=1, which has no reason or end. */
export const ENVIRONMENT_MAINTENANCE_REASON = 'Scheduled maintenance of the lab.'
